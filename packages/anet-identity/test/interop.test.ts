import { createHash } from 'node:crypto';
import { hex, MemoryReplayCache, unwrap } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { cid } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { deriveKeyPair, keyRingOf, openEnvelopeV1 } from '@agent-seam/hpke-seal';
import { describe, expect, it } from 'vitest';
import {
  anetSenderKeyResolver,
  type EventInput,
  encodeEvent,
  encodeKel,
  eventId,
  KelWriter,
  keyStateAt,
  MemoryKelPinStore,
  nextKeyDigest,
  pinKel,
  replayKel,
  resolveSender,
  signEvent,
} from '../src/index.js';

const ledger = openLedger();
const interop = { interop: true };
const sha256 = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const b = (text: string) => unwrap(hex.decode(text));
const now = new Date(1767225660000);
const seedOf = (rule: string) => sha256(rule);
const pub = (seed: Uint8Array) => keyPairFromSeed(seed).publicKey;

const extracted = loadInterop<any>('anet/extracted_vectors.json');
const vec = loadInterop<any>('anet/ANetCore-v0.15/seal/testdata/vec-sealed-1.json');

describe('anet.kel-interop: ANetCore v0.15 logs (FACTS 9) reproduced and replayed', () => {
  const GROUP = 'anet.kel-interop';
  if (extracted === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const suite = extracted.keys.find((k: any) => k.id === 'SUITE-IDENTITY');
  const d = suite.derived_by_me;
  const K0 = seedOf('anet-suite-identity-v1/cur');
  const K1 = seedOf('anet-suite-identity-v1/nxt');
  const K2 = seedOf('anet-suite-supersede-v1/next-after-rot');
  const HOST = seedOf('anet-suite-supersede-v1/host');
  const suiteWriter = () => KelWriter.incept({ version: 'v0.15', seed: K0, nextPublicKey: pub(K1) });

  it('SUITE-IDENTITY: the inception and the log written from the seeds are ANet bytes; the AID is its AID', () =>
    ledger.accept(
      GROUP,
      'suite-identity-aid',
      () => {
        const w = suiteWriter();
        expect(w.aid).toBe(suite.aid);
        expect(hex.encode(w.bytes())).toBe(d.kel_bytes_MarshalKEL);
        expect(eventId(b(d.icp_preimage))).toBe(suite.aid);
        expect(cid(w.bytes(), { codec: 'dag-cbor' }).text).toBe(d.kel_cid);
        expect(verifyEd25519(b(d.k0_pub), b(d.icp_preimage), b(d.icp_sig)).ok).toBe(true);
      },
      interop,
    ));
  it('SUITE-IDENTITY: the log replays to its AID with one active state', () =>
    ledger.accept(
      GROUP,
      'suite-identity-replay',
      () => {
        const kel = unwrap(replayKel(b(d.kel_bytes_MarshalKEL), { now }));
        expect(kel.aid).toBe(suite.aid);
        expect(kel.version).toBe('v0.15');
        expect(kel.states.map((s) => [s.status, hex.encode(s.key)])).toEqual([['active', d.k0_pub]]);
      },
      interop,
    ));

  /** v0.15 events written from FACTS 9's shape: ids chained, signed by the current key. */
  const v015Log = (
    events: (Omit<EventInput, 'version' | 'seq' | 'aid' | 'prev'> & { signer: Uint8Array })[],
  ) => {
    const ids: string[] = [];
    const signed = events.map(({ signer, ...input }, seq) => {
      const bytes = encodeEvent({
        version: 'v0.15',
        seq,
        ...(seq > 0 ? { aid: ids[0], prev: ids[seq - 1] } : {}),
        ...input,
      });
      ids.push(eventId(bytes));
      return signEvent(bytes, signer);
    });
    return encodeKel(signed);
  };
  const icp = { type: 'icp' as const, keys: [pub(K0)], nextDigest: nextKeyDigest(pub(K1)), signer: K0 };

  for (const [index, vector] of (['VEC-KEL-SUPERSEDE-1', 'VEC-KEL-SUPERSEDE-2'] as const).entries()) {
    const v = extracted.kel.find((k: any) => k.id === vector);
    const bytesHex = extracted.kel[1].derived_by_me[index === 0 ? 'kel1_bytes' : 'kel2_bytes'];
    const drt = {
      type: 'drt' as const,
      keys: [pub(HOST)],
      nextDigest: nextKeyDigest(pub(K1)),
      timestampMs: 1000,
      signer: K0,
    };
    const last =
      index === 0
        ? {
            type: 'rot' as const,
            keys: [pub(K1)],
            nextDigest: nextKeyDigest(pub(K2)),
            timestampMs: 5000,
            signer: K0,
          }
        : { type: 'dip' as const, keys: [pub(K0)], timestampMs: 8000, signer: K0 };
    it(`${vector}: written from the seeds, the log is ANet's bytes (its CID)`, () =>
      ledger.accept(
        GROUP,
        `${vector}-bytes`,
        () => {
          const bytes = v015Log([icp, drt, last]);
          expect(hex.encode(bytes)).toBe(bytesHex);
          expect(cid(bytes, { codec: 'dag-cbor' }).text).toBe(v.kel_cid);
        },
        interop,
      ));
    it(`${vector}: the state table, field by field`, () =>
      ledger.accept(
        GROUP,
        `${vector}-states`,
        () => {
          const kel = unwrap(replayKel(b(bytesHex), { now }));
          expect(kel.states.map((s) => [s.status, s.supersededAtMs])).toEqual(v.state_table);
          expect(kel.states.map((s) => s.id)).toEqual([
            suite.aid,
            extracted.kel[1].derived_by_me.drt_event_id,
            extracted.kel[1].derived_by_me[index === 0 ? 'rot_event_id' : 'dip_event_id'],
          ]);
        },
        interop,
      ));
    // verify_object_expectations: the message time against each state (a hub acceptance at that time).
    const at = (ksn: number, tsMs: number) =>
      keyStateAt(unwrap(replayKel(b(bytesHex), { now })), { ksn, tsMs, acceptedAtMs: tsMs });
    const cut = index === 0 ? 5000 : 8000;
    for (const ksn of [0, 1]) {
      it(`${vector}: K0 at seq ${ksn} signs at ${cut - 1}`, () =>
        ledger.accept(
          GROUP,
          `${vector}-seq${ksn}-${cut - 1}`,
          () => expect(hex.encode(unwrap(at(ksn, cut - 1)).key)).toBe(hex.encode(pub(K0))),
          interop,
        ));
      for (const t of [cut, cut + 1])
        it(`${vector}: K0 at seq ${ksn} is revoked at ${t}`, () =>
          ledger.refuse(
            GROUP,
            `${vector}-seq${ksn}-${t}`,
            () => expect(at(ksn, t)).toMatchObject({ code: 'revoked-key' }),
            interop,
          ));
    }
    if (index === 0)
      it(`${vector}: K1 at seq 2 signs at 5000`, () =>
        ledger.accept(
          GROUP,
          `${vector}-seq2`,
          () => expect(hex.encode(unwrap(at(2, 5000)).key)).toBe(hex.encode(pub(K1))),
          interop,
        ));
    else
      for (const t of [0, 7999, 8000])
        it(`${vector}: the dip state is revoked at ${t}`, () =>
          ledger.refuse(
            GROUP,
            `${vector}-seq2-${t}`,
            () => expect(at(2, t)).toMatchObject({ code: 'revoked-key' }),
            interop,
          ));
  }

  // PREROTATION-STOLEN-KEY: a thief of the current key k0 writes a drt or ixn naming its own key.
  const k0 = seedOf('anet-test/prerotation/k0');
  const k1 = seedOf('anet-test/prerotation/k1');
  const attacker = seedOf('anet-test/prerotation/attacker');
  const start = { type: 'icp' as const, keys: [pub(k0)], nextDigest: nextKeyDigest(pub(k1)), signer: k0 };
  for (const type of ['drt', 'ixn'] as const)
    it(`PREROTATION-STOLEN-KEY case 1 (${type}): a rot matching a digest the ${type} rewrote does not replay`, () =>
      ledger.refuse(
        GROUP,
        `prerotation-case-1-${type}`,
        () =>
          expect(
            replayKel(
              v015Log([
                start,
                {
                  type,
                  keys: [pub(attacker)],
                  nextDigest: nextKeyDigest(pub(attacker)),
                  timestampMs: 1000,
                  signer: k0,
                },
                {
                  type: 'rot',
                  keys: [pub(attacker)],
                  timestampMs: 2000,
                  nextDigest: nextKeyDigest(pub(attacker)),
                  signer: k0,
                },
              ]),
              { now },
            ),
          ).toMatchObject({ code: 'bad-prerotation' }),
        interop,
      ));
  for (const next of ['none', 'attacker'] as const)
    it(`PREROTATION-STOLEN-KEY case 2 (ixn next ${next}): the rot across ixn and drt replays, k1 current`, () =>
      ledger.accept(
        GROUP,
        `prerotation-case-2-${next}`,
        () => {
          const digest = next === 'none' ? {} : { nextDigest: nextKeyDigest(pub(attacker)) };
          const kel = unwrap(
            replayKel(
              v015Log([
                start,
                { type: 'ixn', keys: [pub(k0)], ...digest, timestampMs: 1000, signer: k0 },
                { type: 'drt', keys: [pub(attacker)], ...digest, timestampMs: 1500, signer: k0 },
                {
                  type: 'rot',
                  keys: [pub(k1)],
                  nextDigest: nextKeyDigest(pub(attacker)),
                  timestampMs: 2000,
                  signer: k0,
                },
              ]),
              { now },
            ),
          );
          expect(hex.encode(kel.tip.key)).toBe(hex.encode(pub(k1)));
          expect(kel.tip.status).toBe('active');
        },
        interop,
      ));
});

describe('anet.sealed-interop: VEC-SEALED-1 opened end to end with the built-in resolver', () => {
  const GROUP = 'anet.sealed-interop';
  if (extracted === null || vec === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const facts = extracted.seal.find((e: any) => e.id === 'VEC-SEALED-1');
  const recipient = deriveKeyPair(sha256('anet-seal-golden-v1/recipient-enc'));
  const open = (pins: MemoryKelPinStore) =>
    openEnvelopeV1(b(vec.envelope), {
      ownAid: facts.inner_fields.to,
      keyRing: keyRingOf([recipient.privateKey]),
      now: new Date(facts.now_for_checks),
      replay: new MemoryReplayCache(),
      resolveSenderKey: anetSenderKeyResolver({ pins, acceptedAtMs: 'receiver-clock', witnessKeys: {} }),
    });
  const K0 = seedOf('anet-suite-identity-v1/cur');
  const K1 = seedOf('anet-suite-identity-v1/nxt');

  it('opens: the attached log replays to from, the key at ksn 0 signed, the key set holds (step 8)', () =>
    ledger.accept(
      GROUP,
      'vec-sealed-1-opens',
      () => {
        const opened = unwrap(open(new MemoryKelPinStore()));
        expect(opened.from).toBe(facts.inner_fields.from);
        expect(hex.encode(opened.senderKey)).toBe(hex.encode(pub(K0)));
      },
      interop,
    ));
  it("the resolver's answer: the v0.15 log, the key set of one sender key, pinned", () =>
    ledger.accept(
      GROUP,
      'vec-sealed-1-resolved',
      () => {
        const inner = facts.derived_by_me;
        const resolved = unwrap(
          resolveSender(
            {
              from: facts.inner_fields.from,
              ksn: 0,
              tsMs: facts.inner_fields.ts,
              nowMs: facts.now_for_checks,
              kel: b(
                extracted.keys.find((k: any) => k.id === 'SUITE-IDENTITY').derived_by_me.kel_bytes_MarshalKEL,
              ),
              keys: b(inner.signed_enc_key_set),
            },
            { pins: new MemoryKelPinStore(), acceptedAtMs: 'receiver-clock', witnessKeys: {} },
          ),
        );
        expect(resolved.kel.version).toBe('v0.15');
        expect(resolved.pin).toBe('pinned');
        expect(resolved.keySet.version).toBe('v1');
        expect(resolved.keySet.keys.map((k) => hex.encode(k.kid))).toEqual([inner.sender_enc_kid]);
        expect(hex.encode(resolved.keySet.setBytes)).toBe(inner.enc_key_set_bytes);
      },
      interop,
    ));
  it('refused bad-kel once a longer log of the same AID is pinned (a rollback)', () =>
    ledger.refuse(
      GROUP,
      'vec-sealed-1-rollback',
      () => {
        const pins = new MemoryKelPinStore();
        const longer = KelWriter.incept({ version: 'v0.15', seed: K0, nextPublicKey: pub(K1) }).rotate({
          seed: K1,
          nextPublicKey: pub(K0),
          timestampMs: facts.inner_fields.ts + 1,
        });
        unwrap(pinKel(pins, unwrap(replayKel(longer.bytes(), { now }))));
        expect(open(pins)).toMatchObject({
          ok: false,
          code: 'bad-kel',
          detail: expect.stringContaining('kel-rollback'),
        });
      },
      interop,
    ));
});
