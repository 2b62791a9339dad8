import {
  base64urlStrict,
  canonicalize,
  canonicalString,
  describeType,
  fail,
  ok,
  SeamError,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import { doorRefusal, ED25519_CODES, publicKeyFromJwk, signEd25519, verifyEd25519 } from '@agent-seam/did';
import {
  base64urlText,
  decodeSegments,
  isJsonObject,
  type JsonObject,
  readJsonSegment,
} from './json-segment.js';

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
  if (!isJsonObject(card))
    throw new SeamError('malformed-card', `card is ${describeType(card)}, not a JSON object`);
  if (typeof options.kid !== 'string' || typeof options.jku !== 'string')
    throw new SeamError('bad-argument', 'kid and jku are strings');
  const protectedText = base64urlText(
    canonicalString({ alg: A2A_ALG, jku: options.jku, kid: options.kid, typ: A2A_TYP }, { profile: 'jcs' }),
  );
  // The verifier refuses a longer header (malformed-signature): the signer never writes one.
  if (protectedText.length > MAX_PROTECTED_LENGTH)
    throw new SeamError(
      'too-long',
      `kid and jku make the protected header ${protectedText.length} characters, over ${MAX_PROTECTED_LENGTH}`,
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

/**
 * Verifies one signature of an A2A card. Returns the protected header's kid and jku.
 * The checks run in the order of A2A_CHECKS.
 */
export function verifyA2ACard(
  card: unknown,
  signature: unknown,
  source: A2AKeySource,
): Verdict<{ kid: string; jku: string }, A2ACode> {
  if (!isJsonObject(source) || !('jwks' in source || source.publicKey instanceof Uint8Array))
    throw new SeamError('bad-argument', 'verifyA2ACard needs { jwks } or { publicKey: Uint8Array }');
  if (!isJsonObject(card))
    return fail('malformed-card', `the card is ${describeType(card)}, not a JSON object`);
  if (!isJsonObject(signature))
    return fail('malformed-signature', `the signature is ${describeType(signature)}, not a JSON object`);
  for (const member of ['protected', 'signature'] as const)
    if (typeof signature[member] !== 'string')
      return fail(
        'malformed-signature',
        `signature.${member} is ${describeType(signature[member])}; it is base64url text`,
      );
  const protectedText = signature.protected as string;
  if (protectedText.length > MAX_PROTECTED_LENGTH)
    return fail(
      'malformed-signature',
      `signature.protected is ${protectedText.length} characters, over ${MAX_PROTECTED_LENGTH}`,
    );
  const decoded = decodeSegments([protectedText, signature.signature as string]);
  if (!decoded.ok) return decoded;
  const [headerBytes, sig] = decoded.value as [Uint8Array, Uint8Array];
  const header = readJsonSegment(headerBytes, 'malformed-protected-header');
  if (!header.ok) return header;
  const { alg, typ, kid, jku, crit } = header.value;
  if (alg !== A2A_ALG) return fail('wrong-alg', `the protected header's alg is not ${A2A_ALG}`);
  if (typ !== A2A_TYP) return fail('wrong-typ', `the protected header's typ is not ${A2A_TYP}`);
  if (typeof kid !== 'string')
    return fail('missing-header-member', "the protected header's kid is not a string");
  if (typeof jku !== 'string')
    return fail('missing-header-member', "the protected header's jku is not a string");
  if (crit !== undefined)
    return fail('unsupported-crit', 'the protected header lists crit, which this verifier supports none of');
  const fromJwks = !('publicKey' in source);
  const key = fromJwks ? keyFromJwks(source.jwks, kid) : source.publicKey;
  if (key === null) return fail('unknown-key', "no Ed25519 key of the jwks given has the header's kid");
  const signingInput = a2aSigningInput(card, signature);
  if (signingInput === null)
    return fail('not-canonicalizable', 'the card holds a value RFC 8785 cannot spell');
  const verdict = verifyEd25519(key, signingInput, sig);
  if (verdict.ok) return ok({ kid, jku });
  return doorRefusal(verdict, fromJwks ? "the jwks key of the header's kid" : 'the publicKey given');
}

/**
 * The bytes an A2A signature covers, from the RECEIVED card and signature: the protected
 * header text as received, a dot, and base64url of the card's RFC 8785 form without its
 * `signatures`. Null when the card is not an object, the signature has no protected text,
 * or the card has no RFC 8785 form.
 */
export function a2aSigningInput(card: unknown, signature: unknown): Uint8Array | null {
  if (!isJsonObject(card) || !isJsonObject(signature) || typeof signature.protected !== 'string') return null;
  let payload: Uint8Array;
  try {
    payload = a2aCardPayload(card);
  } catch {
    return null;
  }
  return utf8Strict.encode(`${signature.protected}.${base64urlStrict.encode(payload)}`);
}
