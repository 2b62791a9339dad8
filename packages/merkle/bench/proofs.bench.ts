import { consistencyProof, inclusionProof, MerkleTree } from '@agent-seam/merkle';
import { compare } from '../../../tools/bench.js';

// One proof from a tree built once (MerkleTree keeps its levels) against the stateless
// functions, which hash every leaf again for each proof. The tree is built outside the
// timed loop: the point is what each further proof costs once the log exists.
for (const n of [1_000, 100_000]) {
  const leaves = Array.from({ length: n }, (_, i) => {
    const leaf = new Uint8Array(32);
    new DataView(leaf.buffer).setUint32(0, i);
    return leaf;
  });
  const tree = MerkleTree.fromLeaves(leaves);
  let i = 0;
  const next = () => (i = (i * 7919 + 13) % n);

  compare(
    `inclusion proof, ${n} leaves (one op = one proof of a varying leaf)`,
    { name: 'MerkleTree.inclusionProof', run: () => tree.inclusionProof(next()) },
    [{ name: 'inclusionProof(leaves, index), stateless', run: () => inclusionProof(leaves, next()) }],
  );
  compare(
    `consistency proof, ${n} leaves (one op = one proof from a varying old size)`,
    { name: 'MerkleTree.consistencyProof', run: () => tree.consistencyProof(next() + 1) },
    [
      {
        name: 'consistencyProof(leaves, m, n), stateless',
        run: () => consistencyProof(leaves, next() + 1, n),
      },
    ],
  );
}
