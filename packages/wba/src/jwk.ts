import { base64urlStrict, fail, ok, SeamError, utf8Strict, type Verdict } from '@agent-seam/canonical';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * JSON Web Keys as far as Web Bot Auth needs them: the Ed25519 OKP key a directory
 * publishes, and the RFC 7638 thumbprint that names it in `keyid`. Every base64url
 * member is read through `base64urlStrict`, so a key has exactly one spelling: an `x`
 * with whitespace, padding or non-zero trailing bits is refused instead of repaired
 * (a repaired `x` is the same key under a second name).
 */
export type JwkCode = 'not-a-jwk' | 'unsupported-key-type' | 'bad-key-encoding';

export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

/** RFC 7638 section 3.2: the members that identify a key, per key type, already in sorted order. */
const REQUIRED_MEMBERS: Record<string, readonly string[]> = {
  OKP: ['crv', 'kty', 'x'],
  EC: ['crv', 'kty', 'x', 'y'],
  RSA: ['e', 'kty', 'n'],
};
const BASE64URL_MEMBERS = new Set(['x', 'y', 'n', 'e']);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function jwkFromPublicKey(publicKey: Uint8Array): Ed25519Jwk {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32)
    throw new SeamError('bad-public-key', 'an Ed25519 public key is 32 bytes');
  return { kty: 'OKP', crv: 'Ed25519', x: base64urlStrict.encode(publicKey) };
}

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

/** The 32 public-key bytes of an Ed25519 OKP JWK, read strictly. */
export function publicKeyFromJwk(jwk: unknown): Verdict<Uint8Array, JwkCode> {
  if (!isRecord(jwk)) return fail('not-a-jwk');
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') return fail('unsupported-key-type');
  const x = base64urlStrict.decode(jwk.x);
  if (!x.ok || x.value.length !== 32)
    return fail('bad-key-encoding', 'x is not 32 bytes in strict base64url');
  return ok(x.value);
}
