import { describeType, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import {
  ENVELOPE_CODES,
  type VerifiedEnvelope,
  type VerifyEnvelopeOptions,
  verifyEnvelope,
} from './envelope.js';

/** Refusals of `verifyClaim`, on top of the message's own. */
export const CLAIM_CODES = ['not-a-claim', 'unknown-nonce', ...ENVELOPE_CODES] as const;
export type ClaimCode = (typeof CLAIM_CODES)[number];

export const CLAIM_METHOD = 'onboard/claim';

/** The message's options (this device as recipient; `now`, `maxSkew`, `replay` as for any message, required alike), and the nonce store. */
export interface ClaimCheck extends VerifyEnvelopeOptions {
  /**
   * Consumes a one-time nonce this device issued with an invite: true exactly once
   * per issued nonce, false for a nonce never issued or already spent. The store
   * is the caller's; it is asked only after the message has verified.
   */
  consumeNonce: (nonce: string) => boolean;
}

/**
 * Verifies an onboarding claim before any contact is added or overwritten: the
 * message must verify for this device, fresh and first-seen (unless the caller turned
 * those off by name), and only then is the nonce consumed (checking the nonce first
 * would let an unsigned or stale claim burn an honest invite).
 */
export function verifyClaim(
  request: unknown,
  check: ClaimCheck,
): Verdict<{ message: VerifiedEnvelope; nonce: string }, ClaimCode> {
  if (typeof check?.consumeNonce !== 'function')
    throw new SeamError('bad-options', 'verifyClaim needs consumeNonce, the store of issued nonces');
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return fail('not-an-object', `the claim is ${describeType(request)}, not a JSON object`);
  const { method, message, nonce } = request as Record<string, unknown>;
  if (method !== CLAIM_METHOD) return fail('not-a-claim', `method is not ${CLAIM_METHOD}`);
  if (typeof nonce !== 'string')
    return fail('missing-field', `nonce is ${describeType(nonce)}; it is a string`);
  const { consumeNonce, ...options } = check;
  const verified = verifyEnvelope(message, options);
  if (!verified.ok) return verified;
  if (!consumeNonce(nonce)) return fail('unknown-nonce', 'this device did not issue that nonce');
  return ok({ message: verified.value, nonce });
}
