/**
 * `@agent-seam/merkle/verify`: checking inclusion and consistency proofs against a root;
 * not the log side that builds trees, computes roots and writes proofs (`MerkleTree`,
 * `IncrementalTree`, `rootHash`, `prefixRoot`, `inclusionProof`, `consistencyProof`).
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */
export { CONSISTENCY_CHECKS, INCLUSION_CHECKS } from './checks.js';
export { emptyRoot, HASH_SIZE, leafHash, nodeHash } from './hash.js';
export {
  type ConsistencyClaim,
  type InclusionClaim,
  MERKLE_CODES,
  type MerkleCode,
  verifyConsistency,
  verifyInclusion,
} from './verify.js';
