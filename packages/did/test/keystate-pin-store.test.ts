import {
  didFromSeed,
  type KeyStatePin,
  type KeyStatePinStore,
  MemoryKeyStatePinStore,
  resolveOpDid,
  resolveOpDidPinned,
  signKeyState,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError } from '../../../tools/thrown.ts';
import { NOW, seed } from './fixture.js';

const ROOT_SEED = seed(1);
const ROOT = didFromSeed(ROOT_SEED);
const op = (n: number) => didFromSeed(seed(10 + n));

/** A KeyState of ROOT at `epoch` naming op `n`, valid from 0 on. */
const state = (epoch: number, n: number, extra: Record<string, unknown> = {}) =>
  signKeyState(
    { rootDid: ROOT, epoch, opDid: op(n), notBefore: 0, notAfter: null, ts: NOW, ...extra },
    ROOT_SEED,
  ) as KeyStatePin;

/** The memory store answering with promises, each after the other callers had a turn. */
class LaterStore implements KeyStatePinStore {
  readonly inner = new MemoryKeyStatePinStore();
  writes = 0;
  async get(rootDid: string) {
    await Promise.resolve();
    return this.inner.get(rootDid);
  }
  async compareAndSet(rootDid: string, expected: KeyStatePin | undefined, next: KeyStatePin) {
    await Promise.resolve();
    const written = this.inner.compareAndSet(rootDid, expected, next);
    if (written) this.writes++;
    return written;
  }
}

describe('resolveOpDidPinned (the KeyState ratchet over a pin store)', () => {
  it('pins the first record, advances on a greater epoch, and keeps the pin against rollback and fork', async () => {
    const pins = new MemoryKeyStatePinStore();
    const one = state(1, 1);
    expect(await resolveOpDidPinned(ROOT, one, NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: op(1), pin: 'pinned' },
    });
    expect(pins.get(ROOT)).toBe(one);
    expect(await resolveOpDidPinned(ROOT, one, NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: op(1), pin: 'kept' },
    });
    const two = state(2, 2);
    expect(await resolveOpDidPinned(ROOT, two, NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: op(2), pin: 'advanced' },
    });
    // Rollback: the epoch-1 record again. The pin stands and speaks.
    expect(await resolveOpDidPinned(ROOT, one, NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: op(2), pin: 'kept' },
    });
    // Fork: another record at the pinned epoch.
    expect(await resolveOpDidPinned(ROOT, state(2, 3), NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: op(2), pin: 'kept' },
    });
    expect(pins.get(ROOT)).toBe(two);
  });

  it('answers as resolveOpDid with the same pin, for every pairing of the records', async () => {
    const records = [undefined, state(1, 1), state(2, 2), state(2, 3), state(3, 4, { revokedOps: [op(4)] })];
    for (const pinned of records)
      for (const inline of records) {
        const pins = new MemoryKeyStatePinStore();
        if (pinned !== undefined) pins.compareAndSet(ROOT, undefined, pinned);
        const verdict = await resolveOpDidPinned(ROOT, inline, NOW, { pins });
        expect(verdict.ok && verdict.value.opDid).toBe(resolveOpDid(ROOT, inline, NOW, { pinned }));
      }
  });

  it('leaves no pin for an invalid or absent record', async () => {
    const pins = new MemoryKeyStatePinStore();
    const forged = { ...state(1, 1), epoch: 9 };
    expect(await resolveOpDidPinned(ROOT, forged, NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: ROOT, pin: 'none' },
    });
    expect(await resolveOpDidPinned(ROOT, null, NOW, { pins })).toEqual({
      ok: true,
      value: { opDid: ROOT, pin: 'none' },
    });
    expect(pins.get(ROOT)).toBeUndefined();
  });

  it('of two forks pinned at once, stores exactly one; the other resolves to it', async () => {
    const pins = new LaterStore();
    pins.inner.compareAndSet(ROOT, undefined, state(1, 1));
    const [a, b] = await Promise.all([
      resolveOpDidPinned(ROOT, state(2, 2), NOW, { pins }),
      resolveOpDidPinned(ROOT, state(2, 3), NOW, { pins }),
    ]);
    expect(pins.writes).toBe(1);
    const outcomes = [a, b].map((v) => (v.ok ? v.value.pin : v.code)).sort();
    expect(outcomes).toEqual(['advanced', 'kept']);
    const stored = pins.inner.get(ROOT)!;
    expect(a.ok && b.ok && a.value.opDid === b.value.opDid && a.value.opDid === stored.opDid).toBe(true);
  });

  it('refuses with pin-store-unavailable when the store rejects, on read or on write', async () => {
    const down = new Error('connection refused');
    const readFails: KeyStatePinStore = { get: () => Promise.reject(down), compareAndSet: () => true };
    const writeFails: KeyStatePinStore = {
      get: () => undefined,
      compareAndSet: () => Promise.reject(down),
    };
    for (const pins of [readFails, writeFails])
      expect(await resolveOpDidPinned(ROOT, state(1, 1), NOW, { pins })).toMatchObject({
        ok: false,
        code: 'pin-store-unavailable',
      });
  });

  it('throws for a missing store, and for a store that refuses every write', async () => {
    expect((await rejectedSeamError(resolveOpDidPinned(ROOT, null, NOW, {} as never))).message).toMatch(
      /needs pins/,
    );
    const refusing: KeyStatePinStore = { get: () => undefined, compareAndSet: () => false };
    expect(
      (await rejectedSeamError(resolveOpDidPinned(ROOT, state(1, 1), NOW, { pins: refusing }))).code,
    ).toBe('store-contended');
  });
});
