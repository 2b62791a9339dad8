import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The key as node:crypto (OpenSSL) wants it: SPKI DER around the raw 32 bytes (RFC 8410). */
const nodeKey = (raw: Uint8Array) =>
  createPublicKey({
    key: Buffer.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00, ...raw]),
    format: 'der',
    type: 'spki',
  });

describe('verifyEd25519 agrees with OpenSSL on honest keys', () => {
  it('accepts what OpenSSL accepts and refuses what it refuses, one flipped bit at a time', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 1, maxLength: 100 }),
        fc.option(fc.nat({ max: 64 * 8 + 99 * 8 }), { nil: undefined }),
        (seed, message, flip) => {
          const { publicKey } = keyPairFromSeed(seed);
          const signature = signEd25519(seed, message);
          const m = message.slice();
          const s = signature.slice();
          // Flip one bit of the signature (positions below 512) or of the message.
          if (flip !== undefined && flip < 512) s[flip >> 3]! ^= 1 << (flip & 7);
          else if (flip !== undefined) m[((flip - 512) >> 3) % m.length]! ^= 1 << (flip & 7);
          const ours = verifyEd25519(publicKey, m, s).ok;
          expect(ours).toBe(nodeVerify(null, m, nodeKey(publicKey), s));
          expect(ours).toBe(flip === undefined);
        },
      ),
      { numRuns: 300 },
    );
  });
});
