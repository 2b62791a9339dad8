// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { sealBox } from './box.js';
export type { SealBoxOptions } from './box-frame.js';
export { encPublicKey, sealBoxV1 } from './box-v1.js';
export { encPublicKeyPq } from './box-v2.js';
export * from './open-only.js';
export { type SealPayloadOptions, sealPayload } from './payload.js';
export type { RandomSource } from './primitives.js';
export { sealedObject, sealedString } from './sealed-field.js';
export { encodeWrappedKey } from './wrapped-key.js';
