/**
 * RFC 3339 date-times with an explicit offset (`Z` or `±HH:MM`), read as the instant
 * they name. Every field is range-checked, the day against its month (leap years
 * included), so "2026-02-30T00:00:00Z" names nothing. Pure arithmetic: no clock, no Date.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : DAYS[m - 1]!);

/** Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar. */
function daysFromEpoch(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Whole Unix seconds of an RFC 3339 date-time with offset; null when it names no instant. */
export function rfc3339Seconds(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (m === null) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12) return null;
  if (d < 1 || d > daysIn(y, mo)) return null;
  if (h > 23) return null;
  if (mi > 59) return null;
  if (s > 60) return null; // 60 is RFC 3339's leap second
  let offset = 0;
  if (m[7] !== undefined) {
    const [oh, om] = [Number(m[8]), Number(m[9])];
    if (oh > 23 || om > 59) return null;
    offset = (m[7] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  return daysFromEpoch(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset;
}
