import { SeamError } from '@agent-seam/canonical';
import {
  consistencyPath,
  consistencyProof,
  inclusionPath,
  inclusionProof,
  leafHash,
  MerkleTree,
  prefixRoot,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrown, thrownSeamError } from '../../../tools/thrown.ts';
import { naiveRoot } from './reference.js';

const leavesOf = (n: number) =>
  Array.from({ length: n }, (_, i) => new Uint8Array([i >>> 8, i & 255, 7]).subarray(0, 1 + (i % 3)));
const ACCEPTED = { ok: true, value: true };

/** The tree's answers equal the stateless functions' and verify, for every question about size n. */
function agreesEverywhere(tree: MerkleTree, leaves: Uint8Array[], n: number): void {
  const prefix = leaves.slice(0, n);
  expect(tree.rootAt(n)).toEqual(prefixRoot(leaves, n));
  for (let i = 0; i < n; i++) {
    const proof = tree.inclusionProof(i, n);
    expect(proof).toEqual(inclusionProof(prefix, i));
    const claim = { leafHash: leafHash(leaves[i]!), index: i, size: n, proof, root: tree.rootAt(n) };
    expect(verifyInclusion(claim)).toEqual(ACCEPTED);
  }
  for (let m = 1; m <= n; m++) {
    const proof = tree.consistencyProof(m, n);
    expect(proof).toEqual(consistencyProof(leaves, m, n));
    const claim = { m, n, rootM: tree.rootAt(m), rootN: tree.rootAt(n), proof };
    expect(verifyConsistency(claim)).toEqual(ACCEPTED);
  }
}

describe('MerkleTree: built once, the same answers as the stateless functions', () => {
  it('every root, inclusion proof and consistency proof (all m <= n) of every size up to 40', () => {
    const leaves = leavesOf(40);
    const tree = MerkleTree.fromLeaves(leaves);
    expect(tree.size).toBe(40);
    expect(tree.root()).toEqual(naiveRoot(leaves));
    for (let n = 0; n <= 40; n++) agreesEverywhere(tree, leaves, n);
  });

  it('random sizes up to 3000 and random questions', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc
              .integer({ min: 1, max: n })
              .chain((size) =>
                fc.tuple(fc.constant(size), fc.nat(size - 1), fc.integer({ min: 1, max: size })),
              ),
          ),
        ),
        ([n, [size, index, m]]) => {
          const leaves = leavesOf(n);
          const tree = MerkleTree.fromLeaves(leaves);
          expect(tree.root()).toEqual(naiveRoot(leaves));
          expect(tree.rootAt(size)).toEqual(prefixRoot(leaves, size));
          expect(tree.inclusionProof(index, size)).toEqual(inclusionProof(leaves.slice(0, size), index));
          expect(tree.consistencyProof(m, size)).toEqual(consistencyProof(leaves, m, size));
          expect(tree.inclusionProof(index)).toEqual(inclusionProof(leaves, index));
        },
      ),
      { numRuns: 60 },
    ));

  it('appending keeps every earlier answer and extends to the new size', () => {
    const leaves = leavesOf(70);
    const tree = new MerkleTree();
    for (let n = 0; n < 70; n++) {
      expect(tree.appendLeaf(leaves[n]!)).toBe(n);
      if (n % 7 === 3) agreesEverywhere(tree, leaves, n + 1);
    }
    agreesEverywhere(tree, leaves, 70);
    expect(MerkleTree.fromLeafHashes(leaves.map(leafHash)).root()).toEqual(tree.root());
  });

  it('takes bigint indexes and sizes, and hands out copies', () => {
    const leaves = leavesOf(3);
    const tree = MerkleTree.fromLeaves(leaves);
    expect(tree.inclusionProof(1n, 3n)).toEqual(inclusionProof(leaves, 1));
    expect(tree.consistencyProof(1n)).toEqual(consistencyProof(leaves, 1, 3));
    expect(tree.leafHash(2n)).toEqual(leafHash(leaves[2]!));
    const root = tree.root();
    tree.rootAt(2).fill(0);
    tree.inclusionProof(0)[0]!.fill(0);
    tree.leafHash(0).fill(0);
    expect(tree.root()).toEqual(root);
    expect(tree.rootAt(2)).toEqual(prefixRoot(leaves, 2));
  });

  it('refuses bad questions with the stateless functions’ codes', () => {
    const tree = MerkleTree.fromLeaves(leavesOf(3));
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (e instanceof SeamError) return e.code;
        throw e;
      }
      return 'no error';
    };
    expect(codeOf(() => tree.inclusionProof(3))).toBe('index-out-of-range');
    expect(codeOf(() => tree.inclusionProof(2, 2))).toBe('index-out-of-range');
    expect(codeOf(() => tree.inclusionProof(0, 4))).toBe('invalid-argument');
    expect(codeOf(() => tree.consistencyProof(0, 3))).toBe('empty-tree-consistency');
    expect(codeOf(() => tree.consistencyProof(3, 2))).toBe('invalid-argument');
    expect(codeOf(() => tree.rootAt(4))).toBe('invalid-argument');
    expect(codeOf(() => tree.appendLeafHash(new Uint8Array(31)))).toBe('bad-hash-length');
    expect(codeOf(() => tree.appendLeaf('leaf' as never))).toBe('invalid-argument');
    expect(tree.consistencyProof(2, 2)).toEqual([]);
    expect(tree.size).toBe(3);
  });
});

