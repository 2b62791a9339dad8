import { SeamError } from '@agent-seam/canonical';
import { emptyRoot, HASH_SIZE, leafHash, nodeHash } from './hash.js';
import { toUint64 } from './sizes.js';

/**
 * An append-only Merkle tree that keeps only the roots of its perfect subtrees: one
 * hash per set bit of the size, so O(log n) memory however many leaves go in. The
 * root folds those subtree roots right to left, which is exactly RFC 9162's split at
 * the largest power of two below n.
 */
export class IncrementalTree {
  // stack[i] is the root of a perfect subtree; sizes strictly decrease along the stack.
  private readonly stack: Uint8Array[] = [];
  private count = 0;

  /** Number of leaves appended so far. */
  get size(): number {
    return this.count;
  }

  /** Appends one leaf by its data (hashed with the 0x00 leaf prefix). */
  appendLeaf(data: Uint8Array): void {
    this.appendLeafHash(leafHash(data));
  }

  /** Appends one leaf by its already computed 32-byte leaf hash. */
  appendLeafHash(hash: Uint8Array): void {
    if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE)
      throw new SeamError('bad-hash-length', 'a leaf hash is 32 bytes');
    let node = hash;
    // Each trailing 1 bit of the old size is a perfect subtree the new leaf completes.
    for (let n = this.count; n % 2 === 1; n = (n - 1) / 2) node = nodeHash(this.stack.pop()!, node);
    this.stack.push(node);
    this.count++;
  }

  /** The RFC 9162 root of the leaves appended so far (the empty-string hash when none). */
  root(): Uint8Array {
    const stack = this.stack;
    if (stack.length === 0) return emptyRoot();
    let node = stack[stack.length - 1]!;
    for (let i = stack.length - 2; i >= 0; i--) node = nodeHash(stack[i]!, node);
    return node;
  }
}

/** Root over leaf hashes[lo, hi); the building block for roots and proofs. */
export function rangeRoot(hashes: readonly Uint8Array[], lo: number, hi: number): Uint8Array {
  const tree = new IncrementalTree();
  for (let i = lo; i < hi; i++) tree.appendLeafHash(hashes[i]!);
  return tree.root();
}

/** Leaf hashes of leaf data; the generating functions below all start here. */
export function leafHashes(leaves: readonly Uint8Array[], count = leaves.length): Uint8Array[] {
  const out = new Array<Uint8Array>(count);
  for (let i = 0; i < count; i++) out[i] = leafHash(leaves[i]!);
  return out;
}

/** The RFC 9162 Merkle tree hash of `leaves`, which are leaf DATA (each is hashed as a leaf). */
export function rootHash(leaves: readonly Uint8Array[]): Uint8Array {
  return prefixRoot(leaves, leaves.length);
}

/** The root of the first `m` leaves (leaf data) without copying the list. */
export function prefixRoot(leaves: readonly Uint8Array[], m: number | bigint): Uint8Array {
  const count = requireCount(m, leaves.length, 'm');
  const tree = new IncrementalTree();
  for (let i = 0; i < count; i++) tree.appendLeaf(leaves[i]!);
  return tree.root();
}

/**
 * A count or index the caller passed (a number or a bigint, as tlog sizes are uint64)
 * as a number, when it lies in `0..max`; throws SeamError(`code`) otherwise.
 */
export function requireCount(
  value: number | bigint,
  max: number,
  name: string,
  code = 'invalid-argument',
): number {
  const n = toUint64(value);
  if (n === null || n > BigInt(max)) throw new SeamError(code, `${name} must be an integer in 0..${max}`);
  return Number(n);
}
