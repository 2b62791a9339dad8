import {
  base64Strict,
  canonicalize,
  durationSeconds,
  type Freshness,
  fail,
  type Instant,
  judgeAge,
  ok,
  SeamError,
  unixSeconds,
  type Verdict,
} from '@agent-seam/canonical';
import {
  askDoor,
  DID_CODES,
  type DoorSteps,
  didFromSeed,
  ED25519_CODES,
  type Ed25519Code,
  signEd25519,
  throughDoor,
  throughDoorAsync,
  verificationKeyFromDid,
  verifyEd25519,
} from '@agent-seam/did';
import { isJsonObject } from './json-segment.js';

/** A card as the envelope carries it: any JSON object naming its signer in `did`. */
export interface Card {
  did: string;
  [member: string]: unknown;
}

/** The published form: `sig` is standard base64 of the Ed25519 signature by `card.did`. */
export interface CardEnvelope {
  v: 1;
  typ: 'agentcard';
  card: Card;
  ts: number;
  sig: string;
}

export const CARD_ENVELOPE_CODES = [
  'not-an-object',
  'wrong-version',
  'wrong-typ',
  'not-integer-ts',
  'malformed-card',
  'missing-expected-did',
  'did-mismatch',
  'stale',
  'from-future',
  'sig-not-canonical-base64',
  'not-canonicalizable',
  ...DID_CODES,
  ...ED25519_CODES,
] as const;
export type CardEnvelopeCode = (typeof CARD_ENVELOPE_CODES)[number];

/** How old a card may be when `now` is given: 6 hours (cards are re-signed hourly). */
export const DEFAULT_CARD_MAX_AGE = 6 * 60 * 60;
/** How far ahead of `now` a card's ts may be (clock skew): 300 s. */
export const DEFAULT_CARD_MAX_SKEW = 300;

/**
 * The signed bytes: canonical JSON (seam profile) of exactly `{card, ts, typ, v}`.
 * `ts` is written as carried; a builder never converts it.
 */
export function cardEnvelopePayload(card: Card, ts: number): Uint8Array {
  return canonicalize({ card, ts, typ: 'agentcard', v: 1 }, { profile: 'seam' });
}

/** Signs `card` at `ts` (a Date or Unix seconds, written as whole seconds) with the seed whose DID the card names. */
export function signCardEnvelope(card: Card, seed: Uint8Array, ts: Instant): CardEnvelope {
  const seconds = unixSeconds(ts, 'signCardEnvelope ts');
  if (card?.did !== didFromSeed(seed)) throw new SeamError('did-mismatch', 'card.did is not the seed’s DID');
  const sig = base64Strict.encode(signEd25519(seed, cardEnvelopePayload(card, seconds)));
  return { v: 1, typ: 'agentcard', card, ts: seconds, sig };
}

export interface VerifyCardEnvelopeOptions {
  /** The DID the caller expects this card to belong to (from the caller, never from the envelope). */
  expectedDid: string;
  /**
   * The verifier's clock: a Date or Unix seconds. With it `ts` must be at most `maxAge`
   * old and at most `maxSkew` ahead; without it freshness is not judged
   * (`freshness: 'not-judged'`: the card may be of any age).
   */
  now?: Instant;
  /** Seconds a card may be old. Default DEFAULT_CARD_MAX_AGE (6 h). */
  maxAge?: number;
  /** Seconds `ts` may be ahead of `now`. Default DEFAULT_CARD_MAX_SKEW (300). */
  maxSkew?: number;
}

/** A verified card: the card, the `ts` it was signed at, and whether its age was judged. */
export interface VerifiedCard {
  card: Card;
  ts: number;
  freshness: Freshness;
}

/** The caller's time options, read once: null when no `now` was given. */
function clockOf(options: VerifyCardEnvelopeOptions | undefined) {
  if (options?.now === undefined) {
    if (options?.maxAge !== undefined || options?.maxSkew !== undefined)
      throw new SeamError(
        'bad-options',
        'maxAge and maxSkew judge time: pass now (a Date or Unix seconds) with them',
      );
    return null;
  }
  return {
    now: unixSeconds(options.now, 'verifyCardEnvelope now'),
    maxAge: durationSeconds(options.maxAge ?? DEFAULT_CARD_MAX_AGE, 'verifyCardEnvelope maxAge'),
    maxAhead: durationSeconds(options.maxSkew ?? DEFAULT_CARD_MAX_SKEW, 'verifyCardEnvelope maxSkew'),
  };
}

/** The signature step, separable so a test can prove the refusal vectors depend on it. */
export type SignatureCheck = (
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
) => Verdict<true, Ed25519Code>;

/** The checks of the card envelope verifier, written once for both doors (DoorSteps in did). */
function* cardEnvelopeSteps(
  envelope: unknown,
  options: VerifyCardEnvelopeOptions,
): DoorSteps<Verdict<VerifiedCard, CardEnvelopeCode>> {
  const clock = clockOf(options);
  if (!isJsonObject(envelope)) return fail('not-an-object', 'a card envelope is a JSON object');
  const { v, typ, card, ts, sig } = envelope;
  if (v !== 1) return fail('wrong-version');
  if (typ !== 'agentcard') return fail('wrong-typ');
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) return fail('not-integer-ts');
  if (!isJsonObject(card) || typeof card.did !== 'string') return fail('malformed-card');
  if (typeof options?.expectedDid !== 'string') return fail('missing-expected-did');
  // Anti-substitution: a valid card of someone else is still the wrong card.
  if (card.did !== options.expectedDid) return fail('did-mismatch');
  if (clock !== null) {
    const age = judgeAge(ts, clock.now, clock);
    if (!age.ok) return age;
  }
  const signature = base64Strict.decode(sig);
  if (!signature.ok) return fail('sig-not-canonical-base64');
  const key = verificationKeyFromDid(card.did);
  if (!key.ok) return key;
  let payload: Uint8Array;
  try {
    payload = cardEnvelopePayload(card as Card, ts);
  } catch {
    return fail('not-canonicalizable', 'the card holds a value the seam profile cannot spell');
  }
  const verdict = yield* askDoor(key.value, payload, signature.value);
  return verdict.ok
    ? ok({ card: card as Card, ts, freshness: clock === null ? 'not-judged' : 'fresh' })
    : verdict;
}

/** The envelope verifier with its signature step supplied; `verifyCardEnvelope` uses the door. */
export const cardEnvelopeVerifier =
  (checkSignature: SignatureCheck) =>
  (envelope: unknown, options: VerifyCardEnvelopeOptions): Verdict<VerifiedCard, CardEnvelopeCode> =>
    throughDoor(cardEnvelopeSteps(envelope, options), checkSignature);

/**
 * Verifies a card envelope under `card.did`, which must equal the caller's
 * `expectedDid`; with `now`, also its age (6 h by default). Never throws on the
 * envelope; SeamError for bad options.
 */
export const verifyCardEnvelope: (
  envelope: unknown,
  options: VerifyCardEnvelopeOptions,
) => Verdict<VerifiedCard, CardEnvelopeCode> = cardEnvelopeVerifier(verifyEd25519);

/**
 * `verifyCardEnvelope` through `verifyEd25519Async`: the same checks and verdicts, with
 * the equation asked of WebCrypto where the platform has Ed25519. Never rejects.
 */
export const verifyCardEnvelopeAsync = (
  envelope: unknown,
  options: VerifyCardEnvelopeOptions,
): Promise<Verdict<VerifiedCard, CardEnvelopeCode>> => throughDoorAsync(cardEnvelopeSteps(envelope, options));
