import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { StructuredFieldCode } from './codes.js';
import { countOption, MAX_HEADER_LENGTH } from './profile.js';

/*
 * The slice of RFC 8941 (Structured Field Values) that Signature-Input, Signature,
 * Signature-Agent and Content-Digest need: dictionaries whose members are inner lists of
 * sf-strings with parameters (Signature-Input), byte sequences (Signature,
 * Content-Digest) or sf-strings with parameters (Signature-Agent). The parser is
 * deliberately stricter than RFC 8941 where the RFC would silently pick one reading:
 * duplicate dictionary keys and duplicate parameters are refused (RFC 8941 lets the last
 * one win, which hides a second, unsigned meaning), and a member value must be written the
 * way RFC 8941 serialises it (single spaces, no space after `;`, integers without leading
 * zeros, a true boolean parameter bare), so the text a sender wrote and the canonical
 * serialisation are the same bytes and a signature base built from either agrees.
 */

/** A parameter value: sf-integer, sf-string, sf-token, or a bare name (boolean true). */
export type ParameterValue =
  | { type: 'integer'; value: number }
  | { type: 'string'; value: string }
  | { type: 'token'; value: string }
  | { type: 'boolean'; value: true };

export interface Parameter {
  name: string;
  value: ParameterValue;
}

/**
 * A covered component (RFC 9421 section 2): its name and its parameters (`key`, `req`,
 * `sf`, `bs`...), judged by the profile, and the identifier exactly as written
 * (`"signature-agent";key="sig1"`), which is how it opens its line of the signature base.
 */
export interface ComponentId {
  name: string;
  parameters: Parameter[];
  /** The identifier as written: the quoted name and its parameters. */
  text: string;
}

/** One Signature-Input member: `label=("c1" "c2";key="k");p1=v1;...`. */
export interface SignatureInputMember {
  label: string;
  components: ComponentId[];
  parameters: Parameter[];
  /** The member value exactly as the sender wrote it: the `@signature-params` line. */
  text: string;
}

/** One Signature member: `label=:base64:`; the base64 is decoded by the verifier. */
export interface SignatureMember {
  label: string;
  base64: string;
}

/** One member of a dictionary of sf-strings (Signature-Agent): `label="value";p=v`. */
export interface StringMember {
  label: string;
  value: string;
  parameters: Parameter[];
  /** The member value exactly as written (the string and its parameters). */
  text: string;
}

