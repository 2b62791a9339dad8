import { SeamError } from '@agent-seam/canonical';
import { largestPowerOfTwoBelow } from './sizes.js';
import { leafHashes, rangeRoot, requireCount } from './tree.js';

/**
 * Proof generation (RFC 9162 sections 2.1.3.1 and 2.1.4.1). The RFC states both as
 * recursions; here they walk down the tree in a loop, collecting siblings top-down, and
 * reverse at the end because proofs list them bottom-up. Each sibling is the root of a
 * leaf range [lo, hi), asked of `rootOf`: the stateless functions below hash the leaves
 * for it (O(n) per proof), `MerkleTree` reads its stored levels (O(log n)).
 */

/** Root of the leaves [lo, hi); lo is always a multiple of the largest power of two <= hi - lo. */
export type RangeRoot = (lo: number, hi: number) => Uint8Array;

/** PATH(index, D[0:size]): the audit path, bottom-up, for 0 <= index < size. */
export function inclusionPath(index: number, size: number, rootOf: RangeRoot): Uint8Array[] {
  const path: Uint8Array[] = [];
  let lo = 0;
  let hi = size;
  while (hi - lo > 1) {
    const mid = lo + largestPowerOfTwoBelow(hi - lo);
    if (index < mid) {
      path.push(rootOf(mid, hi));
      hi = mid;
    } else {
      path.push(rootOf(lo, mid));
      lo = mid;
    }
  }
  return path.reverse();
}

/** PROOF(m, D[0:n]) for 0 < m < n, bottom-up. */
export function consistencyPath(m: number, n: number, rootOf: RangeRoot): Uint8Array[] {
  const proof: Uint8Array[] = [];
  let lo = 0;
  let hi = n;
  // `whole` is the RFC's flag b: true while the old tree is still the left edge of the
  // current subtree, so its root is known to the verifier and need not be sent.
  let whole = true;
  while (m !== hi) {
    const mid = lo + largestPowerOfTwoBelow(hi - lo);
    if (m <= mid) {
      proof.push(rootOf(mid, hi));
      hi = mid;
    } else {
      proof.push(rootOf(lo, mid));
      lo = mid;
      whole = false;
    }
  }
  if (!whole) proof.push(rootOf(lo, hi));
  return proof.reverse();
}

/**
 * The checks both generators (stateless and `MerkleTree`) make on their arguments:
 * 0 < m <= n <= size, where m == n gives the empty proof (returned as null here).
 */
export function consistencySizes(
  m: number | bigint,
  n: number | bigint,
  size: number,
): { m: number; n: number } | null {
  const newSize = requireCount(n, size, 'n');
  const oldSize = requireCount(m, newSize, 'm');
  if (oldSize === newSize) return null;
  if (oldSize === 0)
    throw new SeamError('empty-tree-consistency', 'no consistency proof starts at the empty tree');
  return { m: oldSize, n: newSize };
}

/** The audit path for leaf `index` in the tree of all of `leaves` (leaf data). */
export function inclusionProof(leaves: readonly Uint8Array[], index: number | bigint): Uint8Array[] {
  const n = leaves.length;
  const i = requireCount(index, n - 1, 'index', 'index-out-of-range');
  const hashes = leafHashes(leaves);
  return inclusionPath(i, n, (lo, hi) => rangeRoot(hashes, lo, hi));
}

/**
 * The proof that the tree of the first `m` leaves is a prefix of the tree of the
 * first `n` (0 < m <= n <= leaves.length; empty when m == n). A proof from the
 * empty tree is not defined by the RFC and is refused.
 */
export function consistencyProof(
  leaves: readonly Uint8Array[],
  m: number | bigint,
  n: number | bigint,
): Uint8Array[] {
  const sizes = consistencySizes(m, n, leaves.length);
  if (sizes === null) return [];
  const hashes = leafHashes(leaves, sizes.n);
  return consistencyPath(sizes.m, sizes.n, (lo, hi) => rangeRoot(hashes, lo, hi));
}
