/** The time rules of an inner message (milliseconds since the Unix epoch). */

/** Longest allowed exp - ts: 15 days. */
export const MAX_LIFETIME_MS = 15 * 24 * 60 * 60 * 1000;
/** How far ts may lie ahead of the receiver's clock: 5 minutes. */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

export type TimeCode = 'bad-lifetime' | 'expired' | 'from-future';

/** The first time rule `ts`/`exp` break at `now`, in the fixed order lifetime, expiry, future; or null. */
export function timeViolation(ts: number, exp: number, now: number): TimeCode | null {
  if (exp < ts || exp - ts > MAX_LIFETIME_MS) return 'bad-lifetime';
  if (now > exp) return 'expired';
  if (ts > now + MAX_FUTURE_SKEW_MS) return 'from-future';
  return null;
}
