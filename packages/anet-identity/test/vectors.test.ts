import { hex, MemoryReplayCache, unwrap } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { deriveKeyPair, keyRingOf, openEnvelope, openEnvelopeAsync } from '@agent-seam/hpke-seal';
import { describe, expect, it } from 'vitest';
import {
  anetSenderKeyResolver,
  anetSenderKeyResolverAsync,
  chooseEncryptionKey,
  type KelPinStore,
  keySetUpdate,
  keyStateAt,
  MemoryKelPinStore,
  pinKel,
  pinKelAsync,
  type ReplayedKel,
  replayKel,
  verifyKeySet,
  verifyNotice,
  type WitnessRoots,
} from '../src/index.js';

const ledger = openLedger();
const b = (text: string) => unwrap(hex.decode(text));
const file = loadVectors<any>('anet_identity.json');
/** A received field: bytes from hex, or (named in `asIs`) the JSON value itself, of the wrong type. */
const wire = (c: any, field: string) => (c.asIs?.includes(field) ? c[field] : b(c[field]));
const replayed = (kelHex: string, nowMs: number): ReplayedKel =>
  unwrap(replayKel(b(kelHex), { now: new Date(nowMs) }));
const rows = (kel: ReplayedKel) =>
  kel.states.map((s) => [s.status, s.supersededAtMs, s.type, hex.encode(s.key)]);

describe('anet.kel: logs that replay, and one refusal per check', () => {
  const g = file['anet.kel'];
  const now = new Date(g.nowMs);
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.kel', c.name, () => {
        const kel = unwrap(replayKel(b(c.kel), { now }));
        expect(kel.aid).toBe(c.aid);
        expect(kel.version).toBe(c.version);
        expect(kel.kind).toBe(c.kind);
        expect(kel.witness).toBe(c.witness);
        expect(kel.deactivated).toBe(c.deactivated);
        expect(rows(kel)).toEqual(c.states);
      }));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.kel', c.name, () => {
        const verdict = replayKel(wire(c, 'kel'), { now });
        expect(verdict).toMatchObject({ ok: false, code: c.code });
        if (c.detailHas !== undefined) expect((verdict as { detail: string }).detail).toContain(c.detailHas);
        // The same bytes fail the same way every time.
        expect(replayKel(wire(c, 'kel'), { now })).toEqual(verdict);
      }));
});

describe('anet.key-state: the key at a key state, time and hub acceptance', () => {
  const g = file['anet.key-state'];
  const kels = Object.fromEntries(
    Object.entries(g.kels).map(([k, v]) => [k, replayed(v as string, g.nowMs)]),
  );
  const judge = (c: any) =>
    keyStateAt(kels[c.kel]!, {
      ksn: c.ksn,
      tsMs: c.tsMs ?? g.nowMs,
      acceptedAtMs: c.acceptedAtMs ?? c.tsMs ?? g.nowMs,
    });
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.key-state', c.name, () => expect(hex.encode(unwrap(judge(c)).key)).toBe(c.key)));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.key-state', c.name, () =>
        expect(judge(c)).toMatchObject({ ok: false, code: c.code }),
      ));
});

/** A shared store whose server cannot be reached: every answer is a rejected promise. */
const unreachableStore: KelPinStore = {
  get: () => Promise.reject(new Error('connect ECONNREFUSED')),
  compareAndSet: () => Promise.reject(new Error('connect ECONNREFUSED')),
};

describe('anet.pins: rollbacks and forks against the pinned log', () => {
  const g = file['anet.pins'];
  const run = async (c: any) => {
    const store = c.unavailable === true ? unreachableStore : new MemoryKelPinStore();
    for (const step of c.steps) {
      const kel = replayed(g.kels[step.kel], g.nowMs);
      const verdict = c.unavailable === true ? await pinKelAsync(store, kel) : pinKel(store, kel);
      if (step.code === undefined) expect(verdict).toEqual({ ok: true, value: step.outcome });
      else expect(verdict).toMatchObject({ ok: false, code: step.code });
    }
  };
  for (const c of g.accept) it(`accept/${c.name}`, () => ledger.accept('anet.pins', c.name, () => run(c)));
  for (const c of g.refuse) it(`refuse/${c.name}`, () => ledger.refuse('anet.pins', c.name, () => run(c)));
});

