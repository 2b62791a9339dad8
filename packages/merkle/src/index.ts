export { CONSISTENCY_CHECKS, INCLUSION_CHECKS } from './checks.js';
export { emptyRoot, HASH_SIZE, leafHash, nodeHash } from './hash.js';
export { MerkleTree } from './merkle-tree.js';
export { consistencyProof, inclusionProof } from './proofs.js';
export { IncrementalTree, prefixRoot, rootHash } from './tree.js';
export {
  type ConsistencyClaim,
  type InclusionClaim,
  MERKLE_CODES,
  type MerkleCode,
  verifyConsistency,
  verifyInclusion,
} from './verify.js';
