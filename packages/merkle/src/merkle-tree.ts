import { SeamError } from '@agent-seam/canonical';
import { emptyRoot, HASH_SIZE, leafHash, nodeHash } from './hash.js';
import { consistencyPath, consistencySizes, inclusionPath } from './proofs.js';
import { requireCount } from './tree.js';

/**
 * A Merkle tree that is built once and then answers many questions: every leaf hash and
 * every complete interior node is kept (about 2n hashes), so a root of any prefix and
 * any proof costs O(log n) hash reads and at most O(log n) node hashes, instead of
 * re-hashing every leaf as the stateless `inclusionProof`/`consistencyProof` do. It is
 * append-only; proofs may be asked for any earlier size.
 */
export class MerkleTree {
  // levels[h][j] is the root of the perfect subtree over leaves [j·2^h, (j+1)·2^h);
  // a level holds only the subtrees that are already complete.
  readonly #levels: Uint8Array[][] = [[]];

  /** A tree of the given leaves (leaf data, each hashed with the 0x00 prefix). */
  static fromLeaves(leaves: Iterable<Uint8Array>): MerkleTree {
    const tree = new MerkleTree();
    for (const leaf of leaves) tree.appendLeaf(leaf);
    return tree;
  }

  /** A tree of already computed 32-byte leaf hashes. */
  static fromLeafHashes(hashes: Iterable<Uint8Array>): MerkleTree {
    const tree = new MerkleTree();
    for (const hash of hashes) tree.appendLeafHash(hash);
    return tree;
  }

  /** Number of leaves. */
  get size(): number {
    return this.#levels[0]!.length;
  }

  /** Appends one leaf by its data; returns its index. */
  appendLeaf(data: Uint8Array): number {
    if (!(data instanceof Uint8Array)) throw new SeamError('invalid-argument', 'a leaf is a Uint8Array');
    return this.#append(leafHash(data));
  }

  /** Appends one leaf by its 32-byte leaf hash (copied); returns its index. */
  appendLeafHash(hash: Uint8Array): number {
    if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE)
      throw new SeamError('bad-hash-length', 'a leaf hash is 32 bytes');
    return this.#append(hash.slice());
  }

  #append(hash: Uint8Array): number {
    const index = this.size;
    let node = hash;
    // Each level that becomes even completes one more perfect subtree above it.
    for (let h = 0; ; h++) {
      const level = this.#levels[h] ?? [];
      if (h === this.#levels.length) this.#levels.push(level);
      level.push(node);
      if (level.length % 2 === 1) return index;
      node = nodeHash(level[level.length - 2]!, node);
    }
  }

  /** The leaf hash at `index`. */
  leafHash(index: number | bigint): Uint8Array {
    const i = requireCount(index, this.size - 1, 'index', 'index-out-of-range');
    return this.#levels[0]![i]!.slice();
  }

  /**
   * The root of the perfect subtree over leaves [index·2^height, (index+1)·2^height), which
   * must be complete in the tree as it is: one stored hash, read (as a copy) without hashing.
   * A tiled log publishes these (level l of its tiles holds the subtrees of height 8·l).
   */
  subtreeRoot(height: number, index: number): Uint8Array {
    if (!Number.isInteger(height) || height < 0 || height >= this.#levels.length)
      throw new SeamError('invalid-argument', `height must be an integer in 0..${this.#levels.length - 1}`);
    const level = this.#levels[height]!;
    const i = requireCount(index, level.length - 1, 'index', 'index-out-of-range');
    return level[i]!.slice();
  }

  /** The RFC 9162 root of the whole tree (SHA-256 of the empty string when empty). */
  root(): Uint8Array {
    return this.rootAt(this.size);
  }

  /** The root of the first `size` leaves: the tree as it was at that size. */
  rootAt(size: number | bigint): Uint8Array {
    const n = requireCount(size, this.size, 'size');
    return n === 0 ? emptyRoot() : this.#rangeRoot(0, n);
  }

  /** The audit path of leaf `index` in the tree of the first `size` leaves (default: all). */
  inclusionProof(index: number | bigint, size: number | bigint = this.size): Uint8Array[] {
    const n = requireCount(size, this.size, 'size');
    const i = requireCount(index, n - 1, 'index', 'index-out-of-range');
    return inclusionPath(i, n, (lo, hi) => this.#rangeRoot(lo, hi));
  }

  /** The proof that the first `m` leaves are a prefix of the first `n` (default: all); empty when m == n. */
  consistencyProof(m: number | bigint, n: number | bigint = this.size): Uint8Array[] {
    const sizes = consistencySizes(m, n, this.size);
    if (sizes === null) return [];
    return consistencyPath(sizes.m, sizes.n, (lo, hi) => this.#rangeRoot(lo, hi));
  }

  /**
   * Root of leaves [lo, hi), lo < hi, lo a multiple of the largest power of two <= hi - lo
   * (true of every range a proof or a prefix asks for). The range splits into stored
   * perfect subtrees, one per set bit of hi - lo from the largest down, folded right to
   * left as RFC 9162 splits; a perfect range is one read.
   */
  #rangeRoot(lo: number, hi: number): Uint8Array {
    let h = 0;
    while (2 ** (h + 1) <= hi - lo) h++;
    const parts: Uint8Array[] = [];
    for (let at = lo; at < hi; h--) {
      const width = 2 ** h;
      if (hi - at < width) continue;
      parts.push(this.#levels[h]![at / width]!);
      at += width;
    }
    let root = parts.pop()!;
    // A stored node goes out as a copy, so no caller can change the tree.
    if (parts.length === 0) return root.slice();
    while (parts.length > 0) root = nodeHash(parts.pop()!, root);
    return root;
  }
}
