// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { MerkleTree } from './merkle-tree.js';
export { consistencyProof, inclusionProof } from './proofs.js';
export { IncrementalTree, prefixRoot, rootHash } from './tree.js';
export * from './verify-only.js';
