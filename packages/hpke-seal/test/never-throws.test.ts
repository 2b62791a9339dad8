import { ok } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DACK_CODES,
  deriveKeyPair,
  ENVELOPE_CODES,
  ENVELOPE_V1_CODES,
  HPKE_OPEN_CODES,
  keyRingOf,
  open,
  openEnvelope,
  openEnvelopeV1,
  readDack,
  seal,
  setupAuthPSKR,
  setupAuthR,
  setupBaseR,
  setupBaseS,
  setupPSKR,
} from '../src/index.js';
import { plain, sealPlain } from './envelope-fixture.js';

/**
 * Every function that judges received data answers with a Verdict whatever it is given,
 * values of the wrong JavaScript type included, and never throws. Entry points and the
 * received argument(s) each is fed:
 *   open: enc and ciphertext; setupBaseR, setupPSKR, setupAuthR, setupAuthPSKR: enc;
 *   RecipientContext.open: the ciphertext; openEnvelope, openEnvelopeV1: the envelope;
 *   readDack: the dack.
 * The caller's own arguments (keys, info, aad, now, rings) stay valid here; wrong ones
 * throw SeamError (test/programmer-errors.test.ts).
 */
const recipient = deriveKeyPair(new Uint8Array(32).fill(5));
const senderKem = deriveKeyPair(new Uint8Array(32).fill(6));
const empty = new Uint8Array(0);
const psk = { psk: new Uint8Array(32).fill(1), pskId: Uint8Array.of(1) };
const sealed = seal({ recipientPublicKey: recipient.publicKey, info: empty, aad: empty, plaintext: empty });

const TS = 1_767_225_600_000;
const envelope = sealPlain({ tsMs: TS, expMs: TS + 1000, body: new Uint8Array(10) });
const openerOptions = {
  ownAid: 'bafyreito',
  keyRing: keyRingOf([plain.epoch.privateKey]),
  resolveSenderKey: () => ok(plain.sender.publicKey),
  now: new Date(TS),
  mailbox: 'off',
  replay: 'off',
} as const;

/** What a received argument may be: the right bytes, other bytes, or any JavaScript value. */
const received = (valid: Uint8Array) =>
  fc.oneof(
    fc.constant(valid),
    fc.anything(),
    fc.anything({ withTypedArray: true, withMap: true, withBigInt: true, withNullPrototype: true }),
    fc.uint8Array({ maxLength: 80 }),
    fc.string(),
  );

function isVerdict(v: { ok: boolean; code?: string; value?: unknown }, codes: readonly string[]): void {
  if (!v.ok) expect(codes).toContain(v.code);
  else expect(v.value).toBeDefined();
}

describe('nothing received makes a reader throw', () => {
  it('open, on any enc and ciphertext', () =>
    fc.assert(
      fc.property(received(sealed.enc), received(sealed.ciphertext), (enc, ciphertext) => {
        const options = { recipientPrivateKey: recipient.privateKey, info: empty, aad: empty };
        isVerdict(
          open({ ...options, enc: enc as Uint8Array, ciphertext: ciphertext as Uint8Array }),
          HPKE_OPEN_CODES,
        );
        isVerdict(
          open({ ...options, ...psk, enc: enc as Uint8Array, ciphertext: ciphertext as Uint8Array }),
          HPKE_OPEN_CODES,
        );
      }),
      { numRuns: 300 },
    ));

  it('the four recipient setups, on any enc', () =>
    fc.assert(
      fc.property(received(sealed.enc), (value) => {
        const base = { recipientPrivateKey: recipient.privateKey, enc: value as Uint8Array, info: empty };
        const auth = { senderPublicKey: senderKem.publicKey };
        for (const v of [setupBaseR(base), setupPSKR({ ...base, ...psk }), setupAuthR({ ...base, ...auth })])
          isVerdict(v, HPKE_OPEN_CODES);
        isVerdict(setupAuthPSKR({ ...base, ...psk, ...auth }), HPKE_OPEN_CODES);
      }),
      { numRuns: 300 },
    ));

  it('RecipientContext.open, on any ciphertext', () => {
    const s = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });
    const first = s.context.seal(empty, Uint8Array.of(1));
    const r = setupBaseR({ recipientPrivateKey: recipient.privateKey, enc: s.enc, info: empty });
    if (!r.ok) throw new Error(r.code);
    fc.assert(
      fc.property(received(first), (ciphertext) => {
        isVerdict(r.value.open(empty, ciphertext as Uint8Array), HPKE_OPEN_CODES);
      }),
      { numRuns: 300 },
    );
  });

  it('openEnvelope and openEnvelopeV1, on any envelope', () =>
    fc.assert(
      fc.property(received(envelope.bytes), (bytes) => {
        isVerdict(openEnvelope(bytes as Uint8Array, openerOptions), ENVELOPE_CODES);
        isVerdict(openEnvelopeV1(bytes as Uint8Array, openerOptions), ENVELOPE_V1_CODES);
      }),
      { numRuns: 300 },
    ));

  it('openEnvelope and openEnvelopeV1, on a valid envelope changed, cut or extended', () => {
    const valid = envelope.bytes;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 1, max: 255 })).map(([at, x]) => {
            const out = valid.slice();
            out[at]! ^= x;
            return out;
          }),
          fc.nat(valid.length - 1).map((n) => valid.subarray(0, n)),
          fc.uint8Array({ maxLength: 64 }).map((extra) => Uint8Array.from([...valid, ...extra])),
        ),
        (bytes) => {
          isVerdict(openEnvelope(bytes, openerOptions), ENVELOPE_CODES);
          isVerdict(openEnvelopeV1(bytes, openerOptions), ENVELOPE_V1_CODES);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('readDack, on any dack', () =>
    fc.assert(
      fc.property(received(new Uint8Array(80)), (dack) => {
        isVerdict(readDack(envelope.dack, dack as Uint8Array), DACK_CODES);
      }),
      { numRuns: 300 },
    ));
});
