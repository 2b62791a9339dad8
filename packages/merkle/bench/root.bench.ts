import { sha256 } from '@agent-seam/canonical';
import { IncrementalTree, leafHash, rootHash } from '@agent-seam/merkle';
import { compare } from '../../../tools/bench.js';
import { leaves, N, rawHashes } from './raw-floor.js';

// rootHash over 1M 32-byte leaves against the least SHA-256 work any RFC 9162 root
// needs on the same backend: n one-shot hashes of 33-byte leaf inputs and n - 1 of
// 65-byte node inputs, from preallocated buffers. The ratio is the cost of the tree
// bookkeeping (target >= 0.8).
compare(
  `rootHash, ${N} leaves of 32 bytes (one op = one whole root)`,
  { name: '@agent-seam/merkle rootHash', run: () => rootHash(leaves) },
  [
    {
      name: 'door sha256: 2n-1 raw hashes of the same sizes',
      run: rawHashes(sha256),
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
