import { bytesEqual, createSha256, fail, hex, ok, SeamError, type Verdict } from '@agent-seam/canonical';
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
  const notBytes = !(prev instanceof Uint8Array)
    ? 'prev'
    : !(raw instanceof Uint8Array)
      ? 'raw'
      : !(hash instanceof Uint8Array)
        ? 'hash'
        : null;
  if (notBytes !== null) return fail('not-bytes', `${notBytes} is not a Uint8Array`);
  if (prev.length !== DIGEST_SIZE || hash.length !== DIGEST_SIZE) {
    const [name, bytes] = prev.length !== DIGEST_SIZE ? ['prev', prev] : ['hash', hash];
    return fail('record-hash-mismatch', `${name} is ${bytes.length} bytes, not a 32-byte digest`);
  }
  const computed = chainHash(prev, raw);
  return bytesEqual(computed, hash)
    ? ok(true)
    : fail(
        'record-hash-mismatch',
        `SHA-256(prev ‖ raw) over these ${raw.length} bytes is ${hex.encode(computed.subarray(0, 8))}…, not the hash given`,
      );
}
