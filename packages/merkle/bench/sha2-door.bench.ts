import * as merkle from '@agent-seam/merkle';
import { sha256 } from '@noble/hashes/sha2.js';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';
import { leaves, N, rawHashes } from './raw-floor.js';

// rootHash over 1M leaves on the hashing door as Node selects it (node:crypto) against
// the same source on the door's noble backend (what merkle ran before the door, plus the
// door's argument checks), and against the least work noble needs for that root: 2n - 1
// raw hashes from preallocated buffers, which today's rootHash cannot beat.
const twin = await nobleTwin<typeof merkle>('merkle');

compare(
  `rootHash, ${N} leaves of 32 bytes (one op = one whole root)`,
  { name: 'rootHash, door (node:crypto)', run: () => merkle.rootHash(leaves) },
  [
    { name: 'rootHash, door on noble (before the door)', run: () => twin.rootHash(leaves) },
    {
      name: 'noble sha256: 2n-1 raw hashes (floor before)',
      run: rawHashes(sha256),
    },
  ],
  3000,
);

// A verifier's hot path: one inclusion proof in a tree of 1024 leaves (11 hashes).
const small = leaves.slice(0, 1024);
const claim = {
  leafHash: merkle.leafHash(small[700]!),
  index: 700,
  size: small.length,
  proof: merkle.inclusionProof(small, 700),
  root: merkle.rootHash(small),
};
compare(
  'verifyInclusion, leaf 700 of 1024',
  { name: 'verifyInclusion, door (node:crypto)', run: () => merkle.verifyInclusion(claim) },
  [{ name: 'verifyInclusion, door on noble (before)', run: () => twin.verifyInclusion(claim) }],
);
