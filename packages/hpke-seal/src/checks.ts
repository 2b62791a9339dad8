import type { CheckSpec } from '@agent-seam/canonical';
import type { DackCode } from './dack.js';
import type { HpkeOpenCode } from './hpke.js';
import type { EnvelopeV1Code } from './open-v1.js';
import type { EnvelopeCode } from './open-v2.js';
import { SENDER_KEY_CODES } from './sender-key.js';

/** The outer map, as both openers read it (`parseOuter`), and the recipient. */
const OUTER_CHECKS = (version: number): CheckSpec<EnvelopeCode>[] => [
  { id: 'envelope', title: 'the envelope is bytes', codes: ['not-bytes'] },
  { id: 'size', title: 'at most maxBytes (default 8 MiB), before decoding', codes: ['too-large'] },
  {
    id: 'outer-map',
    title: 'a strict CoreDet map with unsigned integer keys and a version',
    codes: ['bad-outer'],
  },
  { id: 'version', title: `version ${version}`, codes: ['bad-version'] },
  {
    id: 'outer-keys',
    title: `no outer key 0 or ${version === 2 ? 9 : 7}-63`,
    codes: ['unknown-critical-field'],
    detailStarts: ['outer key'],
  },
  {
    id: 'outer-fields',
    title: 'outer field types and lengths',
    codes: ['bad-outer'],
    detailStarts: ['outer key'],
  },
  { id: 'suite', title: 'suite 1 (X25519, HKDF-SHA256, ChaCha20-Poly1305)', codes: ['unknown-suite'] },
  { id: 'recipient', title: 'addressed to you (to = ownAid)', codes: ['wrong-recipient'] },
  { id: 'epoch-key', title: 'sealed to a key in your key ring (kid)', codes: ['sealed-to-unknown-key'] },
  { id: 'layer-1', title: 'the first HPKE layer opens', codes: ['decrypt-failed'] },
];

/** The inner message, as both openers read it (`parseInner`). */
const INNER_CHECKS = (version: number): CheckSpec<EnvelopeCode>[] => [
  {
    id: 'inner-map',
    title: 'the inner message is a strict CoreDet map with unsigned integer keys',
    codes: ['bad-inner'],
  },
  {
    id: 'inner-keys',
    title: `no inner key the v${version} message does not assign`,
    codes: ['unknown-critical-field'],
    detailStarts: ['inner key'],
  },
  {
    id: 'inner-fields',
    title: 'inner field types and lengths, and ts is not zero',
    codes: ['bad-inner'],
    detailStarts: ['inner key', 'ts is zero'],
  },
  { id: 'kel-size', title: 'the key event log is at most 65536 bytes', codes: ['kel-too-large'] },
  { id: 'inner-recipient', title: 'the inner to is the outer to', codes: ['to-mismatch'] },
];

/** Time, then the sender's key and its signature, as both openers judge them. */
const SIGNER_CHECKS: readonly CheckSpec<EnvelopeCode>[] = [
  {
    id: 'time',
    title: 'exp after ts within 15 days, not expired, ts at most 5 minutes ahead of now',
    codes: ['bad-lifetime', 'expired', 'from-future'],
  },
  { id: 'sender-key', title: "your resolveSenderKey gives the sender's key", codes: [...SENDER_KEY_CODES] },
  { id: 'signature', title: 'the inner signature verifies under that key (Ed25519)', codes: ['bad-sig'] },
  {
    id: 'replay',
    title: 'the first delivery of this (from, mid) your replay store has seen',
    codes: ['replayed', 'replay-cache-full', 'replay-store-unavailable'],
    needs: 'replay',
  },
];

/**
 * `openEnvelope`'s checks, in its order (spec/hpke-seal.md, the table of steps 0-25).
 * Four codes are made at more than one step; the detail says which, and `detailStarts`
 * holds that: `bad-outer` (the map, or an `outer key`), `unknown-critical-field` (an
 * `outer key` or an `inner key`), `decrypt-failed` (layer 1, or `layer 2`), `bad-inner`
 * (the map; an `inner key` or `ts is zero`; the history and rk rules).
 */
