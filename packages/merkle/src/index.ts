// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { MerkleTree } from './merkle-tree.js';
export {
  consistencyPath,
  consistencyProof,
  inclusionPath,
  inclusionProof,
  type RangeRoot,
} from './proofs.js';
export { IncrementalTree, prefixRoot, rootHash } from './tree.js';
export * from './verify-only.js';
