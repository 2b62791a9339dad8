/**
 * ChaCha20-Poly1305 (RFC 8439) and XChaCha20-Poly1305 in pure JavaScript (noble): the AEAD
 * backend everywhere except Node (browsers, Deno, Bun, Workers). Selected through the
 * package's `#aead` import; the Node twin is `aead.node.ts`, and both keep the contract
 * `primitives.ts` documents: a seal gives ciphertext ‖ tag, an open gives the plaintext
 * only once the tag verifies and null for anything the library refuses.
 */
import { chacha20poly1305, xchacha20poly1305 } from '@noble/ciphers/chacha.js';

/** Poly1305 tag length, shared by both AEADs. */
const TAG_LENGTH = 16;

export const chachaSeal = (key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, plaintext: Uint8Array) =>
  chacha20poly1305(key, nonce, ad).encrypt(plaintext);

export const chachaOpen = (key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, sealed: Uint8Array) =>
  refusedAsNull(() => chacha20poly1305(key, nonce, ad).decrypt(sealed), sealed);

export const xchachaSeal = (key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, plaintext: Uint8Array) =>
  xchacha20poly1305(key, nonce, ad).encrypt(plaintext);

export const xchachaOpen = (key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, sealed: Uint8Array) =>
  refusedAsNull(() => xchacha20poly1305(key, nonce, ad).decrypt(sealed), sealed);

/** noble verifies the tag before it decrypts, and says no (bad tag, bad sizes) by throwing. */
function refusedAsNull(decrypt: () => Uint8Array, sealed: Uint8Array): Uint8Array | null {
  if (sealed.length < TAG_LENGTH) return null;
  try {
    return decrypt();
  } catch {
    return null;
  }
}
