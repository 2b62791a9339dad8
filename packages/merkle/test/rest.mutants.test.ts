import { concatBytes, sha256 } from '@agent-seam/canonical';
import {
  CONSISTENCY_CHECKS,
  consistencyProof,
  INCLUSION_CHECKS,
  IncrementalTree,
  inclusionProof,
  leafHash,
  MerkleTree,
  nodeHash,
  prefixRoot,
} from '@agent-seam/merkle';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { naiveRoot } from './reference.js';

/**
 * Cases written against the survivors of a Stryker run over the files outside the verify
 * path (issue 15, `pnpm mutate --filter merkle --rest`): each `why` names the mutant(s)
 * the case kills. Thrown errors and check titles are compared whole.
 */

const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

const leaves = [new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];
const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);
/** SHA-256(0x01 ‖ left ‖ right), spelled out without nodeHash. */
const expectedNode = (left: Uint8Array, right: Uint8Array) =>
  sha256(concatBytes([Uint8Array.of(1), left, right]));

describe('the check lists', () => {
  // Every other title (and every title emptied) is held by the shared check-list test of
  // tools/check-order.ts; only the words passed into the two shared title templates need
  // a case of their own.
  const title = (checks: typeof INCLUSION_CHECKS, id: string) => checks.find((c) => c.id === id)?.title;

  it('the shape and proof-length titles name what each verifier is given', () => {
    // why: checks.ts:18:9 'the root', :21:15 'index and size', :32:9 'rootM and rootN each',
    // :45:15 'm and n' → "" (the titles stay non-empty and distinct without them)
    expect(title(INCLUSION_CHECKS, 'shape')).toBe(
      'the claim is an object, its proof an array, the root a Uint8Array',
    );
    expect(title(INCLUSION_CHECKS, 'proof-length')).toBe(
      'the proof has exactly as many hashes as index and size call for',
    );
    expect(title(CONSISTENCY_CHECKS, 'shape')).toBe(
      'the claim is an object, its proof an array, rootM and rootN each a Uint8Array',
    );
    expect(title(CONSISTENCY_CHECKS, 'proof-length')).toBe(
      'the proof has exactly as many hashes as m and n call for',
    );
  });
});

describe('nodeHash', () => {
  it('hashes children that are not 32 bytes as SHA-256(0x01 ‖ left ‖ right), like 32-byte ones', () => {
    // why: hash.ts:26:7 (the length test → `&&`, or its left half → false or `===`) sends a
    // 31-byte left child to the 65-byte scratch buffer, which then hashes a stale byte too
    const short = bytes(31, 0xaa);
    const full = bytes(32, 0xbb);
    expect(nodeHash(full, full)).toEqual(expectedNode(full, full));
    expect(nodeHash(short, full)).toEqual(expectedNode(short, full));
    // why: hash.ts:26:36 (the right half → false or `===`), and 26:7 `&&`: a 31-byte right child
    expect(nodeHash(full, short)).toEqual(expectedNode(full, short));
    expect(nodeHash(short, short)).toEqual(expectedNode(short, short));
    expect(nodeHash(new Uint8Array(0), full)).toEqual(expectedNode(new Uint8Array(0), full));
  });
});

describe('MerkleTree', () => {
  it('refuses a leaf that is not bytes, and a leaf hash that is not 32 bytes, with their messages', () => {
    // why: merkle-tree.ts:39:80 and 46:46 (the messages) → ""
    const tree = new MerkleTree();
    expect(thrown(() => tree.appendLeaf('leaf' as never))).toEqual(
      seamError('invalid-argument', 'a leaf is a Uint8Array'),
    );
    expect(thrown(() => tree.appendLeafHash(bytes(31, 1)))).toEqual(
      seamError('bad-hash-length', 'a leaf hash is 32 bytes'),
    );
    expect(tree.size).toBe(0);
  });

  it('keeps its own copy of an appended leaf hash', () => {
    // why: merkle-tree.ts:47:25 `hash.slice()` → `hash`: the caller's array would be the tree's leaf
    const hash = bytes(32, 5);
    const tree = MerkleTree.fromLeafHashes([hash, bytes(32, 6)]);
    const root = tree.root();
    hash.fill(0);
    expect(tree.leafHash(0)).toEqual(bytes(32, 5));
    expect(tree.root()).toEqual(root);
  });

  it('hands out a copy of a leaf hash', () => {
    // why: merkle-tree.ts:66:12 `.slice()` → the stored array: the caller could rewrite the leaf
    const tree = MerkleTree.fromLeaves(leaves);
    const root = tree.root();
    tree.leafHash(1).fill(0);
    expect(tree.leafHash(1)).toEqual(leafHash(leaves[1]!));
    expect(tree.root()).toEqual(root);
  });

  it('refuses leaf index size, naming the index and its range', () => {
    // why: merkle-tree.ts:65:35 `this.size - 1` → `+ 1` (index 3 would read past the leaves),
    // 65:50 'index' and 65:59 'index-out-of-range' → ""
    const tree = MerkleTree.fromLeaves(leaves);
    expect(thrown(() => tree.leafHash(3))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..2'),
    );
    expect(thrown(() => tree.leafHash(4))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..2'),
    );
  });

  it('names the size or the index it refuses in rootAt and inclusionProof', () => {
    // why: merkle-tree.ts:76:45 (rootAt), 82:45 and 83:42 (inclusionProof) 'size'/'index' → "";
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

describe('the stateless generators and IncrementalTree', () => {
  it('name what they refuse', () => {
    // why: proofs.ts:70:51 (the empty-tree message), 66:41 'n' and 77:40 'index' → "";
    // tree.ts:68:48 'm' (prefixRoot) → ""
    expect(thrown(() => consistencyProof(leaves, 0, 3))).toEqual(
      seamError('empty-tree-consistency', 'no consistency proof starts at the empty tree'),
    );
    expect(thrown(() => consistencyProof(leaves, 2, 4))).toEqual(
      seamError('invalid-argument', 'n must be an integer in 0..3'),
    );
    expect(thrown(() => inclusionProof(leaves, 3))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..2'),
    );
    expect(thrown(() => prefixRoot(leaves, 4))).toEqual(
      seamError('invalid-argument', 'm must be an integer in 0..3'),
    );
  });

  it('IncrementalTree refuses a leaf hash that is not 32 bytes with its message', () => {
    // why: tree.ts:29:46 (the message) → ""
    expect(thrown(() => new IncrementalTree().appendLeafHash(bytes(33, 1)))).toEqual(
      seamError('bad-hash-length', 'a leaf hash is 32 bytes'),
    );
  });
});

describe('a 32-byte leaf, hashed through the scratch input', () => {
  it('is SHA-256(0x00 ‖ leaf) for each leaf in turn, and the roots agree with the naive reference', () => {
    // why: kills leafHash's `leafInput.set(data, 1)` removed (every 32-byte leaf then hashed
    // as zeros) and any reuse of one leaf's input for the next; the reference is noble's
    // SHA-256 over a fresh concatenation (test/reference.ts), not the code under test.
    const leaves = Array.from({ length: 5 }, (_, i) => Uint8Array.from({ length: 32 }, (_, j) => i * 32 + j));
    const hashes = leaves.map((leaf) => leafHash(leaf));
    leaves.forEach((leaf, i) => {
      expect(hashes[i]).toEqual(nobleSha256(concatBytes([new Uint8Array([0]), leaf])));
    });
    expect(prefixRoot(leaves, 5)).toEqual(naiveRoot(leaves));
  });
});
