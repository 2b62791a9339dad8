import { base64Strict, base64urlStrict, fail, hex, ok, utf8Strict } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from './helpers.js';

const codeOf = (v: { ok: boolean; code?: string }) => (v.ok ? 'ok' : v.code);

describe('base64Strict', () => {
  it('encodes RFC 4648 test vectors', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, b64] of cases) {
      expect(base64Strict.encode(new TextEncoder().encode(plain))).toBe(b64);
      const back = base64Strict.decode(b64);
      expect(back.ok && new TextDecoder().decode(back.value)).toBe(plain);
    }
  });
  it('refuses every other spelling', () => {
    for (const bad of ['Zg', 'Zg=', 'Zh==', 'Zm9v\n', 'Zm-v', 'Z===', '====', 'Zm9=v'])
      expect(codeOf(base64Strict.decode(bad))).toBe('bad-base64');
    expect(codeOf(base64Strict.decode(42))).toBe('not-a-string');
  });
  it('round-trips any bytes', () =>
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (b) => {
        const v = base64Strict.decode(base64Strict.encode(b));
        expect(v.ok && [...v.value]).toEqual([...b]);
      }),
    ));
});

describe('base64urlStrict', () => {
  it('is unpadded with zero residual bits', () => {
    expect(base64urlStrict.encode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(codeOf(base64urlStrict.decode('-_8'))).toBe('ok');
    for (const bad of ['-_8=', '-_9', '+/8', 'A'])
      expect(codeOf(base64urlStrict.decode(bad))).toBe('bad-base64url');
  });
});

describe('hex', () => {
  it('is lowercase pairs only', () => {
    expect(hex.encode(new Uint8Array([0, 0xab, 0xff]))).toBe('00abff');
    // why: every entry of the byte-pair table, against Number#toString(16), not the table.
    const all = Uint8Array.from({ length: 256 }, (_, b) => b);
    expect(hex.encode(all)).toBe([...all].map((b) => b.toString(16).padStart(2, '0')).join(''));
    for (const bad of ['0', 'AB', '0g', ' 00']) expect(codeOf(hex.decode(bad))).toBe('bad-hex');
    expect(codeOf(hex.decode(''))).toBe('ok');
  });
  it('decodes exactly the strings of lowercase pairs, to the bytes they spell', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 40 }).map((b) => hex.encode(b)),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFg \u0660\uff10'), maxLength: 8 }),
        ),
        (text) => {
          const got = hex.decode(text);
          expect(got.ok).toBe(/^([0-9a-f]{2})*$/.test(text));
          if (got.ok) expect(hex.encode(got.value)).toBe(text);
        },
      ),
      { numRuns: 500 },
    ));
});

describe('utf8Strict', () => {
  it('keeps a BOM and refuses invalid sequences', () => {
    const bom = utf8Strict.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]));
    expect(bom.ok && bom.value).toBe('\uFEFFa');
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe6, 0x97], [0x80]])
      expect(codeOf(utf8Strict.decode(new Uint8Array(bad)))).toBe('invalid-utf8');
  });
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('base64url padding', () => {
  it('base64url of a length one past a multiple of three has no padding', () => {
    // why: spellings.ts:39:75 the empty padding → "Stryker was here!"
    expect(base64urlStrict.encode(new Uint8Array([0xff]))).toBe('_w');
    expect(base64Strict.encode(new Uint8Array([0xff]))).toBe('/w==');
  });
});

