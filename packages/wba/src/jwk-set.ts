import { fail, ok, unwrap, type Verdict } from '@agent-seam/canonical';
import { didFromPublicKey, jwkFromPublicKey, publicKeyFromJwk } from '@agent-seam/did';
import { thumbprint } from './jwk.js';

/**
 * One key of a directory: a JWK (RFC 7517) with the registered members a directory
 * carries. Only Ed25519 keys (`kty` OKP, `crv` Ed25519, `x`) are used; others are skipped.
 * `kty` is optional in the type only so that WebCrypto's `JsonWebKey` fits.
 */
export interface Jwk {
  readonly kty?: string;
  readonly use?: string;
  readonly key_ops?: readonly string[];
  readonly alg?: string;
  readonly kid?: string;
  readonly crv?: string;
  readonly x?: string;
  readonly y?: string;
  readonly n?: string;
  readonly e?: string;
  /** Not before: the key is not valid before this instant (Unix seconds, as in a JWT). */
  readonly nbf?: number;
  /** Expires: the key is not valid from this instant on (Unix seconds). */
  readonly exp?: number;
}

/** A key directory: a JWK Set (RFC 7517 section 5), `{ keys: [...] }`. */
export interface JwkSet {
  readonly keys: readonly Jwk[];
}

/** A usable directory key: its bytes, and the did:key a verdict names its signer by. */
export interface DirectoryKey {
  readonly publicKey: Uint8Array;
  readonly did: string;
  /** The key's validity window from its JWK, when it states one (Unix seconds). */
  readonly nbf?: number;
  readonly exp?: number;
}

/** A JWK time member: absent, or a finite number (a NumericDate); anything else is unreadable. */
const timeMember = (value: unknown): value is number | undefined =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value));

/**
 * A key's validity at `now` (Unix seconds), as a JWT reads `nbf` and `exp`: valid from
 * `nbf` on, and no longer at `exp`. Each refusal says by how much.
 */
export function judgeKeyWindow(
  key: DirectoryKey,
  keyid: string,
  now: number,
): Verdict<true, 'key-not-yet-valid' | 'key-expired'> {
  if (key.nbf !== undefined && now < key.nbf)
    return fail('key-not-yet-valid', `key ${keyid} is not valid for another ${key.nbf - now} s (nbf)`);
  if (key.exp !== undefined && now >= key.exp)
    return fail('key-expired', `key ${keyid} expired ${now - key.exp} s ago (exp)`);
  return ok(true);
}

interface KeyNames {
  readonly thumbprint: string;
  readonly did: string;
}

/**
 * Thumbprint and did:key of each key seen, by its `x` text. A verifier reads the same
 * directory on every request, and both names are functions of the key bytes alone, which an
 * `x` that passed the read spells (one `x`, one key), so the memo is exact even for a caller
 * who edits the set between calls. Keyed by the text, not the bytes: spelling 32 bytes as a
 * string cost a microsecond a request. Emptied when full, so a directory of many keys costs
 * memory only up to the limit.
 */
const NAMES_LIMIT = 1024;
const namesByKey = new Map<string, KeyNames>();

function namesOf(x: string, publicKey: Uint8Array): KeyNames {
  const known = namesByKey.get(x);
  if (known !== undefined) return known;
  if (namesByKey.size >= NAMES_LIMIT) namesByKey.clear();
  const names = {
    thumbprint: unwrap(thumbprint(jwkFromPublicKey(publicKey))),
    did: didFromPublicKey(publicKey),
  };
  namesByKey.set(x, names);
  return names;
}

/**
 * The Ed25519 keys of a JWK Set by RFC 7638 thumbprint. A value that is not a set at all
 * (not an object, `keys` not an array) is `malformed-directory`. A member of `keys` that
 * is not a strictly spelled Ed25519 JWK is skipped, as RFC 7517 section 5 asks of keys a
 * reader does not understand: it has no name, so no `keyid` can reach it.
 */
export function keysByThumbprint(jwks: unknown): Verdict<Map<string, DirectoryKey>, 'malformed-directory'> {
  const keys = typeof jwks === 'object' && jwks !== null ? (jwks as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) return fail('malformed-directory', 'not a JWK Set: no keys array');
  const out = new Map<string, DirectoryKey>();
  for (const jwk of keys) {
    // The strict read of `x` is the one check; the names are then derived from the key bytes.
    const key = publicKeyFromJwk(jwk);
    if (!key.ok) continue;
    // A window that cannot be read is no window: the key is skipped, never taken as always valid.
    const { nbf, exp } = jwk as Jwk;
    if (!timeMember(nbf) || !timeMember(exp)) continue;
    const { thumbprint, did } = namesOf((jwk as Jwk).x!, key.value);
    const entry: { publicKey: Uint8Array; did: string; nbf?: number; exp?: number } = {
      publicKey: key.value,
      did,
    };
    if (nbf !== undefined) entry.nbf = nbf;
    if (exp !== undefined) entry.exp = exp;
    out.set(thumbprint, entry);
  }
  return ok(out);
}
