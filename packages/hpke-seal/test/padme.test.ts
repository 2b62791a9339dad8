import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { padLengthFor, padme } from '../src/padme.js';

// Each `why` names the mutant(s) of src/ the case holds by `file.ts:line:column` of the `--rest`
// run's report; mutants no input can tell apart are listed in spec/hpke-seal.md.
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.

describe('Padmé: lengths out of range, and pad lengths at every CBOR head size', () => {
  const head = (n: number) => (n < 24 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : n < 2 ** 32 ? 5 : 9);

  it('padme refuses a negative or non-integer or unsafe length with a RangeError', () => {
    // why: padme.ts:16:7 the test -> false, `||` -> `&&`, :16:35 `n < 0` -> false (-1 came back
    // as -1), :16:63 the message -> "" (no coverage)
    for (const n of [-1, 1.5, 2 ** 53])
      expect(thrown(() => padme(n))).toEqual({
        name: 'RangeError',
        code: undefined,
        message: 'padme: n must be a non-negative safe integer',
      });
  });

  // [base, pad length]: an encoding of `base` bytes grows to base + n + head(n) - 1, a Padmé length.
  const cases: [string, number, number][] = [
    // 544 - 520 = 24 cannot be hit (24 zero bytes take a 2-byte head): the next Padmé length is used.
    ['24 extra bytes, a 1-byte head off by one', 520, 55],
    ['257 extra bytes, a 2-byte head off by one', 8447, 767],
    ['65538 extra bytes, a 3-byte head off by one', 4259838, 196606],
    ['a 5-byte head', 2 ** 23 - 100_000, 99_996],
    // padme(2^40 - 2^32 - 4) = 2^40, 2^32 + 4 extra: unhittable; the next one is 2^40 + 2^34.
    ['2^32 + 4 extra bytes, a 5-byte head off by one', 2 ** 40 - 2 ** 32 - 4, 2 ** 34 + 2 ** 32 - 4],
  ];

  it.each(cases)('%s', (_, base, n) => {
    // why: padme.ts:30:7 `n < 24` -> `<= 24` (520), :31:7 `n < 0x100` -> `<= 0x100` (8447),
    // :32:7 `n < 0x10000` -> true and `<= 0x10000` (4259838), :33:7 `n < 0x100000000` -> true,
    // false, `<=`, `>=` (no coverage; 2^23 - 100000 and 2^40 - 2^32 - 4), :44:51 `target + 1` ->
    // `target - 1` (no coverage; the unhittable ones loop for ever)
    expect(padLengthFor(base)).toBe(n);
    expect(padme(base + n + head(n) - 1)).toBe(base + n + head(n) - 1);
  });
});
