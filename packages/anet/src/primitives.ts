/**
 * The one module of this package that touches a primitive library: ChaCha20-Poly1305
 * (RFC 8439) for directory entries. No package this one depends on exports an AEAD door
 * (cryptobox and hpke-seal keep theirs internal), so noble is imported here, once; SHA-256,
 * HMAC and HKDF come from canonical's hashing door.
 */
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { AEAD_TAG_BYTES } from './limits.js';

/** Encrypt: ciphertext ‖ 16-byte tag. */
export const chachaSeal = (
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array => chacha20poly1305(key, nonce, aad).encrypt(plaintext);

/** Decrypt, or null when the tag does not verify (noble says no by throwing). */
export function chachaOpen(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  sealed: Uint8Array,
): Uint8Array | null {
  if (sealed.length < AEAD_TAG_BYTES) return null;
  try {
    return chacha20poly1305(key, nonce, aad).decrypt(sealed);
  } catch {
    return null;
  }
}

/** Random bytes from the platform's CSPRNG (a nonce per sealed entry). */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}
