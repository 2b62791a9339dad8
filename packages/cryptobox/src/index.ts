export { openBox, openBoxVerdict, sealBox } from './box.js';
export { DEFAULT_MAX_BLOB_CHARS, type OpenBoxOptions, type SealBoxOptions } from './box-frame.js';
export { encPublicKey, openBoxV1, openBoxV1Verdict, sealBoxV1 } from './box-v1.js';
export { encPublicKeyPq } from './box-v2.js';
export { BOX_CHECKS, BOX_V1_CHECKS, SEALED_FIELD_CHECKS } from './checks.js';
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
  type SealPayloadOptions,
  sealPayload,
} from './payload.js';
export type { RandomSource } from './primitives.js';
export {
  readSealedField,
  SEALED_MEMBER,
  SEALED_PREFIX,
  type SealedField,
  sealedObject,
  sealedString,
} from './sealed-field.js';
export { decodeWrappedKey, encodeWrappedKey, WRAPPED_KEY_PROFILE, type WrappedKey } from './wrapped-key.js';
