import { sha256 } from '@agent-seam/canonical';
import { TileLog } from '@agent-seam/tlog-tiles';
import { compare } from '../../../tools/bench.js';
import { hashesOf, TILE_WIDTH, type TileHashList, type TileRef } from '../src/layout.js';
import { TileHashes } from '../src/tile-hashes.js';
import { ORIGIN, QUORUM } from '../test/support.js';
import { SyntheticLog } from '../test/synthetic.js';

// An inclusion proof in a 2^24-leaf log, read from tiles. The log is test/synthetic.ts's:
// its tiles are computed when first read (every level-0 tile holds the same 256 leaves but
// the ones listed, which hold distinct leaves; a tile above is the hashes of the tiles below,
// computed once per distinct content), so building it costs a few thousand hashes, not 2^25.
//
// 1. Tile reads, from a cold cache (a count, not a timing; test/fetch-count.test.ts asserts it).
// 2. The proof computed from tiles already read and verified, against the bare SHA-256 calls
//    that proof needs: every sibling at height h is the root of 2^(h mod 8) hashes of one tile,
//    2^(h mod 8) - 1 node hashes, so 3 x (0 + 1 + 3 + ... + 127) = 741 hashes of 65 bytes for
//    the 24 siblings (target >= 0.8).
const indexes = Array.from({ length: 64 }, (_, i) => (i * 262_147 + 12_345) % 2 ** 24);
const log = new SyntheticLog(3, indexes);

const reads: number[] = [];
const tiles = new Map<string, TileHashList>();
for (const index of indexes.slice(0, 8)) {
  const reader = new TileLog({ source: log.source(), origin: ORIGIN, quorum: { ...QUORUM, atLeast: 0 } });
  // The tiles' reads are counted, not the witnesses' times: the clock is off by name.
  if (!(await reader.refresh({ now: 'off' })).ok) throw new Error('the synthetic checkpoint does not verify');
  if (!(await reader.inclusionProof(index)).ok) throw new Error('the synthetic tiles do not verify');
  reads.push(reader.reads.tiles);
}
console.log(
  `\ntile reads for one inclusion proof in a 2^24-leaf log, cold cache: ${Math.max(...reads)} at most (bound ceil(24/8) + 1 = 4)`,
);

// Every tile any of the proofs reads, verified once by the reader above; the timed loop only computes.
const tileOf = ({ level, index, width }: TileRef): Uint8Array =>
  level === 3 && width === 1 ? log.root() : log.tile(level as number, index);
const cached = (ref: TileRef) => {
  const key = `${ref.level}/${ref.index}/${ref.width}`;
  const kept = tiles.get(key);
  if (kept !== undefined) return kept;
  const hashes = hashesOf(tileOf(ref));
  tiles.set(key, hashes);
  return hashes;
};
const hashes = new TileHashes(2 ** 24, cached);
for (const index of indexes) hashes.inclusionProof(index);

let next = 0;
const NODE_HASHES = 3 * (TILE_WIDTH - 1 - 8);
// The anchor hashes from preallocated buffers, as merkle's rootHash bench does.
const SEED = new Uint8Array(32);
const input = new Uint8Array(65);
input[0] = 1;
compare(
  'inclusion proof from cached tiles, 2^24 leaves (one op = one proof of a varying leaf)',
  { name: 'TileHashes.inclusionProof', run: () => hashes.inclusionProof(indexes[next++ & 63]!) },
  [
    {
      name: `door sha256: the ${NODE_HASHES} node hashes it needs`,
      run: () => {
        let last: Uint8Array = SEED;
        for (let i = 0; i < NODE_HASHES; i++) {
          input.set(last, 1);
          input.set(last, 33);
          last = sha256(input);
        }
        return last;
      },
    },
  ],
  4000,
  9,
);
