import {
  base64urlStrict,
  canonicalString,
  fail,
  type Instant,
  ok,
  SeamError,
  unixSeconds,
  unwrap,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import {
  DID_CODES,
  didFromSeed,
  ED25519_CODES,
  signEd25519,
  verificationKeyFromDid,
  verifyEd25519,
} from '@agent-seam/did';
import { base64urlText, isJsonObject, readJsonSegment } from './json-segment.js';
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
  const origin = unwrap(canonicalOrigin(options.origin));
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
        credentialSubject: { id: did, origin },
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
  /** Verifier clock: a Date or Unix seconds. */
  now: Instant;
}

export interface DomainLinkage {
  did: string;
  origin: string;
  nbf?: number;
  exp: number;
}

const isOptionalInteger = (v: unknown) =>
  v === undefined || (typeof v === 'number' && Number.isSafeInteger(v));

/**
 * Verifies that `did` claims `origin` at `now`. The signature is checked over the
 * received text of the first two segments. This proves a claim only; it becomes a
 * proof of control once the credential was fetched from that origin.
 */
export function verifyDomainLinkage(
  jwt: unknown,
  options: VerifyDomainLinkageOptions,
): Verdict<DomainLinkage, DomainLinkageCode> {
  const now = unixSeconds(options?.now, 'verifyDomainLinkage now');
  if (typeof jwt !== 'string') return fail('not-a-string', 'a compact JWS is text');
  if (jwt.length > MAX_DOMAIN_LINKAGE_LENGTH) return fail('too-long');
  const segments = jwt.split('.');
  if (segments.length !== 3) return fail('malformed-jws', 'a compact JWS has three segments');
  const [headerText, payloadText, signatureText] = segments as [string, string, string];
  const header = readJsonSegment(headerText, 'malformed-header');
  if (!header.ok) return header;
  const { did } = options;
  if (typeof did !== 'string') return fail('did-mismatch', 'the caller named no DID');
  if (header.value.alg !== 'EdDSA') return fail('wrong-alg');
  if (header.value.typ !== 'JWT') return fail('wrong-typ');
  if (header.value.kid !== kidOf(did)) return fail('wrong-kid');
  const payload = readJsonSegment(payloadText, 'malformed-payload');
  if (!payload.ok) return payload;
  const { iss, sub, nbf, exp, vc } = payload.value;
  if (!isJsonObject(vc) || !isJsonObject(vc.credentialSubject)) return fail('malformed-payload');
  // iss, sub and the subject id are one identity, spelled identically, and it is the caller's.
  if (iss !== did || sub !== did || vc.credentialSubject.id !== did) return fail('did-mismatch');
  if (!Array.isArray(vc.type) || !vc.type.includes('DomainLinkageCredential'))
    return fail('wrong-credential-type');
  if (exp === undefined) return fail('missing-exp');
  if (!isOptionalInteger(nbf) || !isOptionalInteger(exp)) return fail('not-integer-time');
  if (typeof nbf === 'number' && now < nbf) return fail('not-yet-valid', `valid in ${nbf - now} s`);
  // exp is the first second the credential no longer holds.
  if (now >= (exp as number)) return fail('expired', `expired ${now - (exp as number)} s ago`);
  const claimed = canonicalOrigin(vc.credentialSubject.origin);
  const expected = canonicalOrigin(options.origin);
  if (!claimed.ok || !expected.ok) return fail('bad-origin');
  if (claimed.value !== expected.value) return fail('origin-mismatch');
  const signature = base64urlStrict.decode(signatureText);
  if (!signature.ok) return fail('bad-base64url');
  const key = verificationKeyFromDid(did);
  if (!key.ok) return key;
  const verdict = verifyEd25519(
    key.value,
    utf8Strict.encode(`${headerText}.${payloadText}`),
    signature.value,
  );
  if (!verdict.ok) return verdict;
  const result: DomainLinkage = { did, origin: claimed.value, exp: exp as number };
  if (typeof nbf === 'number') result.nbf = nbf;
  return ok(result);
}
