import { fail, ok, unwrap, type Verdict } from '@agent-seam/canonical';
import { jwkFromPublicKey, publicKeyFromJwk } from '@agent-seam/did';
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
}

/** A key directory: a JWK Set (RFC 7517 section 5), `{ keys: [...] }`. */
export interface JwkSet {
  readonly keys: readonly Jwk[];
}

/**
 * The Ed25519 keys of a JWK Set by RFC 7638 thumbprint. A value that is not a set at all
 * (not an object, `keys` not an array) is `malformed-directory`. A member of `keys` that
 * is not a strictly spelled Ed25519 JWK is skipped, as RFC 7517 section 5 asks of keys a
 * reader does not understand: it has no name, so no `keyid` can reach it.
 */
export function keysByThumbprint(jwks: unknown): Verdict<Map<string, Uint8Array>, 'malformed-directory'> {
  const keys = typeof jwks === 'object' && jwks !== null ? (jwks as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) return fail('malformed-directory', 'not a JWK Set: no keys array');
  const out = new Map<string, Uint8Array>();
  for (const jwk of keys) {
    // The strict read of `x` is the one check; the name is then derived from the key bytes.
    const key = publicKeyFromJwk(jwk);
    if (key.ok) out.set(unwrap(thumbprint(jwkFromPublicKey(key.value))), key.value);
  }
  return ok(out);
}
