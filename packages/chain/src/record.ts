import { bytesEqual, createSha256, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { DIGEST_SIZE } from './digest.js';

/**
 * The chain link: SHA-256(prev ‖ raw), prev being the previous record's 32 raw digest
 * bytes (never its hex) and raw the record's canonical bytes exactly as stored.
 */
export function chainHash(prev: Uint8Array, raw: Uint8Array): Uint8Array {
  if (!(prev instanceof Uint8Array) || prev.length !== DIGEST_SIZE)
    throw new SeamError('bad-prev', 'prev is not a 32-byte digest');
  if (!(raw instanceof Uint8Array)) throw new SeamError('bad-raw', 'raw is not a Uint8Array');
  return createSha256().update(prev).update(raw).digest();
}

/** Every way verifyLink refuses a link. */
export const LINK_CODES = ['not-bytes', 'record-hash-mismatch'] as const;
export type LinkCode = (typeof LINK_CODES)[number];

/**
 * Checks that `raw` hashes to `hash` over `prev`. The bytes given are the bytes
 * hashed; nothing is parsed or re-serialised first.
 */
export function verifyLink(prev: Uint8Array, raw: Uint8Array, hash: Uint8Array): Verdict<true, LinkCode> {
  if (!(prev instanceof Uint8Array) || !(raw instanceof Uint8Array) || !(hash instanceof Uint8Array))
    return fail('not-bytes', 'prev, raw and hash are Uint8Arrays');
  if (prev.length !== DIGEST_SIZE || hash.length !== DIGEST_SIZE)
    return fail('record-hash-mismatch', 'prev and hash are 32-byte digests');
  return bytesEqual(chainHash(prev, raw), hash) ? ok(true) : fail('record-hash-mismatch');
}
