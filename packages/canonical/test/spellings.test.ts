import { base64Strict, base64urlStrict, hex, utf8Strict } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

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
