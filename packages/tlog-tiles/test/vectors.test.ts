import { replayGroups } from '@agent-seam/conformance';
import {
  TILE_CHECKPOINT_CODES,
  TILE_PATH_CODES,
  TILE_PROOF_CODES,
  TLOG_PROOF_CODES,
} from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { tlogTilesOps } from '../../cli/src/conformance/ops/tlog-tiles.js';

// vectors/tlog_tiles.json replayed through its groups' op replayers (spec/harness.md, "tlog-tiles").
const { doc } = replayGroups(it, describe, {
  file: 'tlog_tiles.json',
  package: '@agent-seam/tlog-tiles',
  ops: tlogTilesOps,
  groups: ['tlog-proof', 'tlog-tiles.paths', 'tlog-tiles.read'],
});
type Case = Record<string, any>;

describe('every refusal code has a vector', () => {
  const codes = (group: string) => new Set(doc[group].refuse.map((c: Case) => c.code));
  it('tlog-proof: every code of TLOG_PROOF_CODES', () =>
    expect(TLOG_PROOF_CODES.filter((c) => !codes('tlog-proof').has(c))).toEqual([]));
  it('tlog-tiles.paths: every code of TILE_PATH_CODES', () =>
    expect(TILE_PATH_CODES.filter((c) => !codes('tlog-tiles.paths').has(c))).toEqual([]));
  it('tlog-tiles.read: every code of TILE_CHECKPOINT_CODES and TILE_PROOF_CODES', () =>
    expect(
      [...new Set([...TILE_CHECKPOINT_CODES, ...TILE_PROOF_CODES])].filter(
        (c) => !codes('tlog-tiles.read').has(c),
      ),
    ).toEqual([]));
});
