/**
 * Which key an AID held for a message: the state at the message's key sequence number,
 * judged at the message time and at the time the recipient's hub accepted it.
 */
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { KeyState, ReplayedKel } from './kel.js';
import { ROTATION_GRACE_MS } from './limits.js';

/** The refusals, spelled as hpke-seal's SENDER_KEY_CODES spells them. */
export const KEY_STATE_CODES = ['bad-key-state', 'revoked-key', 'rotation-grace-expired'] as const;
export type KeyStateCode = (typeof KEY_STATE_CODES)[number];

export interface KeyStateQuery {
  /** The key state the signature claims (SealedInner key 2). */
  ksn: number;
  /** When the message says it was signed (SealedInner key 7), Unix milliseconds. */
  tsMs: number;
  /**
   * When the recipient's hub accepted the message, Unix milliseconds: the grace after a
   * scheduled rotation runs until one hour after the rotation, measured at this time.
   */
  acceptedAtMs: number;
}

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * The state at `ksn`, if its key may sign a message sent at `tsMs` and accepted at
 * `acceptedAtMs`: an active key always; a retired one only for a message signed before
 * the retiring event, within the grace (v0.15: every retirement; version 2: scheduled
 * rotations only, an emergency rotation or a deactivation leaves none).
 */
export function keyStateAt(kel: ReplayedKel, query: KeyStateQuery): Verdict<KeyState, KeyStateCode> {
  const { ksn, tsMs, acceptedAtMs } = query;
  if (!Number.isSafeInteger(ksn) || ksn < 0 || ksn > kel.tip.seq)
    return fail(
      'bad-key-state',
      `the key state ${ksn} lies beyond the log, whose last event is ${kel.tip.seq}`,
    );
  const state = kel.states[ksn]!;
  if (state.status === 'active') return ok(state);
  if (state.status === 'deactivated')
    return fail('revoked-key', `the identity was deactivated at event ${ksn}`);
  const retiredAt = state.supersededAtMs;
  if (retiredAt === 0) return fail('revoked-key', `the key of state ${ksn} was retired at an unknown time`);
  if (tsMs >= retiredAt)
    return fail(
      'revoked-key',
      `signed ${seconds(tsMs - retiredAt)} after the key of state ${ksn} was retired`,
    );
  if (kel.version === 'v2' && state.retiredBy !== 'rotation')
    return fail(
      'revoked-key',
      `the key of state ${ksn} was retired by ${state.retiredBy === 'deactivation' ? 'a deactivation' : 'an emergency rotation'}, which leaves no grace`,
    );
  const late = acceptedAtMs - retiredAt - ROTATION_GRACE_MS;
  if (late > 0)
    return fail(
      'rotation-grace-expired',
      `accepted ${seconds(acceptedAtMs - retiredAt)} after the rotation, over the grace of ${seconds(ROTATION_GRACE_MS)}`,
    );
  return ok(state);
}
