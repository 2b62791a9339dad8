/**
 * The verification equation through node:crypto (OpenSSL), selected on Node by the
 * `node` condition of the package's `#equation` import. OpenSSL computes
 * h = SHA-512(R || A || M) mod L, refuses S >= L and an A with no square root, and
 * compares the encoding of [S]B - [h]A with the bytes of R: the cofactorless equation.
 * It does not refuse small-order points or y >= p, which is why it is only asked after
 * the byte-level checks in `ed25519.ts` (spec/did.md says why the verdicts then agree).
 */
import { createPublicKey, verify } from 'node:crypto';
import { keyCache } from './key-cache.js';

/** SubjectPublicKeyInfo DER of an Ed25519 key (RFC 8410) up to the 32 key bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const keyObjectOf = keyCache((publicKey) =>
  createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' }),
);

/**
 * True when OpenSSL accepts the signature. The caller has already refused small-order
 * encodings, y >= p and S >= L; any exception from OpenSSL counts as a refusal.
 */
export function equationHolds(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, message, keyObjectOf(publicKey), signature);
  } catch {
    return false;
  }
}
