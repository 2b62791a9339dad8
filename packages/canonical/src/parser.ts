import type { ParseCode } from './codes.js';
import type { Profile } from './profiles.js';
import { hasLoneSurrogate } from './strings.js';

/**
 * What the parser reports as it walks a document. The parser owns the grammar, depth,
 * surrogate and number-literal rules; a sink only builds something from the events
 * (canonical text, or a JavaScript value). Returning false from `number` means the
 * profile cannot reproduce that literal; returning false from `key` means a
 * repeated member name that the sink was told to refuse.
 */
export interface ParseSink {
  openObject(): void;
  openArray(): void;
  /**
   * `plain`: the name was written without escapes, so its quoted form is `"name"`.
   * False: the object already has this name and duplicates are refused.
   */
  key(name: string, plain: boolean): boolean;
  string(value: string, plain: boolean): void;
  number(literal: string, isFloat: boolean): boolean;
  constant(value: true | false | null): void;
  close(): void;
}

export interface ParseFailure {
  code: ParseCode;
  detail: string;
}

/** Runs of string content that need no decoding: no quote, backslash or control character. */
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;

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

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * A strict RFC 8259 parser over already-decoded text. Iterative: open containers live
 * on an explicit stack, so a deeply nested document costs one array slot per level and
 * is refused with `too-deep` past `maxDepth`, never by exhausting the call stack.
 * Failure details name offsets, never the document's own characters.
 */
export class Parser {
  private pos = 0;
  private failure: ParseFailure | null = null;
  /** Set by readString: whether the last string had no escapes. */
  private plain = true;

  constructor(
    private readonly text: string,
    private readonly profile: Profile,
    private readonly maxDepth: number,
    private readonly sink: ParseSink,
  ) {}

  run(): ParseFailure | null {
    const { text, sink } = this;
    const n = text.length;
    // 1 for an open object, 0 for an open array.
    const open: number[] = [];
    this.skipWhitespace();
    for (;;) {
      // A value starts at pos.
      if (this.pos >= n) return this.fail('invalid-json', 'document ends where a value was expected');
      const c = text.charCodeAt(this.pos);
      if (c === 123 || c === 91) {
        if (open.length >= this.maxDepth)
          return this.fail('too-deep', `nesting deeper than ${this.maxDepth}`);
        this.pos++;
        this.skipWhitespace();
        if (c === 123) {
          sink.openObject();
          open.push(1);
          if (text.charCodeAt(this.pos) !== 125) {
            if (!this.readKey()) return this.failure;
            continue;
          }
        } else {
          sink.openArray();
          open.push(0);
          if (text.charCodeAt(this.pos) !== 93) continue;
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
        const d = text.charCodeAt(this.pos);
        const inObject = open[depth - 1] === 1;
        if (d === 44) {
          this.pos++;
          this.skipWhitespace();
          if (inObject && !this.readKey()) return this.failure;
          break;
        }
        if (d !== (inObject ? 125 : 93)) return this.unexpected();
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
    return this.pos >= this.text.length
      ? this.fail('invalid-json', 'document ends inside a value')
      : this.fail('invalid-json', `unexpected character at offset ${this.pos}`);
  }

  private skipWhitespace(): void {
    const { text } = this;
    let p = this.pos;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === 32 || c === 10 || c === 13 || c === 9) p++;
      else break;
    }
    this.pos = p;
  }

  /** A member name, its colon, and the whitespace up to the value. */
  private readKey(): boolean {
    if (this.text.charCodeAt(this.pos) !== 34) {
      this.unexpected();
      return false;
    }
    const name = this.readString();
    if (name === null) return false;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== 58) {
      this.unexpected();
      return false;
    }
    this.pos++;
    this.skipWhitespace();
    if (this.sink.key(name, this.plain)) return true;
    this.fail('duplicate-key', 'an object repeats a member name');
    return false;
  }

  private readScalar(c: number): boolean {
    const { text, sink } = this;
    if (c === 34) {
      const s = this.readString();
      if (s === null) return false;
      sink.string(s, this.plain);
      return true;
    }
    if (c === 45 || isDigit(c)) return this.readNumber();
    const value = c === 116 ? true : c === 102 ? false : c === 110 ? null : undefined;
    const word = value === true ? 'true' : value === false ? 'false' : 'null';
    if (value === undefined || !text.startsWith(word, this.pos)) {
      this.unexpected();
      return false;
    }
    this.pos += word.length;
    sink.constant(value);
    return true;
  }

  /** A string starting at the opening quote; null (with the failure set) when refused. */
  private readString(): string | null {
    const { text } = this;
    const start = this.pos + 1;
    PLAIN_RUN.lastIndex = start;
    PLAIN_RUN.test(text);
    let p = PLAIN_RUN.lastIndex;
    if (text.charCodeAt(p) === 34) {
      this.pos = p + 1;
      this.plain = true;
      return text.slice(start, p);
    }
    // Escapes (or an error): decode piece by piece.
    let out = text.slice(start, p);
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === 34) break;
      if (c !== 92) {
        this.pos = p;
        if (p >= text.length) this.fail('invalid-json', 'document ends inside a string');
        else this.fail('invalid-json', `raw control character in a string at offset ${p}`);
        return null;
      }
      const e = text.charCodeAt(p + 1);
      if (e === 117) {
        const code = hex4(text, p + 2);
        if (code < 0) {
          this.pos = p;
          this.fail('invalid-json', `malformed \\u escape at offset ${p}`);
          return null;
        }
        out += String.fromCharCode(code);
        p += 6;
      } else {
        const ch = ESCAPED[e];
        if (ch === undefined) {
          this.pos = p;
          this.fail('invalid-json', `unknown escape at offset ${p}`);
          return null;
        }
        out += ch;
        p += 2;
      }
      PLAIN_RUN.lastIndex = p;
      PLAIN_RUN.test(text);
      out += text.slice(p, PLAIN_RUN.lastIndex);
      p = PLAIN_RUN.lastIndex;
    }
    this.pos = p + 1;
    this.plain = false;
    // Only an escape can introduce a surrogate: the decoded text itself is well-formed.
    if (this.profile.loneSurrogates === 'refuse' && hasLoneSurrogate(out)) {
      this.fail('lone-surrogate', `string ending at offset ${p} escapes an unpaired surrogate`);
      return null;
    }
    return out;
  }

  private readNumber(): boolean {
    const { text } = this;
    const start = this.pos;
    let p = start;
    if (text.charCodeAt(p) === 45) p++;
    const first = text.charCodeAt(p);
    if (first === 48) p++;
    else if (isDigit(first)) while (isDigit(text.charCodeAt(++p)));
    else return this.numberError(p);
    let isFloat = false;
    if (text.charCodeAt(p) === 46) {
      if (!isDigit(text.charCodeAt(++p))) return this.numberError(p);
      while (isDigit(text.charCodeAt(++p)));
      isFloat = true;
    }
    const e = text.charCodeAt(p);
    if (e === 101 || e === 69) {
      const s = text.charCodeAt(++p);
      if (s === 43 || s === 45) p++;
      if (!isDigit(text.charCodeAt(p))) return this.numberError(p);
      while (isDigit(text.charCodeAt(++p)));
      isFloat = true;
    }
    this.pos = p;
    if (this.sink.number(text.slice(start, p), isFloat)) return true;
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
function hex4(text: string, at: number): number {
  let v = 0;
  for (let k = 0; k < 4; k++) {
    const c = text.charCodeAt(at + k);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v;
}