describe('anet.notice: witness notices against the log they travel with', () => {
  const g = file['anet.notice'];
  const kels = Object.fromEntries(Object.entries(g.kels).map(([k, v]) => [k, b(v as string)]));
  const roots: Record<string, WitnessRoots> = {
    key: { witnessKeys: { [g.witness]: b(g.witnessKey) } },
    kel: { witnesses: { [g.witness]: kels.hub! } },
    none: { witnessKeys: {} },
    'kel-of-other': { witnesses: { [g.witness]: kels.otherHub! } },
    'kel-as-agent': { witnesses: { [g.witness]: kels.witnessAsAgent! } },
  };
  const judge = (c: any) =>
    verifyNotice(wire(c, 'notice'), {
      kel: replayed(g.kels[c.kel ?? 'agent'], g.nowMs),
      now: new Date(g.nowMs),
      ...roots[c.roots],
    });
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.notice', c.name, () => expect(unwrap(judge(c)).witnessKeyFrom).toBe(c.from)));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.notice', c.name, () =>
        expect(judge(c)).toMatchObject({ ok: false, code: c.code }),
      ));
});

describe('anet.key-set: signed encryption key sets, the high-water rule and the key a sender picks', () => {
  const g = file['anet.key-set'];
  const judge = (c: any, field = 'keySet') =>
    verifyKeySet(wire(c, field), {
      kel: replayed(g.kels[c.kel ?? 'agent'], c.nowMs ?? g.nowMs),
      now: new Date(c.nowMs ?? g.nowMs),
    });
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.key-set', c.name, () => {
        const set = unwrap(judge(c));
        const mbox =
          set.mbox === undefined ? {} : { mbox: { epoch: set.mbox.epoch, key: hex.encode(set.mbox.key) } };
        expect({ version: set.version, aid: set.aid, seq: set.seq, keys: set.keys.length, ...mbox }).toEqual(
          c.expect,
        );
        expect(hex.encode(chooseEncryptionKey(set, c.nowMs ?? g.nowMs)!.publicKey)).toBe(c.choose);
      }));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.key-set', c.name, () =>
        expect(judge(c)).toMatchObject({ ok: false, code: c.code }),
      ));
  for (const c of g.update) {
    const side = c.code === undefined ? ledger.accept : ledger.refuse;
    it(`update/${c.name}`, () =>
      side.call(ledger, 'anet.key-set', `update/${c.name}`, () => {
        const verdict = keySetUpdate(unwrap(judge(c, 'stored')), unwrap(judge(c, 'candidate')));
        if (c.code === undefined) expect(verdict).toEqual({ ok: true, value: c.outcome });
        else expect(verdict).toMatchObject({ ok: false, code: c.code });
      }));
  }
});

describe('anet.resolver: v2 envelopes opened with the built-in resolver', () => {
  const g = file['anet.resolver'];
  const recipient = deriveKeyPair(b(g.recipientIkm));
  const setup = (c: any) => {
    const pins = new MemoryKelPinStore();
    if (c.pinned !== undefined) unwrap(pinKel(pins, replayed(g.kels[c.pinned], c.nowMs ?? g.nowMs)));
    const roots = {
      witnessKeys: { [g.witness]: b(g.witnessKey) },
      acceptedAtMs: c.acceptedAtMs ?? ('receiver-clock' as const),
    };
    const options = {
      ownAid: g.recipient,
      keyRing: keyRingOf([recipient.privateKey]),
      now: new Date(c.nowMs ?? g.nowMs),
      // Each case is one first delivery: a fresh store judges it once; a session credential, no mailbox.
      replay: new MemoryReplayCache(),
      mailbox: 'off' as const,
    };
    return { pins, roots, options };
  };
  const open = (c: any) => {
    const { pins, roots, options } = setup(c);
    return openEnvelope(b(c.envelope), {
      ...options,
      resolveSenderKey: anetSenderKeyResolver({ ...roots, pins }),
    });
  };
  /** The same case through the async opener, its pins in a store that answers with promises (a shared one). */
  const openLater = (c: any) => {
    const { pins, roots, options } = setup(c);
    const shared: KelPinStore = {
      get: async (aid) => pins.get(aid),
      compareAndSet: async (aid, expected, next) => pins.compareAndSet(aid, expected, next),
    };
    return openEnvelopeAsync(b(c.envelope), {
      ...options,
      resolveSenderKey: anetSenderKeyResolverAsync({ ...roots, pins: shared }),
    });
  };
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.resolver', c.name, () =>
        expect(hex.encode(unwrap(open(c)).senderKey)).toBe(c.senderKey),
      ));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.resolver', c.name, () =>
        expect(open(c)).toMatchObject({ ok: false, code: c.code }),
      ));
  it('every case opens the same through openEnvelopeAsync with the async resolver and a shared pin store', async () => {
    for (const c of [...g.accept, ...g.refuse]) {
      const later = await openLater(c);
      if (c.code === undefined) expect(hex.encode(unwrap(later).senderKey), c.name).toBe(c.senderKey);
      else expect(later, c.name).toMatchObject({ ok: false, code: c.code });
    }
  });
});
