import { base64urlStrict, fail, ok, sha256, utf8Strict, type Verdict } from '@agent-seam/canonical';
import type { JwkCode } from '@agent-seam/did';

/**
 * The RFC 7638 thumbprint that names a directory key in `keyid`. Reading the key itself
 * (`publicKeyFromJwk`, `jwkFromPublicKey`) belongs to @agent-seam/did. Every base64url
 * member is read through `base64urlStrict`, so a key has exactly one thumbprint input.
 */

/** RFC 7638 section 3.2: the members that identify a key, per key type, already in sorted order. */
const REQUIRED_MEMBERS: Record<string, readonly string[]> = {
  OKP: ['crv', 'kty', 'x'],
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
};
const BASE64URL_MEMBERS = new Set(['x', 'y', 'n', 'e']);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The exact text RFC 7638 hashes: required members only, sorted, no whitespace. */
export function thumbprintInput(jwk: unknown): Verdict<string, JwkCode> {
  if (!isRecord(jwk) || typeof jwk.kty !== 'string') return fail('not-a-jwk');
  const members = REQUIRED_MEMBERS[jwk.kty];
  if (members === undefined) return fail('unsupported-key-type');
  const parts: string[] = [];
  for (const name of members) {
    const value = jwk[name];
    if (typeof value !== 'string') return fail('not-a-jwk', `member ${name} is not a string`);
    if (BASE64URL_MEMBERS.has(name) && !base64urlStrict.decode(value).ok)
      return fail('bad-key-encoding', `member ${name} is not strict base64url`);
    parts.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  }
  return ok(`{${parts.join(',')}}`);
}

/** RFC 7638 thumbprint: base64url(SHA-256(thumbprintInput)). */
export function thumbprint(jwk: unknown): Verdict<string, JwkCode> {
  const input = thumbprintInput(jwk);
  if (!input.ok) return input;
  return ok(base64urlStrict.encode(sha256(utf8Strict.encode(input.value))));
}
