import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { editOuter, envelope, FROM, open, put, verdict } from './envelope-fixture.js';

// Each `it` pins one behaviour of the wire maps; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('a wire map: its keys, its depth and its field rules', () => {
  it('an outer key of 2^64-1 is an extension, kept; a key of -2^64 makes no wire map', () => {
    // why: wire-map.ts:50 (no coverage) `entry.key >= 0n` -> true / -> `< 0n`,
    // `extensions.push(entry)` -> `;`; :50 `typeof entry.key === 'bigint' && ...` -> false; 'bigint' -> ""
    const big = 2n ** 64n - 1n;
    const opened = open(editOuter(envelope(), [[big, encode(0)]]));
    expect(opened.ok && opened.value.extensions.outer.map((e) => [e.key, e.valueBytes])).toEqual([
      [big, encode(0)],
    ]);
    expect(verdict(open(editOuter(envelope(), [[-(2n ** 64n), encode(0)]])))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a text key makes no wire map (bad-outer), not an unknown key', () => {
    // why: wire-map.ts:51 `typeof entry.key !== 'number'` -> false
    // {1: 2, "x": 0}: version 2, then a text key (CoreDet order: 0x01 before 0x61 0x78).
    expect(verdict(open(Uint8Array.of(0xa2, 0x01, 0x02, 0x61, 0x78, 0x00)))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('values nest at most 16 deep (the envelope limit, not the decoder default of 32)', () => {
    // why: wire-map.ts:45 `{ ...DECODE_LIMITS, maxBytes }` -> {}
    let nested: unknown = 0;
    for (let i = 0; i < 20; i++) nested = [nested];
    expect(verdict(open(editOuter(envelope(), [[64, encode(nested as never)]])))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a required field that is missing is named', () => {
    // why: wire-map.ts:68 `rule.required === true` -> false, `true` -> false; inner.ts:46 'inner key ${bad}' -> ''
    expect(verdict(open(envelope({ inner: put(4, null) })))).toEqual(['bad-inner', 'inner key 4']);
  });

  it('a uint field holding a negative integer or one beyond 2^53 breaks its rule', () => {
    // why: wire-map.ts:74 major-type test -> false (-1); :77 'uint' -> "" and :78 `typeof v === 'number'` -> true (2^64-1)
    expect(verdict(open(envelope({ inner: put(2, encode(-1)) })))).toEqual(['bad-inner', 'inner key 2']);
    expect(verdict(open(envelope({ inner: put(2, encode(2n ** 64n - 1n)) })))).toEqual([
      'bad-inner',
      'inner key 2',
    ]);
  });

  it('an empty outer ct breaks its non-empty rule', () => {
    // why: wire-map.ts:83 `rule.nonEmpty !== true || v.length > 0` -> true, `true` -> false, `> 0` -> `>= 0`
    expect(verdict(open(editOuter(envelope(), [[6, encode(new Uint8Array(0))]])))).toEqual([
      'bad-outer',
      'outer key 6',
    ]);
  });

  it('an empty from breaks its non-empty text rule', () => {
    // why: wire-map.ts:85 `case 'tstr'` emptied and 'tstr' -> ""; :87 the whole test -> true and its
    // `&&`/`||` swaps; :88 `rule.nonEmpty !== true || v.length > 0` -> true, `true` -> false, `> 0` -> `>= 0`
    expect(verdict(open(envelope({ inner: put(1, encode('')) })))).toEqual(['bad-inner', 'inner key 1']);
  });

  it('U+0000 is refused in from (noNul) and accepted in type (no such rule)', () => {
    // why: wire-map.ts:89 `rule.noNul !== true || !v.includes('\0')` -> true, `rule.noNul !== true`
    // -> false and -> `=== true`, `true` -> false
    expect(verdict(open(envelope({ inner: put(1, encode(`${FROM}\0`)) })))).toEqual([
      'bad-inner',
      'inner key 1',
    ]);
    const opened = open(envelope({ inner: put(4, encode('anet.message/1\0')) }));
    expect(opened.ok && opened.value.type).toBe('anet.message/1\0');
  });
});
