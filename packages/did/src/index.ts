// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { signDeviceBindingV2 } from './binding.js';
export { didFromSeed } from './did-key.js';
export { type KeyPair, keyPairFromSeed, signEd25519 } from './ed25519.js';
export { signKeyState } from './keystate.js';
export { signOwnerState } from './owner-state.js';
export { signToBase64 } from './signature-text.js';
export * from './verify-only.js';
