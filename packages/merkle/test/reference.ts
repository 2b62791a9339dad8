import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A deliberately naive RFC 9162 section 2.1 reference: the recursive definitions
 * transcribed with array slicing and fresh concatenations. Slow and obvious, so it
 * can judge the iterative implementation; used only by tests.
 */
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const split = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

export function naiveRoot(d: Uint8Array[]): Uint8Array {
  if (d.length === 0) return sha256(new Uint8Array(0));
  if (d.length === 1) return sha256(concat(new Uint8Array([0]), d[0]!));
  const k = split(d.length);
  return sha256(concat(new Uint8Array([1]), naiveRoot(d.slice(0, k)), naiveRoot(d.slice(k))));
}

export function naivePath(m: number, d: Uint8Array[]): Uint8Array[] {
  if (d.length === 1) return [];
  const k = split(d.length);
  return m < k
    ? [...naivePath(m, d.slice(0, k)), naiveRoot(d.slice(k))]
    : [...naivePath(m - k, d.slice(k)), naiveRoot(d.slice(0, k))];
}

function subproof(m: number, d: Uint8Array[], b: boolean): Uint8Array[] {
  if (m === d.length) return b ? [] : [naiveRoot(d)];
  const k = split(d.length);
  return m <= k
    ? [...subproof(m, d.slice(0, k), b), naiveRoot(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), naiveRoot(d.slice(0, k))];
}

export const naiveConsistency = (m: number, d: Uint8Array[]): Uint8Array[] => subproof(m, d, true);

/** Proof lengths by the same recursions, counting instead of hashing (any size). */
export function naivePathLength(m: bigint, n: bigint): number {
  if (n === 1n) return 0;
  let k = 1n;
  while (k * 2n < n) k *= 2n;
  return 1 + (m < k ? naivePathLength(m, k) : naivePathLength(m - k, n - k));
}

export function naiveConsistencyLength(m: bigint, n: bigint, b = true): number {
  if (m === n) return b ? 0 : 1;
  let k = 1n;
  while (k * 2n < n) k *= 2n;
  return 1 + (m <= k ? naiveConsistencyLength(m, k, b) : naiveConsistencyLength(m - k, n - k, false));
}
