import { loadVectors } from '@agent-seam/conformance';
import { holdWritersToReaders, type WriterCase } from '../../../tools/writers-sweep.ts';
import {
  encodeWrappedKey,
  encPublicKey,
  encPublicKeyPq,
  openBoxVerdict,
  readSealedField,
  sealBox,
  sealBoxV1,
  sealedString,
  sealPayload,
} from '../src/index.js';
import { decodeWrappedKey } from '../src/wrapped-key.js';
import { bytesOf } from './helpers.js';
import { MemoryKeyRing } from './memory-ring.js';

/**
 * Writers refuse what readers refuse (issue 32). Every refusal case of cryptobox.json is
 * either a value a writer could be asked for, and then the writer, asked for it, throws a
 * SeamError naming what was wrong; or one the writer writes in its one spelling, which its
 * reader accepts; or listed with the reason no writer is asked for it (framing the writer
 * lays out itself, damage after writing, or the opener's own inputs and key ring).
 */
const doc = loadVectors('cryptobox.json');
type Case = WriterCase;

const SENDER = new Uint8Array(32).fill(7);
const RECIPIENT = new Uint8Array(32).fill(9);
const ad = new Uint8Array([1, 2, 3]);
/** The smallest v1 plaintext whose blob is over DEFAULT_MAX_BLOB_CHARS (4 MiB of base64). */
const OVER_BLOB_CAP = 3 * 1024 * 1024 - 28 + 1;
const box = (extra: Record<string, unknown>) =>
  sealBoxV1({
    senderSeed: SENDER,
    recipientPub: encPublicKey(RECIPIENT),
    plaintext: ad,
    ad,
    ...extra,
  } as never);
const boxV2 = (extra: Record<string, unknown>) =>
  sealBox({
    senderSeed: SENDER,
    recipientPub: encPublicKey(RECIPIENT),
    recipientPqPub: encPublicKeyPq(RECIPIENT),
    plaintext: ad,
    ad,
    ...extra,
  } as never);
/** The case's low-order sender key, asked of the writer as the key it seals to: X25519 is symmetric. */
const toLowOrder = (c: Case) => box({ recipientPub: bytesOf(c.senderEncPubHex) });
const ring = () => new MemoryKeyRing('k', new Uint8Array(32).fill(5));
const payload = (extra: Record<string, unknown>) =>
  sealPayload({ plaintext: ad, ad, scope: 's', keyRing: ring(), ...extra } as never);
const holding = (sealed: unknown) => ({ wrap: () => ({ wrappedBy: 'k', sealed }), unwrap: () => null });
/** A nonce that starts with the v2 prefix `a2b2` (twelve bytes). */
const V2_PREFIXED_NONCE = Uint8Array.of(0x61, 0x32, 0x62, 0x32, ...new Uint8Array(8));

const DAMAGE = 'damage after writing: the writer wrote the authentic bytes';
const FRAMING =
  'framing the writer lays out itself from the plaintext: it always writes a whole nonce and tag';

