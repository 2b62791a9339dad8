import { createSha256, sha256 } from '@agent-seam/canonical';

/**
 * The only place this package touches SHA-256. RFC 6962 / RFC 9162 domain separation:
 * a leaf is hashed behind a 0x00 byte and an interior node behind 0x01, so a leaf can
 * never be passed off as a node (second-preimage resistance of the tree).
 */
export const HASH_SIZE = 32;

const LEAF_PREFIX = new Uint8Array([0x00]);
const NODE_PREFIX = new Uint8Array([0x01]);

// Scratch buffers for the hash inputs of the common sizes: 0x01 ‖ left ‖ right is always
// 65 bytes, and 0x00 ‖ a 32-byte leaf (a digest, as logs usually hold) 33; reusing them
// keeps the million-leaf root free of per-hash allocations. Safe because hashing is
// synchronous and nothing keeps a reference to the buffers.
const leafInput = new Uint8Array(1 + HASH_SIZE);
const nodeInput = new Uint8Array(1 + 2 * HASH_SIZE);
nodeInput[0] = 0x01;

/** SHA-256(0x00 ‖ data): the hash of one leaf's data. */
export function leafHash(data: Uint8Array): Uint8Array {
  if (data.length !== HASH_SIZE) return createSha256().update(LEAF_PREFIX).update(data).digest();
  leafInput.set(data, 1);
  return sha256(leafInput);
}

/** SHA-256(0x01 ‖ left ‖ right): the hash of an interior node from its two children. */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (left.length !== HASH_SIZE || right.length !== HASH_SIZE)
    return createSha256().update(NODE_PREFIX).update(left).update(right).digest();
  nodeInput.set(left, 1);
  nodeInput.set(right, 1 + HASH_SIZE);
  return sha256(nodeInput);
}

/** The root of the empty tree: SHA-256 of the empty string. */
export function emptyRoot(): Uint8Array {
  return sha256(new Uint8Array(0));
}
