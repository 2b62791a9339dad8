import { unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown, thrownSeamError } from '../../../tools/thrown.ts';
import {
  compareKelHeads,
  IdentityCache,
  type KelHead,
  keyStateAt,
  MemoryKelPinStore,
  pinKel,
  pinKelAsync,
  type ReplayedKel,
  replayKel,
  resolveSender,
} from '../src/index.js';
import {
  AGENT,
  agent,
  agentQuery,
  DAY,
  HOUR,
  NOW,
  noticeOf,
  ROTATED,
  seed,
  T0,
  witnessKeyRoots,
} from './fixture.js';

// The details and edges the vectors do not pin (the first mutation run's survivors in
// key-state.ts, pins.ts and cache.ts). Every expected text is written out here.
const now = new Date(NOW);
const replayed = (bytes: Uint8Array): ReplayedKel => unwrap(replayKel(bytes, { now }));
const scheduled = replayed(AGENT.bytes());
const emergency = replayed(agent(3, { emergency: true }).bytes());
const deactivated = replayed(
  agent(2)
    .deactivate({ seed: seed('a2'), timestampMs: ROTATED })
    .bytes(),
);

describe('keyStateAt: each refusal says which, and by how much', () => {
  it('a ksn that is no index of the log is bad-key-state, said so', () => {
    for (const ksn of [-1, 0.5, 3])
      expect(keyStateAt(scheduled, { ksn, tsMs: NOW, acceptedAtMs: NOW })).toEqual({
        ok: false,
        code: 'bad-key-state',
        detail: `the key state ${ksn} lies beyond the log, whose last event is 2`,
      });
  });
  it('the dip state, the states before a version-2 dip or an emergency rotation', () => {
    expect(keyStateAt(deactivated, { ksn: 2, tsMs: 0, acceptedAtMs: 0 })).toEqual({
      ok: false,
      code: 'revoked-key',
      detail: 'the identity was deactivated at event 2',
    });
    expect(keyStateAt(deactivated, { ksn: 1, tsMs: ROTATED - 1, acceptedAtMs: ROTATED })).toEqual({
      ok: false,
      code: 'revoked-key',
      detail: 'the key of state 1 was retired by a deactivation, which leaves no grace',
    });
    expect(keyStateAt(emergency, { ksn: 1, tsMs: ROTATED - 1, acceptedAtMs: ROTATED })).toEqual({
      ok: false,
      code: 'revoked-key',
      detail: 'the key of state 1 was retired by an emergency rotation, which leaves no grace',
    });
  });
  it('signed after the retirement, accepted after the grace: by how much', () => {
    expect(keyStateAt(scheduled, { ksn: 1, tsMs: ROTATED + 1500, acceptedAtMs: ROTATED + 1500 })).toEqual({
      ok: false,
      code: 'revoked-key',
      detail: 'signed 1.5 s after the key of state 1 was retired',
    });
    expect(keyStateAt(scheduled, { ksn: 1, tsMs: ROTATED - 1, acceptedAtMs: ROTATED + HOUR + 1 })).toEqual({
      ok: false,
      code: 'rotation-grace-expired',
      detail: 'accepted 3600.001 s after the rotation, over the grace of 3600 s',
    });
  });
  it('a v0.15 state retired by an event without a timestamp has no grace at all', () => {
    const undated = {
      ...scheduled,
      version: 'v0.15' as const,
      states: scheduled.states.map((s) => (s.seq === 1 ? { ...s, supersededAtMs: 0 } : s)),
    };
    expect(keyStateAt(undated, { ksn: 1, tsMs: 1, acceptedAtMs: 1 })).toEqual({
      ok: false,
      code: 'revoked-key',
      detail: 'the key of state 1 was retired at an unknown time',
    });
  });
});

