export {
  DEFAULT_MAX_BLOB_CHARS,
  encPublicKey,
  type OpenBoxOptions,
  openBox,
  openBoxVerdict,
  type SealBoxOptions,
  sealBox,
} from './box.js';
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
