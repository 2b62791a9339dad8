import {
  base64Strict,
  durationSeconds,
  fail,
  type Instant,
  ok,
  SeamError,
  unixSeconds,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import { askDoor, type DoorSteps, throughDoor, throughDoorAsync } from '@agent-seam/did';
import type { WbaCode } from './codes.js';
import { judgeContentDigest } from './content-digest.js';
import { type FieldReader, fieldReader, type HeaderGetter, type HeaderSource } from './headers.js';
import { type DirectoryKey, type JwkSet, judgeKeyWindow, keysByThumbprint } from './jwk-set.js';
import {
  ALGORITHM,
  checkComponents,
  checkTimes,
  countOption,
  DIRECTORY_TAG,
  isAuthority,
  MAX_DIRECTORY_LIFETIME,
  MAX_HEADER_LENGTH,
  MAX_REQUEST_LIFETIME,
  REQUEST_TAG,
  readParameters,
  requireOptions,
} from './profile.js';
import {
  type ReplayCache,
  type ReplayOption,
  type ReplayOutcome,
  replayKey,
  replayOption,
} from './replay.js';
import { judgeAgentCoverage } from './signature-agent.js';
import { componentLines, signatureBase } from './signature-base.js';
import {
  parseSignature,
  parseSignatureInput,
  type SignatureInputMember,
  type SignatureMember,
} from './structured-fields.js';

/** A Fetch API `Request` (or anything with its `url` and `headers`). */
export interface RequestLike {
  readonly url: string;
  readonly headers: HeaderGetter;
}

/**
 * Take `@authority` from the host of the request's URL. Only for a platform whose
 * request URL is the one the client asked for (see the README: behind a proxy it is not).
 */
export interface AuthorityFromRequestUrl {
  readonly fromRequestUrl: true;
}

interface CommonOptions {
  /** The signer's key directory, a JWK Set (for example `fetchDirectory(...).value.jwks`). */
  jwks: JwkSet;
  /**
   * The target URI of the request as this server knows it (absolute), for a signature that
   * covers `@target-uri`; with `authority: { fromRequestUrl: true }` the request URL is used.
   * Never read from the message.
   */
  targetUri?: string;
  /** Judge only the Signature-Input member of this label (as discovery does per signature). */
  label?: string;
  /** The verifier's clock: a Date or Unix seconds. */
  now: Instant;
  /** Cap on `expires - created`, in seconds; default 600. */
  maxLifetime?: number;
  /** Cap on the Signature-Input and Signature lengths; default 4096. */
  maxHeaderLength?: number;
}

export type VerifyRequestOptions = CommonOptions & {
  /**
   * Required: the store that refuses a request accepted before (keyed by the keyid and the
   * nonce, or the signature when there is no nonce), or `'off'` to accept a request more
   * than once (the verified value then says `replay: 'off-by-caller'`).
   */
  replay: ReplayOption;
} & (
    | {
        /** The request's header fields: Node's `req.headers`, a Fetch `Headers`, or a plain record. */
        headers: HeaderSource;
        /** The authority this server answers for, from its own configuration (never from the request). */
        authority: string;
        request?: undefined;
      }
    | {
        /** A Fetch API `Request`; its headers are judged. */
        request: RequestLike;
        /** The server's own authority, or `{ fromRequestUrl: true }` to trust the request URL's host. */
        authority: string | AuthorityFromRequestUrl;
        headers?: undefined;
      }
  );

export interface VerifiedSignature {
  /** did:key of the Ed25519 key that signed. */
  did: string;
  keyid: string;
  label: string;
  /** The signed `created` and `expires`, Unix seconds. */
  created: number;
  expires: number;
  /** The signed `nonce`, when there is one (the replay store's key with the keyid). */
  nonce?: string;
}

/** A verified request: the signature, and whether the replay store saw it first. */
export type VerifiedRequest = VerifiedSignature & {
  /** `first-seen`: the replay store had not accepted it before; `off-by-caller`: you passed replay: 'off'. */
  replay: ReplayOutcome;
};

/** A member that verified, with the signature text the replay store is keyed by. */
interface Judged {
  verified: VerifiedSignature;
  signature: string;
}
/** What the checks of one message need, read and validated once. */
interface Message {
  fields: FieldReader;
  authority: string;
  targetUri: string | undefined;
  /** A directory response's body (as bytes), for its Content-Digest; undefined for a request. */
  body: Uint8Array | undefined;
  /** Only the member of this label, when the caller names one. */
  label: string | undefined;
  /** Where the authority came from, for the bad-signature detail. */
  authorityFrom: string;
  keys: Map<string, DirectoryKey>;
  now: number;
  tag: string;
  maxLifetime: number;
  maxHeaderLength: number;
}

/** The direction a tag names, for a refusal detail. */
const TAG_ROLE: Record<string, string> = {
  [REQUEST_TAG]: 'a request signature',
  [DIRECTORY_TAG]: 'a directory response signature',
};

/**
 * Why a signature that reached the equation failed it. Component names have passed the
 * profile's name check (lowercase token characters or `@authority`), the keyid names a
 * key of the caller's directory and the authority is the verifier's own, so the detail
 * carries no free-form bytes of the request.
 */
const badSignatureDetail = (member: SignatureInputMember, keyid: string, message: Message): string =>
  `the signature does not verify under key ${keyid} over (${member.components.map((c) => c.text).join(' ')}) ` +
  `with @authority "${message.authority}" (${message.authorityFrom}); a wrong authority is the common cause`;

/** Said of the door's refusals that come without a detail. */
const SMALL_ORDER: Partial<Record<WbaCode, string>> = {
  'small-order-key': 'the key is a point of small order',
  'small-order-r': 'R is a point of small order',
};

/** Judges one Signature-Input member completely; the checks run cheapest first. */
function* judge(
  member: SignatureInputMember,
  signatures: readonly SignatureMember[],
  message: Message,
): DoorSteps<Verdict<Judged, WbaCode>> {
  const params = readParameters(member.parameters);
  if (!params.ok) return params;
  const { alg, tag, keyid, created, expires, nonce } = params.value;
  if (alg !== undefined && alg !== ALGORITHM)
    return fail('wrong-alg', `alg names another algorithm than ${ALGORITHM}`);
  if (tag !== message.tag)
    return fail('wrong-tag', `the tag is not ${message.tag} (${TAG_ROLE[message.tag]})`);
  const response = message.body !== undefined;
  const components = checkComponents(member.components, {
    response,
    targetUri: message.targetUri !== undefined,
  });
  if (!components.ok) return components;
  const key = message.keys.get(keyid);
  if (key === undefined) return fail('unknown-key', 'the keyid names no usable key of the directory');
  const window = judgeKeyWindow(key, keyid, message.now);
  if (!window.ok) return window;
  const times = checkTimes(params.value, message.now, message.maxLifetime);
  if (!times.ok) return times;
  const signature = signatures.find((s) => s.label === member.label);
  if (signature === undefined)
    return fail(
      'missing-signature-label',
      'Signature has no member under the label of this Signature-Input member',
    );
  const bytes = base64Strict.decode(signature.base64);
  if (!bytes.ok) return fail('bad-signature-encoding', 'the signature bytes are not strict base64');
  if (!response) {
    const agent = judgeAgentCoverage(member, message.fields);
    if (!agent.ok) return agent;
  }
  const lines = componentLines(member.components, message.fields, message);
  if (!lines.ok) return lines;
  if (response) {
    const digest = lines.value.find((line) => line.name === 'content-digest');
    if (digest !== undefined) {
      const bound = judgeContentDigest(digest.value, message.body!);
      if (!bound.ok) return bound;
    }
  }
  const base = utf8Strict.encode(signatureBase(lines.value, member.text));
  const verdict = yield* askDoor(key.publicKey, base, bytes.value);
  if (!verdict.ok)
    return verdict.code === 'bad-signature'
      ? fail('bad-signature', badSignatureDetail(member, keyid, message))
      : fail(verdict.code, `${verdict.detail ?? SMALL_ORDER[verdict.code]}, for key ${keyid}`);
  const verified = { did: key.did, keyid, label: member.label, created, expires };
  return ok({
    verified: nonce === undefined ? verified : { ...verified, nonce },
    signature: signature.base64,
  });
}

/** The checks of both verifiers, written once for both doors (DoorSteps in did). */
function* messageSteps(message: Message): DoorSteps<Verdict<Judged, WbaCode>> {
  const input = message.fields('signature-input');
  if (!input.ok) return input;
  if (input.value === undefined) return fail('missing-signature-input', 'there is no Signature-Input field');
  const signature = message.fields('signature');
  if (!signature.ok) return signature;
  if (signature.value === undefined) return fail('missing-signature', 'there is no Signature field');
  // Each parser judges its field's length against the cap before reading a character.
  const members = parseSignatureInput(input.value, { maxLength: message.maxHeaderLength });
  if (!members.ok) return members;
  const signatures = parseSignature(signature.value, { maxLength: message.maxHeaderLength });
  if (!signatures.ok) return signatures;
  // Our entry is any member that verifies; other members (another signer's, another
  // site's) neither help nor hurt. When none verifies, the refusal reported is that of
  // the first member naming one of our keys, else that of the first member.
  let first: Verdict<Judged, WbaCode> | undefined;
  let firstOurs: Verdict<Judged, WbaCode> | undefined;
  for (const member of members.value) {
    if (message.label !== undefined && member.label !== message.label) continue;
    const verdict = yield* judge(member, signatures.value, message);
    if (verdict.ok) return verdict;
    first ??= verdict;
    const keyid = member.parameters.find((p) => p.name === 'keyid')?.value.value;
    if (firstOurs === undefined && typeof keyid === 'string' && message.keys.has(keyid)) firstOurs = verdict;
  }
  return (
    firstOurs ?? first ?? fail('missing-signature-input', 'no Signature-Input member has the label asked for')
  );
}

/** The host of an absolute URL, as RFC 9421's @authority spells it (lowercase, no default port). */
function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const { host } = new URL(url);
    return isAuthority(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

type Received = Pick<Message, 'fields' | 'authority' | 'authorityFrom'> & { requestUrl?: string };

/** Where the headers and the authority of a request come from; caller errors throw. */
function receivedRequest(options: VerifyRequestOptions): Verdict<Received, WbaCode> {
  const { headers, request, authority } = options as {
    headers?: unknown;
    request?: unknown;
    authority?: unknown;
  };
  if (headers !== undefined && request !== undefined)
    throw new SeamError('bad-argument', 'verifyRequest takes headers or a request, not both');
  const fromUrl =
    typeof authority === 'object' &&
    authority !== null &&
    (authority as AuthorityFromRequestUrl).fromRequestUrl === true;
  if (fromUrl && request === undefined)
    throw new SeamError('bad-argument', 'authority { fromRequestUrl: true } needs a request');
  if (!fromUrl && !isAuthority(authority))
    throw new SeamError(
      'bad-argument',
      'verifyRequest authority is the host[:port] this server answers for (non-empty visible ASCII), from its own configuration',
    );
  if (request === undefined) {
    const fields = fieldReader(headers);
    if (!fields.ok) return fields;
    return ok({ fields: fields.value, authority: authority as string, authorityFrom: "the caller's" });
  }
  const isObject = typeof request === 'object' && request !== null;
  const fields = fieldReader(isObject ? (request as { headers?: unknown }).headers : undefined);
  if (!fields.ok) return fail('not-an-object', 'request is not a Request with headers');
  if (!fromUrl)
    return ok({ fields: fields.value, authority: authority as string, authorityFrom: "the caller's" });
  const host = hostOf((request as { url?: unknown }).url);
  if (host === undefined)
    return fail('malformed-request-url', 'request.url is not an absolute URL with a host');
  return ok({
    fields: fields.value,
    authority: host,
    authorityFrom: 'the host of the request URL',
    requestUrl: (request as { url: string }).url,
  });
}

/** An absolute URL of visible ASCII (it becomes a base line), else undefined. */
const absoluteUrl = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) return undefined;
  try {
    new URL(value);
    return value;
  } catch {
    return undefined;
  }
};

