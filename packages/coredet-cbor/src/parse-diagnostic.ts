import { base64Strict, concatBytes, hex, SeamError } from '@agent-seam/canonical';
import { DECODE_DEFAULTS, type Decoded, isKey } from './decode.js';
import { ENCODE_MAX_DEPTH, encode } from './encode.js';
import { CborFloat, type CborKey, type CborValue } from './value.js';

/** Why `parseDiagnostic` refused its text. Stable; documented in the README and spec. */
export const DIAGNOSTIC_CODES = [
  'not-text',
  'too-large',
  'syntax',
  'bad-byte-string',
  'invalid-utf8',
  'int-out-of-range',
  'nan-or-infinity',
  'unsupported-key',
  'duplicate-key',
  'tag',
  'bad-simple',
  'indefinite-length',
  'encoding-indicator',
  'too-deep',
  'trailing-text',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface ParseDiagnosticOptions {
  /** Longest text in UTF-16 code units, checked before anything is read (default 16 Mi, the decoder's maxBytes). */
  maxLength?: number;
  /** Deepest nesting of non-empty arrays, maps and `<<…>>` (default 32, as `decode`; at most 256, as `encode`). */
  maxDepth?: number;
  /** Most elements in one array or `<<…>>`, or entries in one map (default 131072, as `decode`). */
  maxItems?: number;
}

const DEFAULTS = {
  maxLength: DECODE_DEFAULTS.maxBytes,
  maxDepth: DECODE_DEFAULTS.maxDepth,
  maxItems: DECODE_DEFAULTS.maxItems,
};

/**
 * One item written in RFC 8949 §8 diagnostic notation (with RFC 8610 Appendix G's
 * `'…'`, `h'…'`, `b64'…'`, `<<…>>`, `0x`/`0o`/`0b` integers and `/comments/`), read
 * into this package's value model so that `encode` writes its CoreDet bytes. What the
 * profile cannot hold (tags, undefined and other simple values, NaN and infinities,
 * indefinite lengths, encoding indicators, integers beyond 64 bits) is refused with a
 * code that names it. Never throws on its input; a refusal's `offset` is the UTF-16
 * index of the first character that breaks a rule, and its detail says what to write.
 * Throws `SeamError('bad-argument')` for a bound that is not a count (or a depth above
 * 256, which `encode` could not write).
 */
export function parseDiagnostic(
  text: string,
  options: ParseDiagnosticOptions = {},
): Decoded<CborValue, DiagnosticCode> {
  const bounds = {
    maxLength: bound(options.maxLength, 'maxLength'),
    maxDepth: bound(options.maxDepth, 'maxDepth'),
    maxItems: bound(options.maxItems, 'maxItems'),
  };
  if (bounds.maxDepth > ENCODE_MAX_DEPTH)
    throw new SeamError('bad-argument', `maxDepth above ${ENCODE_MAX_DEPTH} cannot be encoded`);
  if (typeof text !== 'string') return { ok: false, code: 'not-text', detail: 'the input is not a string' };
  if (text.length > bounds.maxLength)
    return refusal('too-large', `the text is over ${bounds.maxLength} characters`, bounds.maxLength);
  try {
    const reader = new Reader(text, bounds);
    const value = reader.item(0);
    reader.space();
    if (reader.pos < text.length)
      throw new Refusal(
        'trailing-text',
        'text follows the item: give one item (wrap several in [ ])',
        reader.pos,
      );
    return { ok: true, value };
  } catch (e) {
    if (e instanceof Refusal) return refusal(e.code, e.detail, e.offset);
    throw e;
  }
}

function bound(value: number | undefined, name: keyof typeof DEFAULTS): number {
  if (value === undefined) return DEFAULTS[name];
  if (!Number.isSafeInteger(value) || value < 0)
    throw new SeamError('bad-argument', `${name} must be a non-negative integer`);
  return value;
}

const refusal = (code: DiagnosticCode, detail: string, offset: number): Decoded<never, DiagnosticCode> => ({
  ok: false,
  code,
  detail: `${detail} (at character ${offset})`,
  offset,
});

/** Thrown inside the reader only, and always caught by `parseDiagnostic`. */
class Refusal {
  constructor(
    readonly code: DiagnosticCode,
    readonly detail: string,
    readonly offset: number,
  ) {}
}

const TWO_64 = 1n << 64n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Significant digits of the largest 64-bit magnitude, per radix: more cannot be in range. */
const MAX_DIGITS: Record<number, number> = { 2: 65, 8: 22, 10: 20, 16: 17 };
const RADIX: Record<string, number> = { x: 16, o: 8, b: 2 };
const DIGITS: Record<number, RegExp> = { 2: /[01]+/y, 8: /[0-7]+/y, 10: /[0-9]+/y, 16: /[0-9a-fA-F]+/y };
const DECIMAL = /(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const WORD = /[A-Za-z][A-Za-z0-9]*/y;
/** The characters of a byte string up to the next white space, comment or closing quote. */
const RUN = /[^ \t\n\r']+/y;
const RUN_WITH_COMMENTS = /[^ \t\n\r'/]+/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const utf8 = new TextEncoder();

/** A recursive-descent reader; recursion is bounded by maxDepth (at most 256). */
class Reader {
  pos = 0;
  constructor(
    private readonly text: string,
    private readonly bounds: Required<ParseDiagnosticOptions>,
  ) {}

  /** White space (space, tab, CR, LF) and `/comments/`, as RFC 8610 G.6 allows between tokens. */
  space(comments = true): void {
    const t = this.text;
    for (;;) {
      const c = t[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (c === '/' && comments) {
        const end = t.indexOf('/', this.pos + 1);
        if (end < 0) throw new Refusal('syntax', 'a comment is not closed: end it with /', this.pos);
        this.pos = end + 1;
      } else return;
    }
  }

  item(depth: number): CborValue {
    this.space();
    const start = this.pos;
    const c = this.text[start];
    if (c === undefined) throw new Refusal('syntax', 'the text ends where an item was expected', start);
    if (c === '[') return this.array(depth);
    if (c === '{') return this.map(depth);
    if (c === '"') return this.indicatorFree(this.quoted('"'), start);
    if (c === "'") return this.indicatorFree(utf8.encode(this.quoted("'")), start);
    if (c === '<' && this.text[start + 1] === '<') return this.embedded(depth);
    if (c === '(' && this.text[start + 1] === '_')
      throw new Refusal(
        'indefinite-length',
        'an indefinite-length string has no CoreDet form: write one string',
        start,
      );
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (/[A-Za-z]/.test(c)) return this.word();
    throw new Refusal(
      'syntax',
      "expected an item: a number, a string, h'…', [ ], { }, true, false or null",
      start,
    );
  }

  /** A string must not carry `_` (indefinite) or `_0`..`_3` (a head wider than needed). */
  private indicatorFree<T extends CborValue>(value: T, start: number): T {
    this.refuseIndicator(start);
    return value;
  }

  /** `_0`..`_3` asks for a wider head than needed; a bare `_`, where allowed, an indefinite length. */
  private refuseIndicator(start: number, indefinite = true): void {
    if (this.text[this.pos] !== '_') return;
    if (/[0-9]/.test(this.text[this.pos + 1] ?? ''))
      throw new Refusal(
        'encoding-indicator',
        'an encoding indicator asks for a non-preferred encoding, which CoreDet never writes: remove it',
        this.pos,
      );
    if (indefinite)
      throw new Refusal('indefinite-length', 'an indefinite length has no CoreDet form: remove the _', start);
    throw new Refusal('syntax', 'a number cannot be followed by _', this.pos);
  }

  /** Steps over `[` or `{`, refusing `_` (indefinite) and `_n` (wide count) after it; returns its offset. */
  private openContainer(): number {
    const open = this.pos++;
    this.space();
    this.refuseIndicator(open);
    return open;
  }

  /**
   * Elements up to `close`, separated by commas. A non-empty container deeper than
   * maxDepth is refused at its opening, as `decode` refuses it (an empty one is not).
   */
  private elements(depth: number, open: number, close: string, what: string, read: () => void): number {
    this.space();
    if (this.text.startsWith(close, this.pos)) {
      this.pos += close.length;
      return 0;
    }
    if (depth >= this.bounds.maxDepth) throw new Refusal('too-deep', 'nesting beyond maxDepth', open);
    let count = 0;
    for (;;) {
      if (++count > this.bounds.maxItems)
        throw new Refusal('too-large', `${what} holds more than ${this.bounds.maxItems} items`, open);
      read();
      this.space();
      if (this.text.startsWith(close, this.pos)) {
        this.pos += close.length;
        return count;
      }
      if (this.text[this.pos] !== ',')
        throw new Refusal('syntax', `expected , or ${close} after an element of ${what}`, this.pos);
      const comma = this.pos++;
      this.space();
      if (this.text.startsWith(close, this.pos))
        throw new Refusal('syntax', `a comma before ${close}: remove this trailing comma`, comma);
    }
  }

  private array(depth: number): CborValue[] {
    const open = this.openContainer();
    const out: CborValue[] = [];
    this.elements(depth, open, ']', 'an array', () => out.push(this.item(depth + 1)));
    return out;
  }

  private map(depth: number): CborValue {
    const open = this.openContainer();
    let obj: { [k: string]: CborValue } | null = null;
    let map: Map<CborKey, CborValue> | null = null;
    const seen = new Set<string>();
    this.elements(depth, open, '}', 'a map', () => {
      this.space();
      const at = this.pos;
      const key = this.item(depth + 1);
      if (!isKey(key))
        throw new Refusal(
          'unsupported-key',
          'a map key must be an integer, a text string or a byte string',
          at,
        );
      const id = hex.encode(encode(key));
      if (seen.has(id)) throw new Refusal('duplicate-key', 'the same map key twice: keep one', at);
      seen.add(id);
      this.space();
      if (this.text[this.pos] !== ':') throw new Refusal('syntax', 'expected : after a map key', this.pos);
      this.pos++;
      const value = this.item(depth + 1);
      // As `decode` builds maps: an object while every key is text, else a Map.
      if (map === null && typeof key === 'string') {
        obj ??= {};
        if (key === '__proto__')
          Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
        else obj[key] = value;
        return;
      }
      map ??= new Map(obj === null ? undefined : Object.entries(obj));
      obj = null;
      map.set(key, value);
    });
    return obj ?? map ?? new Map();
  }

  /** `<<a, b>>`: a byte string holding the CoreDet encodings of the items, one after another. */
  private embedded(depth: number): Uint8Array {
    const open = this.pos;
    this.pos += 2;
    const parts: Uint8Array[] = [];
    this.elements(depth, open, '>>', 'an embedded item', () => parts.push(encode(this.item(depth + 1))));
    return concatBytes(parts);
  }

  /** A "text" or 'bytes' string body with JSON's escapes (and \' in single quotes), well-formed UTF-16. */
  private quoted(quote: '"' | "'"): string {
    const t = this.text;
    const start = this.pos++;
    let out = '';
    let run = this.pos;
    let highAt = -1; // offset of a high surrogate waiting for its low half
    const unit = (code: number, at: number) => {
      if (highAt >= 0 && (code < 0xdc00 || code > 0xdfff)) throw lone(highAt);
      if (highAt < 0 && code >= 0xdc00 && code <= 0xdfff) throw lone(at);
      highAt = code >= 0xd800 && code <= 0xdbff ? at : -1;
    };
    for (;;) {
      const at = this.pos;
      const code = t.charCodeAt(at);
      if (Number.isNaN(code))
        throw new Refusal('syntax', `a string is not closed: end it with ${quote}`, start);
      if (code === quote.charCodeAt(0)) {
        if (highAt >= 0) throw lone(highAt);
        out += t.slice(run, at);
        this.pos++;
        return out;
      }
      if (code < 0x20)
        throw new Refusal(
          'syntax',
          'a control character inside a string: write it as an escape such as \\n',
          at,
        );
      if (code !== 0x5c) {
        unit(code, at);
        this.pos++;
        continue;
      }
      out += t.slice(run, at);
      const e = t[at + 1] ?? '';
      if (e === 'u') {
        const digits = t.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(digits))
          throw new Refusal('syntax', 'a \\u escape takes four hex digits', at);
        const n = Number.parseInt(digits, 16);
        unit(n, at);
        out += String.fromCharCode(n);
        this.pos = at + 6;
      } else {
        const plain = ESCAPES[e];
        if (plain === undefined || (e === "'" && quote === '"') || (e === '"' && quote === "'"))
          throw new Refusal(
            'syntax',
            'an unknown escape: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
            at,
          );
        unit(plain.charCodeAt(0), at);
        out += plain;
        this.pos = at + 2;
      }
      run = this.pos;
    }
  }

  private number(): CborValue {
    const t = this.text;
    const start = this.pos;
    const negative = t[start] === '-';
    const body = negative ? start + 1 : start;
    if (t.startsWith('Infinity', body)) {
      this.pos = body + 'Infinity'.length;
      throw nanOrInfinity(start);
    }
    const radix = t[body] === '0' ? RADIX[t[body + 1] ?? ''] : undefined;
    if (radix !== undefined) return this.integer(start, negative, radix, body + 2);
    DECIMAL.lastIndex = body;
    const m = DECIMAL.exec(t);
    if (m === null) throw new Refusal('syntax', 'expected digits after -', body);
    if (/[0-9]/.test(t[body + 1] ?? '') && m[1] === '0')
      throw new Refusal('syntax', 'a leading zero: write the number without it (0x… for hex)', start);
    if (m[2] === undefined && m[3] === undefined) return this.integer(start, negative, 10, body);
    this.pos = DECIMAL.lastIndex;
    const v = Number(t.slice(start, this.pos));
    if (!Number.isFinite(v))
      throw new Refusal('nan-or-infinity', 'the number is beyond binary64 and would be Infinity', start);
    this.refuseIndicator(start, false);
    this.refuseTag(start, false);
    // As `decode` returns floats: an integral value stays a float through CborFloat.
    return Number.isSafeInteger(v) && !Object.is(v, -0) ? new CborFloat(v) : v;
  }

  private integer(start: number, negative: boolean, radix: number, from: number): number | bigint {
    const pattern = DIGITS[radix]!;
    pattern.lastIndex = from;
    const m = pattern.exec(this.text);
    if (m === null) throw new Refusal('syntax', 'expected digits after the radix prefix', from);
    this.pos = pattern.lastIndex;
    if (/[.eEpP]/.test(this.text[this.pos] ?? '') && radix !== 10)
      throw new Refusal('syntax', 'only decimal numbers may have a fraction or an exponent', this.pos);
    const significant = m[0].replace(/^0+(?=.)/, '');
    const tooLong = significant.length > MAX_DIGITS[radix]!;
    const magnitude = tooLong
      ? TWO_64 + 1n
      : BigInt(radix === 10 ? significant : `0${'xob'[[16, 8, 2].indexOf(radix)]}${significant}`);
    const n = negative ? -magnitude : magnitude;
    if (n >= TWO_64 || n < -TWO_64)
      throw new Refusal(
        'int-out-of-range',
        'an integer outside -2^64..2^64-1 needs a bignum tag, which CoreDet refuses',
        start,
      );
    this.refuseIndicator(start, false);
    this.refuseTag(start, !negative);
    return n >= -SAFE && n <= SAFE ? Number(n) : n;
  }

  /** `6(…)` is a tag; CoreDet has none. */
  private refuseTag(start: number, couldBeTag: boolean): void {
    const after = this.pos;
    this.space();
    if (this.text[this.pos] === '(') {
      if (couldBeTag)
        throw new Refusal('tag', 'a tag has no CoreDet form: write the tagged item alone', start);
      throw new Refusal('syntax', 'a number cannot be followed by (', this.pos);
    }
    this.pos = after;
  }

  private word(): CborValue {
    const start = this.pos;
    WORD.lastIndex = start;
    const w = WORD.exec(this.text)![0];
    this.pos = WORD.lastIndex;
    if (this.text[this.pos] === "'") {
      if (w === 'h') return this.indicatorFree(this.hexBytes(), start);
      if (w === 'b64') return this.indicatorFree(this.base64Bytes(), start);
      throw new Refusal(
        'bad-byte-string',
        "only h'…' and b64'…' byte strings are read: write it in hex",
        start,
      );
    }
    switch (w) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
        return null;
      case 'undefined':
        throw new Refusal('bad-simple', 'undefined has no CoreDet form: use null', start);
      case 'simple':
        throw new Refusal(
          'bad-simple',
          'simple values other than false, true and null have no CoreDet form',
          start,
        );
      case 'NaN':
      case 'Infinity':
        throw nanOrInfinity(start);
      default:
        throw new Refusal(
          'syntax',
          "an unknown word: items are numbers, strings, h'…', [ ], { }, true, false, null",
          start,
        );
    }
  }

  /** The characters of a prefixed byte string without white space and comments (RFC 8610 G.3, G.6). */
  private prefixedBody(comments: boolean): { start: number; chars: string } {
    const t = this.text;
    const start = this.pos++;
    const run = comments ? RUN_WITH_COMMENTS : RUN;
    const parts: string[] = [];
    for (;;) {
      this.space(comments);
      const c = t[this.pos];
      if (c === undefined) throw new Refusal('syntax', "a byte string is not closed: end it with '", start);
      if (c === "'") {
        this.pos++;
        return { start, chars: parts.join('') };
      }
      run.lastIndex = this.pos;
      parts.push(run.exec(t)![0]);
      this.pos = run.lastIndex;
    }
  }

  private hexBytes(): Uint8Array {
    const { start, chars } = this.prefixedBody(true);
    const bytes = hex.decode(chars.toLowerCase());
    if (!bytes.ok)
      throw new Refusal(
        'bad-byte-string',
        "h'…' holds pairs of hex digits (white space and /comments/ between them)",
        start - 1,
      );
    return bytes.value;
  }

  private base64Bytes(): Uint8Array {
    // No comments: / is a base64 character.
    const { start, chars } = this.prefixedBody(false);
    const body = chars.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
    const padded = body.padEnd(Math.ceil(body.length / 4) * 4, '=');
    const bytes = base64Strict.decode(padded);
    if (!bytes.ok || (chars.length !== body.length && chars.length !== padded.length))
      throw new Refusal(
        'bad-byte-string',
        "b64'…' holds base64 or base64url, padding optional, unused bits zero",
        start - 3,
      );
    return bytes.value;
  }
}

const lone = (at: number) =>
  new Refusal('invalid-utf8', 'a lone surrogate has no UTF-8 form: pair it or remove it', at);
const nanOrInfinity = (at: number) =>
  new Refusal('nan-or-infinity', 'NaN and Infinity have no CoreDet form', at);
