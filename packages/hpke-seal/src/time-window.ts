/**
 * The time rules of an inner message. The wire counts milliseconds since the Unix epoch
 * (`tsMs`, `expMs`); the caller's `now` is an Instant (a Date or Unix seconds), read once
 * at the API boundary into the same unit.
 */
import { fail, type Instant, unixMillis } from '@agent-seam/canonical';

/** Longest allowed exp - ts: 15 days. */
export const MAX_LIFETIME_MS = 15 * 24 * 60 * 60 * 1000;
/** How far ts may lie ahead of the receiver's clock: 5 minutes. */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

export type TimeCode = 'bad-lifetime' | 'expired' | 'from-future';

/** The caller's `now` in whole milliseconds (DECIDED: a fraction of a millisecond is dropped). */
export const nowMillis = (now: Instant, option: string): number => Math.floor(unixMillis(now, option));

/** A span of milliseconds in seconds, exact to the millisecond: 412000 -> "412 s", 1 -> "0.001 s". */
const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * The first time rule `tsMs`/`expMs` break at `nowMs`, in the fixed order lifetime,
 * expiry, future, with a detail saying by how much; or null. Numbers computed from the
 * judged times are not attacker bytes, so they may be shown.
 */
export function timeViolation(tsMs: number, expMs: number, nowMs: number) {
  if (expMs < tsMs) return fail<TimeCode>('bad-lifetime', `exp is ${seconds(tsMs - expMs)} before ts`);
  if (expMs - tsMs > MAX_LIFETIME_MS)
    return fail<TimeCode>(
      'bad-lifetime',
      `lifetime ${seconds(expMs - tsMs)} is over the allowed ${seconds(MAX_LIFETIME_MS)} (15 days)`,
    );
  if (nowMs > expMs) return fail<TimeCode>('expired', `expired ${seconds(nowMs - expMs)} ago`);
  if (tsMs > nowMs + MAX_FUTURE_SKEW_MS)
    return fail<TimeCode>(
      'from-future',
      `ts is ${seconds(tsMs - nowMs)} in the future (allowed skew ${seconds(MAX_FUTURE_SKEW_MS)})`,
    );
  return null;
}
