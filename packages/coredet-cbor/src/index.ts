export { CID_CODES, type Cid, type CidCode, type CidCodec, cid, parseCid } from './cid.js';
export {
  DECODE_CODES,
  DECODE_DEFAULTS,
  type DecodeCode,
  type DecodeOptions,
  decode,
  decodeEntries,
  type RawEntry,
} from './decode.js';
export { ENCODE_MAX_DEPTH, type EncodeCode, encode } from './encode.js';
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
