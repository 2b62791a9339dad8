import {
  durationSeconds,
  judgeAge,
  MAX_PLAUSIBLE_SECONDS,
  unixMillis,
  unixSeconds,
} from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';

describe('one time convention: a Date or Unix seconds', () => {
  it('reads a Date and a number of seconds as the same instant', () => {
    const date = new Date('2026-07-17T09:34:41.750Z');
    expect(unixSeconds(date, 'now')).toBe(1784280881);
    expect(unixSeconds(1784280881, 'now')).toBe(1784280881);
    expect(unixSeconds(1784280881.75, 'now')).toBe(1784280881);
    expect(unixMillis(date, 'now')).toBe(1784280881750);
    expect(unixMillis(1784280881, 'now')).toBe(1784280881000);
    expect(unixSeconds(0, 'now')).toBe(0);
    expect(unixSeconds(MAX_PLAUSIBLE_SECONDS, 'now')).toBe(MAX_PLAUSIBLE_SECONDS);
  });
  it('refuses milliseconds where seconds are expected, naming the option and the fix', () => {
    const e = thrownSeamError(() => unixSeconds(1784280881750, 'verifyEnvelope now'));
    expect(e.code).toBe('bad-instant');
    expect(e.message).toContain('verifyEnvelope now');
    expect(e.message).toContain('milliseconds');
    expect(e.message).toContain('1784280881');
    expect(thrownSeamError(() => unixSeconds(MAX_PLAUSIBLE_SECONDS + 1, 'now')).code).toBe('bad-instant');
  });
  it('refuses what is not an instant', () => {
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1,
      '1784280881',
      null,
      undefined,
      1784280881n,
      {},
    ])
      expect(thrownSeamError(() => unixSeconds(bad as never, 'now')).code).toBe('bad-instant');
    expect(thrownSeamError(() => unixMillis(new Date('not a date'), 'now')).message).toContain(
      'invalid Date',
    );
  });
  it('holds a Date to the same range as seconds: 1970 to 10^11 s, both ends inclusive', () => {
    // why: a Date before 1970 or past 10^11 s was read as -10 s or 10^12 s while the same
    // instant in seconds was refused (found by the did key-state mutation triage).
    expect(unixSeconds(new Date(0), 'now')).toBe(0);
    expect(unixSeconds(new Date(MAX_PLAUSIBLE_SECONDS * 1000), 'now')).toBe(MAX_PLAUSIBLE_SECONDS);
    expect(thrownSeamError(() => unixSeconds(new Date(-1), 'verifyKeyState now')).message).toBe(
      'bad-instant: verifyKeyState now is a Date before 1970, which is not accepted',
    );
    expect(thrownSeamError(() => unixMillis(new Date(MAX_PLAUSIBLE_SECONDS * 1000 + 1), 'now')).message).toBe(
      'bad-instant: now is a Date after the year 5138, which is not accepted',
    );
  });
  it('reads durations in seconds and refuses the rest', () => {
    expect(durationSeconds(300, 'maxSkew')).toBe(300);
    expect(durationSeconds(0, 'maxSkew')).toBe(0);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '300', 300_000_000_000])
      expect(thrownSeamError(() => durationSeconds(bad as never, 'maxSkew')).code).toBe('bad-duration');
  });
});

describe('judgeAge', () => {
  const limits = { maxAge: 300, maxAhead: 60 };
  it('accepts up to both bounds, inclusive', () => {
    expect(judgeAge(1000, 1300, limits)).toEqual({ ok: true, value: true });
    expect(judgeAge(1000, 940, limits)).toEqual({ ok: true, value: true });
  });
  it('says by how much an artifact is too old or too new', () => {
    expect(judgeAge(1000, 1412, limits)).toEqual({
      ok: false,
      code: 'stale',
      detail: '412 s old (allowed 300 s)',
    });
    expect(judgeAge(1412, 1000, limits)).toEqual({
      ok: false,
      code: 'from-future',
      detail: '412 s in the future (allowed skew 60 s)',
    });
  });
  it('refuses an age that is no number as stale, never fresh', () => {
    // why: a clock that is not a number (`'off'.now` is undefined) made every comparison false,
    // so the artifact passed as fresh; the `clock !== OFF` → true mutants of envelope and cardpub
    // survived on it.
    const unmeasured = {
      ok: false,
      code: 'stale',
      detail: 'the age cannot be measured: now or the time is not a number',
    };
    expect(judgeAge(1000, Number.NaN, limits)).toEqual(unmeasured);
    expect(judgeAge(Number.NaN, 1000, limits)).toEqual(unmeasured);
    expect(judgeAge(1000, undefined as never, limits)).toEqual(unmeasured);
  });
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('instants and durations: the refusals name the option and the fix', () => {
  const badInstant = (value: unknown) => thrownSeamError(() => unixSeconds(value as never, 'now')).message;
  const badDuration = (value: unknown) =>
    thrownSeamError(() => durationSeconds(value as never, 'maxAge')).message;

  it('an instant that is not a number says what it is', () => {
    // why: time.ts:26:7 `typeof value !== 'number'` → false (a string was echoed), 27:12 the
    // message → '', 27:18 `value === null` → true, → false and → `!==`, 27:35 'null' → ""
    expect(badInstant(null)).toBe('bad-instant: now is null, not a Date or Unix seconds');
    expect(badInstant('1700000000')).toBe('bad-instant: now is string, not a Date or Unix seconds');
    expect(badInstant({})).toBe('bad-instant: now is object, not a Date or Unix seconds');
  });

  it('a number that is not finite, negative, or milliseconds says so', () => {
    // why: time.ts:28:39 the not-finite message → '', 29:25 the before-1970 message → '', 31:89
    // `value / 1000` → `* 1000` (the suggested seconds were a thousand times the milliseconds)
    expect(badInstant(Number.NaN)).toBe('bad-instant: now is NaN, not a Date or Unix seconds');
    expect(badInstant(-1)).toBe('bad-instant: now is -1: Unix seconds before 1970 are not accepted');
    expect(badInstant(1_700_000_000_123)).toBe(
      'bad-instant: now is 1700000000123, which looks like milliseconds; pass Unix seconds (1700000000) or a Date',
    );
  });

  it('a duration is refused with its reason, and 10^11 seconds is still one', () => {
    // why: time.ts:51:41 the message → '', 52:7 `value > MAX_PLAUSIBLE_SECONDS` → `>=`, 53:41 the
    // milliseconds message → ''
    expect(badDuration(-1)).toBe('bad-duration: maxAge must be a non-negative number of seconds');
    expect(badDuration(1e11 + 1)).toBe(
      'bad-duration: maxAge is 100000000001, which looks like milliseconds; pass seconds',
    );
    expect(durationSeconds(1e11, 'maxAge')).toBe(1e11);
  });
});
