/**
 * The X25519 door: the one place in the dependency graph that computes X25519 (RFC 7748).
 * The box and HPKE packages agree on keys through these functions, so the backend is
 * chosen once: node:crypto on Node (`x25519.node.ts`), noble everywhere else
 * (`x25519.ts`), through the package's `#x25519` import. Both give the same bytes and the
 * same refusals for the same input; the argument checks live here so that they also
 * behave the same. Published as `@agent-seam/canonical/x25519`, not from the root: only
 * box and HPKE code agrees on keys, and everything else that bundles canonical would
 * otherwise carry noble's curve code (about 25 KB minified).
 */
import * as backend from '#x25519';
import { SeamError } from './verdict.js';

/** The length of an X25519 private key, public key and shared secret. */
export const X25519_KEY_LENGTH = 32;

function requireKey(key: Uint8Array, what: string): Uint8Array {
  if (!(key instanceof Uint8Array) || key.length !== X25519_KEY_LENGTH)
    throw new SeamError('bad-argument', `${what} must be a Uint8Array of ${X25519_KEY_LENGTH} bytes`);
  return key;
}

/**
 * X25519(privateKey, publicKey): the 32-byte shared secret, or null when it would be all
 * zero, i.e. when `publicKey` is a low-order point (u = 0, 1, p - 1 or one of the two
 * points of order 8, in any encoding). Such a "secret" is the same for every private key,
 * so no caller may use it (RFC 7748 section 6.1, RFC 9180 section 7.1.4). As RFC 7748
 * says, the private key is clamped, the top bit of `publicKey` is ignored and a u of p or
 * more counts as u mod p. Keys that are not 32-byte Uint8Arrays throw `bad-argument`.
 */
export const x25519SharedSecret = (privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null =>
  backend.sharedSecret(requireKey(privateKey, 'the private key'), requireKey(publicKey, 'the public key'));

/**
 * The X25519 public key of a 32-byte private key: X25519(privateKey, 9), the private key
 * clamped as RFC 7748 says. Throws `bad-argument` unless the key is a 32-byte Uint8Array.
 */
export const x25519PublicKey = (privateKey: Uint8Array): Uint8Array =>
  backend.publicKey(requireKey(privateKey, 'the private key'));