/** The clock and the caps a signature verifier reads before any input. */
export interface VerifierLimits {
  now: number;
  maxLifetime: number;
  maxHeaderLength: number;
}

/**
 * Reads `now`, `maxLifetime` (default `lifetime`) and `maxHeaderLength`, in that order;
 * each SeamError names the option as `entry`'s (`verifyRequest now`).
 */
export const verifierLimits = (
  options: { now: Instant; maxLifetime?: number; maxHeaderLength?: number },
  entry: string,
  lifetime: number,
): VerifierLimits => ({
  now: unixSeconds(options.now, `${entry} now`),
  maxLifetime: durationSeconds(options.maxLifetime ?? lifetime, `${entry} maxLifetime`),
  maxHeaderLength: countOption(options.maxHeaderLength, MAX_HEADER_LENGTH, `${entry} maxHeaderLength`),
});

/** A request verifier's options, read once; every caller error throws here, before any input is read. */
export interface RequestPolicy {
  now: number;
  maxLifetime: number;
  maxHeaderLength: number;
  replay: ReplayOption;
  targetUri: string | undefined;
  label: string | undefined;
}

export function requestPolicy(options: VerifyRequestOptions): RequestPolicy {
  // Caller errors throw: a missing clock or replay store would silently skip a check.
  requireOptions(options, 'verifyRequest');
  const { now, maxLifetime, maxHeaderLength } = verifierLimits(
    options,
    'verifyRequest',
    MAX_REQUEST_LIFETIME,
  );
  const targetUri = options.targetUri === undefined ? undefined : absoluteUrl(options.targetUri);
  if (options.targetUri !== undefined && targetUri === undefined)
    throw new SeamError('bad-argument', 'verifyRequest targetUri is an absolute URL of visible ASCII');
  if (options.label !== undefined && typeof options.label !== 'string')
    throw new SeamError('bad-argument', 'verifyRequest label is a string');
  return {
    now,
    maxLifetime,
    maxHeaderLength,
    replay: replayOption(options.replay, maxLifetime, 'verifyRequest'),
    targetUri,
    label: options.label,
  };
}

