export { emptyRoot, HASH_SIZE, leafHash, nodeHash } from './hash.js';
export { consistencyProof, inclusionProof } from './proofs.js';
export { IncrementalTree, prefixRoot, rootHash } from './tree.js';
export {
  type ConsistencyClaim,
  type InclusionClaim,
  type MerkleCode,
  verifyConsistency,
  verifyInclusion,
} from './verify.js';