describe('strict byte spellings', () => {
  // RFC 4648 section 10.
  const vectors = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ] as const;

  it('base64 and base64url spell the RFC 4648 vectors and read them back', () => {
    // why: spellings.ts:18:13 B64 → "", 19:16 B64URL → "", 21:50 makeTable's body emptied, 23:19
    // `i < alphabet.length` → false and → `>=` (empty tables), 90:29 base64Strict → `{}`, 91:11
    // its encode → `() => undefined`, 104:32 base64urlStrict → `{}`, 105:11 its encode → `() =>
    // undefined`
    for (const [plain, b64] of vectors) {
      const bytes = utf8(plain);
      const url = b64.replace(/=+$/, '');
      expect(base64Strict.encode(bytes)).toBe(b64);
      expect(base64urlStrict.encode(bytes)).toBe(url);
      expect(base64Strict.decode(b64)).toEqual(ok(bytes));
      expect(base64urlStrict.decode(url)).toEqual(ok(bytes));
    }
    // The two alphabets part at sextets 62 and 63: FB FF is 111110 111111 1111(00).
    expect(base64Strict.encode(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
    expect(base64urlStrict.encode(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
    expect(base64Strict.decode('+/8=')).toEqual(ok(Uint8Array.of(0xfb, 0xff)));
    expect(base64urlStrict.decode('-_8')).toEqual(ok(Uint8Array.of(0xfb, 0xff)));
  });

  it('a character outside the alphabet is refused, zero sextets are not', () => {
    // why: spellings.ts:22:42 the table's `-1` → `+1` (every other ASCII character read as 1),
    // 50:10 `c < 128` → `c <= 128` (U+0080 read past the table as undefined, that is 0), 70:9
    // `(a | b | c | d) < 0` → `<= 0` (a group of four zero sextets, "AAAA", refused)
    const refused = { ok: false, code: 'bad-base64', detail: 'not the canonical spelling' };
    expect(base64Strict.decode('AA!A')).toEqual(refused);
    expect(base64Strict.decode('AA-A')).toEqual(refused);
    expect(base64urlStrict.decode('AA+A')).toEqual({ ...refused, code: 'bad-base64url' });
    expect(base64Strict.decode('\u0080AAA')).toEqual(refused);
    expect(base64urlStrict.decode('AAA\u0080')).toEqual({ ...refused, code: 'bad-base64url' });
    expect(base64Strict.decode('AAAA')).toEqual(ok(new Uint8Array(3)));
    expect(base64urlStrict.decode('AAAAAA')).toEqual(ok(new Uint8Array(4)));
  });

  it('each refusal says which rule the text broke', () => {
    // why: spellings.ts:94:58 'length is not a multiple of 4' → "", 98:51 and 109:54 'not the
    // canonical spelling' → "", 125:55 and 130:52 'expected lowercase hex pairs' → ""
    expect(base64Strict.decode('Zg=')).toEqual(fail('bad-base64', 'length is not a multiple of 4'));
    // "Zh==" leaves nonzero residual bits: "Zg==" is the one spelling of "f".
    expect(base64Strict.decode('Zh==')).toEqual(fail('bad-base64', 'not the canonical spelling'));
    expect(base64urlStrict.decode('Zh')).toEqual(fail('bad-base64url', 'not the canonical spelling'));
    expect(hex.decode('abc')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
    expect(hex.decode('AB')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
  });

  it('hex is two lowercase digits per byte, both ways', () => {
    // why: spellings.ts:114:20 HEX_DIGITS → "", 117:20 hex → `{}`, 138:34 `{ length: 128 }` →
    // `{}` (no digit had a value), 138:51 the digit values → `() => undefined` (every character 0)
    const bytes = Uint8Array.of(0x00, 0x19, 0xab, 0xef, 0xff);
    expect(hex.encode(bytes)).toBe('0019abefff');
    expect(hex.decode('0019abefff')).toEqual(ok(bytes));
    expect(hex.decode('0g')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
    expect(hex.decode('zz')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
  });

  it('utf8Strict refuses what it cannot decode exactly and keeps a leading U+FEFF', () => {
    // why: spellings.ts:140:45 the decoder's options → `{}`, 140:54 `fatal: true` → false (bad
    // bytes became U+FFFD), 140:71 `ignoreBOM: true` → false (the mark was stripped), 144:27
    // utf8Strict → `{}`, 145:11 its encode → `() => undefined`
    expect(utf8Strict.encode('é\u{1F600}')).toEqual(Uint8Array.of(0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80));
    expect(utf8Strict.decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toEqual(ok('\ufeffa'));
    expect(utf8Strict.decode(Uint8Array.of(0x61, 0xff))).toEqual(fail('invalid-utf8'));
  });
});
