import { unwrap } from '@agent-seam/canonical';
import { leafHash, verifyInclusion } from '@agent-seam/merkle';
import { TileLog } from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { AT, ORIGIN, QUORUM } from './support.js';
import { SyntheticLog } from './synthetic.js';

/**
 * The bound, as a count (counts are not timings): an inclusion proof at any index
 * of a 2^24-leaf log read from tiles needs at most ceil(24/8) + 1 = 4 tile reads, from a
 * cold cache.
 */
describe('tile reads for an inclusion proof in a 2^24-leaf log', () => {
  const indexes = [0, 1, 255, 256, 65_535, 8_388_607, 8_400_000, 12_345_678, 16_777_215];
  const log = new SyntheticLog(3, indexes);
  for (const index of indexes)
    it(`leaf ${index}: at most 4 tile reads, and the proof verifies against the root`, async () => {
      const reader = new TileLog({
        source: log.source(),
        origin: ORIGIN,
        quorum: { ...QUORUM, atLeast: 0 },
      });
      const checkpoint = unwrap(await reader.refresh(AT));
      expect(checkpoint.size).toBe(2 ** 24);
      const proof = unwrap(await reader.inclusionProof(index));
      expect(reader.reads.tiles).toBeLessThanOrEqual(Math.ceil(24 / 8) + 1);
      expect(reader.reads).toEqual({ checkpoints: 1, tiles: 4, entryBundles: 0 });
      expect(proof).toHaveLength(24);
      const claim = { leafHash: leafHash(log.leaf(index)), index, size: 2 ** 24, proof, root: log.root() };
      expect(verifyInclusion(claim)).toEqual({ ok: true, value: true });
    });
});