export const SEALED_ENVELOPE_CHECKS: readonly CheckSpec<EnvelopeCode>[] = [
  ...OUTER_CHECKS(2),
  {
    id: 'wrap',
    title: 'the wrap: a map with its key space and field rules, ikid with enc2',
    codes: ['bad-wrap'],
  },
  { id: 'padding', title: 'the padding is zeros, and the wrap a Padmé length', codes: ['bad-pad'] },
  {
    id: 'access',
    title: 'the delivery credential: structure, kind, CapBody tag, owner and class',
    codes: ['bad-access'],
  },
  {
    id: 'capability-accepted',
    title: "a capability comes to a recipient that judges capabilities (mailbox, not 'off')",
    codes: ['capability-not-accepted'],
  },
  {
    id: 'capability-signature',
    title: "a capability's CapBody is signed by your mailbox key",
    codes: ['bad-cap-sig'],
  },
  {
    id: 'capability-epoch',
    title: "a capability's epoch is your current mailbox epoch",
    codes: ['cap-epoch-mismatch'],
  },
  {
    id: 'capability-expiry',
    title: "a capability's expiry is at most 5 minutes past and at most 31 days ahead of now",
    codes: ['cap-expired', 'cap-too-long'],
  },
  { id: 'pop', title: "the holder's proof over the envelope digest verifies", codes: ['bad-pop'] },
  {
    id: 'interaction-key',
    title: 'a second layer is sealed to a key in your interaction key ring',
    codes: ['unknown-interaction-key'],
  },
  {
    id: 'layer-2',
    title: 'the second HPKE layer opens',
    codes: ['decrypt-failed'],
    detailStarts: ['layer 2'],
  },
  ...INNER_CHECKS(2),
  {
    id: 'history',
    title: 'kel, notices and keys together, one notice of at most 1024 bytes, rk a closed suite-1 key',
    codes: ['bad-inner'],
    detailStarts: ['kel, notices', 'exactly one witness notice', 'rk is'],
  },
  { id: 'exp', title: 'an outer exp, when present, is the inner exp', codes: ['exp-mismatch'] },
  ...SIGNER_CHECKS,
];

/** `openEnvelopeV1`'s checks, in its order (ANetCore v0.15): one layer, no credential. */
export const SEALED_ENVELOPE_V1_CHECKS: readonly CheckSpec<EnvelopeV1Code>[] = [
  ...(OUTER_CHECKS(1) as CheckSpec<EnvelopeV1Code>[]),
  ...(INNER_CHECKS(1) as CheckSpec<EnvelopeV1Code>[]),
  { id: 'padding', title: 'the pad (inner key 21), when present, is zeros', codes: ['bad-pad'] },
  ...(SIGNER_CHECKS as CheckSpec<EnvelopeV1Code>[]),
];

/** `open`'s checks (single-shot HPKE), in its order. */
export const HPKE_OPEN_CHECKS: readonly CheckSpec<HpkeOpenCode>[] = [
  { id: 'enc', title: 'enc is bytes', codes: ['not-bytes'], detailStarts: ['enc'] },
  {
    id: 'encapsulation',
    title: 'enc is a 32-byte X25519 key that gives a shared secret that is not zero',
    codes: ['bad-enc'],
  },
  {
    id: 'ciphertext',
    title: 'the ciphertext is bytes',
    codes: ['not-bytes'],
    detailStarts: ['the ciphertext'],
  },
  {
    id: 'decryption',
    title: 'the AEAD tag verifies under this key, info, aad (and psk)',
    codes: ['decrypt-failed'],
  },
];

/** `readDack`'s checks, in its order. */
export const DACK_CHECKS: readonly CheckSpec<DackCode>[] = [
  { id: 'dack', title: 'the dack is bytes', codes: ['not-bytes'] },
  { id: 'length', title: '80 bytes', codes: ['bad-dack-length'] },
  {
    id: 'token',
    title: 'it starts with the processed or the refused token of this envelope',
    codes: ['bad-dack-token'],
  },
  {
    id: 'note',
    title: 'the note authenticates, its padding is zeros and its wait time below 2^53 ms',
    codes: ['bad-dack-note'],
  },
];
