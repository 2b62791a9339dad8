/**
 * `@agent-seam/cryptobox/open`: the recipient's side (opening boxes of both versions and
 * sealed payloads, reading sealed fields and wrapped keys); no sealing and no public-key
 * derivation for senders. tools/bundle-check.ts proves that no export left out here
 * reaches a bundle of this entry.
 */

export { openBox, openBoxVerdict } from './box.js';
export { DEFAULT_MAX_BLOB_CHARS, type OpenBoxOptions } from './box-frame.js';
export { openBoxV1, openBoxV1Verdict } from './box-v1.js';
export { BOX_CHECKS, BOX_V1_CHECKS, PAYLOAD_CHECKS, SEALED_FIELD_CHECKS } from './checks.js';
export {
  BOX_CODES,
  type BoxCode,
  PAYLOAD_CODES,
  type PayloadCode,
  SEALED_FIELD_CODES,
  type SealedFieldCode,
} from './codes.js';
export {
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_MAX_WRAPPED_KEY_BYTES,
  type KeyRing,
  type OpenPayloadOptions,
  openPayload,
  PAYLOAD_VERSION,
} from './payload.js';
export {
  readSealedField,
  SEALED_MEMBER,
  SEALED_PREFIX,
  type SealedField,
} from './sealed-field.js';
export { decodeWrappedKey, WRAPPED_KEY_PROFILE, type WrappedKey } from './wrapped-key.js';
