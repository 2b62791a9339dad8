import {
  base64Strict,
  canonicalize,
  DEFAULT_MAX_DEPTH,
  describeType,
  durationSeconds,
  type Freshness,
  fail,
  type Instant,
  instantOrOff,
  judgeAge,
  OFF,
  type Off,
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
  didLabel,
  doorRefusal,
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
  'too-deep',
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

/** How old a card may be at `now`: 6 hours (cards are re-signed hourly). */
export const DEFAULT_CARD_MAX_AGE = 6 * 60 * 60;
/** How far ahead of `now` a card's ts may be (clock skew): 300 s. */
export const DEFAULT_CARD_MAX_SKEW = 300;
/**
 * How deep a card may nest: 127, so that every card of an envelope document the parse
 * boundary accepts (at most DEFAULT_MAX_DEPTH, 128, with the envelope itself one level)
 * fits, and a value built deeper is refused before it is written out.
 */
export const DEFAULT_CARD_MAX_DEPTH = DEFAULT_MAX_DEPTH - 1;

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
  // The reader refuses a card nested deeper than its default: the writer never emits one.
  if (nestsDeeper(card, DEFAULT_CARD_MAX_DEPTH))
    throw new SeamError('too-deep', `card nests deeper than ${DEFAULT_CARD_MAX_DEPTH} levels`);
  const sig = base64Strict.encode(signEd25519(seed, cardEnvelopePayload(card, seconds)));
  return { v: 1, typ: 'agentcard', card, ts: seconds, sig };
}

export interface VerifyCardEnvelopeOptions {
  /** The DID the caller expects this card to belong to (from the caller, never from the envelope). */
  expectedDid: string;
  /**
   * Required: the verifier's clock, a Date or Unix seconds; `ts` must be at most `maxAge`
   * old and at most `maxSkew` ahead. `'off'` accepts a card of any age
   * (`freshness: 'off-by-caller'`).
   */
  now: Instant | Off;
  /** Seconds a card may be old. Default DEFAULT_CARD_MAX_AGE (6 h). */
  maxAge?: number;
  /** Seconds `ts` may be ahead of `now`. Default DEFAULT_CARD_MAX_SKEW (300). */
  maxSkew?: number;
  /** Levels a card may nest, checked before it is written out. Default DEFAULT_CARD_MAX_DEPTH (127). */
  maxDepth?: number;
}

/** A verified card: the card, the `ts` it was signed at, and whether its age was judged. */
export interface VerifiedCard {
  card: Card;
  ts: number;
  freshness: Freshness;
}

/**
 * The caller's time options, read once: `'off'` when the caller turned time off by name.
 * Options that are not an object throw `missing-option` here, so later steps read them plainly.
 */
function clockOf(options: VerifyCardEnvelopeOptions | undefined) {
  const now = instantOrOff(options?.now, 'verifyCardEnvelope', "to judge the card's ts");
  if (now === OFF) {
    if (options!.maxAge !== undefined || options!.maxSkew !== undefined)
      throw new SeamError(
        'bad-options',
        "verifyCardEnvelope: maxAge and maxSkew judge time, and now is 'off'",
      );
    return OFF;
  }
  return {
    now,
    maxAge: durationSeconds(options!.maxAge ?? DEFAULT_CARD_MAX_AGE, 'verifyCardEnvelope maxAge'),
    maxAhead: durationSeconds(options!.maxSkew ?? DEFAULT_CARD_MAX_SKEW, 'verifyCardEnvelope maxSkew'),
  };
}

/** The caller's depth cap (read after clockOf): a positive integer, default DEFAULT_CARD_MAX_DEPTH. */
function maxDepthOf(options: VerifyCardEnvelopeOptions): number {
  const depth = options.maxDepth ?? DEFAULT_CARD_MAX_DEPTH;
  if (!Number.isSafeInteger(depth) || depth < 1)
    throw new SeamError('bad-options', 'verifyCardEnvelope maxDepth must be a positive integer');
  return depth;
}

