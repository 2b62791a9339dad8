/** Key identifiers of encryption keys: 16 bytes that name a public key of one suite. */
import { concatBytes, SeamError } from '@agent-seam/canonical';
import { ascii } from './bytes.js';
import { sha256Digest } from './primitives.js';

export const KID_LENGTH = 16;
/** The label ANetCore v0.15 uses; this package keeps it for v2 (see spec/hpke-seal.md). */
const KID_LABEL = ascii('anet-enc-kid/v1');

/** KID(suite, pub) = first 16 bytes of SHA-256(label ‖ suite as one byte ‖ pub). */
export function keyId(suite: number, publicKey: Uint8Array): Uint8Array {
  if (!Number.isInteger(suite) || suite < 0 || suite > 0xff)
    throw new SeamError('bad-suite', 'a suite is one byte in a key id');
  return sha256Digest(concatBytes([KID_LABEL, Uint8Array.of(suite), publicKey])).slice(0, KID_LENGTH);
}
