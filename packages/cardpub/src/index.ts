// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { type SignA2AOptions, signA2ACard } from './a2a-card.js';
export { signCardEnvelope } from './card-envelope.js';
export { type SignDomainLinkageOptions, signDomainLinkage } from './domain-linkage.js';
export * from './verify-only.js';
