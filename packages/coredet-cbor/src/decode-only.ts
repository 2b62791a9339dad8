/**
 * `@agent-seam/coredet-cbor/decode`: the strict decoder, schema-checked objects and CIDs;
 * no encoder. A page that reads CBOR (an inspector, a verifier) never writes it.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */
export { CBOR_DECODE_CHECKS, CID_CHECKS, OBJECT_CHECKS } from './checks.js';
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
export { diagnosticNotation } from './diagnostic.js';
export { type CborExplanation, explainCbor } from './explain.js';
export {
  type DecodedObject,
  decodeObject,
  defineObject,
  type FieldSpec,
  type FieldType,
  OBJECT_CODES,
  type ObjectCode,
  type ObjectSchema,
  type ObjectSpec,
} from './object.js';
export { CborFloat, type CborKey, type CborValue, RawCbor, SimpleValue } from './value.js';