function* requestSteps(
  options: VerifyRequestOptions,
  policy: RequestPolicy,
): DoorSteps<Verdict<Judged, WbaCode>> {
  const received = receivedRequest(options);
  if (!received.ok) return received;
  const keys = keysByThumbprint(options.jwks);
  if (!keys.ok) return keys;
  // Written out, not spread: a spread followed by more members is built on V8's slow path
  // (measured: about a twentieth of a whole verification).
  const { fields, authority, authorityFrom, requestUrl } = received.value;
  return yield* messageSteps({
    fields,
    authority,
    authorityFrom,
    // The caller's target URI; with fromRequestUrl, the request URL the platform gave.
    targetUri: policy.targetUri ?? (requestUrl === undefined ? undefined : absoluteUrl(requestUrl)),
    body: undefined,
    label: policy.label,
    keys: keys.value,
    now: policy.now,
    tag: REQUEST_TAG,
    maxLifetime: policy.maxLifetime,
    maxHeaderLength: policy.maxHeaderLength,
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Asks the replay store about a verified signature (its answer may be a promise). */
const askStore = (store: ReplayCache, { verified, signature }: Judged, now: number) => {
  const { sender, messageId } = replayKey(verified.keyid, verified.nonce, signature);
  return store.checkAndRemember(sender, messageId, verified.created, now);
};

/** The store's answer as the verdict on an otherwise verified request. */
function remembered(judged: Judged, answer: unknown): Verdict<VerifiedRequest, WbaCode> {
  if (answer === 'new') return ok({ ...judged.verified, replay: 'first-seen' });
  if (answer === 'seen')
    return fail(
      'replayed',
      judged.verified.nonce === undefined
        ? 'this signature was accepted before'
        : 'this key sent this nonce before',
    );
  if (answer === 'forgotten')
    return fail(
      'replay-cache-full',
      'the replay store has forgotten requests this old, so it cannot vouch for this one',
    );
  throw new SeamError(
    'bad-argument',
    'the replay store answered something other than new, seen or forgotten',
  );
}

const offByCaller = (judged: Judged): VerifiedRequest => ({ ...judged.verified, replay: 'off-by-caller' });

/**
 * Verifies a Web Bot Auth request signature (tag `web-bot-auth`) and asks the replay
 * store about it. Never throws on input; a store that answers with a promise throws
 * (use verifyRequestAsync).
 */
export function verifyRequest(options: VerifyRequestOptions): Verdict<VerifiedRequest, WbaCode> {
  const policy = requestPolicy(options);
  const verdict = throughDoor(requestSteps(options, policy));
  if (!verdict.ok) return verdict;
  if (policy.replay === 'off') return ok(offByCaller(verdict.value));
  const answer = askStore(policy.replay, verdict.value, policy.now);
  if (isThenable(answer))
    throw new SeamError('bad-argument', 'this replay store answers asynchronously: use verifyRequestAsync');
  return remembered(verdict.value, answer);
}

/**
 * `verifyRequest` through `verifyEd25519Async`: the same checks and verdicts, with the
 * equation asked of WebCrypto where the platform has Ed25519, and a replay store that may
 * answer with a promise. A store that rejects (a server unreachable, timed out, in error)
 * refuses the request (`replay-store-unavailable`): it is never let through unchecked.
 * Never rejects on input (a caller error, such as a missing `now` or `replay`, rejects
 * with the SeamError the sync one throws).
 */
export async function verifyRequestAsync(
  options: VerifyRequestOptions,
): Promise<Verdict<VerifiedRequest, WbaCode>> {
  const policy = requestPolicy(options);
  const verdict = await throughDoorAsync(requestSteps(options, policy));
  if (!verdict.ok) return verdict;
  if (policy.replay === 'off') return ok(offByCaller(verdict.value));
  let answer: unknown;
  try {
    answer = await askStore(policy.replay, verdict.value, policy.now);
  } catch {
    return fail(
      'replay-store-unavailable',
      'the replay store did not answer, so this signature cannot be judged unseen',
    );
  }
  return remembered(verdict.value, answer);
}

export interface VerifyDirectoryOptions {
  /** Headers of the directory response (a Fetch `Headers`, Node's headers, or a record). */
  headers: HeaderSource;
  /** The authority the directory was fetched from. */
  authority: string;
  /** The response body: the JWK Set text (or its UTF-8 bytes) as received. */
  body: string | Uint8Array;
  /** The verifier's clock: a Date or Unix seconds. */
  now: Instant;
  /** Cap on `expires - created`, in seconds; default 86400. */
  maxLifetime?: number;
  maxHeaderLength?: number;
  /** Cap on the body's size in UTF-8 bytes (text or bytes alike), checked before it is parsed; default 65536. */
  maxBodyLength?: number;
}

export const MAX_DIRECTORY_BODY = 65_536;

/** The `maxBodyLength` option of `entry` (a SeamError names it), by default MAX_DIRECTORY_BODY. */
export const directoryBodyCap = (value: number | undefined, entry: string): number =>
  countOption(value, MAX_DIRECTORY_BODY, `${entry} maxBodyLength`);

/** A directory verifier's clock and caps (verifyDirectory's, and fetchDirectory's for it), read in that order. */
export const directoryLimits = (
  options: { now: Instant; maxLifetime?: number; maxHeaderLength?: number; maxBodyLength?: number },
  entry: string,
): VerifierLimits & { maxBodyLength: number } => ({
  ...verifierLimits(options, entry, MAX_DIRECTORY_LIFETIME),
  maxBodyLength: directoryBodyCap(options.maxBodyLength, entry),
});

/** A directory whose response signature verified: the signer and the key set it published. */
export type VerifiedDirectory = VerifiedSignature & { jwks: JwkSet };

/**
 * Verifies a key directory's self-attestation (tag
 * `http-message-signatures-directory`): the response must be signed by one of the
 * keys it publishes. Returns the signer and the parsed key set. Never throws on input.
 */
export function verifyDirectory(options: VerifyDirectoryOptions): Verdict<VerifiedDirectory, WbaCode> {
  requireOptions(options, 'verifyDirectory');
  const { now, maxLifetime, maxHeaderLength, maxBodyLength } = directoryLimits(options, 'verifyDirectory');
  if (!isAuthority(options.authority))
    throw new SeamError(
      'bad-argument',
      'verifyDirectory authority is the host[:port] the directory was fetched from',
    );
  const { body } = options;
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    return fail('not-bytes', 'the directory body is not a string or a Uint8Array');
  if (utf8Size(body, maxBodyLength) > maxBodyLength)
    return fail('directory-too-large', `the body is over the cap of ${maxBodyLength} bytes`);
  let text: string;
  if (typeof body === 'string') text = body;
  else {
    const decoded = utf8Strict.decode(body);
    if (!decoded.ok) return fail('malformed-directory', 'body is not UTF-8');
    text = decoded.value;
  }
  let jwks: unknown;
  try {
    jwks = JSON.parse(text);
  } catch {
    return fail('malformed-directory', 'body is not JSON');
  }
  const keys = keysByThumbprint(jwks);
  if (!keys.ok) return keys;
  const fields = fieldReader(options.headers);
  if (!fields.ok) return fields;
  const verdict = throughDoor(
    messageSteps({
      fields: fields.value,
      authority: options.authority,
      authorityFrom: "the caller's",
      targetUri: undefined,
      body: typeof body === 'string' ? UTF8.encode(body) : body,
      label: undefined,
      keys: keys.value,
      now,
      tag: DIRECTORY_TAG,
      maxLifetime,
      maxHeaderLength,
    }),
  );
  return verdict.ok ? ok({ ...verdict.value.verified, jwks: jwks as JwkSet }) : verdict;
}

const UTF8 = new TextEncoder();

/**
 * A body's size in UTF-8 bytes, the unit of maxBodyLength whether it came as text or
 * bytes (text is at least one byte per UTF-16 unit and at most three); text is only
 * encoded when its length cannot answer against `cap`.
 */
function utf8Size(body: string | Uint8Array, cap: number): number {
  if (typeof body !== 'string' || body.length > cap || body.length * 3 <= cap) return body.length;
  return UTF8.encode(body).length;
}
