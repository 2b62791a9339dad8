/**
 * The two outputs of the canonical writer. `ByteOutput` is a growable UTF-8 buffer:
 * writing straight into bytes avoids building a string of many small pieces and
 * encoding it afterwards. `TextOutput` builds the JavaScript string that
 * `canonicalString` returns, so text is never encoded to UTF-8 and decoded back.
 */

/** A member name as both outputs write it: `"name":`. */
export interface QuotedName {
  text: string;
  utf8: Uint8Array;
}

/** What the writer needs from an output (punctuation is ASCII). */
export interface CanonicalOutput<T> {
  byte(b: number): void;
  name(name: QuotedName): void;
  ascii(s: string): void;
  safeInteger(x: number): void;
  quoted(s: string, escapeLone: boolean): boolean;
  /** True when the writer should stop: the output has a size limit and is past it. */
  full(): boolean;
  take(): T;
}

const HEX = '0123456789abcdef';
/** Two-character escapes, by code unit; 0 where the character needs `\u00xx` or none. */
const SHORT_ESCAPE = new Uint8Array(128);
SHORT_ESCAPE[0x22] = 0x22; // \"
SHORT_ESCAPE[0x5c] = 0x5c; // \\
SHORT_ESCAPE[0x08] = 0x62; // \b
SHORT_ESCAPE[0x0c] = 0x66; // \f
SHORT_ESCAPE[0x0a] = 0x6e; // \n
SHORT_ESCAPE[0x0d] = 0x72; // \r
SHORT_ESCAPE[0x09] = 0x74; // \t

/**
 * One buffer kept between outputs: allocating a typed array per call costs more than
 * writing a small value. An output takes it when it is free (a nested canonicalization,
 * or one after a refusal, allocates its own) and gives its buffer back when it is done.
 */
let spare: Uint8Array | null = null;
/** Larger buffers are dropped after use, so an idle process holds at most this much. */
const SPARE_LIMIT = 64 * 1024;

export class ByteOutput implements CanonicalOutput<Uint8Array> {
  private buf: Uint8Array;
  private pos = 0;

