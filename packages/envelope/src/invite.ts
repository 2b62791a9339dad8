import {
  canonicalize,
  describeType,
  fail,
  type Instant,
  ok,
  requiredInstant,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import {
  didFromSeed,
  didLabel,
  SIGNATURE_TEXT_CODES,
  signToBase64,
  verifyBase64Signature,
} from '@agent-seam/did';
import { signerKey } from './signer-key.js';

/** Refusals of `verifyInvite`. */
export const INVITE_CODES = [
  'not-an-object',
  'missing-field',
  'expired',
  'from-not-did-key',
  'cannot-canonicalize',
  ...SIGNATURE_TEXT_CODES,
] as const;
export type InviteCode = (typeof INVITE_CODES)[number];

/** An invite card: `did` and `exp` are what this package reads; every other member is signed as carried. */
export type InviteCard = Record<string, unknown> & { did: string; exp: string };

/** `exp` has one spelling: UTC seconds, `YYYY-MM-DDTHH:MM:SSZ`. */
const EXP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Epoch seconds of a strictly spelled `exp`, or null (also for impossible dates like 02-30). */
export function inviteExpirySeconds(exp: unknown): number | null {
  const m = typeof exp === 'string' ? EXP.exec(exp) : null;
  if (m === null) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 02-30 over into March; a rolled date is not the date that was written.
  return new Date(ms).toISOString().slice(0, 19) + 'Z' === exp ? ms / 1000 : null;
}

/** Every member of the card except `sig`. */
const signedMembers = (card: Record<string, unknown>) => {
  const { sig: _sig, ...rest } = card;
  return rest;
};

/** The bytes an invite signature covers: canonical JSON (seam) of the card without `sig`. */
export const invitePayload = (card: InviteCard): Uint8Array =>
  canonicalize(signedMembers(card), { profile: 'seam' });

/** Signs an invite card with the seed its `did` names. */
export function signInvite(card: InviteCard, seed: Uint8Array): InviteCard & { sig: string } {
  if (card.did !== didFromSeed(seed)) throw new SeamError('from-not-signer', 'card.did must be the seed DID');
  const problem = cardFieldProblem({ ...card, sig: '' });
  if (problem !== null) throw new SeamError('missing-field', problem);
  return { ...card, sig: signToBase64(seed, invitePayload(card)) };
}

/** The first of `did`, `exp`, `sig` a card lacks or holds wrongly, named; null when none. */
function cardFieldProblem(c: Record<string, unknown>): string | null {
  if (typeof c.did !== 'string') return `did is ${describeType(c.did)}; it is the signer's did:key`;
  if (inviteExpirySeconds(c.exp) === null)
    return typeof c.exp === 'string'
      ? 'exp is not a real UTC date spelled YYYY-MM-DDTHH:MM:SSZ'
      : `exp is ${describeType(c.exp)}; it is a date spelled YYYY-MM-DDTHH:MM:SSZ`;
  if (c.sig === undefined) return 'sig is undefined; it is the base64 signature';
  return null;
}

/**
 * Verifies an invite card at `now` (a Date or Unix seconds, required): it must not have
 * expired (exp > now) and must be signed by the key its own `did` names. Never throws on
 * the card.
 */
export function verifyInvite(card: unknown, check: { now: Instant }): Verdict<InviteCard, InviteCode> {
  const now = requiredInstant(check?.now, 'verifyInvite', 'to judge the card against its exp');
  if (typeof card !== 'object' || card === null || Array.isArray(card))
    return fail('not-an-object', `the invite card is ${describeType(card)}, not a JSON object`);
  const c = card as Record<string, unknown>;
  const problem = cardFieldProblem(c);
  if (problem !== null) return fail('missing-field', problem);
  const expires = inviteExpirySeconds(c.exp)!;
  // exp is the first second the invite no longer holds.
  if (expires <= now) return fail('expired', `expired ${now - expires} s ago`);
  const did = c.did as string;
  const key = signerKey(did, 'did');
  if (!key.ok) return key;
  let payload: Uint8Array;
  try {
    payload = invitePayload(c as InviteCard);
  } catch (error) {
    // The path would name the card's own members (attacker text): the code says what is wrong.
    return fail(
      'cannot-canonicalize',
      `a member of the card has no canonical seam spelling (${(error as SeamError).code})`,
    );
  }
  const verdict = verifyBase64Signature(key.value, payload, c.sig, didLabel(did));
  return verdict.ok ? ok(c as InviteCard) : verdict;
}
