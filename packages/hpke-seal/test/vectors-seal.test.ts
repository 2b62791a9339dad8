import { fail, hex, MemoryReplayCache, ok, unwrap } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  createDack,
  deriveKeyPair,
  type KeyRing,
  keyRingOf,
  type OpenEnvelopeV2Options,
  openEnvelope,
  openEnvelopeAsync,
  openEnvelopeV1,
  openEnvelopeV1Async,
  padme,
  readDack,
  type SenderKeyCode,
} from '../src/index.js';
import { padLengthFor } from '../src/padme.js';

const ledger = openLedger();
const b = (text: string) => unwrap(hex.decode(text));
const file = loadVectors<any>('hpke_seal.json');

describe('seal.padme: Padmé lengths and the pad that reaches them', () => {
  const g = file['seal.padme'];
  for (const c of g.padme)
    it(`padme(${c.n})`, () =>
      ledger.accept('seal.padme', `padme-${c.n}`, () => expect(padme(c.n)).toBe(c.padme)));
  for (const c of g.padLength)
    it(`pad for ${c.emptyPadLength}`, () =>
      ledger.accept('seal.padme', `pad-${c.emptyPadLength}`, () => {
        expect(padLengthFor(c.emptyPadLength)).toBe(c.padZeros);
        expect(padme(c.total)).toBe(c.total);
      }));
});

/** The runner's defaults and the `open` overrides the vector file documents. */
function optionsFor(keys: any, open: Record<string, any> = {}): OpenEnvelopeV2Options {
  const epoch = deriveKeyPair(b(keys.epochIkm));
  const other = deriveKeyPair(b(keys.otherEpochIkm));
  const interaction = deriveKeyPair(b(keys.interactionIkm));
  const sender = keyPairFromSeed(b(keys.senderSeed));
  const interactionRings: Record<string, KeyRing> = {
    interaction: keyRingOf([interaction.privateKey]),
    none: () => undefined,
    'wrong-key': () => epoch.privateKey,
  };
  const resolver = (open.resolver ?? 'sender') as 'sender' | SenderKeyCode;
  return {
    ownAid: open.ownAid ?? keys.ownAid,
    now: new Date(open.nowMs ?? keys.nowMs),
    keyRing: keyRingOf([(open.keyRing === 'other' ? other : epoch).privateKey]),
    interactionKeyRing: interactionRings[open.interactionKeyRing ?? 'interaction'],
    resolveSenderKey: (q) =>
      resolver !== 'sender'
        ? fail(resolver)
        : q.from === keys.from && q.ksn === 0
          ? ok(sender.publicKey)
          : fail('bad-key-state'),
    ...(open.maxBytes === undefined ? {} : { maxBytes: open.maxBytes }),
    mailbox:
      open.mailbox === 'off'
        ? 'off'
        : { publicKey: keyPairFromSeed(b(keys.mailboxSeed)).publicKey, epoch: keys.mailboxEpoch },
    replay:
      open.replay === 'forgotten'
        ? FORGETFUL
        : open.replay === 'unavailable'
          ? UNREACHABLE
          : new MemoryReplayCache(),
  };
}

/** The store of `replay: "forgotten"`: it has had to forget envelopes this old. */
const FORGETFUL = { windowSeconds: 600, checkAndRemember: () => 'forgotten' as const };
/** The store of `replay: "unavailable"`: a shared store whose server cannot be reached. */
const UNREACHABLE = {
  windowSeconds: 600,
  checkAndRemember: () => Promise.reject<'new'>(new Error('connect ECONNREFUSED')),
};

/** Each version's openers: the synchronous one and the asynchronous one. */
const V2 = [openEnvelope, openEnvelopeAsync] as const;
const V1 = [openEnvelopeV1, openEnvelopeV1Async] as const;

/**
 * Opens a refusal case with its options; `replay: "delivered"` first opens the envelope
 * once through the same store, which must succeed, so the judged opening is the second;
 * `replay: "unavailable"` opens it with the asynchronous opener (a store answering with a
 * promise is for that one).
 */
