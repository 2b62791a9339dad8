import type { Profile } from './profiles.js';

/**
 * String escaping shared by every profile: `"` and `\` escaped, the five short forms
 * `\b \f \n \r \t`, other C0 controls as lowercase `\u00xx`, and everything else
 * (`/`, DEL, U+2028/2029, all non-ASCII) written raw. That is exactly what
 * ECMAScript's well-formed JSON.stringify writes, what CPython writes with
 * ensure_ascii=False, and what serde_json writes, so the native JSON.stringify is used.
 */

/** Anything that might need more than wrapping in quotes. */
const NEEDS_CARE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** An unpaired surrogate (in `u` mode a well-formed pair is one code point, not matched). */
const LONE_SURROGATE = /\p{Cs}/u;

export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

/**
 * The quoted spelling of `s` under `profile`, or null when the profile refuses it
 * (an unpaired surrogate under a profile that refuses them).
 */
export function quote(s: string, profile: Profile): string | null {
  if (!NEEDS_CARE.test(s)) return `"${s}"`;
  if (profile.loneSurrogates === 'refuse' && LONE_SURROGATE.test(s)) return null;
  return JSON.stringify(s);
}

/**
 * Unicode code point order for well-formed strings. UTF-16 order agrees except where
 * a surrogate (part of an astral character) meets a unit in U+E000..U+FFFF: code
 * point order puts the astral character after. Shifting the units fixes that.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

const SURROGATE_UNIT = /[\ud800-\udfff]/;

/** Sorts member names in place in the profile's order. */
export function sortKeys(keys: string[], profile: Profile): string[] {
  keys.sort();
  // The orders only disagree when some name holds an astral character.
  if (profile.keyOrder === 'code-point' && keys.some((k) => SURROGATE_UNIT.test(k)))
    keys.sort(compareCodePoints);
  return keys;
}

/** Compares two names in the profile's order (for entries sorted by a key field). */
export function keyComparator(profile: Profile): (a: string, b: string) => number {
  return profile.keyOrder === 'code-point' ? compareCodePoints : (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}
