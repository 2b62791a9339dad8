import type { CanonicalizeCode } from './codes.js';
import { JsonFloat } from './json-value.js';
import type { Profile } from './profiles.js';

/**
 * Number spellings. Two writers exist in the wild and the profiles pick one:
 * ECMAScript Number::toString (RFC 8785 and every JavaScript canonicalizer) and
 * CPython's float `repr` (what json.dumps writes for a float). Both start from the
 * same shortest round-trip digits; they differ only in layout: where exponent
 * notation starts, how the exponent is spelled, and whether a whole float keeps `.0`.
 */

/** ECMAScript Number::toString(10) of a finite double (`-0` is written `0`). */
export const ecmaScriptNumber = (x: number): string => String(x);

/** Shortest round-trip decimal digits of |x| (x finite, non-zero) and the exponent of the first digit. */
function shortestDigits(x: number): { digits: string; exponent: number } {
  // toExponential() without an argument yields the shortest digits that round-trip.
  const text = Math.abs(x).toExponential();
  const e = text.indexOf('e');
  const mantissa = text.slice(0, e);
  const digits = mantissa.length === 1 ? mantissa : mantissa[0] + mantissa.slice(2);
  return { digits, exponent: Number(text.slice(e + 1)) };
}

/**
 * CPython `repr(float)` (float_repr_style 'short'), e.g. `1.0`, `-0.0`, `1e-07`,
 * `1e+16`, `0.0001`, `1785937682.845164`. With the shortest digits read as
 * d.ddd x 10^e, the layout is positional when -4 <= e < 16 and exponent notation
 * otherwise; the exponent carries a sign and at least two digits; a whole number in
 * positional notation keeps a trailing `.0`.
 */
export function pythonFloatRepr(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError('pythonFloatRepr: not a finite number');
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const { digits, exponent } = shortestDigits(x);
  const point = exponent + 1; // digits[0..point) are the integral part
  if (point <= -4 || point > 16) {
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const magnitude = Math.abs(exponent);
    return `${sign}${digits[0]}${rest}e${exponent < 0 ? '-' : '+'}${magnitude < 10 ? '0' : ''}${magnitude}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Largest magnitude a double holds with every integer below it exact: 2^53 - 1. */
const MAX_EXACT_INTEGER = 2n ** 53n - 1n;
const I64_MIN = -(2n ** 63n);
const U64_MAX = 2n ** 64n - 1n;

/** True when an integer is inside the i64/u64 union that serde_json keeps exact. */
export const inI64OrU64 = (n: bigint): boolean => n >= I64_MIN && n <= U64_MAX;

/** True when an integer is inside +/-(2^53 - 1). */
export const isExactInDouble = (n: bigint): boolean => n >= -MAX_EXACT_INTEGER && n <= MAX_EXACT_INTEGER;

/**
 * Sign side: the spelling of a number VALUE under a profile, or the reason it has none.
 * Under `python` the writer refuses every value whose bytes a JavaScript verifier
 * could not reproduce (signMustNotEmit): whole floats, `-0`, exponent layouts that
 * differ, and integers beyond +/-(2^53 - 1).
 */
export function spellNumberValue(
  value: number | bigint | JsonFloat,
  numbers: Profile['numbers'],
): string | CanonicalizeCode {
  if (typeof value === 'bigint') {
    const fits = numbers === 'ecmascript-exact-i64' ? inI64OrU64(value) : isExactInDouble(value);
    if (fits) return value.toString();
    return numbers === 'python' ? 'number-hazard' : 'unsafe-integer';
  }
  const isFloat = value instanceof JsonFloat;
  const x = isFloat ? value.value : value;
  if (!Number.isFinite(x)) return 'not-finite';
  if (numbers === 'ecmascript') return String(x);
  if (!isFloat && Number.isInteger(x)) {
    if (!Number.isSafeInteger(x)) return 'unsafe-integer';
    if (numbers === 'python' && Object.is(x, -0)) return 'number-hazard';
    return String(x);
  }
  if (numbers === 'ecmascript-exact-i64') return String(x);
  const python = pythonFloatRepr(x);
  return python === String(x) ? python : 'number-hazard';
}

/** CPython refuses to convert integer literals longer than this (sys.int_info.default_max_str_digits). */
const PYTHON_MAX_INT_DIGITS = 4300;

/**
 * True when a float literal is already written the way both writers would write its
 * double: positional, at most 15 significant digits (so, by DBL_DIG, no shorter decimal
 * names the same double), no trailing zero in the fraction, and no more leading zeros
 * after the point than the writer allows before switching to an exponent (CPython 3,
 * ECMAScript 5). Saves a parse and a format for typical fractions like `12.345`.
 */
function isShortestPositional(literal: string, maxLeadingZeros: number): boolean {
  const point = literal.indexOf('.');
  const last = literal.charCodeAt(literal.length - 1);
  if (point < 0 || last === 48 || literal.length > 17) return false;
  for (let i = point + 1; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c === 101 || c === 69) return false; // an exponent
  }
  const negative = literal.charCodeAt(0) === 45 ? 1 : 0;
  const fraction = literal.length - point - 1;
  if (point - negative === 1 && literal.charCodeAt(negative) === 48) {
    let zeros = 0;
    while (literal.charCodeAt(point + 1 + zeros) === 48) zeros++;
    return zeros <= maxLeadingZeros && fraction - zeros <= 15;
  }
  return point - negative + fraction <= 15;
}

/**
 * Verify side: the spelling of a number LITERAL read from document bytes, or null
 * when the profile cannot reproduce it (overflow to infinity unless the profile writes
 * it `null`, an integer outside the profile's exact domain). `literal` already matched
 * the JSON number grammar.
 */
export function spellNumberLiteral(
  literal: string,
  isFloat: boolean,
  { numbers, nonFinite }: Profile,
): string | null {
  if (!isFloat && (numbers === 'python' || numbers === 'ecmascript-exact-i64')) {
    if (literal === '-0') return '0';
    const digits = literal.length - (literal.charCodeAt(0) === 45 ? 1 : 0);
    if (digits <= 15) return literal;
    if (numbers === 'python') return digits <= PYTHON_MAX_INT_DIGITS ? literal : null;
    return digits <= 20 && inI64OrU64(BigInt(literal)) ? literal : null;
  }
  if (!isFloat && literal.length <= 15 && literal !== '-0') return literal;
  if (isFloat && isShortestPositional(literal, numbers === 'python' ? 3 : 5)) return literal;
  const x = Number(literal);
  if (!Number.isFinite(x)) return nonFinite === 'null' ? 'null' : null;
  return numbers === 'python' ? pythonFloatRepr(x) : String(x);
}
