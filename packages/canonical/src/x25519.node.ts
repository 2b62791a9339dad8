/**
 * X25519 through node:crypto (OpenSSL), selected on Node by the `node` condition of the
 * package's `#x25519` import; the portable twin is `x25519.ts`. Only `x25519-agreement.ts`
 * calls these, after checking that every key is 32 bytes.
 *
 * node:crypto takes keys only as KeyObjects. Raw bytes become one through a JWK: Node
 * imports a JWK's bytes as they are, while a DER (PKCS #8 / SPKI) key goes through
 * OpenSSL's decoder chain, which costs several ladders for a private key (measured;
 * spec/canonical.md).
 */
import { createPrivateKey, createPublicKey, diffieHellman, type KeyObject } from 'node:crypto';

/**
 * Node requires a private OKP JWK to carry its public key `x`, and then imports `d` alone
 * (OpenSSL derives the public key from it when asked). So `x` is a placeholder: 32 zero
 * bytes. The tests hold Node to that on every runtime they run on: a key imported this way
 * must export the true public key, and give the RFC 7748 answers.
 */
const PLACEHOLDER_X = 'A'.repeat(43);

const base64url = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64url');

const privateKeyObject = (privateKey: Uint8Array): KeyObject =>
  createPrivateKey({
    key: { kty: 'OKP', crv: 'X25519', d: base64url(privateKey), x: PLACEHOLDER_X },
    format: 'jwk',
  });

const publicKeyObject = (publicKey: Uint8Array): KeyObject =>
  createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: base64url(publicKey) }, format: 'jwk' });

/**
 * X25519(privateKey, publicKey), or null where OpenSSL refuses: it runs the ladder, and
 * fails the derivation when the result is all zero (RFC 7748 section 6.1), which is so
 * exactly for the five low-order u values, as in noble. OpenSSL masks the top bit of u and
 * reduces u mod p as RFC 7748 says (the tests hold it to noble on both).
 */
export function sharedSecret(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null {
  const keys = { privateKey: privateKeyObject(privateKey), publicKey: publicKeyObject(publicKey) };
  let secret: Buffer;
  try {
    secret = diffieHellman(keys);
  } catch {
    return null;
  }
  // A plain Uint8Array, as the noble backend gives, not a Buffer.
  return new Uint8Array(secret);
}

/** X25519(privateKey, 9), which OpenSSL computes as the public half of the key object. */
export const publicKey = (privateKey: Uint8Array): Uint8Array => {
  const { x } = createPublicKey(privateKeyObject(privateKey)).export({ format: 'jwk' });
  return new Uint8Array(Buffer.from(x as string, 'base64url'));
};
