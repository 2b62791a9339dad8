import type { ParseCode } from './codes.js';
import type { Profile } from './profiles.js';
import { hasLoneSurrogate } from './strings.js';
import { utf8Slice } from './utf8-slice.js';

/**
 * What the parser reports as it walks a document's bytes. The parser owns the grammar,
 * depth, surrogate and number-literal rules; a sink only builds something from the
 * events (canonical bytes, or a JavaScript value). Strings and names arrive as a byte
 * range of the document plus `decoded`: null when the string was written without
 * escapes (its text is then exactly the UTF-8 of the range, quotes excluded), else the
 * decoded text. Returning false from `number` means the profile cannot reproduce that
 * literal; returning false from `key` means a repeated name the sink was told to refuse.
 * A sink without `string` never reads string values: the parser checks them and decodes
 * their escapes only where a rule needs the text (a `\u` escape, for surrogates).
 */
export interface ParseSink {
  openObject(): void;
  openArray(): void;
  key(bytes: Uint8Array, start: number, end: number, decoded: string | null): boolean;
  string?(bytes: Uint8Array, start: number, end: number, decoded: string | null): void;
  number(bytes: Uint8Array, start: number, end: number, isFloat: boolean): boolean;
  constant(value: true | false | null): void;
  close(): void;
}

export interface ParseFailure {
  code: ParseCode;
  detail: string;
}

/** The character an escape stands for, by the byte after the backslash. */
const ESCAPED: Record<number, string> = {
  34: '"',
  92: '\\',
  47: '/',
  98: '\b',
  102: '\f',
  110: '\n',
  114: '\r',
  116: '\t',
};

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;
/** A byte that ends a run of string content needing no decoding: quote, backslash, control. */
const endsPlainRun = (c: number): boolean => c === 0x22 || c === 0x5c || c < 0x20;

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/**
 * A strict RFC 8259 parser over document bytes that are already known to be
 * well-formed UTF-8. Iterative: open containers live on an explicit stack, so a deeply
 * nested document costs one array slot per level and is refused with `too-deep` past
 * `maxDepth`, never by exhausting the call stack. Failure details name offsets, never
 * the document's own characters.
 */
