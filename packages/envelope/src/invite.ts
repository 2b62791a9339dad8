import {
  canonicalize,
  fail,
  type Instant,
  ok,
  SeamError,
  unixSeconds,
  type Verdict,
} from '@agent-seam/canonical';
import { didFromSeed, SIGNATURE_TEXT_CODES, signToBase64, verifyBase64Signature } from '@agent-seam/did';
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
  if (inviteExpirySeconds(card.exp) === null)
    throw new SeamError('missing-field', 'exp is YYYY-MM-DDTHH:MM:SSZ');
  return { ...card, sig: signToBase64(seed, invitePayload(card)) };
}

/**
 * Verifies an invite card at `now` (a Date or Unix seconds): it must not have expired
 * (exp > now) and must be signed by the key its own `did` names. Never throws on the card.
 */
export function verifyInvite(card: unknown, check: { now: Instant }): Verdict<InviteCard, InviteCode> {
  const now = unixSeconds(check?.now, 'verifyInvite now');
  if (typeof card !== 'object' || card === null || Array.isArray(card))
    return fail('not-an-object', 'an invite card is a JSON object');
  const c = card as Record<string, unknown>;
  const expires = inviteExpirySeconds(c.exp);
  if (typeof c.did !== 'string' || expires === null || c.sig === undefined)
    return fail('missing-field', 'did, exp (YYYY-MM-DDTHH:MM:SSZ) and sig');
  // exp is the first second the invite no longer holds.
  if (expires <= now) return fail('expired', `expired ${now - expires} s ago`);
  const key = signerKey(c.did);
  if (!key.ok) return key;
  let payload: Uint8Array;
  try {
    payload = invitePayload(c as InviteCard);
  } catch {
    return fail('cannot-canonicalize', 'a card member has no canonical seam spelling');
  }
  const verdict = verifyBase64Signature(key.value, payload, c.sig);
  return verdict.ok ? ok(c as InviteCard) : verdict;
}
