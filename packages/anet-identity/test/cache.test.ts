import { unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { runSync } from '../src/drive.js';
import { IdentityCache, MemoryKelPinStore, replayKel, resolveSender } from '../src/index.js';
import { kelLimits } from '../src/kel.js';
import { pinSteps } from '../src/pins.js';
import { agent, agentQuery, hub, NOW, noticeOf, otherHub, witnessKeyRoots } from './fixture.js';

describe('IdentityCache: a log read again is found again, and reading it keeps it', () => {
  const [a, b, c] = [agent().bytes(), hub().bytes(), otherHub().bytes()];
  const replayWith = (cache: IdentityCache) => (bytes: Uint8Array) =>
    runSync(cache.replay(bytes, kelLimits(undefined)));

  // why: cache.ts:47:17 the key emptied (every log one entry), 49:9 `known !== undefined` false (never found)
  it('each log is kept under its own bytes: the same verdict again, another log its own', () => {
    const replay = replayWith(new IdentityCache());
    const first = replay(a);
    expect(replay(a)).toBe(first);
    expect(replay(b)).not.toBe(first);
    expect(replay(b)).toMatchObject({ ok: true, value: { aid: hub().aid } });
  });

  // why: cache.ts:31:30 the read's refresh emptied, 33:9 (false, `===`), 33:30, 34:7 (a read no longer makes a log recent)
  it('of two kept logs, the one read last stays when a third comes', () => {
    const replay = replayWith(new IdentityCache({ maxEntries: 2 }));
    const first = replay(a);
    replay(b);
    expect(replay(a)).toBe(first);
    replay(c);
    expect(replay(a)).toBe(first);
  });

  // why: cache.ts:68:11 a refused answer kept (`true`, `||`), 33:9 `true` (a miss leaves an empty entry behind)
  it('a notice whose signature is refused leaves only the replayed log in the cache', () => {
    const cache = new IdentityCache();
    const forged = { ...agentQuery(), notices: [noticeOf({}, 'x0')] };
    const options = { ...witnessKeyRoots(), pins: 'off', acceptedAtMs: NOW, cache } as const;
    expect(resolveSender(forged, options)).toMatchObject({ code: 'bad-notice' });
    expect(cache.size).toBe(1);
  });

  // why: cache.ts:60:11 `!Array.isArray(need)` false, 60:33 its block emptied (a store call read as an Ed25519 question)
  it('steps that also ask the pin store: the cache passes the store call on to the driver untouched', () => {
    const store = new MemoryKelPinStore();
    const kel = unwrap(replayKel(a, { now: new Date(NOW) }));
    expect(runSync(new IdentityCache().answered(pinSteps(kel)), store)).toEqual({
      ok: true,
      value: 'pinned',
    });
    expect(store.get(kel.aid)?.eventIds).toHaveLength(3);
  });
});
