import { bytesEqual, fail, hex, hmacSha256, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { canonicalOfObject, isObject } from './json.js';

/**
 * RFC-004 operational-log entries (ar-agents): each entry carries its own
 * HMAC-SHA256 over the `rfc004` canonical JSON of the entry with the top-level
 * `hmac` and `signature` members removed. There is no chaining between entries.
 */
export type AuditEntry = { readonly [member: string]: unknown };

export const AUDIT_CODES = [
  'audit-no-secret',
  'audit-not-object',
  'audit-hmac-missing',
  'audit-hmac-malformed',
  'audit-not-canonical',
  'audit-hmac-mismatch',
] as const;
export type AuditCode = (typeof AUDIT_CODES)[number];

const PREFIX = 'sha256:';
const UTF8 = new TextEncoder();

/** A secret is used as its UTF-8 bytes exactly as given (the reference trims its env var first). */
export type AuditSecret = string | Uint8Array;

/** A secret's bytes; a secret that is neither text nor bytes is a programming error naming `field`. */
function secretBytes(secret: AuditSecret, field: string): Uint8Array {
  if (typeof secret === 'string') return UTF8.encode(secret);
  if (secret instanceof Uint8Array) return secret;
  throw new SeamError('audit-bad-secret', `${field} is not a string or a Uint8Array`);
}

/** The bytes the HMAC covers: the entry minus `hmac` and `signature`, canonical under rfc004. */
export function auditSigningBytes(entry: AuditEntry): Uint8Array {
  const { hmac: _hmac, signature: _signature, ...rest } = entry;
  return canonicalOfObject(rest, 'rfc004', 'entry');
}

/**
 * The `sha256:<hex>` value for `entry` under `secret`. Throws SeamError naming the
 * field: an entry that is not an object, or a member rfc004 cannot write.
 */
export function signAuditEntry(entry: AuditEntry, secret: AuditSecret): string {
  if (!isObject(entry)) throw new SeamError('audit-not-object', 'entry is not a JSON object');
  const key = secretBytes(secret, 'secret');
  if (key.length === 0) throw new SeamError('audit-no-secret', 'secret is empty');
  return PREFIX + hex.encode(hmacSha256(key, auditSigningBytes(entry)));
}

/**
 * Verifies `entry.hmac` under any of `secrets` (current first, then the ones being
 * rotated out). Returns the index of the secret that matched.
 */
export function verifyAuditEntry(
  entry: unknown,
  secrets: readonly AuditSecret[],
): Verdict<{ secretIndex: number }, AuditCode> {
  if (!Array.isArray(secrets)) throw new SeamError('audit-bad-secret', 'secrets is not an array');
  const keys = secrets.map((s, i) => secretBytes(s, `secrets[${i}]`));
  if (keys.every((k) => k.length === 0))
    return fail(
      'audit-no-secret',
      `none of the ${keys.length} secrets given holds a byte: no HMAC can be checked`,
    );
  if (!isObject(entry))
    return fail(
      'audit-not-object',
      `the entry is ${entry === null ? 'null' : Array.isArray(entry) ? 'an array' : `a ${typeof entry}`}, not a JSON object`,
    );
  const claim = entry.hmac;
  if (claim === undefined || claim === null)
    return fail('audit-hmac-missing', `the entry's hmac is ${claim === null ? 'null' : 'absent'}`);
  const malformed = "the entry's hmac is not sha256: and 64 lowercase hex characters";
  if (typeof claim !== 'string' || !claim.startsWith(PREFIX) || claim.length !== PREFIX.length + 64)
    return fail('audit-hmac-malformed', malformed);
  const expected = hex.decode(claim.slice(PREFIX.length));
  if (!expected.ok) return fail('audit-hmac-malformed', malformed);
  let message: Uint8Array;
  try {
    message = auditSigningBytes(entry);
  } catch {
    return fail('audit-not-canonical', 'the entry has no rfc004 canonical form');
  }
  for (const [i, key] of keys.entries())
    if (key.length > 0 && bytesEqual(hmacSha256(key, message), expected.value)) return ok({ secretIndex: i });
  return fail(
    'audit-hmac-mismatch',
    `the entry's hmac is the HMAC under none of the ${keys.length} secrets given`,
  );
}
