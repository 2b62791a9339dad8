import { base64Strict, fail, ok, SeamError, unwrap, utf8Strict, type Verdict } from '@agent-seam/canonical';
import {
  askDoor,
  type DoorSteps,
  didFromPublicKey,
  type Ed25519Code,
  jwkFromPublicKey,
  publicKeyFromJwk,
  throughDoor,
  throughDoorAsync,
} from '@agent-seam/did';
import { thumbprint } from './jwk.js';
import {
  ALGORITHM,
  type ComponentCode,
  checkComponents,
  checkTimes,
  DIRECTORY_TAG,
  isAuthority,
  MAX_DIRECTORY_LIFETIME,
  MAX_HEADER_LENGTH,
  MAX_REQUEST_LIFETIME,
  type ParameterCode,
  REQUEST_TAG,
  readParameters,
  type TimeCode,
} from './profile.js';
import { type ComponentLine, signatureBase } from './signature-base.js';
import {
  parseSignature,
  parseSignatureInput,
  type SignatureInputMember,
  type SignatureMember,
  type StructuredFieldCode,
} from './structured-fields.js';

/** Every refusal of `verifyRequest` / `verifyDirectory`. */
export type WbaCode =
  | 'missing-signature-input'
  | 'missing-signature'
  | 'header-too-long'
  | StructuredFieldCode
  | ParameterCode
  | 'wrong-alg'
  | 'wrong-tag'
  | ComponentCode
  | 'unknown-key'
  | TimeCode
  | 'missing-signature-label'
  | 'bad-signature-encoding'
  | 'missing-covered-header'
  | 'malformed-covered-header'
  | Ed25519Code
  | 'directory-too-large'
  | 'malformed-directory';

/** Header fields by name; names are matched case-insensitively. A fetch `Headers` works too. */
export type HeaderSource = Record<string, string | undefined> | { get(name: string): string | null };

export interface VerifyRequestOptions {
  headers: HeaderSource;
  /** The authority the request reached, as the verifier knows it (never read from the request). */
  authority: string;
  /** The signer's key directory: `{ keys: [Ed25519 JWK, ...] }`. Unusable entries are ignored. */
  jwks: unknown;
  /** Verifier clock, integer seconds. */
  now: number;
  /** Cap on `expires - created` in seconds; default 600. */
  maxLifetime?: number;
  /** Cap on the Signature-Input and Signature lengths; default 4096. */
  maxHeaderLength?: number;
}

export interface VerifiedSignature {
  /** did:key of the Ed25519 key that signed. */
  did: string;
  keyid: string;
  label: string;
}

interface Context {
  headers: HeaderSource;
  authority: string;
  keys: Map<string, Uint8Array>;
  now: number;
  tag: string;
  maxLifetime: number;
  signatures: SignatureMember[];
}

function headerValue(headers: HeaderSource, name: string): unknown {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return (headers as never)[key];
  return undefined;
}

/** Directory keys by RFC 7638 thumbprint; keys that cannot be read strictly have no name. */
function keysByThumbprint(jwks: unknown): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const keys = typeof jwks === 'object' && jwks !== null ? (jwks as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) return out;
  for (const jwk of keys) {
    // The strict read of `x` is the one check; the name is then derived from the key bytes.
    const key = publicKeyFromJwk(jwk);
    if (key.ok) out.set(unwrap(thumbprint(jwkFromPublicKey(key.value))), key.value);
  }
  return out;
}

// Covered header values enter the signature base verbatim; a line break would forge a line.
const FIELD_VALUE = /^[\x20-\x7e\t]*$/;

function componentLines(
  names: readonly string[],
  ctx: Context,
): Verdict<ComponentLine[], 'missing-covered-header' | 'malformed-covered-header'> {
  const lines: ComponentLine[] = [];
  for (const name of names) {
    if (name === '@authority') {
      lines.push({ name, value: ctx.authority });
      continue;
    }
    const raw = headerValue(ctx.headers, name);
    if (typeof raw !== 'string') return fail('missing-covered-header');
    if (!FIELD_VALUE.test(raw)) return fail('malformed-covered-header');
    lines.push({ name, value: raw.trim() });
  }
  return ok(lines);
}

/** Judges one Signature-Input member completely; the checks run cheapest first. */
function* judge(member: SignatureInputMember, ctx: Context): DoorSteps<Verdict<VerifiedSignature, WbaCode>> {
  const params = readParameters(member.parameters);
  if (!params.ok) return params;
  const { alg, tag, keyid } = params.value;
  if (alg !== undefined && alg !== ALGORITHM) return fail('wrong-alg');
  if (tag !== ctx.tag) return fail('wrong-tag');
  const components = checkComponents(member.components);
  if (!components.ok) return components;
  const key = ctx.keys.get(keyid);
  if (key === undefined) return fail('unknown-key', 'no usable directory key has this thumbprint');
  const times = checkTimes(params.value, ctx.now, ctx.maxLifetime);
  if (!times.ok) return times;
  const signature = ctx.signatures.find((s) => s.label === member.label);
  if (signature === undefined) return fail('missing-signature-label');
  const bytes = base64Strict.decode(signature.base64);
  if (!bytes.ok) return fail('bad-signature-encoding');
  const lines = componentLines(member.components, ctx);
  if (!lines.ok) return lines;
  const base = utf8Strict.encode(signatureBase(lines.value, member.text));
  const verdict = yield* askDoor(key, base, bytes.value);
  if (!verdict.ok) return verdict;
  return ok({ did: didFromPublicKey(key), keyid, label: member.label });
}

