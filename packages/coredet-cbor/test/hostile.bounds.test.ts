import { DECODE_DEFAULTS, decode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';

/**
 * CBOR heads that claim more than the input holds (issue 15, resource bounds). A length
 * is compared with the bytes that remain before anything is allocated, so a 10-byte
 * input claiming 2^63 bytes costs what 10 bytes cost, in both modes.
 */
const head = (major: number, length: bigint) => {
  const out = new Uint8Array(9);
  out[0] = (major << 5) | 27;
  new DataView(out.buffer).setBigUint64(1, length);
  return out;
};

describe('lengths the input cannot hold are refused before allocation', () => {
  for (const lenient of [false, true]) {
    it(`a byte or text string claiming 2^63 or 2^64-1 bytes is truncated (lenient: ${lenient})`, () => {
      for (const major of [2, 3])
        for (const length of [1n << 63n, (1n << 64n) - 1n])
          expect(decode(head(major, length), { lenient })).toMatchObject({ ok: false, code: 'truncated' });
    });
    it(`an array or map claiming 2^63 items is too-large past maxItems (lenient: ${lenient})`, () => {
      for (const major of [4, 5])
        expect(decode(head(major, 1n << 63n), { lenient })).toMatchObject({ ok: false, code: 'too-large' });
    });
  }
  it('the item limit is DECODE_DEFAULTS.maxItems (131072), configurable', () => {
    const items = (n: number) => Uint8Array.of(0x9a, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
    expect(decode(items(DECODE_DEFAULTS.maxItems + 1))).toMatchObject({ ok: false, code: 'too-large' });
    // At the limit the count is accepted and the missing items are what is refused.
    expect(decode(items(DECODE_DEFAULTS.maxItems))).toMatchObject({ ok: false, code: 'truncated' });
    expect(
      decode(items(DECODE_DEFAULTS.maxItems + 1), { maxItems: DECODE_DEFAULTS.maxItems + 1 }),
    ).toMatchObject({
      ok: false,
      code: 'truncated',
    });
  });
  it('input past maxBytes (16 MiB) is too-large before it is read (it is all 0xff, malformed)', () => {
    const big = new Uint8Array(DECODE_DEFAULTS.maxBytes + 1).fill(0xff);
    expect(decode(big)).toMatchObject({ ok: false, code: 'too-large' });
    const read = decode(big.subarray(0, 1));
    expect(read.ok).toBe(false);
    expect(read).not.toMatchObject({ code: 'too-large' });
  });
});
