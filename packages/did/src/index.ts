export { BASE58_MAX_CHARS, type Base58Code, base58btc } from './base58.js';
export {
  type Curve,
  type DidCode,
  type DidPublicKey,
  didFromPublicKey,
  didFromSeed,
  publicKeyFromDid,
  type VerificationKeyCode,
  verificationKeyFromDid,
} from './did-key.js';
export { type Ed25519Code, type KeyPair, keyPairFromSeed, signEd25519, verifyEd25519 } from './ed25519.js';
