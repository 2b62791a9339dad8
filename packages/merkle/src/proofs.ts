import { SeamError } from '@agent-seam/canonical';
import { largestPowerOfTwoBelow } from './sizes.js';
import { leafHashes, rangeRoot, requireCount } from './tree.js';

/**
 * Proof generation (RFC 9162 sections 2.1.3.1 and 2.1.4.1). `leaves` are leaf DATA.
 * The RFC states both as recursions; here they walk down the tree in a loop,
 * collecting siblings top-down, and reverse at the end because proofs list them
 * bottom-up. Each sibling is a subtree root hashed once, so the cost is O(n).
 */

/** The audit path for leaf `index` in the tree of all of `leaves`. */
export function inclusionProof(leaves: readonly Uint8Array[], index: number): Uint8Array[] {
  const n = leaves.length;
  if (!Number.isSafeInteger(index) || index < 0 || index >= n)
    throw new SeamError('index-out-of-range', `index must be in 0..${n - 1}`);
  const hashes = leafHashes(leaves);
  const path: Uint8Array[] = [];
  let lo = 0;
  let hi = n;
  while (hi - lo > 1) {
    const mid = lo + largestPowerOfTwoBelow(hi - lo);
    if (index < mid) {
      path.push(rangeRoot(hashes, mid, hi));
      hi = mid;
    } else {
      path.push(rangeRoot(hashes, lo, mid));
      lo = mid;
    }
  }
  return path.reverse();
}

/**
 * The proof that the tree of the first `m` leaves is a prefix of the tree of the
 * first `n` (0 < m <= n <= leaves.length; empty when m == n). A proof from the
 * empty tree is not defined by the RFC and is refused.
 */
export function consistencyProof(leaves: readonly Uint8Array[], m: number, n: number): Uint8Array[] {
  requireCount(n, leaves.length, 'n');
  requireCount(m, n, 'm');
  if (m === n) return [];
  if (m === 0) throw new SeamError('empty-tree-consistency', 'no consistency proof starts at the empty tree');
  const hashes = leafHashes(leaves, n);
  const proof: Uint8Array[] = [];
  let lo = 0;
  let hi = n;
  // `whole` is the RFC's flag b: true while the old tree is still the left edge of the
  // current subtree, so its root is known to the verifier and need not be sent.
  let whole = true;
  while (m !== hi) {
    const mid = lo + largestPowerOfTwoBelow(hi - lo);
    if (m <= mid) {
      proof.push(rangeRoot(hashes, mid, hi));
      hi = mid;
    } else {
      proof.push(rangeRoot(hashes, lo, mid));
      lo = mid;
      whole = false;
    }
  }
  if (!whole) proof.push(rangeRoot(hashes, lo, hi));
  return proof.reverse();
}
