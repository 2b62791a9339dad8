import { type CheckSpec, withoutCodes } from '@agent-seam/canonical';
import { SIGNATURE_TEXT_CHECKS } from '@agent-seam/did';
import type { EnvelopeCode } from './envelope.js';

/**
 * `verifyEnvelope`'s checks, in its order (`verifyEnvelopeAsync` makes the same ones).
 * The signer's DID is screened for small-order keys before the door sees the key, so the
 * door's own small-order-key check is the signer-key check here.
 */
export const ENVELOPE_CHECKS: readonly CheckSpec<EnvelopeCode>[] = [
  {
    id: 'recipient-named',
    title: 'you named the recipient (recipientDid); the message cannot name it',
    codes: ['no-recipient-named'],
  },
  {
    id: 'fields',
    title:
      'a JSON object: from, to, messageId, text strings, contextId string or null, integer timestamp, sig',
    codes: ['not-an-object', 'missing-field', 'not-integer-timestamp'],
  },
  { id: 'recipient', title: 'to is the recipient you named', codes: ['wrong-recipient'] },
  {
    id: 'freshness',
    title: 'timestamp within maxSkew (300 s) of now, either way',
    codes: ['stale', 'from-future'],
    needs: 'now',
  },
  {
    id: 'signer-key',
    title: 'from is an Ed25519 did:key whose key is not of small order',
    codes: ['from-not-did-key', 'small-order-key'],
  },
  {
    id: 'signed-bytes',
    title: 'the six fields have a canonical seam spelling (the bytes the signature covers)',
    codes: ['cannot-canonicalize'],
  },
  ...withoutCodes(SIGNATURE_TEXT_CHECKS, ['small-order-key']),
  {
    id: 'replay',
    title: 'the first delivery of this (from, messageId) the replay cache has seen',
    codes: ['replayed', 'replay-cache-full', 'replay-store-unavailable'],
    needs: 'replay',
  },
];
