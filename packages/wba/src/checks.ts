import type { CheckSpec } from '@agent-seam/canonical';
import { ED25519_CHECKS } from '@agent-seam/did';
import { COMPONENT_CODES, type WbaCode } from './codes.js';

/** The checks of one signed message from its two signature fields to its covered components. */
const FIELD_CHECKS: readonly CheckSpec<WbaCode>[] = [
  {
    id: 'signature-fields',
    title: 'Signature-Input and Signature are present, text, and within maxHeaderLength (4096)',
    codes: ['not-a-string', 'missing-signature-input', 'missing-signature', 'header-too-long'],
  },
  {
    id: 'structured-fields',
    title:
      "both fields are the profile's RFC 8941 spelling: unique labels and parameters, lowercase component names",
    codes: [
      'malformed-signature-input',
      'malformed-signature',
      'duplicate-label',
      'duplicate-parameter',
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
];

/** From the key to the signature bytes: the same for both directions. */
const KEY_CHECKS: readonly CheckSpec<WbaCode>[] = [
  { id: 'key', title: 'keyid is the thumbprint of a usable key in the directory', codes: ['unknown-key'] },
  {
    id: 'key-window',
    title: "the key is valid at now by its JWK's nbf and exp",
    codes: ['key-not-yet-valid', 'key-expired'],
  },
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
];

const COVERED_HEADERS: CheckSpec<WbaCode> = {
  id: 'covered-headers',
  title:
    'every covered header (or dictionary member) is present and one line of visible text (the signature base can be built)',
  codes: ['missing-covered-header', 'malformed-covered-header'],
};

/**
 * The checks of a message after its source is read. Every Signature-Input member is judged
 * by the member checks; a verdict refusing them is that of the first member naming a key
 * of the directory (else of the first member), so the member checks describe it.
 */
const messageChecks = (direction: 'request' | 'directory'): readonly CheckSpec<WbaCode>[] => [
  ...FIELD_CHECKS,
  {
    id: 'tag',
    title:
      direction === 'request'
        ? 'tag names this direction (web-bot-auth for a request)'
        : 'tag names this direction (http-message-signatures-directory for a directory response)',
    codes: ['wrong-tag'],
  },
  {
    id: 'components',
    title:
      direction === 'request'
        ? '@authority or @target-uri covered; otherwise only header fields, each once, with no parameter but key on signature-agent'
        : '@authority covered (with req, then content-digest too); otherwise only header fields, each once',
    codes: COMPONENT_CODES.filter((code) => direction === 'directory' || code !== 'missing-content-digest'),
  },
  ...KEY_CHECKS,
  ...(direction === 'request'
    ? [
        {
          id: 'signature-agent',
          title:
            "Signature-Agent is one string or a dictionary whose member under the signature's label is covered",
          codes: ['malformed-signature-agent', 'uncovered-signature-agent'] as WbaCode[],
        },
        COVERED_HEADERS,
      ]
    : [
        COVERED_HEADERS,
        {
          id: 'content-digest',
          title: 'a covered Content-Digest is sha-256 or sha-512 of the body received',
          codes: [
            'malformed-content-digest',
            'unsupported-digest-algorithm',
            'content-digest-mismatch',
          ] as WbaCode[],
        },
      ]),
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
  ...messageChecks('request'),
  {
    id: 'replay',
    title: 'your replay store had not accepted this signature (or this keyid and nonce) before',
    codes: ['replayed', 'replay-cache-full', 'replay-store-unavailable'],
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
  ...messageChecks('directory'),
];
