// vectors/merkle.json: published Merkle vectors. The accepting values come from the
// naive recursive reference (packages/merkle/test/reference.ts), not from the
// iterative code under test; refusals are single-check mutations of valid claims.
import { hex } from '../../canonical/src/index.ts';
import { naiveConsistency, naivePath, naiveRoot } from '../test/reference.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const LEAVES = Array.from({ length: 13 }, (_, i) => utf8(`leaf ${i}`));
// The root of a one-leaf tree is that leaf's hash.
const leafHashHex = (i: number) => hex.encode(naiveRoot([LEAVES[i]!]));
const rootOf = (m: number) => hex.encode(naiveRoot(LEAVES.slice(0, m)));
const hexes = (list: Uint8Array[]) => list.map((b) => hex.encode(b));

const N = LEAVES.length;
const inclusion = (index: number) => ({
  leafHash: leafHashHex(index),
  index: String(index),
  size: String(N),
  proof: hexes(naivePath(index, LEAVES)),
  root: rootOf(N),
});
const consistency = (m: number) => ({
  m: String(m),
  n: String(N),
  rootM: rootOf(m),
  rootN: rootOf(N),
  proof: m === N ? [] : hexes(naiveConsistency(m, LEAVES)),
});

/** Flip the lowest bit of the first byte of a hex hash. */
const flip = (h: string) =>
  (Number.parseInt(h.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0') + h.slice(2);

const EMPTY_ROOT = rootOf(0);
const base = inclusion(6);
const cons = consistency(5);

const reject = [
  {
    kind: 'inclusion',
    name: 'claim-not-an-object',
    code: 'not-an-object',
    claim: 'not a claim',
    why: 'the claim must be an object: a string is refused before any field is read',
  },
  {
    kind: 'inclusion',
    name: 'proof-not-an-array',
    code: 'not-an-array',
    claim: { ...base, proof: base.proof.join('') },
    asIs: ['proof'],
    why: 'proof must be an array: one hex string of the whole path is refused, not indexed',
  },
  {
    kind: 'inclusion',
    name: 'root-as-hex-text',
    code: 'not-bytes',
    claim: base,
    asIs: ['root'],
    why: 'root must be a Uint8Array: its hex text (the right root, spelled) is refused, not compared',
  },
  {
    kind: 'inclusion',
    name: 'index-negative',
    code: 'invalid-number',
    claim: { ...base, index: '-1' },
    why: 'an index that is no uint64 is refused before any arithmetic uses it',
  },
  {
    kind: 'inclusion',
    name: 'size-2-to-the-64',
    code: 'invalid-number',
    claim: { ...base, size: '18446744073709551616' },
    why: 'a tree size one past uint64 is refused as a number, not wrapped',
  },
  {
    kind: 'inclusion',
    name: 'index-equals-size',
    code: 'index-out-of-range',
    claim: { ...base, index: String(N) },
    why: 'the index bound: leaf 13 does not exist in a 13-leaf tree',
  },
  {
    kind: 'inclusion',
    name: 'size-zero',
    code: 'index-out-of-range',
    claim: { ...base, index: '0', size: '0', proof: [] },
    why: 'the index bound again: the empty tree has no leaf 0 to include',
  },
  {
    kind: 'inclusion',
    name: 'proof-one-short',
    code: 'wrong-proof-length',
    claim: { ...base, proof: base.proof.slice(0, -1) },
    why: 'the exact path length: the top sibling is missing',
  },
  {
    kind: 'inclusion',
    name: 'proof-one-long',
    code: 'wrong-proof-length',
    claim: { ...base, proof: [...base.proof, base.root] },
    why: 'the exact path length: a trailing extra hash is not ignored',
  },
  {
    kind: 'inclusion',
    name: 'leaf-hash-31-bytes',
    code: 'bad-hash-length',
    claim: { ...base, leafHash: base.leafHash.slice(2) },
    why: 'the leaf hash must be 32 bytes; leaf data passed as a hash is refused here',
  },
  {
    kind: 'inclusion',
    name: 'proof-node-33-bytes',
    code: 'bad-hash-length',
    claim: { ...base, proof: [base.proof[0] + '00', ...base.proof.slice(1)] },
    why: 'every sibling must be 32 bytes, so hash framing cannot shift',
  },
  {
    kind: 'inclusion',
    name: 'root-bit-flipped',
    code: 'root-mismatch',
    claim: { ...base, root: flip(base.root) },
    why: 'the final comparison: everything else is well-formed, the recomputed root differs',
  },
  {
    kind: 'inclusion',
    name: 'other-leaf',
    code: 'root-mismatch',
    claim: { ...base, leafHash: leafHashHex(7) },
    why: 'the final comparison: a neighbour leaf on the same path shape does not verify',
  },
  {
    kind: 'consistency',
    name: 'claim-null',
    code: 'not-an-object',
    claim: null,
    why: 'the claim must be an object: null is refused before any field is read',
  },
  {
    kind: 'consistency',
    name: 'proof-null',
    code: 'not-an-array',
    claim: { ...cons, proof: null },
    asIs: ['proof'],
    why: 'proof must be an array, even where it would be empty',
  },
  {
    kind: 'consistency',
    name: 'new-root-as-number',
    code: 'not-bytes',
    claim: { ...cons, rootN: 13 },
    asIs: ['rootN'],
    why: 'rootN must be a Uint8Array: a number is refused, not compared (rootM is well-formed)',
  },
  {
    kind: 'consistency',
    name: 'm-greater-than-n',
    code: 'sizes-out-of-order',
    claim: { ...cons, m: String(N), n: '5', rootM: cons.rootN, rootN: cons.rootM },
    why: 'the size order: a log never shrinks',
  },
  {
    kind: 'consistency',
    name: 'n-2-to-the-64',
    code: 'invalid-number',
    claim: { ...cons, n: '18446744073709551616' },
    why: 'a tree size one past uint64 is refused as a number',
  },
  {
    kind: 'consistency',
    name: 'old-size-zero-with-root',
    code: 'size-zero-with-nonempty-root',
    claim: { ...cons, m: '0', proof: [] },
    why: 'a size-0 tree can only have the empty root; here the old tree claims the size-5 root',
  },
  {
    kind: 'consistency',
    name: 'both-size-zero-new-root-nonempty',
    code: 'size-zero-with-nonempty-root',
    claim: { m: '0', n: '0', rootM: EMPTY_ROOT, rootN: rootOf(1), proof: [] },
    why: 'the empty-root rule applies to the new tree as well',
  },
  {
    kind: 'consistency',
    name: 'from-empty-tree',
    code: 'empty-tree-consistency',
    claim: { ...cons, m: '0', rootM: EMPTY_ROOT, proof: [] },
    why: 'nothing is proven from the empty tree, so such a claim is refused rather than waved through',
  },
  {
    kind: 'consistency',
    name: 'equal-sizes-with-proof',
    code: 'wrong-proof-length',
    claim: { ...cons, n: '5', rootN: cons.rootM, proof: cons.proof.slice(0, 1) },
    why: 'equal sizes take an empty proof; a non-empty one is refused',
  },
  {
    kind: 'consistency',
    name: 'equal-sizes-different-roots',
    code: 'root-mismatch',
    claim: { ...cons, n: '5', rootN: flip(cons.rootM), proof: [] },
    why: 'equal sizes need equal roots',
  },
  {
    kind: 'consistency',
    name: 'proof-one-long',
    code: 'wrong-proof-length',
    claim: { ...cons, proof: [...cons.proof, cons.rootN] },
    why: 'the exact proof length for 5 -> 13',
  },
  {
    kind: 'consistency',
    name: 'proof-node-31-bytes',
    code: 'bad-hash-length',
    claim: { ...cons, proof: [cons.proof[0]!.slice(2), ...cons.proof.slice(1)] },
    why: 'every proof node must be 32 bytes',
  },
  {
    kind: 'consistency',
    name: 'old-root-bit-flipped',
    code: 'root-mismatch',
    claim: { ...cons, rootM: flip(cons.rootM) },
    why: 'the recomputed old root must equal the claimed one',
  },
  {
    kind: 'consistency',
    name: 'new-root-bit-flipped',
    code: 'root-mismatch',
    claim: { ...cons, rootN: flip(cons.rootN) },
    why: 'the recomputed new root must equal the claimed one',
  },
];

export const parts = [
  {
    file: 'merkle.json',
    content: {
      note: 'RFC 9162 Merkle tree vectors (SHA-256). leaves are UTF-8 "leaf <i>", hashes lowercase hex, sizes and indexes decimal strings (uint64). Accept: reproduce every root/proof and verify it. Reject: refuse with exactly `code`; a claim that is not a JSON object, and the claim fields listed in `asIs`, are passed to the verifier exactly as the JSON value they are (a wrong JavaScript type is received data too).',
      'merkle.proofs': {
        leaves: LEAVES.map((l) => new TextDecoder().decode(l)),
        roots: Array.from({ length: N + 1 }, (_, m) => ({ size: String(m), root: rootOf(m) })),
        inclusion: Array.from({ length: N }, (_, i) => inclusion(i)),
        consistency: Array.from({ length: N }, (_, i) => consistency(i + 1)),
      },
      'merkle.reject': reject,
    },
  },
];