describe('pins: the heads compared, and the store kept to its contract', () => {
  const head = (...ids: string[]): KelHead => ({ aid: 'a', eventIds: ids });
  it('rollback and fork say where', () => {
    expect(compareKelHeads(head('x', 'y', 'z'), head('x'))).toEqual({
      ok: false,
      code: 'kel-rollback',
      detail: 'the log ends at event 0; the pinned one reaches event 2',
    });
    expect(compareKelHeads(head('x', 'y'), head('x', 'w', 'z'))).toEqual({
      ok: false,
      code: 'kel-fork',
      detail: 'event 1 differs from the log pinned for this AID',
    });
    expect(compareKelHeads(head('x'), head('x', 'y'))).toEqual({ ok: true, value: 'extended' });
    expect(compareKelHeads(head('x', 'y'), head('x', 'y'))).toEqual({ ok: true, value: 'same' });
  });
  it('MemoryKelPinStore sets only over the head it is told is there', () => {
    const store = new MemoryKelPinStore();
    expect(store.compareAndSet('a', head('x'), head('x', 'y'))).toBe(false);
    expect(store.get('a')).toBeUndefined();
    expect(store.compareAndSet('a', undefined, head('x'))).toBe(true);
    expect(store.compareAndSet('a', undefined, head('q'))).toBe(false);
    expect(store.compareAndSet('a', head('x', 'y'), head('x', 'y', 'z'))).toBe(false);
    expect(store.compareAndSet('a', head('w'), head('w', 'y'))).toBe(false);
    expect(store.compareAndSet('a', head('x'), head('x', 'y'))).toBe(true);
    expect(store.get('a')).toEqual(head('x', 'y'));
  });
  it('a writer that wins between the read and the write: the steps read again and judge again', () => {
    const inner = new MemoryKelPinStore();
    const two = replayed(agent(2).bytes());
    let raced = false;
    const racing = {
      get: (aid: string) => inner.get(aid),
      compareAndSet: (aid: string, expected: KelHead | undefined, next: KelHead) => {
        if (!raced) {
          raced = true;
          // Another process pins the full log first.
          inner.compareAndSet(aid, undefined, { aid, eventIds: scheduled.states.map((s) => s.id) });
        }
        return inner.compareAndSet(aid, expected, next);
      },
    };
    expect(pinKel(racing, two)).toMatchObject({ ok: false, code: 'kel-rollback' });
  });
  it('a store that refuses 257 times throws; the 257th success is still taken', () => {
    let calls = 0;
    const late = { get: () => undefined, compareAndSet: () => ++calls === 257 };
    expect(pinKel(late, scheduled)).toEqual({ ok: true, value: 'pinned' });
    expect(
      thrownSeamError(() => pinKel({ get: () => undefined, compareAndSet: () => false }, scheduled)).message,
    ).toContain('store-contended: the pin store refused every compare-and-set: it breaks its contract');
  });
  // why: pins.ts:45:7 the length comparison `true`
  it('MemoryKelPinStore: a head with the pinned last id but fewer ids is not the pinned head', () => {
    const store = new MemoryKelPinStore();
    store.compareAndSet('a', undefined, head('x', 'y'));
    expect(store.compareAndSet('a', head('y'), head('y', 'z'))).toBe(false);
    expect(store.get('a')).toEqual(head('x', 'y'));
  });
  // why: pins.ts:96:11 the write skipped after any verdict (`true`): the longer log would be judged, never pinned
  it('a longer log is pinned over the shorter one, so going back to the shorter is then a rollback', () => {
    const store = new MemoryKelPinStore();
    const two = replayed(agent(2).bytes());
    expect(pinKel(store, two)).toEqual({ ok: true, value: 'pinned' });
    expect(pinKel(store, scheduled)).toEqual({ ok: true, value: 'extended' });
    expect(store.get(scheduled.aid)?.eventIds).toEqual(scheduled.states.map((s) => s.id));
    expect(pinKel(store, two)).toEqual({
      ok: false,
      code: 'kel-rollback',
      detail: 'the log ends at event 1; the pinned one reaches event 2',
    });
  });
  // why: pins.ts:90:23 `<=` for `<` (a 258th round)
  it('a store is asked 257 times, no more: one that would take the 258th still throws', () => {
    let calls = 0;
    const tooLate = { get: () => undefined, compareAndSet: () => ++calls === 258 };
    expect(thrown(() => pinKel(tooLate, scheduled))).toEqual({
      name: 'SeamError',
      code: 'store-contended',
      message: 'store-contended: the pin store refused every compare-and-set: it breaks its contract',
    });
    expect(calls).toBe(257);
  });
  // why: pins.ts:84:5 detail emptied
  it('a store whose promises reject: the pin is refused as unavailable, said so', async () => {
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
    expect(await pinKelAsync({ get: down, compareAndSet: down }, scheduled)).toEqual({
      ok: false,
      code: 'pin-store-unavailable',
      detail: 'the KEL pin store did not answer, so the log cannot be judged against its pin',
    });
  });
  it('a sync entry point given a promise store says which entry point to use', () => {
    const promised = { get: async () => undefined, compareAndSet: async () => true };
    expect(thrownSeamError(() => pinKel(promised, scheduled)).message).toContain(
      'async-store: the pin store answered with a promise: use the async entry point (pinKelAsync, anetSenderKeyResolverAsync)',
    );
  });
});

describe('IdentityCache: bounded, least recently used out, only verified answers kept', () => {
  const query = agentQuery();
  const roots = { ...witnessKeyRoots(), pins: 'off' as const, acceptedAtMs: NOW };
  it('maxEntries must be a positive integer; 1 is allowed', () => {
    expect(thrownSeamError(() => new IdentityCache({ maxEntries: 0 })).message).toContain(
      'bad-argument: maxEntries must be a positive integer',
    );
    expect(new IdentityCache({ maxEntries: 1 }).size).toBe(0);
    expect(new IdentityCache().size).toBe(0);
  });
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new IdentityCache({ maxEntries: 2 });
    expect(resolveSender(query, { ...roots, cache }).ok).toBe(true);
    expect(cache.size).toBe(2);
    // A log once cached is found again (the same verdict without the door).
    expect(resolveSender(query, { ...roots, cache }).ok).toBe(true);
    expect(cache.size).toBe(2);
  });
  it('a refused signature is not kept: the same notice with a good signature is judged afresh', () => {
    const cache = new IdentityCache();
    const forged = { ...query, notices: [noticeOf({}, 'x0')] };
    expect(resolveSender(forged, { ...roots, cache })).toMatchObject({ code: 'bad-notice' });
    const before = cache.size;
    expect(resolveSender(forged, { ...roots, cache })).toMatchObject({ code: 'bad-notice' });
    expect(cache.size).toBe(before);
    expect(resolveSender(query, { ...roots, cache }).ok).toBe(true);
  });
  it('a cached refusal of a log is the same refusal', () => {
    const cache = new IdentityCache();
    const broken = { ...query, kel: AGENT.bytes().subarray(1) };
    const first = resolveSender(broken, { ...roots, cache });
    expect(resolveSender(broken, { ...roots, cache })).toEqual(first);
    expect(first).toMatchObject({ code: 'bad-kel' });
  });
  it('times are judged again on a cached log: its last event ahead of a new now', () => {
    const cache = new IdentityCache();
    expect(resolveSender(query, { ...roots, cache }).ok).toBe(true);
    const early = T0 + 2 * DAY - 10 * 60_000;
    expect(resolveSender({ ...query, nowMs: early, tsMs: early }, { ...roots, cache })).toMatchObject({
      code: 'bad-kel',
    });
  });
});
