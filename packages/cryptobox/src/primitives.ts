/**
 * The only module in this package that the rest of it takes cryptographic primitives
 * from. The box, the sealed-payload envelope, the Wycheproof runs and the benchmarks all
 * go through these functions, so a backend can be swapped in here behind the same
 * byte-level checks, and the vectors keep testing what ships. The AEADs already are: they
 * come from the `#aead` import, node:crypto on Node (`aead.node.ts`) and noble elsewhere
 * (`aead.ts`). X25519 comes from canonical's X25519 door, which chooses the same way.
 */

import { sha256 as doorSha256, hkdfSha256Expand, hkdfSha256Extract } from '@agent-seam/canonical';
import {
  x25519PublicKey as doorPublicKey,
  x25519SharedSecret as doorSharedSecret,
} from '@agent-seam/canonical/x25519';
import { randomBytes } from '@noble/hashes/utils.js';
import { ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import * as aead from '#aead';

/** Length of every key, seed and X25519 value handled here. */
export const KEY_LENGTH = 32;
/** Poly1305 tag length, shared by both AEADs. */
export const TAG_LENGTH = 16;
export const CHACHA_NONCE_LENGTH = 12;
export const XCHACHA_NONCE_LENGTH = 24;

/** A source of uniformly random bytes. The default draws from crypto.getRandomValues. */
export type RandomSource = (length: number) => Uint8Array;
export const systemRandom: RandomSource = (length) => randomBytes(length);

/** SHA-256 (FIPS 180-4), through the one hashing door. */
export const sha256Digest = (bytes: Uint8Array): Uint8Array => doorSha256(bytes);

/** The X25519 public key of a 32-byte private key (RFC 7748 clamping applies), through canonical's X25519 door. */
export const x25519PublicKey = (privateKey: Uint8Array): Uint8Array => doorPublicKey(privateKey);

/**
 * X25519(privateKey, publicKey) through canonical's X25519 door, or null for a peer key
 * that yields the all-zero shared secret (a low-order point: the "secret" would be known
 * to everybody). Both keys are 32 bytes here: every caller checks them first.
 */
export const x25519SharedSecret = (privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null =>
  doorSharedSecret(privateKey, publicKey);

/** HKDF-SHA256 (RFC 5869) extract-then-expand through the hashing door; an empty salt means 32 zero bytes. */
export const hkdfSha256 = (ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Uint8Array =>
  hkdfSha256Expand(hkdfSha256Extract(salt, ikm), info, length);

/** An AEAD seal: ciphertext ‖ tag. */
export type AeadSeal = (
  key: Uint8Array,
  nonce: Uint8Array,
  ad: Uint8Array,
  plaintext: Uint8Array,
) => Uint8Array;
/** An AEAD open: the plaintext, or null unless the tag verifies (never partial plaintext, whatever the refusal). */
export type AeadOpen = (
  key: Uint8Array,
  nonce: Uint8Array,
  ad: Uint8Array,
  sealed: Uint8Array,
) => Uint8Array | null;

/** ChaCha20-Poly1305 (RFC 8439), 12-byte nonce. */
export const chachaSeal: AeadSeal = aead.chachaSeal;
export const chachaOpen: AeadOpen = aead.chachaOpen;

/** XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha), 24-byte nonce. */
export const xchachaSeal: AeadSeal = aead.xchachaSeal;
export const xchachaOpen: AeadOpen = aead.xchachaOpen;

/** ML-KEM-768 (FIPS 203) sizes: ciphertext, encapsulation randomness m, encapsulation key. */
export const MLKEM_CIPHERTEXT_LENGTH = 1088;
export const MLKEM_MESSAGE_LENGTH = 32;
const MLKEM_PUBLIC_KEY_LENGTH = 1184;
const MLKEM_Q = 3329;
/** The encapsulation key is 768 coefficients of 12 bits (1152 bytes) and then the 32-byte seed rho. */
const MLKEM_PACKED_VECTOR_LENGTH = 1152;

/** The ML-KEM-768 key pair of a 64-byte seed d ‖ z (FIPS 203 ML-KEM.KeyGen_internal). */
export const mlKemKeyPair = (seed: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array } =>
  ml_kem768.keygen(seed);

/**
 * The FIPS 203 input check of an encapsulation key (section 7.2): the right length, and
 * every packed 12-bit coefficient below q, i.e. ByteEncode12(ByteDecode12(key)) = key.
 * Done here rather than left to the library so that the rule holds whatever backend sits here.
 */
export function isMlKemPublicKey(key: Uint8Array): boolean {
  if (key.length !== MLKEM_PUBLIC_KEY_LENGTH) return false;
  for (let i = 0; i < MLKEM_PACKED_VECTOR_LENGTH; i += 3) {
    const first = key[i]! | ((key[i + 1]! & 0x0f) << 8);
    const second = (key[i + 1]! >> 4) | (key[i + 2]! << 4);
    if (first >= MLKEM_Q || second >= MLKEM_Q) return false;
  }
  return true;
}

/**
 * ML-KEM-768 encapsulation to a key that passed `isMlKemPublicKey`. `message` is the
 * 32-byte randomness m; absent, a fresh one is drawn (a fixed one is for vectors only).
 */
export const mlKemEncapsulate = (
  publicKey: Uint8Array,
  message?: Uint8Array,
): { cipherText: Uint8Array; sharedSecret: Uint8Array } => ml_kem768.encapsulate(publicKey, message);

/**
 * ML-KEM-768 decapsulation of a 1088-byte ciphertext. A ciphertext that was not made for
 * this key gives a pseudorandom secret (implicit rejection), never an error.
 */
export const mlKemDecapsulate = (cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array =>
  ml_kem768.decapsulate(cipherText, secretKey);
