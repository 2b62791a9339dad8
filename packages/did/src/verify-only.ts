/**
 * `@agent-seam/did/verify`: everything a page that only checks needs (the Ed25519 door and
 * its asynchronous twin, did:key and JWK decoding, device bindings, KeyState and
 * OwnerState verification) and no signing or key generation. tools/bundle-check.ts
 * proves that no export left out here reaches a bundle of this entry.
 */

export { BASE58_CODES, BASE58_MAX_CHARS, type Base58Code, base58btc } from './base58.js';
export {
  BINDING_V2_TYP,
  type BindingCheck,
  bindingPayload,
  bindingV2Payload,
  type DeviceBindingV2,
  verifyDeviceBindingV2,
} from './binding.js';
export {
  BINDING_V2_CHECKS,
  ED25519_CHECKS,
  KEYSTATE_CHECKS,
  SIGNATURE_TEXT_CHECKS,
  VERIFICATION_KEY_CHECKS,
} from './checks.js';
export {
  type Curve,
  DID_CODES,
  type DidCode,
  type DidPublicKey,
  didFromPublicKey,
  publicKeyFromDid,
  VERIFICATION_KEY_CODES,
  type VerificationKeyCode,
  verificationKeyFromDid,
} from './did-key.js';
export {
  askDoor,
  type DoorQuestion,
  type DoorSteps,
  throughDoor,
  throughDoorAsync,
} from './door-steps.js';
export { ED25519_CODES, type Ed25519Code, type Ed25519Verdict, verifyEd25519 } from './ed25519.js';
export { type Ed25519Jwk, JWK_CODES, type JwkCode, jwkFromPublicKey, publicKeyFromJwk } from './jwk.js';
export {
  KEYSTATE_TYP,
  type KeyStateFields,
  type ResolveOptions,
  resolveOpDid,
  type VerifiedKeyState,
  verifyKeyState,
} from './keystate.js';
export {
  KEYSTATE_PIN_CODES,
  type KeyStatePin,
  type KeyStatePinCode,
  type KeyStatePinOutcome,
  type KeyStatePinStore,
  MemoryKeyStatePinStore,
  type PinnedResolution,
  resolveOpDidPinned,
} from './keystate-pins.js';
export {
  isRevoked,
  MAX_REVOKED,
  newerOwnerState,
  OWNER_STATE_TYP,
  type OwnerState,
  verifyOwnerState,
} from './owner-state.js';
export {
  base64SignatureSteps,
  didLabel,
  doorRefusal,
  SIGNATURE_TEXT_CODES,
  type SignatureTextCode,
  verifyBase64Signature,
} from './signature-text.js';
export { bindingV2SignedBytes, keyStateSignedBytes } from './signed-bytes.js';
export { RECORD_CODES, type RecordCode } from './signed-record.js';
export { type Ed25519AsyncBackend, ed25519AsyncBackend, verifyEd25519Async } from './verify-async.js';
