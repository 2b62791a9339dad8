/**
 * `@agent-seam/wba/verify`: request and directory verification (sync and through the
 * asynchronous door), Signature-Agent parsing, directory fetching and caching, the
 * structured-field parsers, signature bases and thumbprints; no signing.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

// The replay store is canonical's (envelope and hpke-seal share it); re-exported so a
// server needs no other import.
export { MemoryReplayCache, type MemoryReplayCacheOptions } from '@agent-seam/canonical';
// The key codec lives in did; re-exported so a Web Bot Auth user needs one import.
export { type Ed25519Jwk, type JwkCode, jwkFromPublicKey, publicKeyFromJwk } from '@agent-seam/did';
export {
  type CardOptions,
  MAX_REGISTRY_ENTRIES,
  MAX_REGISTRY_LENGTH,
  parseRegistry,
  parseSignatureAgentCard,
  type RegistryOptions,
  type SignatureAgentCard,
} from './agent-card.js';
export { DIRECTORY_CHECKS, REQUEST_CHECKS } from './checks.js';
export {
  CARD_CODES,
  type CardCode,
  COMPONENT_CODES,
  CONTENT_DIGEST_CODES,
  type ComponentCode,
  type ContentDigestCode,
  DISCOVERY_CODES,
  type DiscoveryCode,
  FETCH_DIRECTORY_CODES,
  type FetchDirectoryCode,
  KEY_WINDOW_CODES,
  type KeyWindowCode,
  PARAMETER_CODES,
  type ParameterCode,
  REGISTRY_CODES,
  type RegistryCode,
  SIGNATURE_AGENT_CODES,
  SIGNATURE_AGENT_COVERAGE_CODES,
  type SignatureAgentCode,
  STRUCTURED_FIELD_CODES,
  type StructuredFieldCode,
  TIME_CODES,
  type TimeCode,
  WBA_CODES,
  type WbaCode,
} from './codes.js';
export {
  type DiscoveredAgent,
  type DiscoveredRequest,
  type DiscoverOptions,
  verifyRequestWithDiscovery,
} from './discover.js';
export { type MemberSignatureBase, signatureBases } from './explain.js';
export {
  createDirectoryCache,
  DIRECTORY_MEDIA_TYPE,
  DIRECTORY_PATH,
  type DirectoryCache,
  type DirectoryFetch,
  type DirectoryResponse,
  type FetchDirectoryOptions,
  type FetchedDirectory,
  fetchDirectory,
} from './fetch-directory.js';
export {
  combineFieldLines,
  type HeaderGetter,
  type HeaderRecord,
  type HeaderSource,
  type HeaderValue,
} from './headers.js';
export { thumbprint, thumbprintInput } from './jwk.js';
export type { Jwk, JwkSet } from './jwk-set.js';
export {
  ALGORITHM,
  DIRECTORY_TAG,
  MAX_CLOCK_SKEW,
  MAX_DIRECTORY_LIFETIME,
  MAX_HEADER_LENGTH,
  MAX_REQUEST_LIFETIME,
  REQUEST_TAG,
} from './profile.js';
export type { ReplayAnswer, ReplayCache, ReplayOption, ReplayOutcome } from './replay.js';
export {
  type ParseSignatureAgentOptions,
  parseSignatureAgent,
  type SignatureAgentEntry,
  type SignatureAgentType,
} from './signature-agent.js';
export { type ComponentLine, signatureBase } from './signature-base.js';
export {
  type ComponentId,
  type Parameter,
  type ParameterValue,
  type ParseOptions,
  parseSignature,
  parseSignatureInput,
  type SignatureInputMember,
  type SignatureMember,
} from './structured-fields.js';
export {
  type AuthorityFromRequestUrl,
  MAX_DIRECTORY_BODY,
  type RequestLike,
  type VerifiedDirectory,
  type VerifiedRequest,
  type VerifiedSignature,
  type VerifyDirectoryOptions,
  type VerifyRequestOptions,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
} from './verify.js';