holdWritersToReaders({
  'box.reject': {
    cases: doc['box.reject'],
    throws: {
      'blob-over-cap': [() => box({ plaintext: new Uint8Array(OVER_BLOB_CAP) }), /^too-large: plaintext: /],
      'sender-key-31-bytes': [() => box({ senderSeed: new Uint8Array(31) }), /senderSeed/],
      'low-order-sender-key': [toLowOrder, /^zero-shared-secret: the recipient key/],
      'zero-sender-key': [toLowOrder, /^zero-shared-secret: the recipient key/],
      'non-canonical-zero-sender-key': [toLowOrder, /^zero-shared-secret: the recipient key/],
      'high-bit-low-order-sender-key': [toLowOrder, /^zero-shared-secret: the recipient key/],
    },
    normalises: {
      'base64-residual-bits': () =>
        openBoxVerdict({ recipientSeed: RECIPIENT, senderPub: encPublicKey(SENDER), blob: box({}), ad }),
    },
    notWritten: {
      'blob-null': 'a message that lost its blob on the way: the writer returns text',
      'shorter-than-nonce-and-tag': FRAMING,
      'tag-flipped': DAMAGE,
      'associated-data-dropped': "the opener's own associated data",
      'wrong-sender-key': "the opener's own idea of who sent it",
    },
  },
  'box.v2-refuse': {
    cases: doc['box.v2-refuse'],
    throws: {
      'sender-key-31-bytes': [() => boxV2({ senderSeed: new Uint8Array(31) }), /senderSeed/],
      'low-order-sender-key': [
        (c) => boxV2({ recipientPub: bytesOf(c.senderEncPubHex) }),
        /^zero-shared-secret: the recipient key/,
      ],
      // The v1 writer never writes a nonce that starts with the v2 prefix: a given one is refused.
      'v1-box-with-v2-prefix': [() => box({ nonce: V2_PREFIXED_NONCE }), /nonce/],
      'short-v1-box-with-v2-prefix': [() => box({ nonce: V2_PREFIXED_NONCE }), /nonce/],
    },
    notWritten: {
      'one-byte-short': DAMAGE,
      'ml-kem-ciphertext-cut': DAMAGE,
      'v2-blob-to-v1-only-opener': "the opener's choice of a reader without ML-KEM",
      'ml-kem-ciphertext-flipped': DAMAGE,
      'tag-flipped': DAMAGE,
      'associated-data-dropped': "the opener's own associated data",
      'v2-prefix-changed': DAMAGE,
    },
  },
  'sealed.reject': {
    cases: doc['sealed.reject'].cases,
    throws: {
      'envelope-over-cap': [
        () => payload({ plaintext: new Uint8Array(16 * 1024 * 1024) }),
        /^too-large: plaintext: the envelope would be /,
      ],
      'wrapped-key-over-cap': [
        () => payload({ keyRing: holding(new Uint8Array(3000)) }),
        /^wrapped-key-too-large: the wrapped key would be /,
      ],
      'wrapped-key-scope-not-string': [() => payload({ scope: 7 }), /scope/],
      'wrapped-key-missing-sealed': [() => payload({ keyRing: holding(undefined) }), /sealed/],
    },
    normalises: {
      // encodeWrappedKey writes exactly its three members, whatever else the object holds.
      'wrapped-key-unknown-member': () =>
        decodeWrappedKey(encodeWrappedKey({ scope: 's', wrappedBy: 'k', sealed: ad, other: 1 } as never)),
      'wrapped-key-proto-member': () =>
        decodeWrappedKey(
          encodeWrappedKey(
            Object.assign(Object.create({ __proto__: 1 }), { scope: 's', wrappedBy: 'k', sealed: ad }),
          ),
        ),
      'wrapped-key-whitespace': () =>
        decodeWrappedKey(encodeWrappedKey({ scope: 's ', wrappedBy: 'k', sealed: ad })),
    },
    notWritten: {
      'envelope-as-base64-text':
        'the writer returns bytes; a caller that stored its base64 hands the opener text',
      empty: FRAMING,
      'version-2': 'the writer writes version 1, the only one',
      'version-0': 'the writer writes version 1, the only one',
      'header-cut': DAMAGE,
      'length-past-end': DAMAGE,
      'wrapped-key-not-json': 'the writer writes the header with canonicalize',
      'wrapped-key-array': 'the writer writes the header as an object of its three members',
      'wrapped-key-byte-out-of-range': 'sealed is a Uint8Array: every element is a byte',
      'kek-erased': "the key ring's: erasing a KEK is how a scope is erased",
      'sealed-31-bytes': "the key ring's: what it wraps and unwraps is the caller's",
      'ciphertext-flipped': DAMAGE,
      'associated-data-of-another-blob': "the opener's own associated data",
    },
  },
  'sealed.field': {
    cases: doc['sealed.field'].refuse,
    normalises: {
      'string-residual-bits': () => readSealedField(sealedString(bytesOf('0102030405'))),
    },
    notWritten: {
      'plain-string': 'plain data: the writers write only the two sealed spellings',
      'plain-object': 'plain data: the writers write only the two sealed spellings',
      'object-extra-member': 'sealedObject writes the one member $sealed',
      'object-member-not-string': 'sealedObject writes the envelope as base64 text',
    },
  },
});
