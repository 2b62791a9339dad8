/**
 * `@agent-seam/hpke-seal/open`: the recipient's side: HPKE open and the recipient
 * contexts of every mode, opening sealed envelopes (v1 and v2) with a key ring, and the
 * delivery acknowledgement a recipient writes; no sealing, no sender context and no key
 * generation. tools/bundle-check.ts proves that no export left out here reaches a bundle
 * of this entry.
 */

export {
  type Access,
  type AccessCode,
  type AccessInput,
  CAP_CLASS,
  CAP_EXPIRY_SKEW_MS,
  CAP_MAX_LIFETIME_MS,
  type CapClass,
  envelopeDigest,
  type JudgedCapability,
  type MailboxKey,
} from './access.js';
export {
  DACK_CHECKS,
  HPKE_OPEN_CHECKS,
  SEALED_ENVELOPE_CHECKS,
  SEALED_ENVELOPE_V1_CHECKS,
} from './checks.js';
export { RecipientContext } from './context.js';
export {
  createDack,
  DACK_BYTES,
  DACK_CODES,
  type DackCode,
  type DackDecision,
  type DackKeys,
  type DackNote,
} from './dack.js';
export { ACCESS_KIND_CAPABILITY, ACCESS_KIND_SESSION, SUITE_X25519_CHACHA } from './envelope-wire.js';
export {
  HPKE_OPEN_CODES,
  type HpkeOpenCode,
  type OpenOptions,
  open,
  type PskOptions,
  type RecipientOptions,
  setupAuthPSKR,
  setupAuthR,
  setupBaseR,
  setupPSKR,
} from './hpke.js';
export { type KeyPair, N_ENC, N_PK, N_SK, publicKeyOf } from './kem.js';
export { MODE_AUTH, MODE_AUTH_PSK, MODE_BASE, MODE_PSK, type Mode } from './key-schedule.js';
export { KID_LENGTH, keyId } from './kid.js';
export {
  AEAD_CHACHA20_POLY1305,
  AEAD_EXPORT_ONLY,
  type AeadId,
  KDF_HKDF_SHA256,
  KEM_X25519_HKDF_SHA256,
} from './labeled-kdf.js';
export { DEFAULT_MAX_ENVELOPE_BYTES, type KeyRing, keyRingOf, type OpenerOptions } from './open-steps.js';
export {
  ENVELOPE_V1_CODES,
  type EnvelopeV1Code,
  type OpenEnvelopeOptions,
  type OpenedEnvelopeV1,
  openEnvelopeV1,
  openEnvelopeV1Async,
} from './open-v1.js';
export {
  ENVELOPE_CODES,
  type EnvelopeCode,
  type OpenEnvelopeV2Options,
  type OpenedEnvelope,
  openEnvelope,
  openEnvelopeAsync,
} from './open-v2.js';
export { isPadmeLength, padme } from './padme.js';
export {
  type ResolveSenderKey,
  SENDER_KEY_CODES,
  type SenderKeyCode,
  type SenderKeyQuery,
} from './sender-key.js';
export { MAX_FUTURE_SKEW_MS, MAX_LIFETIME_MS } from './time-window.js';
