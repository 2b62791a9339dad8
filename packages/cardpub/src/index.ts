export {
  A2A_ALG,
  A2A_TYP,
  type A2ACode,
  type A2AKeySource,
  type A2ASignature,
  a2aCardPayload,
  MAX_PROTECTED_LENGTH,
  type SignA2AOptions,
  signA2ACard,
  verifyA2ACard,
} from './a2a-card.js';
export {
  type Card,
  type CardEnvelope,
  type CardEnvelopeCode,
  cardEnvelopePayload,
  signCardEnvelope,
  type VerifyCardEnvelopeOptions,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
} from './card-envelope.js';
export {
  DOMAIN_LINKAGE_CONTEXT,
  DOMAIN_LINKAGE_TYPE,
  type DomainLinkage,
  type DomainLinkageCode,
  MAX_DOMAIN_LINKAGE_LENGTH,
  type SignDomainLinkageOptions,
  signDomainLinkage,
  type VerifyDomainLinkageOptions,
  verifyDomainLinkage,
} from './domain-linkage.js';
export { canonicalOrigin } from './origin.js';