async function openRefusal<V extends { ok: boolean }>(
  [opener, openerAsync]: readonly [
    (bytes: Uint8Array, options: OpenEnvelopeV2Options) => V,
    (bytes: Uint8Array, options: OpenEnvelopeV2Options) => Promise<V>,
  ],
  bytes: Uint8Array,
  options: OpenEnvelopeV2Options,
  o: Record<string, unknown> = {},
): Promise<V> {
  if (o.replay === 'unavailable') return openerAsync(bytes, options);
  if (o.replay === 'delivered' && !opener(bytes, options).ok)
    throw new Error('the first delivery of a replay case must open');
  return opener(bytes, options);
}

describe('seal.v2: envelopes that open', () => {
  const g = file['seal.v2'];
  for (const c of g.accept)
    it(c.name, () =>
      ledger.accept('seal.v2', c.name, () => {
        const o = unwrap(openEnvelope(b(c.envelope), optionsFor(g.keys)));
        expect({
          layers: o.layers,
          from: o.from,
          ksn: o.ksn,
          to: o.to,
          type: o.type,
          ix: o.ix,
          mid: hex.encode(o.mid),
          tsMs: o.tsMs,
          expMs: o.expMs,
          body: hex.encode(o.body),
          accessKind: o.access.kind,
          history: o.history !== undefined,
          rk: o.rk === undefined ? null : hex.encode(o.rk),
          extensionKeys: {
            inner: o.extensions.inner.map((e) => Number(e.key)),
            wrap: o.extensions.wrap.map((e) => Number(e.key)),
            outer: o.extensions.outer.map((e) => Number(e.key)),
          },
          dackHandle: hex.encode(o.dack.handle),
        }).toEqual(c.expect);
      }),
    );
});

describe('seal.v2-refuse: one refusal per check, in the order openEnvelope runs them', () => {
  const g = file['seal.v2-refuse'];
  for (const c of g.refuse)
    it(`${c.name}: ${c.why}`, () =>
      ledger.refuse('seal.v2-refuse', c.name, async () => {
        // asIs: the opener gets the hex text itself (received data of the wrong type).
        const bytes = c.asIs?.includes('envelope') ? c.envelope : b(c.envelope);
        const first = await openRefusal(V2, bytes, optionsFor(g.keys, c.open), c.open);
        expect(first.ok ? 'opened' : first.code).toBe(c.code);
        if (c.detail !== undefined) expect(first.ok ? undefined : first.detail).toBe(c.detail);
        // Deterministic: the same bytes fail the same way again (with a store of the same history).
        expect(await openRefusal(V2, bytes, optionsFor(g.keys, c.open), c.open)).toEqual(first);
      }));
});

describe('seal.dack: delivery confirmations from the layer-1 exporter', () => {
  const g = file['seal.dack'];
  const keys = unwrap(openEnvelope(b(g.envelope), optionsFor(g.keys))).dack;
  for (const c of g.accept)
    it(c.name, () =>
      ledger.accept('seal.dack', c.name, () => {
        expect(hex.encode(createDack(keys, c.note))).toBe(c.dack);
        expect(unwrap(readDack(keys, b(c.dack)))).toEqual(c.note);
      }),
    );
  for (const c of g.refuse)
    it(`${c.name}: ${c.why}`, () =>
      ledger.refuse('seal.dack', c.name, () => {
        const v = readDack(keys, c.asIs?.includes('dack') ? c.dack : b(c.dack));
        expect(v.ok ? 'read' : v.code).toBe(c.code);
      }));
});

describe('seal.v1: own v1 envelopes through openEnvelopeV1', () => {
  const g = file['seal.v1'];
  for (const c of g.accept)
    it(c.name, () =>
      ledger.accept('seal.v1', c.name, () => {
        const o = unwrap(openEnvelopeV1(b(c.envelope), optionsFor(g.keys)));
        expect(o.from).toBe(g.keys.from);
        expect(o.extensions.map((e) => Number(e.key))).toEqual([64]);
      }),
    );
  for (const c of g.refuse)
    it(`${c.name}: ${c.why}`, () =>
      ledger.refuse('seal.v1', c.name, async () => {
        const v = await openRefusal(V1, b(c.envelope), optionsFor(g.keys, c.open), c.open);
        expect(v.ok ? 'opened' : v.code).toBe(c.code);
      }));
});
