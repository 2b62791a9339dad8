import { createHash } from 'node:crypto';
import { KelWriter } from '@agent-seam/anet-identity';
import { hex, unwrap } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { cid, decode, encode } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  encodeAnetObject,
  LEDGER_GENESIS_ID,
  LEDGER_GENESIS_TEXT,
  MemoryRelayReplayWindow,
  RELAY_ACTIONS,
  RELAY_HEADERS,
  RELAY_MAX_SKEW_MS,
  readTaskMessage,
  relayPreimageV1,
  relayPreimageV2,
  requestDigest,
  signHubRequest,
  signObject,
  verifyAnetCard,
  verifyHubRequest,
  verifyResult,
  verifySignedObject,
} from '../src/index.js';

const ledger = openLedger();
const interop = { interop: true };
const sha256 = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const b = (text: string) => unwrap(hex.decode(text));
const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const cidOf = (bytes: Uint8Array) => cid(bytes, { codec: 'dag-cbor' }).text;
const K0 = sha256('anet-suite-identity-v1/cur');
const K1 = sha256('anet-suite-identity-v1/nxt');
const suite = () =>
  KelWriter.incept({ version: 'v0.15', seed: K0, nextPublicKey: keyPairFromSeed(K1).publicKey });
const SUITE_AID = suite().aid;
const T0 = 1767225600000;

const extracted = loadInterop<any>('anet/extracted_vectors.json');
const golden = loadInterop<any>('anet/ANetCore-v0.15/a2acard/testdata/golden-card.json');
const byId = (list: any[], id: string) => list.find((v) => v.id === id);