describe('MerkleTree.subtreeRoot and the exported proof walks', () => {
  it('subtreeRoot(h, k) is the naive root of leaves [k·2^h, (k+1)·2^h), for every complete subtree of 37 leaves', () => {
    const leaves = leavesOf(37);
    const tree = MerkleTree.fromLeaves(leaves);
    let seen = 0;
    for (let h = 0; 2 ** h <= 37; h++)
      for (let k = 0; (k + 1) * 2 ** h <= 37; k++) {
        expect(tree.subtreeRoot(h, k)).toEqual(naiveRoot(leaves.slice(k * 2 ** h, (k + 1) * 2 ** h)));
        seen++;
      }
    expect(seen).toBe(37 + 18 + 9 + 4 + 2 + 1);
  });

  it('subtreeRoot refuses a subtree that is not complete, and hands out a copy', () => {
    const tree = MerkleTree.fromLeaves(leavesOf(5));
    expect(() => tree.subtreeRoot(1, 2)).toThrow(SeamError);
    expect(thrownSeamError(() => tree.subtreeRoot(3, 0)).message).toMatch(
      /height must be an integer in 0\.\.2/,
    );
    expect(() => tree.subtreeRoot(0.5, 0)).toThrow(SeamError);
    expect(() => new MerkleTree().subtreeRoot(0, 0)).toThrow(SeamError);
    tree.subtreeRoot(2, 0).fill(0);
    expect(tree.subtreeRoot(2, 0)).toEqual(naiveRoot(leavesOf(4)));
  });

  it('inclusionPath and consistencyPath over a range-root callback give the stateless proofs', () => {
    const leaves = leavesOf(21);
    const tree = MerkleTree.fromLeaves(leaves);
    const rangeRoot = (lo: number, hi: number) => naiveRoot(leaves.slice(lo, hi));
    for (let i = 0; i < 21; i++) expect(inclusionPath(i, 21, rangeRoot)).toEqual(tree.inclusionProof(i));
    for (let m = 1; m < 21; m++) expect(consistencyPath(m, 21, rangeRoot)).toEqual(tree.consistencyProof(m));
  });
});

describe('MerkleTree: what it refuses says what was wrong, and it shares no array with its caller', () => {
  const seamError = (code: string, message: string) => ({
    name: 'SeamError',
    code,
    message: `${code}: ${message}`,
  });
  const leaves = [new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];
  const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

  it('a leaf that is not bytes, or a leaf hash that is not 32 bytes, is refused with a message saying so', () => {
    // holds merkle-tree.ts:39:80 and 46:46 (the messages) → ""
    const tree = new MerkleTree();
    expect(thrown(() => tree.appendLeaf('leaf' as never))).toEqual(
      seamError('invalid-argument', 'a leaf is a Uint8Array'),
    );
    expect(thrown(() => tree.appendLeafHash(bytes(31, 1)))).toEqual(
      seamError('bad-hash-length', 'a leaf hash is 32 bytes'),
    );
    expect(tree.size).toBe(0);
  });

  it('an appended leaf hash the caller rewrites afterwards does not change the tree', () => {
    // holds merkle-tree.ts:47:25 `hash.slice()` → `hash`: the caller's array would be the tree's leaf
    const hash = bytes(32, 5);
    const tree = MerkleTree.fromLeafHashes([hash, bytes(32, 6)]);
    const root = tree.root();
    hash.fill(0);
    expect(tree.leafHash(0)).toEqual(bytes(32, 5));
    expect(tree.root()).toEqual(root);
  });

  it('a leaf hash handed out and rewritten by the caller does not change the tree', () => {
    // holds merkle-tree.ts:66:12 `.slice()` → the stored array: the caller could rewrite the leaf
    const tree = MerkleTree.fromLeaves(leaves);
    const root = tree.root();
    tree.leafHash(1).fill(0);
    expect(tree.leafHash(1)).toEqual(leafHash(leaves[1]!));
    expect(tree.root()).toEqual(root);
  });

  it('leaf index size (one past the last) is refused, naming the index and its range', () => {
    // holds merkle-tree.ts:65:35 `this.size - 1` → `+ 1` (index 3 would read past the leaves),
    // 65:50 'index' and 65:59 'index-out-of-range' → ""
    const tree = MerkleTree.fromLeaves(leaves);
    expect(thrown(() => tree.leafHash(3))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..2'),
    );
    expect(thrown(() => tree.leafHash(4))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..2'),
    );
  });

  it('a size past the tree, or an index past the size, is refused by rootAt and inclusionProof naming it', () => {
    // holds merkle-tree.ts:76:45 (rootAt), 82:45 and 83:42 (inclusionProof) 'size'/'index' → "";
    // tree.ts:85:64 (requireCount's message) → ''
    const tree = MerkleTree.fromLeaves(leaves);
    expect(thrown(() => tree.rootAt(4))).toEqual(
      seamError('invalid-argument', 'size must be an integer in 0..3'),
    );
    expect(thrown(() => tree.inclusionProof(0, 4))).toEqual(
      seamError('invalid-argument', 'size must be an integer in 0..3'),
    );
    expect(thrown(() => tree.inclusionProof(2, 2))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..1'),
    );
  });
});
