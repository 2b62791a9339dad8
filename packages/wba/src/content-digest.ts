import { base64Strict, bytesEqual, fail, ok, sha256, sha512, type Verdict } from '@agent-seam/canonical';
import type { ContentDigestCode } from './codes.js';
import { trimOws } from './headers.js';
import { parseByteSequences } from './structured-fields.js';

/**
 * RFC 9530 `Content-Digest`: a dictionary of byte sequences keyed by algorithm. The
 * current directory draft signs it, so the signature binds the body the directory sent.
 */

/** The algorithms this package computes (RFC 9530's active registrations). */
const ALGORITHMS: Record<string, (bytes: Uint8Array) => Uint8Array> = {
  'sha-256': sha256,
  'sha-512': sha512,
};

/** A Content-Digest field value for `body`: `sha-256=:…:` (or sha-512). */
export function contentDigest(body: Uint8Array, algorithm: 'sha-256' | 'sha-512' = 'sha-256'): string {
  return `${algorithm}=:${base64Strict.encode(ALGORITHMS[algorithm]!(body))}:`;
}

/**
 * The body received against its Content-Digest: every member must name an algorithm this
 * package computes (an unknown one is refused, not skipped: a digest nobody checked binds
 * nothing) and match the body's digest under it.
 */
export function judgeContentDigest(field: string, body: Uint8Array): Verdict<true, ContentDigestCode> {
  const members = parseByteSequences(trimOws(field), 'malformed-content-digest');
  if (!members.ok)
    return fail('malformed-content-digest', 'Content-Digest is not a dictionary of byte sequences');
  for (const { label, base64 } of members.value) {
    const hash = Object.hasOwn(ALGORITHMS, label) ? ALGORITHMS[label]! : undefined;
    if (hash === undefined)
      return fail(
        'unsupported-digest-algorithm',
        'Content-Digest names an algorithm other than sha-256 and sha-512',
      );
    const digest = base64Strict.decode(base64);
    if (!digest.ok) return fail('malformed-content-digest', `the ${label} digest is not strict base64`);
    if (!bytesEqual(digest.value, hash(body)))
      return fail(
        'content-digest-mismatch',
        `the body received does not have the ${label} digest the response states`,
      );
  }
  return ok(true);
}