export class Parser {
  private pos = 0;
  private failure: ParseFailure | null = null;
  /** Set by readString: the content range and the decoded text (null when plain). */
  private start = 0;
  private end = 0;
  private decoded: string | null = null;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly profile: Profile,
    private readonly maxDepth: number,
    private readonly sink: ParseSink,
  ) {}

  run(): ParseFailure | null {
    const { bytes, sink } = this;
    const n = bytes.length;
    // 1 for an open object, 0 for an open array.
    const open: number[] = [];
    this.skipWhitespace();
    for (;;) {
      // A value starts at pos.
      if (this.pos >= n) return this.fail('invalid-json', 'document ends where a value was expected');
      const c = bytes[this.pos]!;
      if (c === 0x7b || c === 0x5b) {
        if (open.length >= this.maxDepth)
          return this.fail('too-deep', `nesting deeper than ${this.maxDepth}`);
        this.pos++;
        this.skipWhitespace();
        if (c === 0x7b) {
          sink.openObject();
          open.push(1);
          if (bytes[this.pos] !== 0x7d) {
            if (!this.readKey()) return this.failure;
            continue;
          }
        } else {
          sink.openArray();
          open.push(0);
          if (bytes[this.pos] !== 0x5d) continue;
        }
        // An empty container: consume its closing bracket below.
        this.pos++;
        sink.close();
        open.pop();
      } else if (!this.readScalar(c)) return this.failure;

      // After a value: close finished containers, then find the next value.
      for (;;) {
        this.skipWhitespace();
        const depth = open.length;
        if (depth === 0) {
          return this.pos === n
            ? null
            : this.fail('invalid-json', `unexpected text after the document at offset ${this.pos}`);
        }
        const d = bytes[this.pos];
        const inObject = open[depth - 1] === 1;
        if (d === 0x2c) {
          this.pos++;
          this.skipWhitespace();
          if (inObject && !this.readKey()) return this.failure;
          break;
        }
        if (d !== (inObject ? 0x7d : 0x5d)) return this.unexpected();
        this.pos++;
        sink.close();
        open.pop();
      }
    }
  }

  private fail(code: ParseCode, detail: string): ParseFailure {
    this.failure = { code, detail };
    return this.failure;
  }

  private unexpected(): ParseFailure {
    return this.pos >= this.bytes.length
      ? this.fail('invalid-json', 'document ends inside a value')
      : this.fail('invalid-json', `unexpected character at offset ${this.pos}`);
  }

  private skipWhitespace(): void {
    const { bytes } = this;
    let p = this.pos;
    for (;;) {
      const c = bytes[p];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  /** A member name, its colon, and the whitespace up to the value. */
  private readKey(): boolean {
    const { bytes } = this;
    if (bytes[this.pos] !== 0x22) {
      this.unexpected();
      return false;
    }
    if (!this.readString()) return false;
    const { start, end, decoded } = this;
    this.skipWhitespace();
    if (bytes[this.pos] !== 0x3a) {
      this.unexpected();
      return false;
    }
    this.pos++;
    this.skipWhitespace();
    if (this.sink.key(bytes, start, end, decoded)) return true;
    this.fail('duplicate-key', 'an object repeats a member name');
    return false;
  }

  private readScalar(c: number): boolean {
    const { sink } = this;
    if (c === 0x22) {
      if (sink.string === undefined) return this.skipString() || this.readString();
      if (!this.readString()) return false;
      sink.string(this.bytes, this.start, this.end, this.decoded);
      return true;
    }
    if (c === 0x2d || isDigit(c)) return this.readNumber();
    const word = c === 0x74 ? TRUE : c === 0x66 ? FALSE : c === 0x6e ? NULL : null;
    if (word === null || !this.matches(word)) {
      this.unexpected();
      return false;
    }
    this.pos += word.length;
    sink.constant(word === TRUE ? true : word === FALSE ? false : null);
    return true;
  }

  private matches(word: number[]): boolean {
    for (let i = 0; i < word.length; i++) if (this.bytes[this.pos + i] !== word[i]) return false;
    return true;
  }

  /**
   * A string value no sink reads, checked without building its text: true when it closes
   * with one-character escapes at most. Anything else (a `\u` escape, whose surrogates
   * need the text, or a fault) consumes nothing and returns false, for readString.
   */
  private skipString(): boolean {
    const { bytes } = this;
    const n = bytes.length;
    let p = this.pos + 1;
    for (;;) {
      while (p < n && !endsPlainRun(bytes[p]!)) p++;
      if (bytes[p] === 0x22) {
        this.pos = p + 1;
        return true;
      }
      const e = bytes[p + 1];
      // ESCAPED holds the one-character escapes only: a `\u` escape stops here too.
      if (bytes[p] !== 0x5c || e === undefined || ESCAPED[e] === undefined) return false;
      p += 2;
    }
  }

  /** A string starting at the opening quote; false (with the failure set) when refused. */
  private readString(): boolean {
    const { bytes } = this;
    const n = bytes.length;
    const start = this.pos + 1;
    let p = start;
    while (p < n && !endsPlainRun(bytes[p]!)) p++;
    this.start = start;
    if (bytes[p] === 0x22) {
      this.end = p;
      this.decoded = null;
      this.pos = p + 1;
      return true;
    }
    // Escapes (or an error): decode piece by piece.
    let out = utf8Slice(bytes, start, p);
    for (;;) {
      if (p >= n) {
        this.pos = p;
        this.fail('invalid-json', 'document ends inside a string');
        return false;
      }
      const c = bytes[p]!;
      if (c === 0x22) break;
      if (c !== 0x5c) {
        this.pos = p;
        this.fail('invalid-json', `raw control character in a string at offset ${p}`);
        return false;
      }
      const e = bytes[p + 1];
      if (e === 0x75) {
        const code = hex4(bytes, p + 2);
        if (code < 0) {
          this.pos = p;
          this.fail('invalid-json', `malformed \\u escape at offset ${p}`);
          return false;
        }
        out += String.fromCharCode(code);
        p += 6;
      } else {
        const ch = e === undefined ? undefined : ESCAPED[e];
        if (ch === undefined) {
          this.pos = p;
          this.fail('invalid-json', `unknown escape at offset ${p}`);
          return false;
        }
        out += ch;
        p += 2;
      }
      const run = p;
      while (p < n && !endsPlainRun(bytes[p]!)) p++;
      if (p > run) out += utf8Slice(bytes, run, p);
    }
    this.end = p;
    this.pos = p + 1;
    this.decoded = out;
    // Only an escape can introduce a surrogate: the document bytes are well-formed UTF-8.
    if (this.profile.loneSurrogates === 'refuse' && hasLoneSurrogate(out)) {
      this.fail('lone-surrogate', `string ending at offset ${p} escapes an unpaired surrogate`);
      return false;
    }
    return true;
  }

  private readNumber(): boolean {
    const { bytes } = this;
    const start = this.pos;
    let p = start;
    if (bytes[p] === 0x2d) p++;
    const first = bytes[p];
    if (first === 0x30) p++;
    else if (isDigit(first)) while (isDigit(bytes[++p]));
    else return this.numberError(p);
    let isFloat = false;
    if (bytes[p] === 0x2e) {
      if (!isDigit(bytes[++p])) return this.numberError(p);
      while (isDigit(bytes[++p]));
      isFloat = true;
    }
    const e = bytes[p];
    if (e === 0x65 || e === 0x45) {
      const s = bytes[++p];
      if (s === 0x2b || s === 0x2d) p++;
      if (!isDigit(bytes[p])) return this.numberError(p);
      while (isDigit(bytes[++p]));
      isFloat = true;
    }
    this.pos = p;
    if (this.sink.number(bytes, start, p, isFloat)) return true;
    this.fail(
      'number-hazard',
      `number at offset ${start} cannot be reproduced under profile ${this.profile.name}`,
    );
    return false;
  }

  private numberError(p: number): false {
    this.pos = p;
    this.unexpected();
    return false;
  }
}

/** The value of four hex digits at `at`, or -1. */
function hex4(bytes: Uint8Array, at: number): number {
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const c = bytes[at + k];
    if (c === undefined) return -1;
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v;
}
