import type { CheckSpec } from '@agent-seam/canonical';
import type { MerkleCode } from './verify.js';

const shape = (roots: string): CheckSpec<MerkleCode> => ({
  id: 'shape',
  title: `the claim is an object, its proof an array, ${roots} a Uint8Array`,
  codes: ['not-an-object', 'not-an-array', 'not-bytes'],
});

const proofLength = (sizes: string): CheckSpec<MerkleCode> => ({
  id: 'proof-length',
  title: `the proof has exactly as many hashes as ${sizes} call for`,
  codes: ['wrong-proof-length'],
});

/** `verifyInclusion`'s checks, in its order (RFC 9162 §2.1.3.2). */
export const INCLUSION_CHECKS: readonly CheckSpec<MerkleCode>[] = [
  shape('the root'),
  { id: 'numbers', title: 'index and size are uint64 (safe integers or bigints)', codes: ['invalid-number'] },
  { id: 'index', title: 'the index is below the size', codes: ['index-out-of-range'] },
  proofLength('index and size'),
  { id: 'hash-length', title: 'the leaf hash and every proof hash are 32 bytes', codes: ['bad-hash-length'] },
  {
    id: 'root',
    title: 'the root rebuilt from the leaf hash and the proof is the claimed root',
    codes: ['root-mismatch'],
  },
];

/** `verifyConsistency`'s checks, in its order (RFC 9162 §2.1.4.2 and the edge cases it leaves open). */
export const CONSISTENCY_CHECKS: readonly CheckSpec<MerkleCode>[] = [
  shape('rootM and rootN each'),
  { id: 'numbers', title: 'm and n are uint64 (safe integers or bigints)', codes: ['invalid-number'] },
  { id: 'order', title: 'm is not larger than n', codes: ['sizes-out-of-order'] },
  {
    id: 'empty-root',
    title: 'a size of 0 goes with the empty tree root',
    codes: ['size-zero-with-nonempty-root'],
  },
  {
    id: 'from-empty',
    title: 'not from the empty tree to a larger one (nothing to prove)',
    codes: ['empty-tree-consistency'],
  },
  proofLength('m and n'),
  { id: 'hash-length', title: 'every proof hash is 32 bytes', codes: ['bad-hash-length'] },
  {
    id: 'roots',
    title: 'both roots rebuilt from the proof are the claimed rootM and rootN (equal sizes: equal roots)',
    codes: ['root-mismatch'],
  },
];
