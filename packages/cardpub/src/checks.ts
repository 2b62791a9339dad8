import { type CheckSpec, withoutCodes } from '@agent-seam/canonical';
import { ED25519_CHECKS, VERIFICATION_KEY_CHECKS } from '@agent-seam/did';
import type { A2ACode } from './a2a-card.js';
import type { CardEnvelopeCode } from './card-envelope.js';
import type { DomainLinkageCode } from './domain-linkage.js';

/** The signer's DID as a key, screened before the door (so the door's small-order-key is here). */
const signerKey = (title: string) => ({
  id: 'signer-key',
  title,
  codes: VERIFICATION_KEY_CHECKS.flatMap((c) => c.codes),
});
const DOOR_AFTER_SCREENED_KEY = withoutCodes(ED25519_CHECKS, ['small-order-key']);

/** `verifyCardEnvelope`'s checks, in its order (`verifyCardEnvelopeAsync` makes the same ones). */
export const CARD_ENVELOPE_CHECKS: readonly CheckSpec<CardEnvelopeCode>[] = [
  {
    id: 'fields',
    title:
      'an object with v 1, typ agentcard, an integer ts and a card object with a string did, nested at most maxDepth (127) deep',
    codes: ['not-an-object', 'wrong-version', 'wrong-typ', 'not-integer-ts', 'malformed-card', 'too-deep'],
  },
  { id: 'expected-did-named', title: 'you named the DID you expect', codes: ['missing-expected-did'] },
  { id: 'did', title: 'card.did is the DID you expect', codes: ['did-mismatch'] },
  {
    id: 'freshness',
    title: 'ts at most maxAge (6 h) before now and at most maxSkew (300 s) after it',
    codes: ['stale', 'from-future'],
    needs: 'now',
  },
  {
    id: 'signature-text',
    title: 'sig is one canonical standard base64 spelling',
    codes: ['sig-not-canonical-base64'],
  },
  signerKey('card.did is an Ed25519 did:key whose key is not of small order'),
  {
    id: 'signed-bytes',
    title: 'card, ts, typ and v have a canonical seam spelling (the bytes the signature covers)',
    codes: ['not-canonicalizable'],
  },
  ...DOOR_AFTER_SCREENED_KEY,
];

/** `verifyDomainLinkage`'s checks, in its order. */
export const DOMAIN_LINKAGE_CHECKS: readonly CheckSpec<DomainLinkageCode>[] = [
  {
    id: 'token',
    title: 'text of at most 8192 characters, three segments, each strict base64url',
    codes: ['not-a-string', 'too-long', 'malformed-jws', 'bad-base64url'],
  },
  {
    id: 'header',
    title: 'the header is a JSON object with alg EdDSA and typ JWT',
    codes: ['malformed-header', 'wrong-alg', 'wrong-typ'],
  },
  { id: 'payload', title: 'the payload is a credential object', codes: ['malformed-payload'] },
  {
    id: 'identity',
    title: 'iss, sub and the subject id are the DID you named, and kid is <did>#<multibase>',
    codes: ['did-mismatch', 'wrong-kid'],
  },
  { id: 'credential-type', title: 'a DomainLinkageCredential', codes: ['wrong-credential-type'] },
  {
    id: 'times',
    title: 'exp present; nbf and exp integer seconds',
    codes: ['missing-exp', 'not-integer-time'],
  },
  { id: 'validity', title: 'now is at or after nbf and before exp', codes: ['not-yet-valid', 'expired'] },
  {
    id: 'origin',
    title: 'the claimed origin parses and is the origin you named',
    codes: ['bad-origin', 'origin-mismatch'],
  },
  signerKey('the DID is an Ed25519 did:key whose key is not of small order'),
  ...DOOR_AFTER_SCREENED_KEY,
];

/** `verifyA2ACard`'s checks, in its order; the key comes from the caller, so the door screens it. */
export const A2A_CHECKS: readonly CheckSpec<A2ACode>[] = [
  { id: 'card', title: 'the card is a JSON object', codes: ['malformed-card'] },
  {
    id: 'signature-object',
    title: 'the signature is {protected, signature} text, the header at most 4096 characters',
    codes: ['malformed-signature'],
  },
  {
    id: 'segments',
    title: 'protected and signature are strict base64url',
    codes: ['bad-base64url'],
  },
  {
    id: 'header',
    title: 'the protected header is a JSON object: alg EdDSA, typ JOSE, kid and jku, no crit',
    codes: [
      'malformed-protected-header',
      'wrong-alg',
      'wrong-typ',
      'missing-header-member',
      'unsupported-crit',
    ],
  },
  { id: 'key', title: 'a usable Ed25519 key for kid (or the key you gave)', codes: ['unknown-key'] },
  {
    id: 'signed-bytes',
    title: 'the card without signatures has an RFC 8785 form (the bytes the signature covers)',
    codes: ['not-canonicalizable'],
  },
  ...ED25519_CHECKS,
];
