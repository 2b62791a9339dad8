import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.js';
import { CborFloat, type CborValue, encode, RawCbor } from '../src/index.js';
import { fromHex, toHex } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds; the survivors no input can tell apart
// are listed in spec/coredet-cbor.md ("Outside the verify path …: encoder, floats, diagnostic writer (c)").

// The encoder keeps one scratch buffer between calls and swaps it for a fresh one of 4096
// bytes after a value above 1 MiB. Encoding such a value first puts the next call at the
// start of a buffer of known size, so a case can end an item exactly at its last byte.
const SCRATCH = 4096;
const resetScratch = (): void => {
  encode(new Uint8Array((1 << 20) + 1));
};

/** Encodes `[h'00…', tail]` with the byte string ending at byte `end` of a fresh scratch buffer. */
function endingAt(end: number, tail: CborValue, tailHex: string): [got: string, want: string] {
  const filler = end - 4; // array head (1 byte) + byte-string head (3 bytes)
  resetScratch();
  const got = toHex(encode([new Uint8Array(filler), tail]));
  return [got, `8259${filler.toString(16).padStart(4, '0')}${'00'.repeat(filler)}${tailHex}`];
}

const seam = (code: string, message: string) => ({ name: 'SeamError', code, message: `${code}: ${message}` });

describe('encode: the output buffer', () => {
  // why: encode.ts:43:12 `size < this.pos + n` → false and → `>=`, 43:19 `this.pos - n`
  // (one doubling only: the copy overflows), 41:9 `this.pos - n` (never grows),
  // 45:5 `next.set(…)` → `;` (the heads written before the growth are lost),
  // 91:5 `this.reserve(bytes.length)` → `;`. (43:33 `size /= 2` never ends here: a timeout.)
  it('grows to hold a byte string five times its size, keeping what came before', () => {
    resetScratch();
    const big = new Uint8Array(5 * SCRATCH).map((_, i) => i & 0xff);
    const out = encode([1, big]);
    expect(toHex(out.subarray(0, 5))).toBe('8201595000');
    expect(out.subarray(5)).toEqual(big);
  });

  // Each tail starts where the buffer is exactly full (or leaves the head room but not the body).
  const tails: [why: string, end: number, tail: CborValue, tailHex: string][] = [
    // why: encode.ts:51:5 `this.reserve(9)` → `;` (the head of 1000 is written past the end)
    ['encode.ts:51:5', SCRATCH, 1000, '1903e8'],
    // why: encode.ts:132:7 `w.reserve(1)` → `;`
    ['encode.ts:132:7', SCRATCH, true, 'f5'],
    // why: encode.ts:207:3 `w.reserve(9)` → `;`
    ['encode.ts:207:3', SCRATCH, 1.5, 'f93e00'],
    // why: encode.ts:246:3 `w.reserve(s.length)` → `;` (the head fits, the ASCII body does not)
    ['encode.ts:246:3', SCRATCH - 9, 'a'.repeat(20), `74${'61'.repeat(20)}`],
    // why: encode.ts:265:3 `w.reserve(n)` → `;` (8 UTF-16 units fit, their 24 UTF-8 bytes do not)
    ['encode.ts:265:3', SCRATCH - 9, '€'.repeat(8), `7818${'e282ac'.repeat(8)}`],
  ];
  for (const [why, end, tail, tailHex] of tails) {
    it(`writes an item that starts at the end of the buffer (${why})`, () => {
      const [got, want] = endingAt(end, tail, tailHex);
      expect(got).toBe(want);
    });
  }

  // why: encode.ts:344:21 `j < order.length` → `<=` and 341:21 `i < at.length` → `<=` (an extra
  // entry copies the whole region after itself, past the buffer's end)
  it('sorts a map that fills most of the buffer', () => {
    resetScratch();
    const got = toHex(encode({ b: new Uint8Array(3000), a: 0 }));
    expect(got).toBe(`a2616100616259${(3000).toString(16).padStart(4, '0')}${'00'.repeat(3000)}`);
  });

  // why: encode.ts:115:9 `reuse` → `true` (a nested call would free the shared buffer while the
  // outer call still writes into it; the second getter's call then overwrites the outer bytes)
  it('a getter that encodes does not disturb the value being encoded', () => {
    const value = {
      get a() {
        encode([1, 2, 3]);
        return 1;
      },
      get b() {
        encode('xyz');
        return 2;
      },
    };
    expect(toHex(encode(value))).toBe('a2616101616202');
  });
});

