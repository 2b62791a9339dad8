import { sha256 } from '@agent-seam/canonical';
import { IncrementalTree, leafHash, rootHash } from '@agent-seam/merkle';
import { compare } from '../../../tools/bench.js';

// rootHash over 1M 32-byte leaves against the least SHA-256 work any RFC 9162 root
// needs on the same backend: n one-shot hashes of 33-byte leaf inputs and n - 1 of
// 65-byte node inputs, from preallocated buffers. The ratio is the cost of the tree
// bookkeeping (target >= 0.8).
const N = 1 << 20;
const leaves = Array.from({ length: N }, (_, i) => {
  const leaf = new Uint8Array(32);
  new DataView(leaf.buffer).setUint32(0, i);
  return leaf;
});
const leafInput = new Uint8Array(33);
const nodeInput = new Uint8Array(65);
nodeInput[0] = 1;

compare(
  `rootHash, ${N} leaves of 32 bytes (one op = one whole root)`,
  { name: '@agent-seam/merkle rootHash', run: () => rootHash(leaves) },
  [
    {
      name: 'door sha256: 2n-1 raw hashes of the same sizes',
      run: () => {
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
      },
    },
    {
      name: 'IncrementalTree, appendLeafHash',
      run: () => {
        const t = new IncrementalTree();
        for (const leaf of leaves) t.appendLeafHash(leafHash(leaf));
        return t.root();
      },
    },
  ],
);