interface VerifyCommon {
  headers: HeaderSource;
  authority: string;
  jwks: unknown;
  now: number;
  tag: string;
  maxLifetime: number;
  maxHeaderLength: number;
}

/** The checks of both verifiers, written once for both doors (DoorSteps in did). */
function* messageSteps(options: VerifyCommon): DoorSteps<Verdict<VerifiedSignature, WbaCode>> {
  // Caller errors, thrown: a missing clock or authority would silently skip a check.
  if (typeof options.now !== 'number' || !Number.isFinite(options.now))
    throw new SeamError('bad-argument', 'now is epoch seconds');
  if (!isAuthority(options.authority))
    throw new SeamError('bad-argument', 'authority is non-empty visible ASCII');
  const input = headerValue(options.headers, 'signature-input');
  if (typeof input !== 'string') return fail('missing-signature-input');
  const signature = headerValue(options.headers, 'signature');
  if (typeof signature !== 'string') return fail('missing-signature');
  if (input.length > options.maxHeaderLength || signature.length > options.maxHeaderLength)
    return fail('header-too-long');
  const members = parseSignatureInput(input);
  if (!members.ok) return members;
  const signatures = parseSignature(signature);
  if (!signatures.ok) return signatures;
  const ctx: Context = {
    headers: options.headers,
    authority: options.authority,
    keys: keysByThumbprint(options.jwks),
    now: options.now,
    tag: options.tag,
    maxLifetime: options.maxLifetime,
    signatures: signatures.value,
  };
  // Our entry is any member that verifies; other members (another signer's, another
  // site's) neither help nor hurt. When none verifies, the refusal reported is that of
  // the first member naming one of our keys, else that of the first member.
  let first: Verdict<VerifiedSignature, WbaCode> | undefined;
  let firstOurs: Verdict<VerifiedSignature, WbaCode> | undefined;
  for (const member of members.value) {
    const verdict = yield* judge(member, ctx);
    if (verdict.ok) return verdict;
    first ??= verdict;
    const keyid = member.parameters.find((p) => p.name === 'keyid')?.value.value;
    if (firstOurs === undefined && typeof keyid === 'string' && ctx.keys.has(keyid)) firstOurs = verdict;
  }
  return (firstOurs ?? first)!;
}

const requestSteps = (options: VerifyRequestOptions) =>
  messageSteps({
    headers: options.headers,
    authority: options.authority,
    jwks: options.jwks,
    now: options.now,
    tag: REQUEST_TAG,
    maxLifetime: options.maxLifetime ?? MAX_REQUEST_LIFETIME,
    maxHeaderLength: options.maxHeaderLength ?? MAX_HEADER_LENGTH,
  });

/** Verifies a Web Bot Auth request signature (tag `web-bot-auth`). Never throws on input. */
export const verifyRequest = (options: VerifyRequestOptions): Verdict<VerifiedSignature, WbaCode> =>
  throughDoor(requestSteps(options));

/**
 * `verifyRequest` through `verifyEd25519Async`: the same checks and verdicts, with the
 * equation asked of WebCrypto where the platform has Ed25519. Never rejects on input
 * (a caller error, such as a missing `now`, rejects with the SeamError the sync one throws).
 */
export const verifyRequestAsync = (
  options: VerifyRequestOptions,
): Promise<Verdict<VerifiedSignature, WbaCode>> => throughDoorAsync(requestSteps(options));

export interface VerifyDirectoryOptions {
  /** Headers of the directory response. */
  headers: HeaderSource;
  /** The authority the directory was fetched from. */
  authority: string;
  /** The response body: the JWKS text (or its UTF-8 bytes) as received. */
  body: string | Uint8Array;
  now: number;
  /** Cap on `expires - created` in seconds; default 86400. */
  maxLifetime?: number;
  maxHeaderLength?: number;
  /** Cap on the body length before it is parsed; default 65536. */
  maxBodyLength?: number;
}

export const MAX_DIRECTORY_BODY = 65_536;

/**
 * Verifies a key directory's self-attestation (tag
 * `http-message-signatures-directory`): the response must be signed by one of the
 * keys it publishes. Returns the signer and the parsed key set.
 */
export function verifyDirectory(
  options: VerifyDirectoryOptions,
): Verdict<VerifiedSignature & { jwks: { keys: unknown[] } }, WbaCode> {
  const max = options.maxBodyLength ?? MAX_DIRECTORY_BODY;
  if (options.body.length > max) return fail('directory-too-large');
  let text: string;
  if (typeof options.body === 'string') text = options.body;
  else {
    const decoded = utf8Strict.decode(options.body);
    if (!decoded.ok) return fail('malformed-directory', 'body is not UTF-8');
    text = decoded.value;
  }
  let jwks: unknown;
  try {
    jwks = JSON.parse(text);
  } catch {
    return fail('malformed-directory', 'body is not JSON');
  }
  const keys = typeof jwks === 'object' && jwks !== null ? (jwks as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) return fail('malformed-directory', 'body has no keys array');
  const verdict = throughDoor(
    messageSteps({
      headers: options.headers,
      authority: options.authority,
      jwks,
      now: options.now,
      tag: DIRECTORY_TAG,
      maxLifetime: options.maxLifetime ?? MAX_DIRECTORY_LIFETIME,
      maxHeaderLength: options.maxHeaderLength ?? MAX_HEADER_LENGTH,
    }),
  );
  return verdict.ok ? ok({ ...verdict.value, jwks: { keys } }) : verdict;
}
