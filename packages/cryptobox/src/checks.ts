import type { CheckSpec } from '@agent-seam/canonical';
import type { BoxCode, SealedFieldCode } from './codes.js';

/** The blob as text, before any byte of it is read. */
const BLOB_CHECKS: readonly CheckSpec<BoxCode>[] = [
  { id: 'blob-text', title: 'the blob is a string', codes: ['not-a-string'] },
  { id: 'size', title: 'at most maxChars characters (checked before decoding)', codes: ['too-large'] },
  { id: 'base64', title: 'canonical standard base64', codes: ['bad-base64'] },
];

/** After the length: the sender's key, then the box itself. */
const KEY_CHECKS: readonly CheckSpec<BoxCode>[] = [
  { id: 'sender-key', title: "the sender's public key is 32 bytes", codes: ['bad-public-key'] },
  {
    id: 'agreement',
    title: "the sender's key is not a low-order point (the X25519 secret is not all zero)",
    codes: ['zero-shared-secret'],
  },
  {
    id: 'authentication',
    title: 'the box authenticates under this recipient, this sender and this associated data',
    codes: ['authentication-failed'],
  },
];

/** `openBoxVerdict`'s checks (and `openBox`'s, which folds them into null), in its order. */
export const BOX_CHECKS: readonly CheckSpec<BoxCode>[] = [
  ...BLOB_CHECKS,
  {
    id: 'length',
    title:
      'long enough for its version: a nonce and a tag (v1), or the a2b2 prefix, the ML-KEM-768 ciphertext, a nonce and a tag (v2)',
    codes: ['too-short', 'v2-too-short'],
  },
  ...KEY_CHECKS,
];

/** `openBoxV1Verdict`'s checks, in its order: a v2 blob is named as such, never tried as v1. */
export const BOX_V1_CHECKS: readonly CheckSpec<BoxCode>[] = [
  ...BLOB_CHECKS,
  { id: 'version', title: 'not a v2 blob (no a2b2 prefix)', codes: ['v2-not-supported'] },
  { id: 'length', title: 'long enough for a nonce and a tag', codes: ['too-short'] },
  ...KEY_CHECKS,
];

/** `readSealedField`'s checks, in its order. */
export const SEALED_FIELD_CHECKS: readonly CheckSpec<SealedFieldCode>[] = [
  {
    id: 'sealed',
    title: 'a string starting "$sealed:" or an object with a $sealed member',
    codes: ['not-sealed'],
  },
  {
    id: 'spelling',
    title: 'the $sealed object holds that one member, a string',
    codes: ['sealed-malformed'],
  },
  { id: 'base64', title: 'the envelope is canonical base64', codes: ['bad-base64'] },
];