describe('encode: integers and text', () => {
  // why: encode.ts:195:7 `v >= 0n` → `v > 0n` (0n would take the negative path: head 1, −1)
  it('0n is the unsigned integer 0', () => {
    expect(toHex(encode(0n))).toBe('00');
  });

  // why: encode.ts:263:50 'text holds a lone surrogate' → "" with, per input,
  // 231:29 `c <= 0xdfff` → `<` ('\udfff'), 233:11 `c > 0xdbff` → false ('\udc00\udc00'),
  // 233:27 `||` and `next >= 0xdc00` → true ('\ud800a'), 233:45 `next <= 0xdfff` → true ('\ud800\ue000')
  for (const text of ['\udfff', '\udc00\udc00', '\ud800a', '\ud800\ue000']) {
    it(`refuses the lone surrogate in ${JSON.stringify(text)}`, () => {
      expect(thrown(() => encode(text))).toEqual(seam('invalid-utf8', 'text holds a lone surrogate'));
    });
  }
});

describe('encode: refusal messages', () => {
  let deep: CborValue = 0;
  for (let i = 0; i < 300; i++) deep = { a: deep };
  const cases: [why: string, value: unknown, code: string, message: string][] = [
    // why: encode.ts:196:62 'integers are limited to 64 bits' → ""
    ['encode.ts:196:62', 2n ** 64n, 'int-out-of-range', 'integers are limited to 64 bits'],
    // why: encode.ts:199:62 'integers are limited to 64 bits' → ""
    ['encode.ts:199:62', -(2n ** 64n) - 1n, 'int-out-of-range', 'integers are limited to 64 bits'],
    // why: encode.ts:206:67 'NaN and ±Infinity have no CoreDet form' → ""
    ['encode.ts:206:67', Number.NaN, 'nan-or-infinity', 'NaN and ±Infinity have no CoreDet form'],
    // why: encode.ts:153:66 'nesting beyond …' → '' and 322:22 `depth + 1` → `depth - 1`
    // (map values would never get deeper, so 300 nested maps would encode)
    ['encode.ts:153:66, 322:22', deep, 'too-deep', 'nesting beyond 256'],
    // why: encode.ts:165:66 'RawCbor must hold exactly one CBOR item' → ""
    ['encode.ts:165:66', new RawCbor(fromHex('0000')), 'bad-raw', 'RawCbor must hold exactly one CBOR item'],
    // why: encode.ts:176:7 'only plain objects, …' → ""
    [
      'encode.ts:176:7',
      new Date(0),
      'unsupported-value',
      'only plain objects, arrays, Map, Uint8Array and the package classes',
    ],
    // why: encode.ts:292:44 'number keys must be safe integers' → ""
    ['encode.ts:292:44', new Map([[1.5, 0]]), 'unsupported-key', 'number keys must be safe integers'],
    // why: encode.ts:294:44 'map keys are integers, text or byte strings' → ""
    [
      'encode.ts:294:44',
      new Map([[true, 0]]),
      'unsupported-key',
      'map keys are integers, text or byte strings',
    ],
    // why: encode.ts:326:61 'two keys have the same encoding' → "" (adjacent twins: 1 and 1n)
    [
      'encode.ts:326:61',
      new Map<unknown, number>([
        [1, 0],
        [1n, 0],
      ]),
      'duplicate-key',
      'two keys have the same encoding',
    ],
    // why: encode.ts:347:46 'two keys have the same encoding' → "" and 346:38 `j - 1` → `j + 1`
    // (the twins 1 and 1n meet only once `close` has sorted the keys)
    [
      'encode.ts:347:46, 346:38',
      new Map<unknown, number>([
        [1, 0],
        [2, 0],
        [1n, 0],
      ]),
      'duplicate-key',
      'two keys have the same encoding',
    ],
  ];
  for (const [why, value, code, message] of cases) {
    it(`${code}: ${message} (${why})`, () => {
      expect(thrown(() => encode(value as CborValue))).toEqual(seam(code, message));
    });
  }
});

describe('encode: the shortest float (float.ts)', () => {
  const floats: [why: string, value: CborValue, hex: string][] = [
    // why: float.ts:17:23 `mant === 0` → true (a binary32 subnormal would be taken for ±0)
    ['float.ts:17:23', 2 ** -140, 'fa00000200'],
    // why: float.ts:19:21 `exp <= 15` → true (2^16 would become the half pattern of Infinity)
    ['float.ts:19:21', new CborFloat(65536), 'fa47800000'],
    // why: float.ts:21:12 `(mant & 0x1fff) === 0` → true and 21:80 `-1` → `+1` (mantissa bits lost)
    ['float.ts:21:12, 21:80', Math.fround(1.1), 'fa3f8ccccd'],
    // why: float.ts:23:7 `exp >= -24` → true (at 2^-33 the shift is 32, which JavaScript takes as 0)
    ['float.ts:23:7', 2 ** -33, 'fa2f000000'],
    // why: float.ts:27:12 `… === 0` → true and 27:74 `-1` → `+1` (1.5·2^-24 is no half subnormal)
    ['float.ts:27:12, 27:74', 1.5 * 2 ** -24, 'fa33c00000'],
  ];
  for (const [why, value, hex] of floats) {
    it(`${String(value instanceof CborFloat ? value.value : value)} is ${hex} (${why})`, () => {
      expect(toHex(encode(value))).toBe(hex);
    });
  }
});
