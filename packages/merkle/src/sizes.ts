/**
 * Tree-size arithmetic. Verifiers take sizes and indexes as `number | bigint` because
 * tlog sizes are uint64; internally everything is a bigint so 2^53 is no cliff.
 */
export const MAX_UINT64 = (1n << 64n) - 1n;

/** A non-negative integer within uint64 as a bigint, or null (unsafe numbers are refused, not rounded). */
export function toUint64(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value >= 0n && value <= MAX_UINT64 ? value : null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

/** The largest power of two strictly below n (n >= 2): where RFC 9162 splits a tree of n leaves. */
export function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

export function bitLength(x: bigint): number {
  let bits = 0;
  for (; x > 0n; x >>= 1n) bits++;
  return bits;
}

function popCount(x: bigint): number {
  let ones = 0;
  for (; x > 0n; x >>= 1n) ones += Number(x & 1n);
  return ones;
}

/** Trailing zero bits of x > 0: `x & -x` keeps only its lowest set bit. */
function trailingZeros(x: bigint): number {
  return bitLength(x & -x) - 1;
}

/**
 * Siblings on the path from leaf `index` to the root of a tree of `size` leaves:
 * the levels below where index and the last leaf part ways (both are in the same
 * perfect subtree there), plus one per left-hand perfect subtree above it.
 */
export function inclusionProofLength(index: bigint, size: bigint): number {
  const inner = bitLength(index ^ (size - 1n));
  return inner + popCount(index >> BigInt(inner));
}

/**
 * Length of a consistency proof between sizes 0 < m < n: the inclusion path of the
 * old tree's last leaf in the new tree, minus the levels inside the old tree's
 * rightmost perfect subtree, plus that subtree's root unless it is the whole old tree.
 */
export function consistencyProofLength(m: bigint, n: bigint): number {
  const shift = trailingZeros(m);
  const isPowerOfTwo = (m & (m - 1n)) === 0n;
  return inclusionProofLength(m - 1n, n) - shift + (isPowerOfTwo ? 0 : 1);
}
