// The key codec lives in did; re-exported so a Web Bot Auth user needs one import.
export { type Ed25519Jwk, type JwkCode, jwkFromPublicKey, publicKeyFromJwk } from '@agent-seam/did';
export { thumbprint, thumbprintInput } from './jwk.js';
export {
  ALGORITHM,
  DIRECTORY_TAG,
  MAX_CLOCK_SKEW,
  MAX_DIRECTORY_LIFETIME,
  MAX_HEADER_LENGTH,
  MAX_REQUEST_LIFETIME,
  REQUEST_TAG,
} from './profile.js';
export {
  type SignedDirectory,
  type SignedHeaders,
  type SignOptions,
  type SignRequestOptions,
  signDirectory,
  signRequest,
} from './sign.js';
export { type ComponentLine, signatureBase } from './signature-base.js';
export {
  type Parameter,
  type ParameterValue,
  parseSignature,
  parseSignatureInput,
  type SignatureInputMember,
  type SignatureMember,
  type StructuredFieldCode,
} from './structured-fields.js';
export {
  type HeaderSource,
  MAX_DIRECTORY_BODY,
  type VerifiedSignature,
  type VerifyDirectoryOptions,
  type VerifyRequestOptions,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
  type WbaCode,
} from './verify.js';
