// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { SenderContext } from './context.js';
export { readDack } from './dack.js';
export {
  type SealOptions,
  type SenderOptions,
  type SenderSetup,
  seal,
  setupAuthPSKS,
  setupAuthS,
  setupBaseS,
  setupPSKS,
} from './hpke.js';
export { deriveKeyPair, generateKeyPair } from './kem.js';
export * from './open-only.js';
export { padLengthFor } from './padme.js';
export type { RandomSource } from './primitives.js';
export {
  type Entry,
  type InnerMessage,
  type SealEnvelopeOptions,
  type SealedEnvelope,
  sealEnvelope,
} from './seal-v2.js';
