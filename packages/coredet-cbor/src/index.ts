export { CBOR_DECODE_CHECKS } from './checks.js';
export { CID_CODES, type Cid, type CidCode, type CidCodec, cid, parseCid } from './cid.js';
export {
  DECODE_CODES,
  DECODE_DEFAULTS,
  type DecodeCode,
  type Decoded,
  type DecodeOptions,
  type DecodeRefusal,
  decode,
  decodeEntries,
  type RawEntry,
} from './decode.js';
export { diagnosticNotation } from './diagnostic.js';
export { ENCODE_MAX_DEPTH, type EncodeCode, encode } from './encode.js';
export { type CborExplanation, explainCbor } from './explain.js';
export {
  type DecodedObject,
  decodeObject,
  defineObject,
  encodeObject,
  type FieldSpec,
  type FieldType,
  OBJECT_CODES,
  type ObjectCode,
  type ObjectSchema,
  type ObjectSpec,
} from './object.js';
export { CborFloat, type CborKey, type CborValue, RawCbor, SimpleValue } from './value.js';
