/**
 * The signer's key, always from its key event log through anet-identity: the log
 * replays (cached when the caller gives an IdentityCache), to the AID that claims to have
 * signed, it is pinned against rollbacks and forks (unless the caller opts out), and the
 * state at the claimed key sequence number may sign at the claimed time.
 */

import { type KeyState, keyStateAt, type PinOutcome, type ReplayedKel } from '@agent-seam/anet-identity';
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { Steps } from './steps.js';

/** The refusals of the signer checks, in order (anet-identity's key-state codes but the grace, see signerSteps). */
export const SIGNER_CODES = [
  'bad-signer-kel',
  'signer-mismatch',
  'kel-pin-refused',
  'bad-key-state',
  'revoked-key',
] as const;
export type SignerCode = (typeof SIGNER_CODES)[number];

export interface Signer {
  kel: ReplayedKel;
  /** The key state that signed. */
  state: KeyState;
  pin: PinOutcome | 'off-by-caller';
}

export interface SignerQuery {
  /** The AID the signature claims. */
  aid: string;
  /** The key state it claims. */
  ksn: number;
  /** When it says it signed, Unix milliseconds. */
  tsMs: number;
  /** When it was accepted (the rotation grace runs to this time), Unix milliseconds. */
  acceptedAtMs: number;
}

const because = (refusal: { code: string; detail?: string }) =>
  `${refusal.code}${refusal.detail === undefined ? '' : `: ${refusal.detail}`}`;

/** The log replayed, matched to the AID and pinned (no key state yet). */
export function* signerKelSteps(
  kelBytes: unknown,
  aid: string,
  pins: boolean,
): Steps<Verdict<{ kel: ReplayedKel; pin: Signer['pin'] }, SignerCode>> {
  if (!(kelBytes instanceof Uint8Array)) return fail('bad-signer-kel', 'the key event log is not bytes');
  const replayed: Verdict<ReplayedKel, string> = yield { op: 'replay', bytes: kelBytes };
  if (!replayed.ok) return fail('bad-signer-kel', `the key event log does not replay (${because(replayed)})`);
  const kel = replayed.value;
  if (kel.aid !== aid)
    return fail('signer-mismatch', 'the key event log replays to another AID than the signer');
  let pin: Signer['pin'] = 'off-by-caller';
  if (pins) {
    const pinned: Verdict<PinOutcome, string> = yield { op: 'pin', kel };
    if (!pinned.ok)
      return fail('kel-pin-refused', `against the log pinned for the signer: ${because(pinned)}`);
    pin = pinned.value;
  }
  return ok({ kel, pin });
}

/** The signer's key state for one signature (SIGNER_CODES, in order). */
export function* signerSteps(
  kelBytes: unknown,
  query: SignerQuery,
  pins: boolean,
): Steps<Verdict<Signer, SignerCode>> {
  const known = yield* signerKelSteps(kelBytes, query.aid, pins);
  if (!known.ok) return known;
  const state = keyStateAt(known.value.kel, {
    ksn: query.ksn,
    tsMs: query.tsMs,
    acceptedAtMs: query.acceptedAtMs,
  });
  // rotation-grace-expired cannot happen here: a hub request is accepted within 5 minutes of
  // its time (grace: 1 hour), and evidence is judged at its own time, before any retirement.
  if (!state.ok) return state as Verdict<never, SignerCode>;
  return ok({ kel: known.value.kel, state: state.value, pin: known.value.pin });
}
