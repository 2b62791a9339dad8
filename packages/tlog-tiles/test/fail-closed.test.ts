import * as tlogTiles from '@agent-seam/tlog-tiles';
import { makeTlogProof, storeSource, TileLog, verifyTlogProof } from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { holdFailClosed } from '../../../tools/required-options.ts';
import { rejectedSeamError, thrownSeamError } from '../../../tools/thrown.ts';
import { entry, NOW, ORIGIN, QUORUM, writtenLog } from './support.js';

// A log of 20 entries cosigned by W1: both verifiers judge a witness's cosignature, whose time
// needs the caller's clock.
const { tree, store, checkpoint } = await writtenLog(20);
const file = makeTlogProof(tree, checkpoint, 5);
const reader = () => new TileLog({ source: storeSource(store), origin: ORIGIN, quorum: QUORUM });

holdFailClosed(tlogTiles, {
  verifyTlogProof: {
    call: (o) => verifyTlogProof(file, o as never),
    given: () => ({ origin: ORIGIN, quorum: QUORUM, entry: entry(5) }),
    required: () => ({ now: NOW }),
    optOut: { now: ['time'] },
  },
  // The class's verifier is its refresh: the checkpoint, judged under the quorum.
  TileLog: {
    call: (o) => reader().refresh(o as never),
    required: () => ({ now: NOW }),
    optOut: { now: ['time'] },
  },
});

describe('a quorum of the log alone has no time to judge', () => {
  const logAlone = { ...QUORUM, witnesses: [], atLeast: 0 };
  it('no now is needed, and the value says there were no timed keys', async () => {
    const policy = { origin: ORIGIN, quorum: logAlone, entry: entry(5) };
    expect(verifyTlogProof(file, policy)).toMatchObject({ ok: true, value: { time: 'no-timed-keys' } });
    const log = new TileLog({ source: storeSource(store), origin: ORIGIN, quorum: logAlone });
    expect(await log.refresh()).toMatchObject({ ok: true, value: { time: 'no-timed-keys' } });
  });
  it('a quorum naming witnesses needs the clock, said in the verifier’s terms', async () => {
    expect(
      thrownSeamError(() => verifyTlogProof(file, { origin: ORIGIN, quorum: QUORUM, entry: entry(5) }))
        .message,
    ).toContain(
      "missing-option: verifyTlogProof needs now (a Date or Unix seconds) to judge the witness cosignatures' times; to leave that unjudged, pass now: 'off'",
    );
    expect((await rejectedSeamError(reader().refresh())).message).toContain(
      "missing-option: TileLog refresh needs now (a Date or Unix seconds) to judge the witness cosignatures' times; to leave that unjudged, pass now: 'off'",
    );
  });
  it('maxAge without a clock is a caller error, before anything is read', async () => {
    expect(
      thrownSeamError(() =>
        verifyTlogProof('not a file', {
          origin: ORIGIN,
          quorum: QUORUM,
          entry: entry(5),
          now: 'off',
          maxAge: 60,
        }),
      ).message,
    ).toMatch(/maxAge needs now/);
    const log = reader();
    expect((await rejectedSeamError(log.refresh({ now: 'off', maxAge: 60 }))).message).toMatch(
      /maxAge needs now/,
    );
    expect(log.reads.checkpoints).toBe(0);
  });
});
