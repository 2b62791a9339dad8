import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { type EnvelopeCode, type EnvelopeFields, verifyEnvelope } from './envelope.js';

/** Refusals of `verifyClaim`, on top of the message's own. */
export type ClaimCode = 'not-a-claim' | 'unknown-nonce' | EnvelopeCode;

export const CLAIM_METHOD = 'onboard/claim';

export interface ClaimCheck {
  /** This device's DID: the claim message must be addressed to it. */
  recipientDid: string;
  /**
   * Consumes a one-time nonce this device issued with an invite: true exactly once
   * per issued nonce, false for a nonce never issued or already spent. The store
   * is the caller's; it is asked only after the signature has verified.
   */
  consumeNonce: (nonce: string) => boolean;
}

/**
 * Verifies an onboarding claim before any contact is added or overwritten: the
 * message must verify for this device, and only then is the nonce consumed (checking
 * the nonce first would let an unsigned claim burn an honest invite).
 */
export function verifyClaim(
  request: unknown,
  check: ClaimCheck,
): Verdict<{ message: EnvelopeFields; nonce: string }, ClaimCode> {
  if (typeof request !== 'object' || request === null) return fail('not-a-claim');
  const { method, message, nonce } = request as Record<string, unknown>;
  if (method !== CLAIM_METHOD) return fail('not-a-claim');
  if (typeof nonce !== 'string') return fail('missing-field', 'nonce');
  const verified = verifyEnvelope(message, { recipientDid: check.recipientDid });
  if (!verified.ok) return verified;
  if (!check.consumeNonce(nonce)) return fail('unknown-nonce', 'this device did not issue that nonce');
  return ok({ message: verified.value, nonce });
}
