/**
 * The one module that touches the primitive libraries. Everything else in this package
 * speaks in terms of these functions, so a primitive can be swapped or audited in one place.
 */
import { sha256 as doorSha256 } from '@agent-seam/canonical';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';

/** A source of uniformly random bytes; injectable so that tests and vectors are reproducible. */
export type RandomSource = (length: number) => Uint8Array;

export const systemRandom: RandomSource = (length) => randomBytes(length);

/** Through canonical's hashing door (node:crypto on Node): a body or envelope digest may cover megabytes. */
export const sha256Digest = (data: Uint8Array): Uint8Array => doorSha256(data);

// HKDF stays on noble: node:crypto would save about 2% of an open (spec/canonical.md).
/** HKDF-Extract (RFC 5869) with SHA-256; an empty salt behaves like 32 zero bytes. */
export const hkdfExtract = (salt: Uint8Array, ikm: Uint8Array): Uint8Array => extract(sha256, ikm, salt);

/** HKDF-Expand (RFC 5869) with SHA-256. */
export const hkdfExpand = (prk: Uint8Array, info: Uint8Array, length: number): Uint8Array =>
  length === 0 ? new Uint8Array(0) : expand(sha256, prk, info, length);

const EdPoint = ed25519.Point;

/**
 * The X25519 public key of a 32-byte private key: u([k]B) with k clamped as RFC 7748
 * says. Computed on the birationally equivalent Edwards curve, u = (1 + y) / (1 - y),
 * because the fixed-base Edwards multiplication uses precomputed tables and is several
 * times faster than a Montgomery ladder. B has prime order n, so k may be reduced mod n;
 * a clamped k lies in [2^254, 2^255) and is a multiple of 8, so k mod n is never 0.
 */
export function x25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const k = privateKey.slice(0, 32);
  k[0]! &= 248;
  k[31]! &= 127;
  k[31]! |= 64;
  const { y } = EdPoint.BASE.multiply(EdPoint.Fn.create(bytesToNumberLE(k))).toAffine();
  return EdPoint.Fp.toBytes(EdPoint.Fp.div(1n + y, 1n - y));
}

/**
 * X25519(sk, pk), or null when the result is the all-zero value (a small-order peer key),
 * which RFC 9180 section 7.1.4 requires to be treated as an error.
 */
export function x25519SharedSecret(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null {
  let shared: Uint8Array;
  try {
    shared = x25519.getSharedSecret(privateKey, publicKey);
  } catch {
    return null;
  }
  let any = 0;
  for (const b of shared) any |= b;
  return any === 0 ? null : shared;
}

/** ChaCha20-Poly1305 (RFC 8439) encryption: ciphertext ‖ 16-byte tag. */
export const chachaSeal = (key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array) =>
  chacha20poly1305(key, nonce, aad).encrypt(plaintext);

/** ChaCha20-Poly1305 decryption, or null when the tag does not verify. */
export function chachaOpen(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  ciphertext: Uint8Array,
): Uint8Array | null {
  if (ciphertext.length < 16) return null;
  try {
    return chacha20poly1305(key, nonce, aad).decrypt(ciphertext);
  } catch {
    return null;
  }
}
