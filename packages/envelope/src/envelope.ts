import { canonicalize, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import {
  base64SignatureSteps,
  type DoorSteps,
  didFromSeed,
  type SignatureTextCode,
  signToBase64,
  throughDoor,
  throughDoorAsync,
} from '@agent-seam/did';
import { signerKey } from './signer-key.js';

/** Refusals of `verifyEnvelope` (the door's own codes arrive through SignatureTextCode). */
export type EnvelopeCode =
  | 'no-recipient-named'
  | 'missing-field'
  | 'not-integer-timestamp'
  | 'wrong-recipient'
  | 'from-not-did-key'
  | 'cannot-canonicalize'
  | SignatureTextCode;

/** The six signed fields. `contextId` may be null, and null is signed too. */
export interface EnvelopeFields {
  contextId: string | null;
  from: string;
  messageId: string;
  text: string;
  timestamp: number;
  to: string;
}

/** What `verifyEnvelope` accepts: the six fields, and nothing else the wire carried. */
export type VerifiedEnvelope = EnvelopeFields;

export interface SignedEnvelope extends EnvelopeFields {
  /** Standard padded base64 of the Ed25519 signature by the key `from` names. */
  sig: string;
}

/** The six fields and nothing else, whatever else the object carries. */
const sixFields = (e: EnvelopeFields): EnvelopeFields => ({
  contextId: e.contextId,
  from: e.from,
  messageId: e.messageId,
  text: e.text,
  timestamp: e.timestamp,
  to: e.to,
});

/**
 * The bytes a message signature covers: canonical JSON (seam profile) of exactly the
 * six fields. Throws SeamError for values that have no faithful spelling (a float or
 * unsafe timestamp, a lone surrogate): a signer must never emit them.
 */
export function signingPayload(fields: EnvelopeFields): Uint8Array {
  if (!Number.isSafeInteger(fields.timestamp))
    throw new SeamError('not-integer-timestamp', 'timestamp is integer epoch seconds');
  return canonicalize(sixFields(fields), { profile: 'seam' });
}

/** Signs the six fields with `seed`; `from` defaults to the seed's DID and must match it. */
export function signEnvelope(fields: Omit<EnvelopeFields, 'from'> & { from?: string }, seed: Uint8Array) {
  const from = didFromSeed(seed);
  if (fields.from !== undefined && fields.from !== from)
    throw new SeamError('from-not-signer', 'from must be the DID of the signing seed');
  const six = sixFields({ ...fields, from });
  return { ...six, sig: signToBase64(seed, signingPayload(six)) } satisfies SignedEnvelope;
}

export interface VerifyEnvelopeOptions {
  /** Who "me" is. Comes from the caller only: nothing on the wire can name it. */
  recipientDid: string;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** The checks of `verifyEnvelope`, written once for both doors (see DoorSteps in did). */
function* envelopeSteps(
  envelope: unknown,
  options: VerifyEnvelopeOptions,
): DoorSteps<Verdict<VerifiedEnvelope, EnvelopeCode>> {
  const recipientDid = options?.recipientDid;
  if (!isString(recipientDid)) return fail('no-recipient-named', 'the caller must say who it is');
  if (typeof envelope !== 'object' || envelope === null)
    return fail('missing-field', 'a message is a JSON object');
  const e = envelope as Record<string, unknown>;
  const { from, to, messageId, text, contextId, timestamp, sig } = e;
  if (!isString(from) || !isString(to) || !isString(messageId) || !isString(text))
    return fail('missing-field', 'from, to, messageId and text are strings');
  if (!(contextId === null || isString(contextId)))
    return fail('missing-field', 'contextId is a string or null');
  if (timestamp === undefined || sig === undefined || sig === null)
    return fail('missing-field', 'timestamp, sig');
  if (!Number.isSafeInteger(timestamp)) return fail('not-integer-timestamp');
  if (to !== recipientDid) return fail('wrong-recipient', 'the message is addressed to someone else');
  const key = signerKey(from);
  if (!key.ok) return key;
  const fields: EnvelopeFields = { contextId, from, messageId, text, timestamp: timestamp as number, to };
  let payload: Uint8Array;
  try {
    payload = signingPayload(fields);
  } catch {
    return fail('cannot-canonicalize', 'a signed field has no canonical seam spelling');
  }
  const verdict = yield* base64SignatureSteps(key.value, payload, sig);
  return verdict.ok ? ok(fields) : verdict;
}

/**
 * Verifies a received message for the recipient the CALLER names. The key comes from
 * `from` through the verification-key door; the signed bytes are recomputed from the
 * six received fields; the signature text must be its one canonical spelling. An
 * unsigned `recipientDid` on the wire is never read. Freshness and replay are the
 * receiving door's checks, layered on top with its own `now`. Never throws.
 */
export const verifyEnvelope = (
  envelope: unknown,
  options: VerifyEnvelopeOptions,
): Verdict<VerifiedEnvelope, EnvelopeCode> => throughDoor(envelopeSteps(envelope, options));

/**
 * `verifyEnvelope` through `verifyEd25519Async`: the same checks and verdicts, with the
 * equation asked of WebCrypto where the platform has Ed25519 (for pages that verify many
 * messages). Never rejects.
 */
export const verifyEnvelopeAsync = (
  envelope: unknown,
  options: VerifyEnvelopeOptions,
): Promise<Verdict<VerifiedEnvelope, EnvelopeCode>> => throughDoorAsync(envelopeSteps(envelope, options));
