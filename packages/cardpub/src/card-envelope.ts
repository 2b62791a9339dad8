import { base64Strict, canonicalize, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import {
  askDoor,
  type DoorSteps,
  didFromSeed,
  type Ed25519Code,
  signEd25519,
  throughDoor,
  throughDoorAsync,
  type VerificationKeyCode,
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

export type CardEnvelopeCode =
  | 'malformed-envelope'
  | 'wrong-version'
  | 'wrong-typ'
  | 'not-integer-ts'
  | 'malformed-card'
  | 'missing-expected-did'
  | 'did-mismatch'
  | 'sig-not-canonical-base64'
  | 'not-canonicalizable'
  | VerificationKeyCode
  | Ed25519Code;

/**
 * The signed bytes: canonical JSON (seam profile) of exactly `{card, ts, typ, v}`.
 * `ts` is written as carried; a builder never converts it.
 */
export function cardEnvelopePayload(card: Card, ts: number): Uint8Array {
  return canonicalize({ card, ts, typ: 'agentcard', v: 1 }, { profile: 'seam' });
}

/** Signs `card` at `ts` (integer epoch seconds) with the seed whose DID the card names. */
export function signCardEnvelope(card: Card, seed: Uint8Array, ts: number): CardEnvelope {
  if (!Number.isSafeInteger(ts)) throw new SeamError('not-integer-ts', 'ts is integer epoch seconds');
  if (card.did !== didFromSeed(seed)) throw new SeamError('did-mismatch', 'card.did is not the seed’s DID');
  const sig = base64Strict.encode(signEd25519(seed, cardEnvelopePayload(card, ts)));
  return { v: 1, typ: 'agentcard', card, ts, sig };
}

export interface VerifyCardEnvelopeOptions {
  /** The DID the caller expects this card to belong to (from the caller, never from the envelope). */
  expectedDid: string;
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
): DoorSteps<Verdict<Card, CardEnvelopeCode>> {
  if (!isJsonObject(envelope)) return fail('malformed-envelope');
  const { v, typ, card, ts, sig } = envelope;
  if (v !== 1) return fail('wrong-version');
  if (typ !== 'agentcard') return fail('wrong-typ');
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) return fail('not-integer-ts');
  if (!isJsonObject(card) || typeof card.did !== 'string') return fail('malformed-card');
  if (typeof options?.expectedDid !== 'string') return fail('missing-expected-did');
  // Anti-substitution: a valid card of someone else is still the wrong card.
  if (card.did !== options.expectedDid) return fail('did-mismatch');
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
  return verdict.ok ? ok(card as Card) : verdict;
}

/** The envelope verifier with its signature step supplied; `verifyCardEnvelope` uses the door. */
export const cardEnvelopeVerifier =
  (checkSignature: SignatureCheck) =>
  (envelope: unknown, options: VerifyCardEnvelopeOptions): Verdict<Card, CardEnvelopeCode> =>
    throughDoor(cardEnvelopeSteps(envelope, options), checkSignature);

/** Verifies a card envelope under `card.did`, which must equal the caller's `expectedDid`. */
export const verifyCardEnvelope: (
  envelope: unknown,
  options: VerifyCardEnvelopeOptions,
) => Verdict<Card, CardEnvelopeCode> = cardEnvelopeVerifier(verifyEd25519);

/**
 * `verifyCardEnvelope` through `verifyEd25519Async`: the same checks and verdicts, with
 * the equation asked of WebCrypto where the platform has Ed25519. Never rejects.
 */
export const verifyCardEnvelopeAsync = (
  envelope: unknown,
  options: VerifyCardEnvelopeOptions,
): Promise<Verdict<Card, CardEnvelopeCode>> => throughDoorAsync(cardEnvelopeSteps(envelope, options));
