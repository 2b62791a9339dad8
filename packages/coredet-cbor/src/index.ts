// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { DIAGNOSTIC_CHECKS } from './checks.js';
export type { Decoded, DecodeRefusal } from './decode.js';
export * from './decode-only.js';
export { ENCODE_MAX_DEPTH, type EncodeCode, encode } from './encode.js';
export { encodeObject } from './object.js';
export {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  type ParseDiagnosticOptions,
  parseDiagnostic,
} from './parse-diagnostic.js';
