import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import {
  challenge,
  cofactorlessHolds,
  decodePointStrict,
  GROUP_ORDER,
  publicKeyOfSeed,
  scalarFromLittleEndian,
  signWithSeed,
} from './primitives.js';
import { isSmallOrderEncoding } from './small-order.js';

/** Refusals of the Ed25519 door. */
export type Ed25519Code =
  | 'bad-length'
  | 'small-order-key'
  | 'non-canonical-key'
  | 'small-order-r'
  | 'non-canonical-r'
  | 'non-canonical-s'
  | 'bad-signature';

export interface KeyPair {
  seed: Uint8Array;
  publicKey: Uint8Array;
}

const isBytes = (value: unknown, length?: number): value is Uint8Array =>
  value instanceof Uint8Array && (length === undefined || value.length === length);

function requireSeed(seed: unknown): Uint8Array {
  if (!isBytes(seed, 32)) throw new SeamError('bad-seed', 'an Ed25519 seed is exactly 32 bytes');
  return seed;
}

/** The public key of a 32-byte seed; the seed is the whole identity. */
export function keyPairFromSeed(seed: Uint8Array): KeyPair {
  return { seed: requireSeed(seed), publicKey: publicKeyOfSeed(seed) };
}

/** The 64-byte RFC 8032 signature of `message` under `seed` (deterministic). */
export function signEd25519(seed: Uint8Array, message: Uint8Array): Uint8Array {
  if (!isBytes(message)) throw new SeamError('bad-message', 'the message to sign must be bytes');
  return signWithSeed(requireSeed(seed), message);
}

/**
 * THE Ed25519 verification of this repository. Strict where RFC 8032 allows choice:
 * both encodings canonical, no small-order key or R, S < L, and the cofactorless
 * equation [S]B == R + [h]A with h = SHA-512(R || A || M) mod L. The cheap byte checks
 * run before any curve arithmetic. Never throws.
 */
export function verifyEd25519(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Verdict<true, Ed25519Code> {
  if (!isBytes(publicKey, 32)) return fail('bad-length', 'public key must be 32 bytes');
  if (!isBytes(signature, 64)) return fail('bad-length', 'signature must be 64 bytes');
  if (!isBytes(message)) return fail('bad-length', 'message must be bytes');
  const rBytes = signature.subarray(0, 32);
  const sBytes = signature.subarray(32, 64);
  // A small-order key "signs" every message with R = identity, S = 0.
  if (isSmallOrderEncoding(publicKey)) return fail('small-order-key');
  const a = decodePointStrict(publicKey);
  if (a === null) return fail('non-canonical-key', 'not the RFC 8032 encoding of a curve point');
  // A small-order R lets a torsion component ride along with an honest key.
  if (isSmallOrderEncoding(rBytes)) return fail('small-order-r');
  const r = decodePointStrict(rBytes);
  if (r === null) return fail('non-canonical-r', 'R is not the RFC 8032 encoding of a curve point');
  const s = scalarFromLittleEndian(sBytes);
  // S >= L would give a second signature (S + L) for every signature.
  if (s >= GROUP_ORDER) return fail('non-canonical-s', 'S is not below the group order');
  const h = challenge(rBytes, publicKey, message);
  if (!cofactorlessHolds(s, r, h, a)) return fail('bad-signature');
  return ok(true);
}
