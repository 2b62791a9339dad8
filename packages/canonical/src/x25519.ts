/**
 * X25519 in pure JavaScript (noble): the backend of the key-agreement door everywhere
 * except Node (browsers, Deno, Bun, Workers). Selected through the package's `#x25519`
 * import; the Node twin is `x25519.node.ts`. Only `x25519-agreement.ts` calls these, after
 * checking that every key is 32 bytes.
 */
import { x25519 } from '@noble/curves/ed25519.js';

/**
 * X25519(privateKey, publicKey), or null where noble refuses: the five low-order u values
 * (in any of their encodings), whose shared secret is all zero. noble checks for them
 * before its ladder runs and says no by throwing.
 */
export function sharedSecret(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null {
  try {
    return x25519.getSharedSecret(privateKey, publicKey);
  } catch {
    return null;
  }
}

/** X25519(privateKey, 9); noble computes it on the Edwards curve, with its fixed-base tables. */
export const publicKey = (privateKey: Uint8Array): Uint8Array => x25519.getPublicKey(privateKey);
