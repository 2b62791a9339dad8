/**
 * The verification equation in pure JavaScript (noble's point arithmetic), the backend
 * everywhere except Node. Selected through the package's `#equation` import; the Node
 * twin is `equation.node.ts`. Both answer the same question and are asked it only after
 * the byte-level checks in `ed25519.ts` have passed.
 */
import { challenge, cofactorlessHolds, decodePointStrict, scalarFromLittleEndian } from './primitives.js';

/**
 * True when A and R decode as curve points and [S]B == R + [h]A, h = SHA-512(R || A || M)
 * mod L. The caller has already refused small-order encodings, y >= p and S >= L.
 */
export function equationHolds(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const a = decodePointStrict(publicKey);
  const rBytes = signature.subarray(0, 32);
  const r = decodePointStrict(rBytes);
  if (a === null || r === null) return false;
  const s = scalarFromLittleEndian(signature.subarray(32, 64));
  return cofactorlessHolds(s, r, challenge(rBytes, publicKey, message), a);
}
