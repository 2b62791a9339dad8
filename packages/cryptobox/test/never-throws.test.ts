import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOX_CODES,
  decodeWrappedKey,
  encPublicKey,
  openBox,
  openBoxV1,
  openBoxV1Verdict,
  openBoxVerdict,
  openPayload,
  PAYLOAD_CODES,
  readSealedField,
  SEALED_FIELD_CODES,
  sealBox,
  sealedObject,
  sealPayload,
} from '../src/index.js';
import { vectorRing } from './memory-ring.js';

/**
 * Every reader of received data answers with a Verdict (or null) whatever it is given,
 * values of the wrong JavaScript type included, and never throws. Entry points and the
 * received argument(s) each is fed:
 *   openBox, openBoxVerdict, openBoxV1, openBoxV1Verdict: `blob` and `senderPub`;
 *   openPayload: the envelope; decodeWrappedKey: the bytes; readSealedField: the value.
 * The caller's own arguments (seeds, ad, key ring, caps) stay valid here: wrong ones throw
 * SeamError, which test/api.test.ts checks.
 */
const ALICE = new Uint8Array(32).fill(0x11);
const BOB = new Uint8Array(32).fill(0x22);
const ad = new TextEncoder().encode('ad');
const blob = sealBox({ senderSeed: ALICE, recipientPub: encPublicKey(BOB), plaintext: ad, ad });
const ring = vectorRing();
const envelope = sealPayload({ plaintext: ad, ad, scope: 's', keyRing: ring });

const received = <T>(valid: T) =>
  fc.oneof(
    fc.constant(valid),
    fc.anything(),
    fc.anything({ withTypedArray: true, withMap: true, withBigInt: true, withNullPrototype: true }),
    fc.uint8Array({ maxLength: 64 }),
    fc.string(),
  );

function isVerdict(v: { ok: boolean; code?: string; value?: unknown }, codes: readonly string[]): void {
  if (v.ok) expect(v.value).toBeInstanceOf(Uint8Array);
  else expect(codes).toContain(v.code);
}

describe('readers never throw on what they receive', () => {
  it('the four box openers, on any blob and sender key', () =>
    fc.assert(
      fc.property(received(blob), received(encPublicKey(ALICE)), (b, senderPub) => {
        const options = { recipientSeed: BOB, senderPub: senderPub as Uint8Array, blob: b as string, ad };
        isVerdict(openBoxVerdict(options), BOX_CODES);
        isVerdict(openBoxV1Verdict(options), BOX_CODES);
        for (const opened of [openBox(options), openBoxV1(options)])
          if (opened !== null) expect(opened).toBeInstanceOf(Uint8Array);
      }),
      { numRuns: 300 },
    ));

  it('openPayload and decodeWrappedKey, on any envelope or bytes', () =>
    fc.assert(
      fc.property(received(envelope), (e) => {
        isVerdict(openPayload(e as Uint8Array, { ad, keyRing: ring }), PAYLOAD_CODES);
        const key = decodeWrappedKey(e as Uint8Array);
        if (!key.ok) expect(PAYLOAD_CODES).toContain(key.code);
      }),
      { numRuns: 300 },
    ));

  it('readSealedField, on any value', () =>
    fc.assert(
      fc.property(received(sealedObject(envelope)), (value) => {
        const v = readSealedField(value);
        if (!v.ok) expect(SEALED_FIELD_CODES).toContain(v.code);
        else expect(v.value.envelope).toBeInstanceOf(Uint8Array);
      }),
      { numRuns: 300 },
    ));
});
