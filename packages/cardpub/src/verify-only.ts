/**
 * `@agent-seam/cardpub/verify`: the verifiers of card envelopes, A2A card signatures and
 * domain-linkage credentials, and the bytes each signature covers; no signing.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

export {
  A2A_ALG,
  A2A_CODES,
  A2A_TYP,
  type A2ACode,
  type A2AKeySource,
  type A2ASignature,
  a2aCardPayload,
  a2aSigningInput,
  MAX_PROTECTED_LENGTH,
  verifyA2ACard,
} from './a2a-card.js';
export {
  CARD_ENVELOPE_CODES,
  type Card,
  type CardEnvelope,
  type CardEnvelopeCode,
  cardEnvelopePayload,
  DEFAULT_CARD_MAX_AGE,
  DEFAULT_CARD_MAX_DEPTH,
  DEFAULT_CARD_MAX_SKEW,
  type VerifiedCard,
  type VerifyCardEnvelopeOptions,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
} from './card-envelope.js';
export { A2A_CHECKS, CARD_ENVELOPE_CHECKS, DOMAIN_LINKAGE_CHECKS } from './checks.js';
export {
  DOMAIN_LINKAGE_CODES,
  DOMAIN_LINKAGE_CONTEXT,
  DOMAIN_LINKAGE_TYPE,
  type DomainLinkage,
  type DomainLinkageCode,
  domainLinkageSigningInput,
  MAX_DOMAIN_LINKAGE_LENGTH,
  type VerifyDomainLinkageOptions,
  verifyDomainLinkage,
} from './domain-linkage.js';
export { canonicalOrigin } from './origin.js';
export { cardEnvelopeSignedBytes } from './signed-bytes.js';
