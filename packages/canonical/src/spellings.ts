import { fail, ok, type Verdict } from './verdict.js';

/**
 * Canonical byte spellings. Every decoder accepts exactly one spelling per byte
 * string: it decodes, re-encodes, and refuses unless the text comes back identical.
 * That single rule covers padding, alphabet, length and residual-bit variants.
 */
export const SPELLING_CODES = [
  'bad-base64',
  'bad-base64url',
  'bad-hex',
  'invalid-utf8',
  'not-a-string',
  'not-bytes',
] as const;
export type SpellingCode = (typeof SPELLING_CODES)[number];

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function makeTable(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
const B64_TABLE = makeTable(B64);
const B64URL_TABLE = makeTable(B64URL);

function encodeWith(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + (pad ? '=' : '');
  }
  return out;
}

/** The 6-bit value of the character at `i` under `table`, or -1 outside the alphabet. */
function sextet(text: string, i: number, table: Int16Array): number {
  const c = text.charCodeAt(i);
  return c < 128 ? table[c]! : -1;
}

/**
 * Decodes `text` (padding already removed); null on any character outside the alphabet, a
 * length no byte string has (4k + 1), or nonzero residual bits: what it accepts is the one
 * canonical spelling of its bytes, so no re-encoding is needed to compare.
 */
function decodeWith(text: string, table: Int16Array): Uint8Array | null {
  const rest = text.length % 4;
  if (rest === 1) return null;
  const out = new Uint8Array(((text.length - rest) / 4) * 3 + (rest === 0 ? 0 : rest - 1));
  let o = 0;
  let i = 0;
  // Four characters are three bytes: whole groups first, the 2 or 3 left over after.
  for (const whole = text.length - rest; i < whole; i += 4) {
    const a = sextet(text, i, table);
    const b = sextet(text, i + 1, table);
    const c = sextet(text, i + 2, table);
    const d = sextet(text, i + 3, table);
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  if (rest === 0) return out;
  const a = sextet(text, i, table);
  const b = sextet(text, i + 1, table);
  const c = rest === 3 ? sextet(text, i + 2, table) : 0;
  if ((a | b | c) < 0) return null;
  const n = (a << 18) | (b << 12) | (c << 6);
  // Residual bits must be zero: otherwise several texts would spell these bytes.
  if ((n & (rest === 2 ? 0xffff : 0xff)) !== 0) return null;
  out[o++] = n >> 16;
  if (rest === 3) out[o] = (n >> 8) & 0xff;
  return out;
}

/** Standard base64 (RFC 4648 section 4): `=` padding required, length % 4 == 0, zero residual bits. */
export const base64Strict = {
  encode: (bytes: Uint8Array): string => encodeWith(bytes, B64, true),
  decode(text: unknown): Verdict<Uint8Array, SpellingCode> {
    if (typeof text !== 'string') return fail('not-a-string');
    if (text.length % 4 !== 0) return fail('bad-base64', 'length is not a multiple of 4');
    const body = text.endsWith('==') ? text.slice(0, -2) : text.endsWith('=') ? text.slice(0, -1) : text;
    // With the length a multiple of 4, the padding is exactly what the body's length calls for.
    const bytes = decodeWith(body, B64_TABLE);
    if (bytes === null) return fail('bad-base64', 'not the canonical spelling');
    return ok(bytes);
  },
};

/** base64url (RFC 4648 section 5) without padding, zero residual bits. */
export const base64urlStrict = {
  encode: (bytes: Uint8Array): string => encodeWith(bytes, B64URL, false),
  decode(text: unknown): Verdict<Uint8Array, SpellingCode> {
    if (typeof text !== 'string') return fail('not-a-string');
    const bytes = decodeWith(text, B64URL_TABLE);
    if (bytes === null) return fail('bad-base64url', 'not the canonical spelling');
    return ok(bytes);
  },
};

const HEX_DIGITS = '0123456789abcdef';
/** Each byte's two digits, made once: one string joined per byte, not two (2-3x faster here). */
const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!);

/** Lowercase hexadecimal, two digits per byte. */
export const hex = {
  encode(bytes: Uint8Array): string {
    let out = '';
    for (let i = 0; i < bytes.length; i++) out += HEX_PAIRS[bytes[i]!]!;
    return out;
  },
  decode(text: unknown): Verdict<Uint8Array, SpellingCode> {
    if (typeof text !== 'string') return fail('not-a-string');
    if (text.length % 2 !== 0) return fail('bad-hex', 'expected lowercase hex pairs');
    const out = new Uint8Array(text.length / 2);
    for (let i = 0; i < out.length; i++) {
      const high = HEX_VALUE[text.charCodeAt(2 * i)] ?? -1;
      const low = HEX_VALUE[text.charCodeAt(2 * i + 1)] ?? -1;
      if ((high | low) < 0) return fail('bad-hex', 'expected lowercase hex pairs');
      out[i] = (high << 4) | low;
    }
    return ok(out);
  },
};

/** Each lowercase hex digit's value by character code; -1 for every other ASCII character. */
const HEX_VALUE = Int8Array.from({ length: 128 }, (_, c) => HEX_DIGITS.indexOf(String.fromCharCode(c)));

const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF8 = new TextEncoder();

/** UTF-8 without repair: invalid sequences are refused and a BOM is kept as U+FEFF, never stripped. */
export const utf8Strict = {
  encode: (text: string): Uint8Array => UTF8.encode(text),
  decode(bytes: unknown): Verdict<string, SpellingCode> {
    if (!(bytes instanceof Uint8Array)) return fail('not-bytes');
    try {
      return ok(FATAL_UTF8.decode(bytes));
    } catch {
      return fail('invalid-utf8');
    }
  },
};
