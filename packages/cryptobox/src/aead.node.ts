/**
 * ChaCha20-Poly1305 (RFC 8439) through node:crypto (OpenSSL), selected on Node by the
 * `node` condition of the package's `#aead` import; the portable twin is `aead.ts`, and
 * both keep the contract `primitives.ts` documents. OpenSSL has no XChaCha20-Poly1305, so
 * it is built the way draft-irtf-cfrg-xchacha defines it: the HChaCha20 subkey of the key
 * and the first 16 nonce bytes (noble's, one ChaCha block of arithmetic), then the IETF
 * AEAD under that subkey with the nonce 0x00000000 ‖ nonce[16..24].
 *
 * node:crypto itself refuses what noble refuses: a key of any size but 32 bytes, a nonce of
 * any size but 12, and a tag of any size but 16 (so a sealed message shorter than a tag).
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { hchacha } from '@noble/ciphers/chacha.js';

const TAG_LENGTH = 16;
const CIPHER = 'chacha20-poly1305';
const OPTIONS = { authTagLength: TAG_LENGTH } as const;

export function chachaSeal(
  key: Uint8Array,
  nonce: Uint8Array,
  ad: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  const cipher = createCipheriv(CIPHER, key, nonce, OPTIONS).setAAD(ad, {
    plaintextLength: plaintext.length,
  });
  const sealed = new Uint8Array(plaintext.length + TAG_LENGTH);
  sealed.set(cipher.update(plaintext));
  cipher.final();
  sealed.set(cipher.getAuthTag(), plaintext.length);
  return sealed;
}

export function chachaOpen(
  key: Uint8Array,
  nonce: Uint8Array,
  ad: Uint8Array,
  sealed: Uint8Array,
): Uint8Array | null {
  // Shorter than a tag: the "tag" is then all of `sealed`, and setAuthTag refuses its size.
  const split = Math.max(sealed.length - TAG_LENGTH, 0);
  let plaintext: Buffer | undefined;
  try {
    const decipher = createDecipheriv(CIPHER, key, nonce, OPTIONS)
      .setAAD(ad, { plaintextLength: split })
      .setAuthTag(sealed.subarray(split));
    // OpenSSL decrypts before it checks the tag: the bytes leave only once final() has verified it.
    plaintext = decipher.update(sealed.subarray(0, split));
    decipher.final();
    return plainBytes(plaintext);
  } catch {
    plaintext?.fill(0);
    return null;
  }
}

export function xchachaSeal(
  key: Uint8Array,
  nonce: Uint8Array,
  ad: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  if (!reduce(key, nonce))
    throw new RangeError('xchacha20-poly1305: the key must be 32 bytes and the nonce 24');
  const sealed = chachaSeal(SUBKEY, INNER_NONCE, ad, plaintext);
  SUBKEY.fill(0);
  return sealed;
}

export function xchachaOpen(
  key: Uint8Array,
  nonce: Uint8Array,
  ad: Uint8Array,
  sealed: Uint8Array,
): Uint8Array | null {
  if (!reduce(key, nonce)) return null;
  const opened = chachaOpen(SUBKEY, INNER_NONCE, ad, sealed);
  SUBKEY.fill(0);
  return opened;
}

/**
 * Scratch space for one XChaCha20 call at a time (JavaScript runs one at a time per
 * thread, and OpenSSL copies key and nonce when the cipher is created): at 64 bytes,
 * fresh arrays cost a quarter of the whole XChaCha open. noble's `hchacha` reads and
 * writes 32-bit words in the host's byte order over little-endian byte strings, so it
 * works on word views of these bytes, and its output words are the subkey's bytes.
 */
const SIGMA = new Uint32Array(new TextEncoder().encode('expand 32-byte k').buffer);
const KEY_WORDS = new Uint32Array(8);
const KEY_BYTES = new Uint8Array(KEY_WORDS.buffer);
const NONCE_WORDS = new Uint32Array(4);
const NONCE_BYTES = new Uint8Array(NONCE_WORDS.buffer);
const SUBKEY_WORDS = new Uint32Array(8);
const SUBKEY = new Uint8Array(SUBKEY_WORDS.buffer);
/** 0x00000000 ‖ nonce[16..24]: the first four bytes stay zero. */
const INNER_NONCE = new Uint8Array(12);

/**
 * Puts in SUBKEY and INNER_NONCE the IETF ChaCha20-Poly1305 key and nonce an XChaCha20 key
 * and nonce stand for; false for a key or nonce of the wrong size (hchacha would read a
 * longer key's first 32 bytes).
 */
function reduce(key: Uint8Array, nonce: Uint8Array): boolean {
  if (key.length !== 32 || nonce.length !== 24) return false;
  KEY_BYTES.set(key);
  NONCE_BYTES.set(nonce.subarray(0, 16));
  hchacha(SIGMA, KEY_WORDS, NONCE_WORDS, SUBKEY_WORDS);
  KEY_WORDS.fill(0);
  INNER_NONCE.set(nonce.subarray(16), 4);
  return true;
}

/**
 * The plaintext as the plain Uint8Array the noble backend returns, not a Buffer. Node 20 to
 * 24 give each decryption its own memory, which is only re-typed; a Buffer that is a window
 * on shared memory (Node's allocation pool) is copied, so `.buffer` never reaches past it.
 */
export function plainBytes(buffer: Buffer): Uint8Array {
  return buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length
    ? new Uint8Array(buffer.buffer)
    : new Uint8Array(buffer);
}
