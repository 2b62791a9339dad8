/**
 * Why a box did not open. `openBox` folds all of these into `null` (the contract's
 * "no plaintext"); `openBoxVerdict` names them for logs and tests.
 */
export type BoxCode =
  | 'not-a-string'
  | 'too-large'
  | 'bad-base64'
  | 'too-short'
  | 'v2-too-short'
  | 'v2-not-supported'
  | 'bad-public-key'
  | 'zero-shared-secret'
  | 'authentication-failed';

export const BOX_CODES: readonly BoxCode[] = [
  'not-a-string',
  'too-large',
  'bad-base64',
  'too-short',
  'v2-too-short',
  'v2-not-supported',
  'bad-public-key',
  'zero-shared-secret',
  'authentication-failed',
];

/** Why `openPayload` refused a sealed-payload envelope. */
export type PayloadCode =
  | 'not-bytes'
  | 'too-large'
  | 'truncated'
  | 'unknown-version'
  | 'wrapped-key-malformed'
  | 'wrapped-key-not-canonical'
  | 'wrapped-key-unknown-member'
  | 'key-unavailable'
  | 'authentication-failed';

export const PAYLOAD_CODES: readonly PayloadCode[] = [
  'not-bytes',
  'too-large',
  'truncated',
  'unknown-version',
  'wrapped-key-malformed',
  'wrapped-key-not-canonical',
  'wrapped-key-unknown-member',
  'key-unavailable',
  'authentication-failed',
];

/** Why `readSealedField` did not find a sealed envelope in a JSON value. */
export type SealedFieldCode = 'not-sealed' | 'sealed-malformed' | 'bad-base64';

export const SEALED_FIELD_CODES: readonly SealedFieldCode[] = [
  'not-sealed',
  'sealed-malformed',
  'bad-base64',
];