  constructor() {
    this.buf = spare ?? new Uint8Array(512);
    spare = null;
  }

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buf.subarray(0, this.pos));
    this.buf = bigger;
  }

  full(): boolean {
    return false;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** Text known to be ASCII (punctuation, number spellings). */
  ascii(s: string): void {
    this.ensure(s.length);
    const { buf } = this;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /**
   * The decimal digits of a safe integer. Below 2^31 they are computed in int32
   * arithmetic without building a string; above, a double remainder costs more than
   * the engine's own number-to-string.
   */
  safeInteger(x: number): void {
    this.ensure(17);
    const { buf } = this;
    let p = this.pos;
    let rest = x;
    if (rest < 0) {
      buf[p++] = 0x2d;
      rest = -rest;
    }
    if (rest > 0x7fffffff) {
      this.pos = p;
      this.ascii(String(rest));
      return;
    }
    let digits = 1;
    for (let t = rest; t >= 10; t = (t / 10) | 0) digits++;
    let q = p + digits;
    this.pos = q;
    while (rest >= 10) {
      const tenth = (rest / 10) | 0;
      buf[--q] = 0x30 + rest - tenth * 10;
      rest = tenth;
    }
    buf[--q] = 0x30 + rest;
  }

  name(name: QuotedName): void {
    this.bytes(name.utf8);
  }

  bytes(b: Uint8Array): void {
    const n = b.length;
    this.ensure(n);
    const { buf, pos } = this;
    if (n > 32) buf.set(b, pos);
    else for (let i = 0; i < n; i++) buf[pos + i] = b[i]!;
    this.pos = pos + n;
  }

  /**
   * `s` as a quoted JSON string in UTF-8 (escapes as every profile writes them). An
   * unpaired surrogate is written as a lowercase `\udxxx` escape when `escapeLone`,
   * otherwise nothing is written and false is returned.
   */
  quoted(s: string, escapeLone: boolean): boolean {
    const n = s.length;
    this.ensure(n * 6 + 2);
    const { buf } = this;
    const start = this.pos;
    let p = start;
    buf[p++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 0x22 && c !== 0x5c) buf[p++] = c;
        else {
          buf[p++] = 0x5c;
          const short = SHORT_ESCAPE[c]!;
          if (short !== 0) buf[p++] = short;
          else p = writeUnicodeEscape(buf, p, c);
        }
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 0x3f);
        buf[p++] = 0x80 | (c & 0x3f);
      } else {
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          buf[p++] = 0xf0 | (cp >> 18);
          buf[p++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[p++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[p++] = 0x80 | (cp & 0x3f);
          i++;
        } else if (escapeLone) {
          buf[p++] = 0x5c;
          p = writeUnicodeEscape(buf, p, c);
        } else {
          this.pos = start;
          return false;
        }
      }
    }
    buf[p++] = 0x22;
    this.pos = p;
    return true;
  }

  /** Copies `src[start, end)`. */
  copy(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.ensure(n);
    if (n > 32) this.buf.set(src.subarray(start, end), this.pos);
    else for (let i = 0; i < n; i++) this.buf[this.pos + i] = src[start + i]!;
    this.pos += n;
  }

  get position(): number {
    return this.pos;
  }

  /**
   * Rewrites `[base, position)` as the given ranges of it, in order, joined by `joint`.
   * The new text is assembled past the end and moved down with one native copy.
   */
  permute(base: number, ranges: number[], joint: number): void {
    const end = this.pos;
    this.ensure(end - base);
    const { buf } = this;
    let p = end;
    for (let r = 0; r < ranges.length; r += 2) {
      if (r > 0) buf[p++] = joint;
      buf.copyWithin(p, ranges[r]!, ranges[r + 1]!);
      p += ranges[r + 1]! - ranges[r]!;
    }
    buf.copyWithin(base, end, p);
    this.pos = base + (p - end);
  }

  /** The bytes written so far (a copy). */
  take(): Uint8Array {
    const out = this.buf.slice(0, this.pos);
    if (this.buf.length <= SPARE_LIMIT) spare = this.buf;
    return out;
  }
}

/** Writes `u` and four lowercase hex digits of `c` at `p` (the backslash is already out). */
function writeUnicodeEscape(buf: Uint8Array, p: number, c: number): number {
  buf[p++] = 0x75;
  buf[p++] = HEX.charCodeAt(c >> 12);
  buf[p++] = HEX.charCodeAt((c >> 8) & 15);
  buf[p++] = HEX.charCodeAt((c >> 4) & 15);
  buf[p++] = HEX.charCodeAt(c & 15);
  return p;
}

/** One-character strings by code unit, for punctuation. */
const CHARS = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

/**
 * The canonical text as a string. Most strings need no escape and are written as they
 * are between quotes; the others get the native JSON.stringify, whose escapes are the
 * ones every profile writes (strings.ts), lone surrogates as `\udxxx` included.
 */
export class TextOutput implements CanonicalOutput<string> {
  private text = '';

  /** `limit`: the length in characters past which the output reports itself full. */
  constructor(private readonly limit: number) {}

  full(): boolean {
    return this.text.length > this.limit;
  }

  byte(b: number): void {
    this.text += CHARS[b]!;
  }

  name(name: QuotedName): void {
    this.text += name.text;
  }

  ascii(s: string): void {
    this.text += s;
  }

  safeInteger(x: number): void {
    this.text += String(x);
  }

  quoted(s: string, escapeLone: boolean): boolean {
    const plain = plainness(s);
    if (plain === PLAIN) this.text += `"${s}"`;
    else if (plain === LONE_SURROGATE && !escapeLone) return false;
    else this.text += JSON.stringify(s);
    return true;
  }

  take(): string {
    return this.text;
  }
}

const PLAIN = 0;
const ESCAPED = 1;
const LONE_SURROGATE = 2;

/** PLAIN when `s` is written as it is, LONE_SURROGATE when it holds one, else ESCAPED. */
function plainness(s: string): number {
  let result = PLAIN;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c) result = ESCAPED;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return LONE_SURROGATE;
      i++;
    }
  }
  return result;
}
