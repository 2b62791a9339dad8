import type { CheckSpec } from '@agent-seam/canonical';
import { ED25519_CHECKS } from '@agent-seam/did';
import type { WbaCode } from './codes.js';

/**
 * The checks of one signed message after its source is read: the two signature fields,
 * their RFC 8941 spelling, then each Signature-Input member in turn. Every member is
 * judged by the member checks; a verdict refusing them is that of the first member naming
 * a key of the directory (else of the first member), so the member checks describe it.
 */
const MESSAGE_CHECKS: readonly CheckSpec<WbaCode>[] = [
  {
    id: 'signature-fields',
    title: 'Signature-Input and Signature are present, text, and within maxHeaderLength (4096)',
    codes: ['not-a-string', 'missing-signature-input', 'missing-signature', 'header-too-long'],
  },
  {
    id: 'structured-fields',
    title:
      "both fields are the profile's RFC 8941 spelling: unique labels and parameters, bare lowercase components",
    codes: [
      'malformed-signature-input',
      'malformed-signature',
      'duplicate-label',
      'duplicate-parameter',
      'component-parameters',
      'signature-member-parameters',
      'uppercase-component',
    ],
  },
  {
    id: 'parameters',
    title: 'created, expires, keyid and tag present, of their types, and nothing else but alg and nonce',
    codes: ['missing-parameter', 'wrong-parameter-type', 'unsupported-parameter'],
  },
  { id: 'algorithm', title: 'alg absent or ed25519', codes: ['wrong-alg'] },
  { id: 'tag', title: 'tag names this direction (web-bot-auth for a request)', codes: ['wrong-tag'] },
  {
    id: 'components',
    title: '@authority covered; otherwise only header fields, each once',
    codes: ['missing-authority', 'unsupported-component', 'duplicate-component'],
  },
  { id: 'key', title: 'keyid is the thumbprint of a usable key in the directory', codes: ['unknown-key'] },
  {
    id: 'times',
    title: 'created at most 300 s ahead of now, not expired, expires after created, lifetime within the cap',
    codes: ['created-in-future', 'expired', 'expires-before-created', 'lifetime-too-long'],
  },
  {
    id: 'signature-label',
    title: 'Signature has a member of the same label',
    codes: ['missing-signature-label'],
  },
  { id: 'signature-encoding', title: 'the signature is strict base64', codes: ['bad-signature-encoding'] },
  {
    id: 'covered-headers',
    title: 'every covered header is present and one line of visible text (the signature base can be built)',
    codes: ['missing-covered-header', 'malformed-covered-header'],
  },
  ...ED25519_CHECKS,
];

/** `verifyRequest`'s checks (and `verifyRequestAsync`'s), in its order. */
export const REQUEST_CHECKS: readonly CheckSpec<WbaCode>[] = [
  {
    id: 'request',
    title: 'the headers (or the Request) can be read; with fromRequestUrl, its URL has a host',
    codes: ['not-an-object', 'malformed-request-url'],
  },
  { id: 'directory', title: 'the key directory you gave is a JWK Set', codes: ['malformed-directory'] },
  ...MESSAGE_CHECKS,
  {
    id: 'replay',
    title: 'your replay store had not accepted this signature (or this keyid and nonce) before',
    codes: ['replayed', 'replay-cache-full'],
    needs: 'replay',
  },
];

/** `verifyDirectory`'s checks, in its order. */
export const DIRECTORY_CHECKS: readonly CheckSpec<WbaCode>[] = [
  {
    id: 'body',
    title: 'the body is text or bytes within maxBodyLength, UTF-8 JSON of a JWK Set',
    codes: ['not-bytes', 'directory-too-large', 'malformed-directory'],
  },
  { id: 'headers', title: 'the response headers can be read', codes: ['not-an-object'] },
  ...MESSAGE_CHECKS,
];
