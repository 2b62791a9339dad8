import { ED25519_CODES } from '@agent-seam/did';

/**
 * The closed refusal lists of the package, as values (so a caller or a test can check a
 * code is one of them) and as the types derived from them.
 */

/** Refusals of `parseSignatureInput` / `parseSignature`. */
export const STRUCTURED_FIELD_CODES = [
  'not-a-string',
  'header-too-long',
  'malformed-signature-input',
  'malformed-signature',
  'duplicate-label',
  'duplicate-parameter',
  'signature-member-parameters',
  'uppercase-component',
] as const;
export type StructuredFieldCode = (typeof STRUCTURED_FIELD_CODES)[number];

export const PARAMETER_CODES = [
  'missing-parameter',
  'wrong-parameter-type',
  'unsupported-parameter',
] as const;
export type ParameterCode = (typeof PARAMETER_CODES)[number];

export const COMPONENT_CODES = [
  'component-parameters',
  'unsupported-sf-parameter',
  'unsupported-bs-parameter',
  'missing-authority',
  'unsupported-component',
  'duplicate-component',
  'missing-content-digest',
] as const;
export type ComponentCode = (typeof COMPONENT_CODES)[number];

export const TIME_CODES = [
  'created-in-future',
  'expired',
  'expires-before-created',
  'lifetime-too-long',
] as const;
export type TimeCode = (typeof TIME_CODES)[number];

/** A directory key judged at `now` against its JWK `nbf` and `exp`. */
export const KEY_WINDOW_CODES = ['key-not-yet-valid', 'key-expired'] as const;
export type KeyWindowCode = (typeof KEY_WINDOW_CODES)[number];

/** The Signature-Agent of a request: a dictionary, whose member under the signature's label it covers. */
export const SIGNATURE_AGENT_COVERAGE_CODES = [
  'malformed-signature-agent',
  'uncovered-signature-agent',
] as const;

/** A directory response's Content-Digest (RFC 9530) against the body received. */
export const CONTENT_DIGEST_CODES = [
  'malformed-content-digest',
  'unsupported-digest-algorithm',
  'content-digest-mismatch',
] as const;
export type ContentDigestCode = (typeof CONTENT_DIGEST_CODES)[number];

/** Every refusal of `verifyRequest`, `verifyRequestAsync` and `verifyDirectory`. */
export const WBA_CODES = [
  'not-an-object',
  'not-bytes',
  'malformed-request-url',
  'missing-signature-input',
  'missing-signature',
  ...STRUCTURED_FIELD_CODES,
  ...PARAMETER_CODES,
  'wrong-alg',
  'wrong-tag',
  ...COMPONENT_CODES,
  'malformed-directory',
  'unknown-key',
  ...KEY_WINDOW_CODES,
  ...TIME_CODES,
  'missing-signature-label',
  'bad-signature-encoding',
  ...SIGNATURE_AGENT_COVERAGE_CODES,
  'missing-covered-header',
  'malformed-covered-header',
  ...CONTENT_DIGEST_CODES,
  ...ED25519_CODES, // the door's refusals, passed through unchanged
  'directory-too-large',
  'replayed',
  'replay-cache-full',
  'replay-store-unavailable',
] as const;
export type WbaCode = (typeof WBA_CODES)[number];

/** Refusals of `parseSignatureAgent`. */
export const SIGNATURE_AGENT_CODES = [
  'missing-signature-agent',
  'not-a-string',
  'malformed-signature-agent',
  'bad-signature-agent-url',
] as const;
export type SignatureAgentCode = (typeof SIGNATURE_AGENT_CODES)[number];

/** Refusals of `fetchDirectory`: the fetch itself, then everything `verifyDirectory` refuses. */
export const FETCH_DIRECTORY_CODES = [
  'directory-store-unavailable',
  'fetch-failed',
  'bad-status',
  ...WBA_CODES,
] as const;
export type FetchDirectoryCode = (typeof FETCH_DIRECTORY_CODES)[number];

/** Refusals of `parseSignatureAgentCard`. */
export const CARD_CODES = [
  'malformed-card',
  'client-id-mismatch',
  'both-key-sources',
  'no-key-source',
  'bad-card-url',
] as const;
export type CardCode = (typeof CARD_CODES)[number];

/** Refusals of `parseRegistry`. */
export const REGISTRY_CODES = ['not-a-string', 'registry-too-large', 'malformed-registry'] as const;
export type RegistryCode = (typeof REGISTRY_CODES)[number];

/**
 * Refusals of `verifyRequestWithDiscovery`: the request's own (every `WbaCode`), its
 * Signature-Agent's, the fetch and the directory's, a card's, and two of discovery's own.
 */
export const DISCOVERY_CODES = [
  ...FETCH_DIRECTORY_CODES,
  'missing-signature-agent',
  'bad-signature-agent-url',
  ...CARD_CODES,
  'unsupported-agent-type',
  'agent-not-allowed',
] as const;
export type DiscoveryCode = (typeof DISCOVERY_CODES)[number];