describe('anet.relay-auth-interop: ANetCore v0.15 relay-auth vectors (FACTS 11)', () => {
  const GROUP = 'anet.relay-auth-interop';
  if (extracted === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const r = extracted.relayauth;
  for (const id of ['RELAYAUTH-V2-POST', 'RELAYAUTH-V2-GET', 'VEC-RELAYAUTH-2']) {
    it(`${id}: the version-2 preimage from its inputs`, () =>
      ledger.accept(
        GROUP,
        `${id}-preimage`,
        () => {
          const v = byId(r, id);
          const i = v.inputs;
          const digest = requestDigest(i.method, i.path, utf8(i.body_utf8));
          expect(
            text(relayPreimageV2({ action: i.action, aid: i.aid, hub: i.hub, tsMs: i.ts, digest })),
          ).toBe(v.preimage_utf8);
        },
        interop,
      ));
  }
  it('RELAYAUTH-V1-PINNED and VEC-RELAYAUTH-1: the deprecated version-1 preimages', () =>
    ledger.accept(
      GROUP,
      'v1-preimages',
      () => {
        const aid = byId(r, 'RELAYAUTH-V2-POST').inputs.aid;
        expect(text(relayPreimageV1({ action: 'poll', aid, tsMs: T0 }))).toBe(
          byId(r, 'RELAYAUTH-V1-PINNED').preimage_utf8,
        );
        expect(text(relayPreimageV1({ action: 'poll', aid: SUITE_AID, tsMs: T0 }))).toBe(
          byId(r, 'VEC-RELAYAUTH-1').preimage_utf8,
        );
      },
      interop,
    ));
  it('RELAYAUTH-ACTIONS: the actions, the headers and the skew', () =>
    ledger.accept(
      GROUP,
      'actions-headers-skew',
      () => {
        const v = byId(r, 'RELAYAUTH-ACTIONS');
        expect([...RELAY_ACTIONS]).toEqual(v.actions);
        expect([...RELAY_HEADERS]).toEqual(v.headers);
        expect(RELAY_MAX_SKEW_MS).toBe(v.max_skew_ms);
      },
      interop,
    ));
  const v2 = byId(r, 'VEC-RELAYAUTH-2');
  const i = v2.inputs;
  const request = (hub = i.hub) => ({
    method: i.method,
    url: i.path,
    headers: signHubRequest(
      {
        action: i.action,
        aid: i.aid,
        hub,
        seq: 0,
        tsMs: i.ts,
        method: i.method,
        target: i.path,
        body: utf8(i.body_utf8),
      },
      K0,
    ),
    body: i.body_utf8,
  });
  const verify = (req: unknown, nowMs: number) =>
    verifyHubRequest(req, {
      action: i.action,
      hub: i.hub,
      now: new Date(nowMs),
      kels: (aid) => (aid === SUITE_AID ? suite().bytes() : undefined),
      pins: 'off',
      replay: new MemoryRelayReplayWindow(),
      signerClass: 'agent',
    });
  it("VEC-RELAYAUTH-2: signed here, the X-ANet-Sig is ANet's byte for byte, and it verifies against the suite log", () =>
    ledger.accept(
      GROUP,
      'VEC-RELAYAUTH-2-sign-verify',
      () => {
        const req = request();
        expect(req.headers['X-ANet-Sig']).toBe(v2.x_anet_sig);
        expect(unwrap(verify(req, i.ts + 60_000)).version).toBe('v2');
      },
      interop,
    ));
  it('VEC-RELAYAUTH-2 at another hub: refused', () =>
    ledger.refuse(
      GROUP,
      'VEC-RELAYAUTH-2-at-another-hub',
      () =>
        expect(verify(request('bafyreigoldenhub2'), i.ts)).toMatchObject({
          ok: false,
          code: 'bad-signature',
        }),
      interop,
    ));
  it('VEC-RELAYAUTH-2 five minutes and 1 ms later: refused', () =>
    ledger.refuse(
      GROUP,
      'VEC-RELAYAUTH-2-expired',
      () =>
        expect(verify(request(), i.ts + RELAY_MAX_SKEW_MS + 1)).toMatchObject({
          ok: false,
          code: 'request-expired',
        }),
      interop,
    ));
});

describe('anet.objects-interop: ANetCore v0.15 objects reproduced byte for byte (FACTS 3)', () => {
  const GROUP = 'anet.objects-interop';
  if (extracted === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const so = extracted.signed_objects;
  const now = new Date(T0 + 60_000);
  const kel = suite().bytes();
  const receiptFields = (o: Record<string, unknown>) => ({
    interaction: o['1 interaction_id'],
    requester: o['2 requester_aid'],
    provider: o['3 provider_aid'],
    requestCid: o['4 request_cid'],
    resultCid: o['5 result_cid'],
    completedAt: o['6 completed_at'],
  });
  const receipt = () =>
    encodeAnetObject('receipt', 'v0.15', receiptFields(byId(so, 'VEC-RECEIPT-1').object) as never);
  const receiptWire = () => signObject(receipt(), { signer: SUITE_AID, ksn: 0 }, K0);
  const check = (name: string, run: () => void) => it(name, () => ledger.accept(GROUP, name, run, interop));

  check('VEC-RECEIPT-1', () => {
    const v = byId(so, 'VEC-RECEIPT-1');
    expect(hex.encode(receipt())).toBe(v.preimage_hex);
    expect(cidOf(receipt())).toBe(v.cid);
  });
  check('VEC-RECEIPT-WIRE-1', () => {
    const v = byId(so, 'VEC-RECEIPT-WIRE-1');
    expect(hex.encode(receiptWire())).toBe(v.derived_wire_hex_by_me);
    expect(cidOf(receiptWire())).toBe(v.wire_cid);
    const verified = unwrap(verifySignedObject(receiptWire(), { kind: 'receipt', kel, now, pins: 'off' }));
    expect([verified.version, hex.encode(verified.envelope.signature)]).toEqual(['v0.15', v.sig_hex]);
  });
  check('VEC-REVIEW-1', () => {
    const v = byId(so, 'VEC-REVIEW-1');
    const o = v.object;
    const review = encodeAnetObject('review', 'v0.15', {
      interaction: o['1 interaction_id'],
      subject: o['2 subject_aid'],
      reviewer: o['3 reviewer_aid'],
      rating: o['4 rating'],
      comment: o['5 comment'],
      receiptCid: o['6 receipt_cid'],
      createdAt: o['7 created_at'],
    });
    expect(hex.encode(review)).toBe(v.preimage_hex);
    expect(cidOf(review)).toBe(v.cid);
  });
  const authFields = (payer: string) => {
    const d = byId(so, 'VEC-PAYMENT-AUTH-1').decoded;
    return {
      payer,
      payTo: d['2'],
      amount: d['3'],
      network: d['4'],
      nonce: d['5'],
      validAfter: d['6'],
      validBefore: d['7'],
      interaction: d['8'],
    };
  };
  check('VEC-PAYMENT-AUTH-1: the authorization, its id the CID with no payer', () => {
    const v = byId(so, 'VEC-PAYMENT-AUTH-1');
    const auth = encodeAnetObject('payment-authorization', 'v0.15', authFields(''));
    expect(hex.encode(auth)).toBe(v.preimage_hex);
    expect(cidOf(auth)).toBe(v.id_cid);
  });
  check('VEC-PAYMENT-AUTH-WIRE-1: signed by the payer, who fills in key 1', () => {
    const auth = encodeAnetObject('payment-authorization', 'v0.15', authFields(SUITE_AID));
    const wire = signObject(auth, { signer: SUITE_AID, ksn: 0 }, K0);
    expect(cidOf(wire)).toBe(byId(so, 'VEC-PAYMENT-AUTH-WIRE-1').wire_cid);
    expect(verifySignedObject(wire, { kind: 'payment-authorization', kel, now, pins: 'off' }).ok).toBe(true);
  });
  check('VEC-PAYMENT-RECEIPT-1', () => {
    const v = byId(so, 'VEC-PAYMENT-RECEIPT-1');
    const p = v.inputs;
    const bytes = encodeAnetObject('payment-receipt', 'v0.15', {
      authId: p.auth_id,
      payer: p.payer,
      payTo: p.pay_to,
      amount: p.amount,
      network: p.network,
      settleAt: p.settle_at,
    });
    expect(cidOf(bytes)).toBe(v.cid);
  });
  check('VEC-PAYMENT-VOUCHER-1', () => {
    const v = byId(so, 'VEC-PAYMENT-VOUCHER-1');
    const p = v.inputs;
    const bytes = encodeAnetObject('voucher', 'v0.15', {
      authId: p.auth_id,
      payer: p.payer,
      payTo: p.pay_to,
      capability: p.capability,
      amount: p.amount,
      network: p.network,
      notAfter: p.not_after,
      nonce: p.nonce,
    });
    expect(cidOf(bytes)).toBe(v.cid);
  });
  for (const [id, kind] of [
    ['VEC-CHATMSG-1', 'message'],
    ['VEC-CHATMSG-2', 'message'],
    ['VEC-STATUS-1', 'status'],
  ] as const)
    check(`${id}: read strictly, and written again byte for byte`, () => {
      const bytes = b(byId(so, id).wire_hex);
      const read = unwrap(readTaskMessage(kind, bytes));
      expect(read.version).toBe('v0.15');
      expect(hex.encode(encodeAnetObject(kind, 'v0.15', read.fields))).toBe(byId(so, id).wire_hex);
    });
  const result = (receiptBytes: Uint8Array) =>
    encodeAnetObject('result', 'v0.15', {
      status: 'done',
      deliverable: utf8('{"ok":true}'),
      receipt: receiptBytes,
    });
  check(
    "VEC-RESULT-1: the result carrying VEC-RECEIPT-WIRE-1; its receipt verifies and binds the request's CID",
    () => {
      expect(cidOf(result(receiptWire()))).toBe(byId(so, 'VEC-RESULT-1').cid);
      const verified = unwrap(
        verifyResult(result(receiptWire()), { kel, now, pins: 'off', requestCid: 'bafyreigoldenrequest' }),
      );
      expect(verified.binding).toBe('request-cid');
    },
  );
  check('AEL-GENESIS-PREIMAGE: the genesis prev_id', () => {
    const v = byId(extracted.coredet, 'AEL-GENESIS-PREIMAGE');
    expect(hex.encode(encode(LEDGER_GENESIS_TEXT))).toBe(v.preimage_hex);
    expect(cidOf(encode(LEDGER_GENESIS_TEXT))).toBe(v.cid);
    expect(LEDGER_GENESIS_ID).toBe(v.cid);
  });
  it('VEC-RECEIPT-WIRE-1 with its requester edited: refused', () =>
    ledger.refuse(
      GROUP,
      'VEC-RECEIPT-WIRE-1-edited',
      () => {
        const map = unwrap(decode(receiptWire())) as Map<number, Map<number, unknown>>;
        map.get(1)!.set(2, 'did:anet:someone-else');
        expect(
          verifySignedObject(encode(map as never), { kind: 'receipt', kel, now, pins: 'off' }),
        ).toMatchObject({
          ok: false,
          code: 'bad-object-sig',
        });
      },
      interop,
    ));
  it('VEC-RESULT-1 for another request: refused', () =>
    ledger.refuse(
      GROUP,
      'VEC-RESULT-1-another-request',
      () =>
        expect(
          verifyResult(result(receiptWire()), { kel, now, pins: 'off', requestCid: 'bafyreiotherrequest' }),
        ).toMatchObject({
          ok: false,
          code: 'request-mismatch',
        }),
      interop,
    ));
});

describe('anet.card-interop: the ANetCore v0.15 golden card', () => {
  const GROUP = 'anet.card-interop';
  if (golden === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const bytes = utf8(JSON.stringify(golden));
  const verify = (kel: Uint8Array, nowMs: number) =>
    verifyAnetCard(bytes, { kel, now: new Date(nowMs), pins: 'off', variant: 'public' });
  it('verifies against the suite identity log: v0.15 rules, the relay binding of wire 2, kid #0', () =>
    ledger.accept(
      GROUP,
      'golden-card',
      () => {
        const v = unwrap(verify(suite().bytes(), T0 + 60_000));
        expect([v.aid, v.seq, v.state.seq, v.notBeforeMs]).toEqual([
          SUITE_AID,
          '9007199254740993',
          0,
          1767225540000,
        ]);
      },
      interop,
    ));
  it('refused once the suite identity has rotated (kid #0 is no longer current)', () =>
    ledger.refuse(
      GROUP,
      'golden-card-after-rotation',
      () => {
        const rotated = suite()
          .rotate({ seed: K1, nextPublicKey: new Uint8Array(32), timestampMs: T0 + 1000 })
          .bytes();
        expect(verify(rotated, T0 + 60_000)).toMatchObject({ ok: false, code: 'not-current-key' });
      },
      interop,
    ));
  it('refused 6 minutes before its notBefore', () =>
    ledger.refuse(
      GROUP,
      'golden-card-before-not-before',
      () =>
        expect(verify(suite().bytes(), 1767225540000 - 6 * 60_000)).toMatchObject({
          ok: false,
          code: 'card-not-yet-valid',
        }),
      interop,
    ));
});
