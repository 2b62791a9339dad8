import {
  base64urlStrict,
  canonicalize,
  canonicalString,
  fail,
  ok,
  SeamError,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import { ED25519_CODES, publicKeyFromJwk, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { base64urlText, isJsonObject, type JsonObject, readJsonSegment } from './json-segment.js';

/**
 * A2A Agent Card signatures (A2A section 8.4): a detached JWS over the RFC 8785 (JCS)
 * form of the card without its `signatures` member. The algorithm is fixed: `alg`
 * must equal the constant EdDSA, a card cannot choose another one.
 */
export const A2A_ALG = 'EdDSA';
export const A2A_TYP = 'JOSE';
/** Cap on the protected header text, checked before decoding. */
export const MAX_PROTECTED_LENGTH = 4096;

export interface A2ASignature {
  protected: string;
  signature: string;
  header?: unknown;
}

export const A2A_CODES = [
  'malformed-card',
  'malformed-signature',
  'bad-base64url',
  'malformed-protected-header',
  'wrong-alg',
  'wrong-typ',
  'missing-header-member',
  'unsupported-crit',
  'unknown-key',
  'not-canonicalizable',
  ...ED25519_CODES,
] as const;
export type A2ACode = (typeof A2A_CODES)[number];

/** The JWS payload: JCS bytes of the card with `signatures` left out. */
export function a2aCardPayload(card: JsonObject): Uint8Array {
  const { signatures: _, ...unsigned } = card;
  return canonicalize(unsigned, { profile: 'jcs' });
}

export interface SignA2AOptions {
  /** Key id the verifier looks up in the key set. */
  kid: string;
  /** URL of the JWKS that holds the key. */
  jku: string;
}

/** Signs a card; append the result to the card's `signatures` to publish it. */
export function signA2ACard(card: JsonObject, seed: Uint8Array, options: SignA2AOptions): A2ASignature {
  if (typeof options.kid !== 'string' || typeof options.jku !== 'string')
    throw new SeamError('bad-argument', 'kid and jku are strings');
  const protectedText = base64urlText(
    canonicalString({ alg: A2A_ALG, jku: options.jku, kid: options.kid, typ: A2A_TYP }, { profile: 'jcs' }),
  );
  const signingInput = `${protectedText}.${base64urlStrict.encode(a2aCardPayload(card))}`;
  return {
    protected: protectedText,
    signature: base64urlStrict.encode(signEd25519(seed, utf8Strict.encode(signingInput))),
  };
}

/** Where the verification key comes from: a key set searched by `kid`, or the key itself. */
export type A2AKeySource = { jwks: unknown } | { publicKey: Uint8Array };

function keyFromJwks(jwks: unknown, kid: string): Uint8Array | null {
  const keys = isJsonObject(jwks) ? jwks.keys : undefined;
  if (!Array.isArray(keys)) return null;
  const key = publicKeyFromJwk(keys.find((k) => isJsonObject(k) && k.kid === kid));
  return key.ok ? key.value : null;
}

/** Verifies one signature of an A2A card. Returns the protected header's kid and jku. */
export function verifyA2ACard(
  card: unknown,
  signature: unknown,
  source: A2AKeySource,
): Verdict<{ kid: string; jku: string }, A2ACode> {
  if (!isJsonObject(source) || !('jwks' in source || source.publicKey instanceof Uint8Array))
    throw new SeamError('bad-argument', 'verifyA2ACard needs { jwks } or { publicKey: Uint8Array }');
  if (!isJsonObject(card)) return fail('malformed-card', 'the card is not a JSON object');
  if (
    !isJsonObject(signature) ||
    typeof signature.protected !== 'string' ||
    typeof signature.signature !== 'string'
  )
    return fail('malformed-signature');
  if (signature.protected.length > MAX_PROTECTED_LENGTH)
    return fail('malformed-signature', 'header too long');
  const header = readJsonSegment(signature.protected, 'malformed-protected-header');
  if (!header.ok) return header;
  const { alg, typ, kid, jku, crit } = header.value;
  if (alg !== A2A_ALG) return fail('wrong-alg');
  if (typ !== A2A_TYP) return fail('wrong-typ');
  if (typeof kid !== 'string' || typeof jku !== 'string') return fail('missing-header-member');
  if (crit !== undefined) return fail('unsupported-crit');
  const key = 'publicKey' in source ? source.publicKey : keyFromJwks(source.jwks, kid);
  if (key === null) return fail('unknown-key');
  const sig = base64urlStrict.decode(signature.signature);
  if (!sig.ok) return fail('bad-base64url');
  let payload: Uint8Array;
  try {
    payload = a2aCardPayload(card);
  } catch {
    return fail('not-canonicalizable', 'the card holds a value RFC 8785 cannot spell');
  }
  const signingInput = utf8Strict.encode(`${signature.protected}.${base64urlStrict.encode(payload)}`);
  const verdict = verifyEd25519(key, signingInput, sig.value);
  return verdict.ok ? ok({ kid, jku }) : verdict;
}
