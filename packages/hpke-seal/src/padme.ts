/**
 * Padmé (Nikitin et al., "Reducing Metadata Leakage from Encrypted Files and
 * Communication with PURBs", 2019): rounds a length up so that only O(log log n) bits of
 * it remain, with at most about 12% overhead. Lengths below 2^53 only.
 */

/** Index of the highest set bit of a positive safe integer (floor(log2 n)). */
function highBit(n: number): number {
  let e = 0;
  for (let rest = n; rest >= 2; rest = Math.floor(rest / 2)) e++;
  return e;
}

/** The Padmé length of `n`: n itself when n < 2 or when rounding up would leave the safe range. */
export function padme(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('padme: n must be a non-negative safe integer');
  if (n < 2) return n;
  const e = highBit(n);
  const s = highBit(e) + 1;
  const step = 2 ** (e - s);
  const rounded = Math.ceil(n / step) * step;
  return Number.isSafeInteger(rounded) ? rounded : n;
}

/** True when `n` is a length Padmé can produce, i.e. padme(n) === n. */
export const isPadmeLength = (n: number): boolean => padme(n) === n;

/** Bytes a CBOR head takes for a byte string of length n. */
function cborHeadLength(n: number): number {
  if (n < 24) return 1;
  if (n < 0x100) return 2;
  if (n < 0x10000) return 3;
  if (n < 0x100000000) return 5;
  return 9;
}

/**
 * The number of zero bytes to put in a pad byte string so that an encoding whose length is
 * `base` with an empty pad (one byte, 0x40) grows to a Padmé length. Growing the pad from
 * 0 to n bytes adds n + head(n) - 1 bytes, so a few offsets cannot be hit exactly (24, 257,
 * 65538, ...); then the next Padmé length up is tried.
 */
export function padLengthFor(base: number): number {
  for (let target = padme(base); ; target = padme(target + 1)) {
    const extra = target - base;
    for (const head of [1, 2, 3, 5, 9]) {
      const n = extra - head + 1;
      if (n >= 0 && cborHeadLength(n) === head) return n;
    }
  }
}
