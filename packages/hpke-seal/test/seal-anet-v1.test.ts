import { createHash } from 'node:crypto';
import { fail, hex, ok, unwrap } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  deriveKeyPair,
  keyId,
  keyRingOf,
  type OpenEnvelopeOptions,
  openEnvelopeV1,
  type ResolveSenderKey,
  setupBaseR,
} from '../src/index.js';
import { sealInfo } from '../src/seal-info.js';

const ledger = openLedger();
const GROUP = 'seal.anet-v1';
const interop = { interop: true };
const sha256 = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const h = (text: string) => unwrap(hex.decode(text));

interface VecSealed {
  recipient_pub: string;
  recipient_kid: string;
  hpke_info: string;
  sig_preimage: string;
  envelope: string;
}

describe('seal.anet-v1: VEC-SEALED-1 of ANetCore v0.15, opened from its real bytes', () => {
  const vec = loadInterop<VecSealed>('anet/ANetCore-v0.15/seal/testdata/vec-sealed-1.json');
  const extracted = loadInterop<any>('anet/extracted_vectors.json');
  if (vec === null || extracted === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const facts = extracted.seal.find((e: any) => e.id === 'VEC-SEALED-1');
  const derived = facts.derived_by_me;
  const fields = facts.inner_fields;
  const senderPub = extracted.keys.find((k: any) => k.id === 'SUITE-IDENTITY').derived_by_me.k0_pub as string;
  const nextPub = extracted.keys.find((k: any) => k.id === 'SUITE-IDENTITY').derived_by_me.k1_pub as string;

  // Seeds exactly as the ANet tests derive them (FACTS.md section 3 and the vector's notes).
  const recipient = deriveKeyPair(sha256('anet-seal-golden-v1/recipient-enc'));
  const sender = keyPairFromSeed(sha256('anet-suite-identity-v1/cur'));
  const envelope = h(vec.envelope);
  const resolveWith =
    (key: string): ResolveSenderKey =>
    (q) =>
      q.from === fields.from && q.ksn === 0 ? ok(h(key)) : fail('bad-key-state');
  const options: OpenEnvelopeOptions = {
    ownAid: fields.to,
    keyRing: keyRingOf([recipient.privateKey]),
    resolveSenderKey: resolveWith(senderPub),
    now: new Date(facts.now_for_checks),
    replay: 'off',
  };
  const refusal = (bytes: Uint8Array, over: Partial<OpenEnvelopeOptions>) => {
    const v = openEnvelopeV1(bytes, { ...options, ...over });
    return v.ok ? 'opened' : v.code;
  };

  it('reproduces the recipient key pair from its seed', () =>
    ledger.accept(
      GROUP,
      'recipient-key',
      () => {
        expect(hex.encode(recipient.privateKey)).toBe(derived.recipient_sk);
        expect(hex.encode(recipient.publicKey)).toBe(vec.recipient_pub);
      },
      interop,
    ));
  it('reproduces the kid', () =>
    ledger.accept(
      GROUP,
      'kid',
      () => expect(hex.encode(keyId(1, recipient.publicKey))).toBe(vec.recipient_kid),
      interop,
    ));
  it('reproduces the HPKE info', () =>
    ledger.accept(
      GROUP,
      'info',
      () =>
        expect(hex.encode(sealInfo('anet-relay/v1', fields.to, 1, h(vec.recipient_kid)))).toBe(vec.hpke_info),
      interop,
    ));
  it('decrypts to the recorded inner plaintext and exporter output', () =>
    ledger.accept(
      GROUP,
      'inner-plaintext',
      () => {
        const outerEnc = h(derived.outer_enc);
        const context = unwrap(
          setupBaseR({ recipientPrivateKey: recipient.privateKey, enc: outerEnc, info: h(vec.hpke_info) }),
        );
        const ct = envelope.subarray(envelope.length - derived.ct_len);
        expect(hex.encode(unwrap(context.open(new Uint8Array(0), ct)))).toBe(derived.inner_plaintext);
        expect(hex.encode(context.export(new Uint8Array(0), 32))).toBe(
          derived.hpke_export_examples_NOT_ANET_DEFINED.ctx_empty_L32,
        );
      },
      interop,
    ));
  it('the recorded preimage verifies under the suite identity key', () =>
    ledger.accept(
      GROUP,
      'preimage-signature',
      () => {
        expect(hex.encode(sender.publicKey)).toBe(senderPub);
        expect(verifyEd25519(sender.publicKey, h(vec.sig_preimage), h(derived.inner_sig)).ok).toBe(true);
      },
      interop,
    ));
  it('openEnvelopeV1 accepts the envelope and returns the recorded fields', () =>
    ledger.accept(
      GROUP,
      'open',
      () => {
        const opened = unwrap(openEnvelopeV1(envelope, options));
        expect({
          from: opened.from,
          ksn: opened.ksn,
          to: opened.to,
          type: opened.type,
          ix: opened.ix,
          ts: opened.tsMs,
          exp: opened.expMs,
          body: new TextDecoder().decode(opened.body),
          mid: hex.encode(opened.mid),
          keys: hex.encode(opened.keys),
          sig: hex.encode(opened.sig),
        }).toEqual({
          from: fields.from,
          ksn: fields.ksn,
          to: fields.to,
          type: fields.type,
          ix: fields.ix,
          ts: fields.ts,
          exp: fields.exp,
          body: fields.body_utf8,
          mid: derived.mid,
          keys: derived.signed_enc_key_set,
          sig: derived.inner_sig,
        });
        expect(opened.kel.length).toBeGreaterThan(0);
      },
      interop,
    ));

  // Refusals made from the real bytes: each changes one thing that exactly one check judges.
  const cases: [string, () => string, string][] = [
    [
      'bad-version',
      () => refusal(withByte(envelope, 2, 0x02), {}),
      'outer v = 2 (byte 2 is the value of key 1)',
    ],
    ['bad-outer', () => refusal(concatBytes(envelope, Uint8Array.of(0x00)), {}), 'one trailing byte'],
    [
      'unknown-critical-field',
      () => refusal(concatBytes(withByte(envelope, 0, 0xa7), Uint8Array.of(0x07, 0x00)), {}),
      'the reserved outer key 7 appended',
    ],
    ['unknown-suite', () => refusal(withByte(envelope, suiteAt(envelope), 0x02), {}), 'outer suite 2'],
    [
      'wrong-recipient',
      () => refusal(envelope, { ownAid: 'bafyreigoldenotherone' }),
      'opened by another AID',
    ],
    [
      'sealed-to-unknown-key',
      () => refusal(envelope, { keyRing: keyRingOf([deriveKeyPair(sha256('another')).privateKey]) }),
      'the ring lacks the kid',
    ],
    [
      'decrypt-failed',
      () => refusal(withByte(envelope, envelope.length - 1, envelope.at(-1)! ^ 1), {}),
      'tag bit flipped',
    ],
    ['expired', () => refusal(envelope, { now: new Date(fields.exp + 1) }), 'now one ms after exp'],
    ['from-future', () => refusal(envelope, { now: new Date(fields.ts - 300_001) }), 'ts 5 min + 1 ms ahead'],
    [
      'bad-key-state',
      () => refusal(envelope, { resolveSenderKey: () => fail('bad-key-state') }),
      'resolver refuses',
    ],
    [
      'bad-sig',
      () => refusal(envelope, { resolveSenderKey: resolveWith(nextPub) }),
      'the next key, not the signer',
    ],
  ];
  for (const [code, run, why] of cases) {
    it(`refuses: ${why}`, () => ledger.refuse(GROUP, code, () => expect(run()).toBe(code), interop));
  }
});

function withByte(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const out = bytes.slice();
  out[at] = value;
  return out;
}
function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
/** Offset of the suite value: the byte after the first `03` key following the `to` text. */
function suiteAt(envelope: Uint8Array): number {
  const toLength = envelope[4]! & 0x1f; // 02 7x <to>
  return 5 + toLength + 1;
}
