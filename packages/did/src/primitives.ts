/**
 * Every curve and hash primitive the package uses comes through this module, so a
 * faster backend (node:crypto, WebCrypto) can replace it behind the same byte-level
 * pre-checks in ed25519.ts. Nothing here judges input; it only computes.
 */
import { sha512 } from '@agent-seam/canonical';
import { ed25519 } from '@noble/curves/ed25519.js';

type Point = InstanceType<typeof ed25519.Point>;
const { Point } = ed25519;

/** The prime order L of the Ed25519 base point. */
export const GROUP_ORDER: bigint = Point.Fn.ORDER;

/** The 32-byte public key of a 32-byte seed (RFC 8032 section 5.1.5). */
export const publicKeyOfSeed = (seed: Uint8Array): Uint8Array => ed25519.getPublicKey(seed);

/** The deterministic RFC 8032 signature of `message` under `seed`. */
export const signWithSeed = (seed: Uint8Array, message: Uint8Array): Uint8Array =>
  ed25519.sign(message, seed);

/**
 * Decodes a point the RFC 8032 way: y < p, and x = 0 only with the sign bit clear.
 * Null when the bytes are not such an encoding of a curve point.
 */
export function decodePointStrict(bytes: Uint8Array): Point | null {
  try {
    return Point.fromBytes(bytes, false);
  } catch {
    return null;
  }
}

/** Little-endian integer of `bytes` (a scalar as RFC 8032 spells it). */
export function scalarFromLittleEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** h = SHA-512(R || A || M) mod L. */
export function challenge(r: Uint8Array, a: Uint8Array, message: Uint8Array): bigint {
  const input = new Uint8Array(64 + message.length);
  input.set(r, 0);
  input.set(a, 32);
  input.set(message, 64);
  return scalarFromLittleEndian(sha512(input)) % GROUP_ORDER;
}

/** The cofactorless verification equation [S]B == R + [h]A (no multiplication by 8). */
export const cofactorlessHolds = (s: bigint, r: Point, h: bigint, a: Point): boolean =>
  Point.BASE.multiplyUnsafe(s).equals(r.add(a.multiplyUnsafe(h)));
