import { describe, expect, it } from 'vitest';
import { rfc3339Seconds } from '../src/index.js';

// RFC 3339 timestamps read to Unix seconds.
// Each case that exists for a mutant of the verify path says in its comment which one it holds
// (file:line:column of the mutation report); equivalent mutants are listed in spec/chain.md.

describe('rfc3339.ts', () => {
  /** The oracle: the same instant as Date.UTC computes it (no clock is read), in whole seconds. */
  const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
    Date.UTC(y, mo - 1, d, h, mi, s) / 1000;

  it('counts days from the epoch, February and the centuries included', () => {
    // why: rfc3339.ts:15 `m <= 2` → `m < 2`, :18 `m > 2` → `m >= 2` (February dates),
    // :19 `- Math.floor(yoe / 100)` → `+` (every date in an era past its first century, 1970 among them)
    expect(rfc3339Seconds('1970-01-01T00:00:00Z')).toBe(0);
    expect(rfc3339Seconds('2024-02-15T00:00:00Z')).toBe(utc(2024, 2, 15));
    expect(rfc3339Seconds('1999-02-01T00:00:00Z')).toBe(utc(1999, 2, 1));
    expect(rfc3339Seconds('2150-06-30T00:00:00Z')).toBe(utc(2150, 6, 30));
  });

  it('adds minutes and seconds, and applies an offset with minutes in its sign', () => {
    // why: rfc3339.ts:39 `+ s` → `- s`, `+ mi * 60` → `- mi * 60`, `mi * 60` → `mi / 60`;
    // :37 `m[7] === '-'` → false, '-' → "", -1 → +1, `oh * 3600 + om * 60` → `-`, `om * 60` → `om / 60`
    expect(rfc3339Seconds('2026-03-04T05:06:07Z')).toBe(utc(2026, 3, 4, 5, 6, 7));
    expect(rfc3339Seconds('2026-03-04T05:06:07+05:30')).toBe(utc(2026, 3, 4, 5, 6, 7) - (5 * 3600 + 30 * 60));
    expect(rfc3339Seconds('2026-03-04T05:06:07-05:30')).toBe(utc(2026, 3, 4, 5, 6, 7) + (5 * 3600 + 30 * 60));
  });

  it('February 29 exists in leap years only: every 4th, not every 100th, but every 400th', () => {
    // why: rfc3339.ts:9 `y % 100 !== 0` → true, `y % 100` → `y * 100` (1900, 2100 would be leap);
    // :9 `y % 400 === 0` → false, `y % 400` → `y * 400` (2000 would not be)
    expect(rfc3339Seconds('2024-02-29T00:00:00Z')).toBe(utc(2024, 2, 29));
    expect(rfc3339Seconds('2000-02-29T00:00:00Z')).toBe(utc(2000, 2, 29));
    expect(rfc3339Seconds('1900-02-29T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2100-02-29T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2023-02-29T00:00:00Z')).toBeNull();
  });

  it('only February gains a day in a leap year', () => {
    // why: rfc3339.ts:11 `m === 2` → true (every month of 2024 would have 29 days)
    expect(rfc3339Seconds('2024-01-31T00:00:00Z')).toBe(utc(2024, 1, 31));
    expect(rfc3339Seconds('2024-04-30T00:00:00Z')).toBe(utc(2024, 4, 30));
  });

  it('month 00 and day 00 name nothing', () => {
    // why: rfc3339.ts:28 `mo < 1` → false, :29 `d < 1` → false
    expect(rfc3339Seconds('2026-00-10T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2026-01-00T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2026-01-01T00:00:00Z')).toBe(utc(2026, 1, 1));
  });

  it('second 60 is the leap second; 61 names nothing', () => {
    // why: rfc3339.ts:32 `s > 60` → `s >= 60`
    expect(rfc3339Seconds('2016-12-31T23:59:60Z')).toBe(utc(2017, 1, 1));
    expect(rfc3339Seconds('2016-12-31T23:59:61Z')).toBeNull();
  });

  it('offsets run to +23:59 exactly', () => {
    // why: rfc3339.ts:36 `oh > 23` → `oh >= 23`, `om > 59` → false, `om > 59` → `om >= 59`
    expect(rfc3339Seconds('2026-01-02T00:00:00+23:59')).toBe(utc(2026, 1, 2) - (23 * 3600 + 59 * 60));
    expect(rfc3339Seconds('2026-01-02T00:00:00+24:00')).toBeNull();
    expect(rfc3339Seconds('2026-01-02T00:00:00+00:60')).toBeNull();
  });

  it('a fraction of a second of any number of digits is read and dropped; other text after the dot is not', () => {
    // why: rfc3339.ts:7 DATE_TIME `\.\d+` → `\.\d`, → `\.\D+` (static: applied by hand)
    expect(rfc3339Seconds('2026-03-04T05:06:07.5Z')).toBe(utc(2026, 3, 4, 5, 6, 7));
    expect(rfc3339Seconds('2026-03-04T05:06:07.123456789Z')).toBe(utc(2026, 3, 4, 5, 6, 7));
    expect(rfc3339Seconds('2026-03-04T05:06:07.Z')).toBeNull();
    expect(rfc3339Seconds('2026-03-04T05:06:07.xZ')).toBeNull();
  });

  it('a date-time with anything before or after it names nothing', () => {
    // why: rfc3339.ts:7 DATE_TIME `^` removed, `$` removed (static: applied by hand)
    expect(rfc3339Seconds('x2026-03-04T05:06:07Z')).toBeNull();
    expect(rfc3339Seconds('12026-03-04T05:06:07Z')).toBeNull();
    expect(rfc3339Seconds('2026-03-04T05:06:07Zx')).toBeNull();
    expect(rfc3339Seconds('2026-03-04T05:06:07+05:300')).toBeNull();
  });
});
