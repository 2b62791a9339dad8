import {
  base64urlStrict,
  canonicalString,
  describeType,
  fail,
  type Instant,
  ok,
  requiredInstant,
  SeamError,
  unixSeconds,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import {
  DID_CODES,
  didFromSeed,
  didLabel,
  doorRefusal,
  ED25519_CODES,
  signEd25519,
  verificationKeyFromDid,
  verifyEd25519,
} from '@agent-seam/did';
import { base64urlText, decodeSegments, isJsonObject, readJsonSegment } from './json-segment.js';
import { canonicalOrigin } from './origin.js';

/** DIF Well Known DID Configuration: the JWT form of a Domain Linkage Credential. */
export const DOMAIN_LINKAGE_CONTEXT = [
  'https://www.w3.org/2018/credentials/v1',
  'https://identity.foundation/.well-known/did-configuration/v1',
] as const;
export const DOMAIN_LINKAGE_TYPE = ['VerifiableCredential', 'DomainLinkageCredential'] as const;
/** Cap on the compact JWS length, checked before anything is decoded. */
export const MAX_DOMAIN_LINKAGE_LENGTH = 8192;

export const DOMAIN_LINKAGE_CODES = [
  'not-a-string',
  'too-long',
  'malformed-jws',
  'bad-base64url',
  'malformed-header',
  'wrong-alg',
  'wrong-typ',
  'wrong-kid',
  'malformed-payload',
  'did-mismatch',
  'wrong-credential-type',
  'not-integer-time',
  'missing-exp',
  'not-yet-valid',
  'expired',
  'bad-origin',
  'origin-mismatch',
  ...DID_CODES,
  ...ED25519_CODES,
] as const;
export type DomainLinkageCode = (typeof DOMAIN_LINKAGE_CODES)[number];

/** `<did>#<multibase>`: a did:key names its only key by the multibase value itself. */
const kidOf = (did: string) => `${did}#${did.slice('did:key:'.length)}`;

const isoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

export interface SignDomainLinkageOptions {
  /** Origin the DID claims, e.g. `https://example.com`; written canonicalized. */
  origin: string;
  /** Not-before: a Date or Unix seconds, written as whole seconds. */
  nbf: Instant;
  /** Expiry: a Date or Unix seconds; mandatory (a domain is leased, not owned). */
  exp: Instant;
}

/** Issues a Domain Linkage Credential (compact JWS, EdDSA) for the seed's did:key. */
export function signDomainLinkage(seed: Uint8Array, options: SignDomainLinkageOptions): string {
  const nbf = unixSeconds(options?.nbf, 'signDomainLinkage nbf');
  const exp = unixSeconds(options.exp, 'signDomainLinkage exp');
  if (exp <= nbf) throw new SeamError('bad-argument', 'signDomainLinkage exp must be after nbf');
  const origin = canonicalOrigin(options.origin);
  // The reader refuses a credential for anything but an http(s) origin: the writer never writes one.
  if (!origin.ok) throw new SeamError('bad-origin', `origin is not an http(s) origin (${origin.detail})`);
  const did = didFromSeed(seed);
  const header = canonicalString({ alg: 'EdDSA', kid: kidOf(did), typ: 'JWT' }, { profile: 'seam' });
  const payload = canonicalString(
    {
      exp,
      iss: did,
      nbf,
      sub: did,
      vc: {
        '@context': [...DOMAIN_LINKAGE_CONTEXT],
        credentialSubject: { id: did, origin: origin.value },
        expirationDate: isoSeconds(exp),
        issuanceDate: isoSeconds(nbf),
        issuer: did,
        type: [...DOMAIN_LINKAGE_TYPE],
      },
    },
    { profile: 'seam' },
  );
  const signingInput = `${base64urlText(header)}.${base64urlText(payload)}`;
  return `${signingInput}.${base64urlStrict.encode(signEd25519(seed, utf8Strict.encode(signingInput)))}`;
}

export interface VerifyDomainLinkageOptions {
  /** The DID whose claim is checked (from the caller). */
  did: string;
  /** The origin the credential was fetched from (from the caller). */
  origin: string;
  /** Required: the verifier's clock, a Date or Unix seconds (`nbf` and `exp` are judged at it). */
  now: Instant;
}

export interface DomainLinkage {
  did: string;
  origin: string;
  nbf?: number;
  exp: number;
}

/** A time that is not integer seconds, by kind (a number is described, never shown). */
const describeTime = (t: unknown): string =>
  typeof t === 'number' ? 'a number that is not a safe integer' : describeType(t);

const isOptionalInteger = (v: unknown) =>
  v === undefined || (typeof v === 'number' && Number.isSafeInteger(v));

/**
 * Verifies that `did` claims `origin` at `now`. The signature is checked over the
 * received text of the first two segments. This proves a claim only; it becomes a
 * proof of control once the credential was fetched from that origin. The checks run in
 * the order of DOMAIN_LINKAGE_CHECKS: the token's spelling, the header, the payload,
 * the identity it names, its type, its times, the origin, then the signature.
 */
export function verifyDomainLinkage(
  jwt: unknown,
  options: VerifyDomainLinkageOptions,
): Verdict<DomainLinkage, DomainLinkageCode> {
  const now = requiredInstant(options?.now, 'verifyDomainLinkage', "to judge the credential's nbf and exp");
  if (typeof jwt !== 'string')
    return fail('not-a-string', `the token is ${describeType(jwt)}, not compact JWS text`);
  if (jwt.length > MAX_DOMAIN_LINKAGE_LENGTH)
    return fail('too-long', `the token is ${jwt.length} characters, over ${MAX_DOMAIN_LINKAGE_LENGTH}`);
  const segments = jwt.split('.');
  if (segments.length !== 3)
    return fail('malformed-jws', `the token has ${segments.length} segments; a compact JWS has three`);
  const decoded = decodeSegments(segments);
  if (!decoded.ok) return decoded;
  const [headerBytes, payloadBytes, signature] = decoded.value as [Uint8Array, Uint8Array, Uint8Array];
  const header = readJsonSegment(headerBytes, 'malformed-header');
  if (!header.ok) return header;
  if (header.value.alg !== 'EdDSA') return fail('wrong-alg', 'the header alg is not EdDSA');
  if (header.value.typ !== 'JWT') return fail('wrong-typ', 'the header typ is not JWT');
  const payload = readJsonSegment(payloadBytes, 'malformed-payload');
  if (!payload.ok) return payload;
  const { iss, sub, nbf, exp, vc } = payload.value;
  if (!isJsonObject(vc)) return fail('malformed-payload', `vc is ${describeType(vc)}, not a JSON object`);
  if (!isJsonObject(vc.credentialSubject))
    return fail(
      'malformed-payload',
      `vc.credentialSubject is ${describeType(vc.credentialSubject)}, not a JSON object`,
    );
  const { did } = options;
  if (typeof did !== 'string')
    return fail('did-mismatch', 'the did option was not given: the caller names the DID');
  // iss, sub and the subject id are one identity, spelled identically, and it is the caller's.
  const other = [
    ['iss', iss],
    ['sub', sub],
    ['vc.credentialSubject.id', vc.credentialSubject.id],
  ].find(([, named]) => named !== did);
  if (other !== undefined) return fail('did-mismatch', `${other[0]} names another DID than the did given`);
  if (header.value.kid !== kidOf(did))
    return fail('wrong-kid', 'the header kid is not <did>#<multibase> of the did given');
  if (!Array.isArray(vc.type) || !vc.type.includes('DomainLinkageCredential'))
    return fail('wrong-credential-type', 'vc.type does not list DomainLinkageCredential');
  if (exp === undefined) return fail('missing-exp', 'the payload has no exp');
  if (!isOptionalInteger(nbf))
    return fail('not-integer-time', `nbf is ${describeTime(nbf)}; it is integer Unix seconds`);
  if (!isOptionalInteger(exp))
    return fail('not-integer-time', `exp is ${describeTime(exp)}; it is integer Unix seconds`);
  if (typeof nbf === 'number' && now < nbf) return fail('not-yet-valid', `valid in ${nbf - now} s`);
  // exp is the first second the credential no longer holds.
  if (now >= (exp as number)) return fail('expired', `expired ${now - (exp as number)} s ago`);
  const claimed = canonicalOrigin(vc.credentialSubject.origin);
  if (!claimed.ok)
    return fail('bad-origin', `the credential's origin is not an http(s) origin (${claimed.detail})`);
  const expected = canonicalOrigin(options.origin);
  if (!expected.ok)
    return fail('bad-origin', `the origin given is not an http(s) origin (${expected.detail})`);
  if (claimed.value !== expected.value)
    return fail('origin-mismatch', 'the credential names another origin than the one given');
  const key = verificationKeyFromDid(did);
  if (!key.ok)
    return fail(key.code, `the did given is not a usable Ed25519 did:key (${key.detail ?? key.code})`);
  const verdict = verifyEd25519(key.value, domainLinkageSigningInput(jwt)!, signature);
  if (!verdict.ok) return doorRefusal(verdict, didLabel(did));
  const result: DomainLinkage = { did, origin: claimed.value, exp: exp as number };
  if (typeof nbf === 'number') result.nbf = nbf;
  return ok(result);
}

/**
 * The bytes a compact JWS signature covers: the received text of its first two
 * segments joined by a dot, as ASCII. Null when the token is not text with three
 * segments (the verifier refuses it before any signature is looked at).
 */
export function domainLinkageSigningInput(jwt: unknown): Uint8Array | null {
  if (typeof jwt !== 'string') return null;
  const segments = jwt.split('.');
  if (segments.length !== 3) return null;
  return utf8Strict.encode(`${segments[0]}.${segments[1]}`);
}