const isLcAlpha = (c: number) => c >= 0x61 && c <= 0x7a;
const isAlpha = (c: number) => isLcAlpha(c) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isKeyStart = (c: number) => isLcAlpha(c) || c === 0x2a; // '*'
const isKeyChar = (c: number) => isKeyStart(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e; // _ - .
/** RFC 9110 tchar, and the ':' and '/' RFC 8941 adds for tokens. */
const isTokenChar = (c: number) =>
  isAlpha(c) || isDigit(c) || "!#$%&'*+-.^_`|~:/".includes(String.fromCharCode(c));
const SP = 0x20;
/** A character of an sf-binary's base64: A-Z a-z 0-9 + / = (a pattern per character cost more than the rest of the parse). */
const isBase64Char = (c: number) =>
  (c >= 0x41 && c <= 0x5a) || isLcAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2f || c === 0x3d;
const HTAB = 0x09;

/** Failure raised inside the cursor; caught once at the entry points and turned into a Verdict. */
class Refusal<C extends string> {
  constructor(
    readonly code: C,
    readonly detail: string,
  ) {}
}

class Cursor<C extends string> {
  pos = 0;
  constructor(
    readonly text: string,
    /** The code of a spelling error; the duplicate codes are the caller's too. */
    readonly codes: { malformed: C; label: C; parameter: C },
  ) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): number {
    return this.text.charCodeAt(this.pos);
  }
  refuse(detail: string, code: C = this.codes.malformed): never {
    throw new Refusal(code, `${detail} at offset ${this.pos}`);
  }
  expect(char: string): void {
    if (this.text[this.pos] !== char) this.refuse(`expected '${char}'`);
    this.pos++;
  }
  skip(isSpace: (c: number) => boolean): void {
    while (!this.done && isSpace(this.peek())) this.pos++;
  }

  key(): string {
    const start = this.pos;
    if (this.done || !isKeyStart(this.peek())) this.refuse('expected a lowercase key');
    while (!this.done && isKeyChar(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** sf-string: printable ASCII, with `"` and `\` (and only those) backslash-escaped. */
  string(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      if (this.done) this.refuse('unterminated string');
      const c = this.peek();
      this.pos++;
      if (c === 0x22) return out;
      if (c === 0x5c) {
        const next = this.text[this.pos];
        if (next !== '"' && next !== '\\') this.refuse('invalid escape in string');
        out += next;
        this.pos++;
      } else if (c < 0x20 || c > 0x7e) {
        this.refuse('character outside printable ASCII in string');
      } else {
        out += String.fromCharCode(c);
      }
    }
  }

  /** sf-integer in its one serialised spelling: optional '-', 1..15 digits, no leading zero. */
  integer(): number {
    const start = this.pos;
    if (this.text[this.pos] === '-') this.pos++;
    const digitsStart = this.pos;
    while (!this.done && isDigit(this.peek())) this.pos++;
    const digits = this.pos - digitsStart;
    if (digits === 0 || digits > 15) this.refuse('integer must have 1 to 15 digits');
    if (digits > 1 && this.text.charCodeAt(digitsStart) === 0x30) this.refuse('integer with a leading zero');
    return Number(this.text.slice(start, this.pos));
  }

  /** sf-token: a letter or '*', then token characters. */
  token(): string {
    const start = this.pos;
    this.pos++;
    while (!this.done && isTokenChar(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  parameters(): Parameter[] {
    const out: Parameter[] = [];
    // A set, not a scan of `out`: a member with n parameters costs n lookups, not n^2 / 2.
    const names = new Set<string>();
    while (!this.done && this.text[this.pos] === ';') {
      this.pos++;
      const name = this.key();
      let value: ParameterValue;
      // A bare name is boolean true, RFC 8941's one spelling of it (`=?1` is not serialised).
      if (this.text[this.pos] !== '=') value = { type: 'boolean', value: true };
      else {
        this.pos++;
        const c = this.peek();
        value =
          c === 0x22
            ? { type: 'string', value: this.string() }
            : isDigit(c) || c === 0x2d
              ? { type: 'integer', value: this.integer() }
              : isAlpha(c) || c === 0x2a
                ? { type: 'token', value: this.token() }
                : this.refuse('parameter value must be an integer, a string or a token');
      }
      if (names.has(name)) this.refuse('repeated parameter name', this.codes.parameter);
      names.add(name);
      out.push({ name, value });
    }
    return out;
  }

  /** Dictionary skeleton shared by every field; `member` parses one value after `label=`. */
  dictionary<T extends { label: string }>(member: (label: string) => T): T[] {
    const members: T[] = [];
    const labels = new Set<string>();
    this.skip((c) => c === SP);
    if (this.done) this.refuse('empty dictionary');
    for (;;) {
      const label = this.key();
      if (labels.has(label)) this.refuse('label appears twice', this.codes.label);
      labels.add(label);
      this.expect('=');
      members.push(member(label));
      this.skip((c) => c === SP || c === HTAB);
      if (this.done) return members;
      this.expect(',');
      this.skip((c) => c === SP || c === HTAB);
      if (this.done) this.refuse('trailing comma');
    }
  }

  /** Runs a parse of the whole text: a Refusal it raises is the verdict; text that is not a string is refused first. */
  read<T>(parse: () => T): Verdict<T, C | 'not-a-string'> {
    if (typeof this.text !== 'string') return fail('not-a-string', 'a header value is not a string');
    try {
      return ok(parse());
    } catch (error) {
      if (error instanceof Refusal) return fail(error.code as C, error.detail);
      throw error;
    }
  }

  /** A dictionary of byte sequences without parameters (Signature, Content-Digest). */
  byteSequences(withParameters: C): SignatureMember[] {
    return this.dictionary((label) => {
      this.expect(':');
      const start = this.pos;
      while (!this.done && isBase64Char(this.peek())) this.pos++;
      const base64 = this.text.slice(start, this.pos);
      this.expect(':');
      if (this.text[this.pos] === ';') this.refuse('parameters on a byte sequence member', withParameters);
      return { label, base64 };
    });
  }
}

/** How much of a header the parsers read. */
export interface ParseOptions {
  /** Cap on the value's length in characters, checked before parsing; default MAX_HEADER_LENGTH (4096). */
  maxLength?: number;
}

/** The cap of a parser, judged before any parsing: the parse is linear, and the cap bounds it. */
function capped(
  text: unknown,
  field: string,
  options: ParseOptions | undefined,
): Verdict<true, 'header-too-long'> {
  const max = countOption(options?.maxLength, MAX_HEADER_LENGTH, `parse${field.replace('-', '')} maxLength`);
  if (typeof text === 'string' && text.length > max)
    return fail('header-too-long', `${field} is ${text.length} characters, over the cap of ${max}`);
  return ok(true);
}

const SIGNATURE_INPUT_CODES = {
  malformed: 'malformed-signature-input',
  label: 'duplicate-label',
  parameter: 'duplicate-parameter',
} as const;

/** Parses a Signature-Input field value of at most `maxLength` characters (default 4096). */
export function parseSignatureInput(
  text: string,
  options?: ParseOptions,
): Verdict<SignatureInputMember[], StructuredFieldCode> {
  const cap = capped(text, 'Signature-Input', options);
  if (!cap.ok) return cap;
  const cursor = new Cursor<StructuredFieldCode>(text, SIGNATURE_INPUT_CODES);
  return cursor.read(() =>
    cursor.dictionary((label) => {
      const start = cursor.pos;
      cursor.expect('(');
      const components: ComponentId[] = [];
      while (cursor.text[cursor.pos] !== ')') {
        if (components.length > 0) {
          cursor.expect(' ');
          if (cursor.text[cursor.pos] === ')' || cursor.text[cursor.pos] === ' ')
            cursor.refuse('extra space in inner list');
        }
        const from = cursor.pos;
        const name = cursor.string();
        if (/[A-Z]/.test(name)) cursor.refuse('component name is not lowercase', 'uppercase-component');
        const parameters = cursor.parameters();
        components.push({ name, parameters, text: text.slice(from, cursor.pos) });
      }
      cursor.expect(')');
      const parameters = cursor.parameters();
      return { label, components, parameters, text: text.slice(start, cursor.pos) };
    }),
  );
}

/** Parses a Signature field value (at most `maxLength` characters): every member is a byte sequence without parameters. */
export function parseSignature(
  text: string,
  options?: ParseOptions,
): Verdict<SignatureMember[], StructuredFieldCode> {
  const cap = capped(text, 'Signature', options);
  if (!cap.ok) return cap;
  const cursor = new Cursor<StructuredFieldCode>(text, {
    malformed: 'malformed-signature',
    label: 'duplicate-label',
    parameter: 'duplicate-parameter',
  });
  return cursor.read(() => cursor.byteSequences('signature-member-parameters'));
}

/**
 * A dictionary of sf-strings with parameters (Signature-Agent's dictionary form), every
 * refusal under one code: `malformed` (with what was wrong in the detail). The caller
 * bounds the length first.
 */
export function parseStringDictionary<C extends string>(
  text: string,
  malformed: C,
): Verdict<StringMember[], C | 'not-a-string'> {
  const cursor = new Cursor<C>(text, { malformed, label: malformed, parameter: malformed });
  return cursor.read(() =>
    cursor.dictionary((label) => {
      const start = cursor.pos;
      const value = cursor.string();
      const parameters = cursor.parameters();
      return { label, value, parameters, text: text.slice(start, cursor.pos) };
    }),
  );
}

/** A dictionary of byte sequences without parameters (Content-Digest), every refusal under `malformed`. */
export function parseByteSequences<C extends string>(
  text: string,
  malformed: C,
): Verdict<SignatureMember[], C | 'not-a-string'> {
  const cursor = new Cursor<C>(text, { malformed, label: malformed, parameter: malformed });
  return cursor.read(() => cursor.byteSequences(malformed));
}
