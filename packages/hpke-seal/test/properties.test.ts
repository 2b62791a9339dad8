import { fail, ok, unwrap } from '@agent-seam/canonical';
import { x25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveKeyPair,
  keyRingOf,
  open,
  openEnvelope,
  padme,
  publicKeyOf,
  seal,
  setupBaseR,
  setupBaseS,
} from '../src/index.js';
import { padLengthFor } from '../src/padme.js';
import { plain, sealPlain } from './envelope-fixture.js';

const recipient = deriveKeyPair(new Uint8Array(32).fill(5));
const bytes = (max: number) => fc.uint8Array({ maxLength: max });

describe('HPKE properties', () => {
  it('open(seal(x)) = x for any plaintext, info and aad', () =>
    fc.assert(
      fc.property(bytes(300), bytes(40), bytes(40), (plaintext, info, aad) => {
        const { enc, ciphertext } = seal({ recipientPublicKey: recipient.publicKey, info, aad, plaintext });
        expect(ciphertext.length).toBe(plaintext.length + 16);
        expect(
          unwrap(open({ recipientPrivateKey: recipient.privateKey, enc, info, aad, ciphertext })),
        ).toEqual(plaintext);
      }),
      { numRuns: 100 },
    ));

  it('open never throws on arbitrary enc and ciphertext bytes', () =>
    fc.assert(
      fc.property(bytes(40), bytes(80), (enc, ciphertext) => {
        const v = open({
          recipientPrivateKey: recipient.privateKey,
          enc,
          info: new Uint8Array(0),
          aad: new Uint8Array(0),
          ciphertext,
        });
        expect(v.ok ? 'opened' : v.code).toMatch(/^(bad-enc|decrypt-failed)$/);
      }),
      { numRuns: 200 },
    ));

  it('publicKeyOf (through the X25519 door) equals noble’s X25519 public key for any 32 bytes', () =>
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (sk) => {
        expect(publicKeyOf(sk)).toEqual(x25519.getPublicKey(sk));
      }),
      { numRuns: 300 },
    ));

  it('a failed open leaves the sequence number where it was', () => {
    const info = new Uint8Array(0);
    const s = setupBaseS({ recipientPublicKey: recipient.publicKey, info });
    const first = s.context.seal(info, Uint8Array.of(1));
    const second = s.context.seal(info, Uint8Array.of(2));
    const r = unwrap(setupBaseR({ recipientPrivateKey: recipient.privateKey, enc: s.enc, info }));
    const forged = first.slice();
    forged[0]! ^= 1;
    expect(r.open(info, forged).ok).toBe(false);
    expect(r.seq).toBe(0);
    expect(unwrap(r.open(info, first))).toEqual(Uint8Array.of(1));
    expect(unwrap(r.open(info, second))).toEqual(Uint8Array.of(2));
    expect(r.seq).toBe(2);
  });

  it('the public-key cache follows a private key changed in place', () => {
    const a = deriveKeyPair(new Uint8Array(32).fill(1));
    const b = deriveKeyPair(new Uint8Array(32).fill(9));
    const sk = a.privateKey.slice();
    expect(publicKeyOf(sk)).toEqual(a.publicKey);
    sk.set(b.privateKey);
    expect(publicKeyOf(sk)).toEqual(b.publicKey);
  });
});

describe('Padmé properties (ANetCore v0.15 states the first three)', () => {
  it('padme(n) >= n, is idempotent, and costs at most 12% from 256 up', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (n) => {
        const p = padme(n);
        expect(p).toBeGreaterThanOrEqual(n);
        expect(padme(p)).toBe(p);
        if (n >= 256) expect(p - n).toBeLessThanOrEqual(n * 0.12);
      }),
      { numRuns: 1000 },
    ));

  it('the pad length always lands the encoding on a Padmé length', () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 22 }), (base) => {
        const n = padLengthFor(base);
        const head = n < 24 ? 1 : n < 256 ? 2 : n < 65536 ? 3 : 5;
        const total = base + n + head - 1;
        expect(padme(total)).toBe(total);
      }),
      { numRuns: 1000 },
    ));
});

describe('sealed envelope round trip', () => {
  const { epoch, sender } = plain;
  const interaction = deriveKeyPair(new Uint8Array(32).fill(3));
  it('opens what it sealed, one or two layers, with any body', () =>
    fc.assert(
      fc.property(bytes(2000), fc.boolean(), (body, twoLayers) => {
        const ts = 1_767_225_600_000;
        const sealed = sealPlain(
          { tsMs: ts, expMs: ts + 1000, body, ksn: 3 },
          { interactionPublicKey: twoLayers ? interaction.publicKey : undefined },
        );
        const opened = unwrap(
          openEnvelope(sealed.bytes, {
            ownAid: 'bafyreito',
            keyRing: keyRingOf([epoch.privateKey]),
            interactionKeyRing: keyRingOf([interaction.privateKey]),
            resolveSenderKey: (q) => (q.ksn === 3 ? ok(sender.publicKey) : fail('bad-key-state')),
            now: new Date(ts),
            mailbox: 'off',
            replay: 'off',
          }),
        );
        expect(opened.body).toEqual(body);
        expect(opened.layers).toBe(twoLayers ? 2 : 1);
        // Both ends derive the same confirmation keys from the layer-1 context.
        expect(opened.dack).toEqual(sealed.dack);
      }),
      { numRuns: 40 },
    ));
});
