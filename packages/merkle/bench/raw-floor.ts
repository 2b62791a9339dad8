// What both rootHash benches measure against: the same million leaves, and the least hashing
// any RFC 9162 root over them needs, on whichever SHA-256 the bench names.

/** 2^20 leaves of 32 bytes, leaf i holding i in its first four bytes. */
export const N = 1 << 20;
export const leaves = Array.from({ length: N }, (_, i) => {
  const leaf = new Uint8Array(32);
  new DataView(leaf.buffer).setUint32(0, i);
  return leaf;
});

/**
 * n one-shot hashes of 33-byte leaf inputs and n - 1 of 65-byte node inputs with `sha256`,
 * from buffers allocated once here: the floor no tree bookkeeping can go under.
 */
export function rawHashes(sha256: (input: Uint8Array) => Uint8Array): () => Uint8Array {
  const leafInput = new Uint8Array(33);
  const nodeInput = new Uint8Array(65);
  nodeInput[0] = 1;
  return () => {
    let last: Uint8Array = leafInput;
    for (let i = 0; i < N; i++) {
      leafInput.set(leaves[i]!, 1);
      last = sha256(leafInput);
    }
    for (let i = 1; i < N; i++) {
      nodeInput.set(last, 1);
      nodeInput.set(last, 33);
      last = sha256(nodeInput);
    }
    return last;
  };
}
