import { missingOption, OFF, type Off, type OffByCaller } from './required.js';
import { fail, ok, SeamError, type Verdict } from './verdict.js';

/**
 * An instant as every public option of every agent-seam package takes it: a `Date`, or
 * a number of Unix seconds. A wire field with a unit of its own says so in its name
 * (`expMs`); options never do, so a caller never has to remember which package counts
 * in which unit.
 */
export type Instant = Date | number;

/**
 * The largest number of seconds accepted as an instant: 10^11 s is the year 5138, while
 * as milliseconds it is March 1973. Any current time counted in milliseconds (about
 * 1.8 × 10^12) lies above it, so that mistake is refused instead of misjudged.
 */
export const MAX_PLAUSIBLE_SECONDS = 1e11;

/** Why a value cannot be an instant, or null when it can. */
function implausible(value: unknown, ms: number): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(ms)) return 'is an invalid Date';
    if (ms < 0) return 'is a Date before 1970, which is not accepted';
    if (ms > MAX_PLAUSIBLE_SECONDS * 1000) return 'is a Date after the year 5138, which is not accepted';
    return null;
  }
  if (typeof value !== 'number')
    return `is ${value === null ? 'null' : typeof value}, not a Date or Unix seconds`;
  if (!Number.isFinite(value)) return `is ${value}, not a Date or Unix seconds`;
  if (value < 0) return `is ${value}: Unix seconds before 1970 are not accepted`;
  if (value > MAX_PLAUSIBLE_SECONDS)
    return `is ${value}, which looks like milliseconds; pass Unix seconds (${Math.floor(value / 1000)}) or a Date`;
  return null;
}

/** Milliseconds since the epoch of an instant; throws SeamError naming `option` otherwise. */
export function unixMillis(value: Instant, option: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value * 1000 : Number.NaN;
  const why = implausible(value, ms);
  if (why !== null) throw new SeamError('bad-instant', `${option} ${why}`);
  return ms;
}

/** Whole Unix seconds of an instant (a fraction is dropped); throws SeamError naming `option` otherwise. */
export function unixSeconds(value: Instant, option: string): number {
  return Math.floor(unixMillis(value, option) / 1000);
}

/** A duration option in seconds (a skew, a window, a maximum age); throws SeamError naming `option` otherwise. */
export function durationSeconds(value: number, option: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new SeamError('bad-duration', `${option} must be a non-negative number of seconds`);
  if (value > MAX_PLAUSIBLE_SECONDS)
    throw new SeamError('bad-duration', `${option} is ${value}, which looks like milliseconds; pass seconds`);
  return value;
}

/**
 * A required instant option (`now`): whole Unix seconds. Left out, it throws
 * `SeamError('missing-option')` naming the option and `neededFor` (what the clock judges,
 * in the verifier's terms); a value that is not an instant throws `bad-instant`.
 */
export function requiredInstant(value: Instant | undefined, where: string, neededFor: string): number {
  if (value === undefined)
    throw new SeamError('missing-option', `${where} needs now (a Date or Unix seconds) ${neededFor}`);
  return unixSeconds(value, `${where} now`);
}

/**
 * A required clock the caller may turn off by name: whole Unix seconds of `now`, or
 * `'off'`. Left out, it throws `missing-option` saying how to opt out (`missingOption`).
 */
export function instantOrOff(
  value: Instant | Off | undefined,
  where: string,
  neededFor: string,
): number | Off {
  if (value === undefined) throw missingOption(where, 'now', `(a Date or Unix seconds) ${neededFor}`);
  return value === OFF ? OFF : unixSeconds(value, `${where} now`);
}

/**
 * What a verifier says about an artifact's age: judged and within its window, or not
 * judged because the caller passed `now: 'off'`. Never "not judged" for any other reason.
 */
export type Freshness = 'fresh' | OffByCaller;

/** Refusals of `judgeAge`. */
export type AgeCode = 'stale' | 'from-future';

/**
 * Judges the moment an artifact speaks of (`at`, Unix seconds) against the verifier's
 * `now`: at most `maxAge` seconds behind it, at most `maxAhead` ahead (a clock skew).
 * Both bounds are inclusive. The detail says by how much, never what the artifact holds.
 * An age that is not a number (`now` or `at` NaN or undefined) is refused as `stale`.
 */
export function judgeAge(
  at: number,
  now: number,
  limits: { maxAge: number; maxAhead: number },
): Verdict<true, AgeCode> {
  const age = now - at;
  // Fail closed: an age that is no number (a clock or a time that is not one) is never fresh.
  if (Number.isNaN(age)) return fail('stale', 'the age cannot be measured: now or the time is not a number');
  if (age > limits.maxAge) return fail('stale', `${age} s old (allowed ${limits.maxAge} s)`);
  if (-age > limits.maxAhead)
    return fail('from-future', `${-age} s in the future (allowed skew ${limits.maxAhead} s)`);
  return ok(true);
}
