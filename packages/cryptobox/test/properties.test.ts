import { base64Strict } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encPublicKey,
  encPublicKeyPq,
  openBox,
  openBoxVerdict,
  openPayload,
  sealBox,
  sealPayload,
} from '../src/index.js';
import { seededRandom, vectorRing } from './memory-ring.js';

const seed = fc.uint8Array({ minLength: 32, maxLength: 32 });
const bytes = fc.uint8Array({ maxLength: 96 });
const ALICE = new Uint8Array(32).fill(0x11);
const BOB = new Uint8Array(32).fill(0x22);

describe('box properties', () => {
  it('openBox never throws and never opens random text', () => {
    const base64ish = fc.string({ unit: fc.constantFrom(...'AQgw+/=xyz09 -_'.split('')), maxLength: 120 });
    fc.assert(
      fc.property(fc.oneof(base64ish, fc.string({ maxLength: 80 })), bytes, (blob, ad) => {
        expect(openBox({ recipientSeed: BOB, senderPub: encPublicKey(ALICE), blob, ad })).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('openBox never throws on arbitrary blob values, sender keys and ad', () => {
    fc.assert(
      fc.property(fc.anything(), fc.uint8Array({ maxLength: 40 }), bytes, (blob, senderPub, ad) => {
        const v = openBoxVerdict({ recipientSeed: BOB, senderPub, blob: blob as string, ad });
        expect(v.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('seal then open returns the plaintext, and only under the same ad', () => {
    fc.assert(
      fc.property(seed, seed, bytes, bytes, bytes, (a, b, plaintext, ad, otherAd) => {
        const blob = sealBox({ senderSeed: a, recipientPub: encPublicKey(b), plaintext, ad });
        expect(openBox({ recipientSeed: b, senderPub: encPublicKey(a), blob, ad })).toEqual(plaintext);
        const sameAd = otherAd.length === ad.length && otherAd.every((x, i) => x === ad[i]);
        if (!sameAd)
          expect(openBox({ recipientSeed: b, senderPub: encPublicKey(a), blob, ad: otherAd })).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});

describe('v2 box properties', () => {
  const plaintext = new TextEncoder().encode('hybrid');
  const ad = new Uint8Array(0);
  const blob = sealBox({
    senderSeed: ALICE,
    recipientPub: encPublicKey(BOB),
    recipientPqPub: encPublicKeyPq(BOB),
    plaintext,
    ad,
  });
  const bytes = base64Strict.decode(blob);
  if (!bytes.ok) throw new Error('the v2 blob is not base64');
  const authentic = bytes.value;

  it('a v2 blob with any bit changed, or cut anywhere, never opens and never throws', () => {
    const flipped = fc
      .tuple(fc.nat({ max: authentic.length - 1 }), fc.integer({ min: 0, max: 7 }))
      .map(([i, bit]) => {
        const copy = authentic.slice();
        copy[i]! ^= 1 << bit;
        return copy;
      });
    const cut = fc.nat({ max: authentic.length - 1 }).map((n) => authentic.subarray(0, n));
    fc.assert(
      fc.property(fc.oneof(flipped, cut), (changed) => {
        const opened = openBox({
          recipientSeed: BOB,
          senderPub: encPublicKey(ALICE),
          blob: base64Strict.encode(changed),
          ad,
        });
        expect(opened).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

describe('sealed payload properties', () => {
  it('seal then open returns the plaintext', () => {
    fc.assert(
      fc.property(bytes, bytes, fc.string({ maxLength: 40 }), (plaintext, ad, scope) => {
        const envelope = sealPayload({
          plaintext,
          ad,
          scope,
          keyRing: vectorRing(),
          random: seededRandom(scope),
        });
        expect(openPayload(envelope, { ad, keyRing: vectorRing() })).toEqual({ ok: true, value: plaintext });
      }),
      { numRuns: 200 },
    );
  });

  it('openPayload never throws, and a mutated envelope never yields other plaintext', () => {
    const plaintext = new Uint8Array(10).fill(7);
    const envelope = sealPayload({ plaintext, ad: new Uint8Array(0), scope: 'scope', keyRing: vectorRing() });
    const mutated = fc
      .tuple(fc.nat({ max: envelope.length - 1 }), fc.integer({ min: 1, max: 255 }))
      .map(([i, x]) => {
        const copy = envelope.slice();
        copy[i]! ^= x;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), mutated), (input) => {
        // The tag does not cover the wrapped-key header (the seed's layout): an edit to
        // `scope` that the test ring ignores may still open, but only to the same bytes.
        const v = openPayload(input, { ad: new Uint8Array(0), keyRing: vectorRing() });
        if (v.ok) expect(v.value).toEqual(plaintext);
      }),
      { numRuns: 500 },
    );
  });
});
