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
  'component-parameters',
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

export const COMPONENT_CODES = ['missing-authority', 'unsupported-component', 'duplicate-component'] as const;
export type ComponentCode = (typeof COMPONENT_CODES)[number];

export const TIME_CODES = [
  'created-in-future',
  'expired',
  'expires-before-created',
  'lifetime-too-long',
] as const;
export type TimeCode = (typeof TIME_CODES)[number];

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
  ...TIME_CODES,
  'missing-signature-label',
  'bad-signature-encoding',
  'missing-covered-header',
  'malformed-covered-header',
  ...ED25519_CODES, // the door's refusals, passed through unchanged
  'directory-too-large',
  'replayed',
  'replay-cache-full',
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
export const FETCH_DIRECTORY_CODES = ['fetch-failed', 'bad-status', ...WBA_CODES] as const;
export type FetchDirectoryCode = (typeof FETCH_DIRECTORY_CODES)[number];