/**
 * Whether `value` nests containers deeper than `max` levels (the value itself is level
 * 1 when it is an object or array). Iterative, and it stops at the first path past `max`:
 * the work is at most the containers within `max` levels, never the depth an attacker
 * built, and it comes before the card is written out for its signature.
 */
export function nestsDeeper(value: unknown, max: number): boolean {
  const open: [container: object, depth: number][] = [];
  if (typeof value === 'object' && value !== null) open.push([value, 1]);
  while (open.length > 0) {
    const [container, depth] = open.pop()!;
    if (depth > max) return true;
    for (const child of Object.values(container))
      if (typeof child === 'object' && child !== null) open.push([child, depth + 1]);
  }
  return false;
}

/** What a ts that is not integer seconds holds, by kind (a number is described, never shown). */
const describeTs = (ts: unknown): string =>
  typeof ts === 'number' ? 'a number that is not a safe integer' : describeType(ts);

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
  const maxDepth = maxDepthOf(options);
  if (!isJsonObject(envelope))
    return fail('not-an-object', `the envelope is ${describeType(envelope)}, not a JSON object`);
  const { v, typ, card, ts, sig } = envelope;
  if (v !== 1) return fail('wrong-version', 'v is not 1');
  if (typ !== 'agentcard') return fail('wrong-typ', 'typ is not agentcard');
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts))
    return fail('not-integer-ts', `ts is ${describeTs(ts)}; it is integer Unix seconds`);
  if (!isJsonObject(card)) return fail('malformed-card', `card is ${describeType(card)}, not a JSON object`);
  if (typeof card.did !== 'string')
    return fail('malformed-card', `card.did is ${describeType(card.did)}; it is the signer's did:key`);
  // Before anything is written out: a deep card costs the depth cap, not its own depth.
  if (nestsDeeper(card, maxDepth)) return fail('too-deep', `the card nests deeper than ${maxDepth} levels`);
  if (typeof options.expectedDid !== 'string')
    return fail(
      'missing-expected-did',
      'expectedDid was not given: an envelope cannot name whose card it should be',
    );
  // Anti-substitution: a valid card of someone else is still the wrong card.
  if (card.did !== options.expectedDid)
    return fail('did-mismatch', 'card.did names another DID than the expectedDid given');
  if (clock !== OFF) {
    const age = judgeAge(ts, clock.now, clock);
    if (!age.ok) return age;
  }
  const signature = base64Strict.decode(sig);
  if (!signature.ok)
    return fail(
      'sig-not-canonical-base64',
      typeof sig === 'string'
        ? 'sig is not the one standard padded base64 spelling of its bytes'
        : `sig is ${describeType(sig)}, not base64 text`,
    );
  const key = verificationKeyFromDid(card.did);
  if (!key.ok) return fail(key.code, `card.did is not a usable Ed25519 did:key (${key.detail ?? key.code})`);
  let payload: Uint8Array;
  try {
    payload = cardEnvelopePayload(card as Card, ts);
  } catch (error) {
    // The path would name the card's own members (attacker text): the code says what is wrong.
    return fail(
      'not-canonicalizable',
      `a value of the card has no canonical seam spelling (${(error as SeamError).code})`,
    );
  }
  const verdict = yield* askDoor(key.value, payload, signature.value);
  return verdict.ok
    ? ok({ card: card as Card, ts, freshness: clock === OFF ? 'off-by-caller' : 'fresh' })
    : doorRefusal(verdict, didLabel(card.did));
}

/** The envelope verifier with its signature step supplied; `verifyCardEnvelope` uses the door. */
export const cardEnvelopeVerifier =
  (checkSignature: SignatureCheck) =>
  (envelope: unknown, options: VerifyCardEnvelopeOptions): Verdict<VerifiedCard, CardEnvelopeCode> =>
    throughDoor(cardEnvelopeSteps(envelope, options), checkSignature);

/**
 * Verifies a card envelope under `card.did`, which must equal the caller's
 * `expectedDid`, and its age at `now` (6 h by default; `now: 'off'` turns that off by
 * name). Never throws on the envelope; SeamError for options left out or wrong.
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
