import { base64urlStrict, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';

/**
 * An Ed25519 public key as a JSON Web Key (RFC 8037 OKP). `x` is read through
 * `base64urlStrict`, so a key has exactly one spelling: whitespace, padding or non-zero
 * trailing bits are refused rather than repaired (a repaired `x` is the same key under
 * a second name). Web Bot Auth directories and A2A key sets both read keys here.
 */
export const JWK_CODES = ['not-a-jwk', 'unsupported-key-type', 'bad-key-encoding'] as const;
export type JwkCode = (typeof JWK_CODES)[number];

export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function jwkFromPublicKey(publicKey: Uint8Array): Ed25519Jwk {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32)
    throw new SeamError('bad-public-key', 'an Ed25519 public key is 32 bytes');
  return { kty: 'OKP', crv: 'Ed25519', x: base64urlStrict.encode(publicKey) };
}

/** The 32 public-key bytes of an Ed25519 OKP JWK, read strictly. Never throws. */
export function publicKeyFromJwk(jwk: unknown): Verdict<Uint8Array, JwkCode> {
  if (!isRecord(jwk)) return fail('not-a-jwk');
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') return fail('unsupported-key-type');
  const x = base64urlStrict.decode(jwk.x);
  if (!x.ok || x.value.length !== 32)
    return fail('bad-key-encoding', 'x is not 32 bytes in strict base64url');
  return ok(x.value);
}
