/**
 * The one module that touches the primitive libraries. Everything else in this package
 * speaks in terms of these functions, so a primitive can be swapped or audited in one place.
 */
import { sha256 as doorSha256, hkdfSha256Expand, hkdfSha256Extract } from '@agent-seam/canonical';
import {
  x25519PublicKey as doorPublicKey,
  x25519SharedSecret as doorSharedSecret,
} from '@agent-seam/canonical/x25519';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { randomBytes } from '@noble/hashes/utils.js';

/** A source of uniformly random bytes; injectable so that tests and vectors are reproducible. */
export type RandomSource = (length: number) => Uint8Array;

export const systemRandom: RandomSource = (length) => randomBytes(length);

/** Through canonical's hashing door (node:crypto on Node): a body or envelope digest may cover megabytes. */
export const sha256Digest = (data: Uint8Array): Uint8Array => doorSha256(data);

/** HKDF-Extract (RFC 5869) with SHA-256, through the hashing door; an empty salt behaves like 32 zero bytes. */
export const hkdfExtract = (salt: Uint8Array, ikm: Uint8Array): Uint8Array => hkdfSha256Extract(salt, ikm);

/** HKDF-Expand (RFC 5869) with SHA-256, through the hashing door. */
export const hkdfExpand = (prk: Uint8Array, info: Uint8Array, length: number): Uint8Array =>
  hkdfSha256Expand(prk, info, length);

/**
 * The X25519 public key of a 32-byte private key (RFC 7748 clamping applies), through
 * canonical's X25519 door: OpenSSL on Node; elsewhere noble, which computes it on the
 * Edwards curve with its fixed-base tables.
 */
export const x25519PublicKey = (privateKey: Uint8Array): Uint8Array => doorPublicKey(privateKey);

/**
 * X25519(sk, pk) through canonical's X25519 door, or null when the result would be the
 * all-zero value (a small-order peer key), which RFC 9180 section 7.1.4 requires to be
 * treated as an error. A key the door refuses as an argument is null too: encap does not
 * check the sender's private key, and a wrong one has always ended here as null.
 */
export function x25519SharedSecret(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null {
  try {
    return doorSharedSecret(privateKey, publicKey);
  } catch {
    return null;
  }
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
