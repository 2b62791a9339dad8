import { base64Strict, fail, type Verdict } from '@agent-seam/canonical';
import { askDoor, type DoorSteps, throughDoor } from './door-steps.js';
import { ED25519_CODES, signEd25519 } from './ed25519.js';

/** Refusals of a signature carried as base64 text, on top of the door's own. */
export const SIGNATURE_TEXT_CODES = [
  'sig-not-canonical-base64',
  'bad-signature-length',
  ...ED25519_CODES,
] as const;
export type SignatureTextCode = (typeof SIGNATURE_TEXT_CODES)[number];

/** Standard padded base64 of the signature of `message` under `seed`: the wire spelling of `sig`. */
export const signToBase64 = (seed: Uint8Array, message: Uint8Array): string =>
  base64Strict.encode(signEd25519(seed, message));

/**
 * The steps of `verifyBase64Signature`, for verifiers written once for both doors
 * (door-steps.ts): `yield* base64SignatureSteps(key, message, sig)`.
 */
export function* base64SignatureSteps(
  publicKey: Uint8Array,
  message: Uint8Array,
  sig: unknown,
): DoorSteps<Verdict<true, SignatureTextCode>> {
  const decoded = base64Strict.decode(sig);
  if (!decoded.ok)
    return fail('sig-not-canonical-base64', 'not the one standard base64 spelling of its bytes');
  if (decoded.value.length !== 64) return fail('bad-signature-length', 'an Ed25519 signature is 64 bytes');
  return yield* askDoor(publicKey, message, decoded.value);
}

/**
 * Verifies a signature that arrived as text. The text must be the one canonical
 * base64 spelling of its bytes (a signature has exactly one name on the wire), the
 * bytes must be 64 long, and then the door decides. Never throws.
 */
export const verifyBase64Signature = (
  publicKey: Uint8Array,
  message: Uint8Array,
  sig: unknown,
): Verdict<true, SignatureTextCode> => throughDoor(base64SignatureSteps(publicKey, message, sig));
