import {
  bytesEqual,
  canonicalize,
  fail,
  hex,
  hmacSha256,
  ok,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';

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

const secretBytes = (secret: AuditSecret) => (typeof secret === 'string' ? UTF8.encode(secret) : secret);

const isEntry = (entry: unknown): entry is AuditEntry =>
  typeof entry === 'object' && entry !== null && !Array.isArray(entry);

/** The bytes the HMAC covers: the entry minus `hmac` and `signature`, canonical under rfc004. */
export function auditSigningBytes(entry: AuditEntry): Uint8Array {
  const { hmac: _hmac, signature: _signature, ...rest } = entry;
  return canonicalize(rest, { profile: 'rfc004' });
}

function mac(secret: AuditSecret, message: Uint8Array): Uint8Array {
  return hmacSha256(secretBytes(secret), message);
}

/** The `sha256:<hex>` value for `entry` under `secret`. Throws SeamError on an entry rfc004 cannot write. */
export function signAuditEntry(entry: AuditEntry, secret: AuditSecret): string {
  if (!isEntry(entry)) throw new SeamError('audit-not-object', 'an audit entry is a JSON object');
  if (secretBytes(secret).length === 0) throw new SeamError('audit-no-secret', 'the HMAC secret is empty');
  return PREFIX + hex.encode(mac(secret, auditSigningBytes(entry)));
}

/**
 * Verifies `entry.hmac` under any of `secrets` (current first, then the ones being
 * rotated out). Returns the index of the secret that matched.
 */
export function verifyAuditEntry(
  entry: unknown,
  secrets: readonly AuditSecret[],
): Verdict<{ secretIndex: number }, AuditCode> {
  const usable = secrets.filter((s) => secretBytes(s).length > 0);
  if (usable.length === 0) return fail('audit-no-secret');
  if (!isEntry(entry)) return fail('audit-not-object');
  const claim = entry.hmac;
  if (claim === undefined || claim === null) return fail('audit-hmac-missing');
  if (typeof claim !== 'string' || !claim.startsWith(PREFIX) || claim.length !== PREFIX.length + 64)
    return fail('audit-hmac-malformed', 'expected sha256: and 64 lowercase hex characters');
  const expected = hex.decode(claim.slice(PREFIX.length));
  if (!expected.ok) return fail('audit-hmac-malformed', 'expected sha256: and 64 lowercase hex characters');
  let message: Uint8Array;
  try {
    message = auditSigningBytes(entry);
  } catch {
    return fail('audit-not-canonical', 'the entry has no rfc004 canonical form');
  }
  for (let i = 0; i < secrets.length; i++) {
    const secret = secrets[i]!;
    if (secretBytes(secret).length > 0 && bytesEqual(mac(secret, message), expected.value))
      return ok({ secretIndex: i });
  }
  return fail('audit-hmac-mismatch');
}
