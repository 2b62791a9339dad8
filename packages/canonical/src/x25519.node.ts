/**
 * X25519 through node:crypto (OpenSSL), selected on Node by the `node` condition of the
 * package's `#x25519` import; the portable twin is `x25519.ts`. Only `x25519-agreement.ts`
 * calls these, after checking that every key is 32 bytes.
 *
 * node:crypto takes keys only as KeyObjects. A public key becomes one through a JWK, which
 * Node imports as it is; a DER key (SPKI, PKCS #8) goes through OpenSSL's decoder chain,
 * which on OpenSSL 3.0 (Node 20) costs several ladders (measured; spec/canonical.md).
 */
import { createPrivateKey, createPublicKey, diffieHellman, type KeyObject } from 'node:crypto';

const base64url = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64url');

/**
 * A private key through a JWK. Node requires a private JWK to carry its public key `x`;
 * Node 20 and 22 then import `d` alone, so `x` can be a placeholder (32 zero bytes), while
 * Node 24 checks `x` against `d` and refuses it.
 */
export const privateKeyFromJwk = (privateKey: Uint8Array): KeyObject =>
  createPrivateKey({
    key: { kty: 'OKP', crv: 'X25519', d: base64url(privateKey), x: 'A'.repeat(43) },
    format: 'jwk',
  });

/** PKCS #8 (RFC 8410) of an X25519 private key: this fixed prefix, then the 32 key bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

/** A private key through PKCS #8 DER: every Node takes it, OpenSSL 3.5 (Node 22, 24) quickly. */
export function privateKeyFromPkcs8(privateKey: Uint8Array): KeyObject {
  const der = Buffer.alloc(PKCS8_PREFIX.length + 32);
  der.set(PKCS8_PREFIX);
  der.set(privateKey, PKCS8_PREFIX.length);
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  der.fill(0);
  return key;
}

/**
 * Whether this Node imports a private JWK's `d` alone: RFC 7748's Alice key, given with the
 * placeholder `x`, must come back with Alice's public key. Asked once, when the module loads.
 */
function jwkImportsPrivateAlone(): boolean {
  const alice = Buffer.from('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a', 'hex');
  const alicePublic = Buffer.from('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a', 'hex');
  try {
    return createPublicKey(privateKeyFromJwk(alice)).export({ format: 'jwk' }).x === base64url(alicePublic);
  } catch {
    return false;
  }
}

/** The JWK import where this Node allows it (the fastest on Node 20), PKCS #8 elsewhere. */
export const JWK_PRIVATE_IMPORT = jwkImportsPrivateAlone();
const privateKeyObject = JWK_PRIVATE_IMPORT ? privateKeyFromJwk : privateKeyFromPkcs8;

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
