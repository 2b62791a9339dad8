import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { StructuredFieldCode } from './codes.js';
import { countOption, MAX_HEADER_LENGTH } from './profile.js';

/*
 * The slice of RFC 8941 (Structured Field Values) that Signature-Input and Signature
 * need: a dictionary whose members are inner lists of sf-strings with parameters
 * (Signature-Input) or byte sequences (Signature). The parser is deliberately
 * stricter than RFC 8941 where the RFC would silently pick one reading:
 * duplicate dictionary keys and duplicate parameters are refused (RFC 8941 lets the
 * last one win, which hides a second, unsigned meaning), and a member value must be
 * written the way RFC 8941 serialises it (single spaces, no space after `;`,
 * integers without leading zeros), so the text a sender wrote and the canonical
 * serialisation are the same bytes and a signature base built from either agrees.
 */

export type ParameterValue = { type: 'integer'; value: number } | { type: 'string'; value: string };

export interface Parameter {
  name: string;
  value: ParameterValue;
}

/** One Signature-Input member: `label=("c1" "c2");p1=v1;...`. */
export interface SignatureInputMember {
  label: string;
  components: string[];
  parameters: Parameter[];
  /** The member value exactly as the sender wrote it: the `@signature-params` line. */
  text: string;
}

/** One Signature member: `label=:base64:`; the base64 is decoded by the verifier. */
export interface SignatureMember {
  label: string;
  base64: string;
}

const isLcAlpha = (c: number) => c >= 0x61 && c <= 0x7a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isKeyStart = (c: number) => isLcAlpha(c) || c === 0x2a; // '*'
const isKeyChar = (c: number) => isKeyStart(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e; // _ - .
const SP = 0x20;
/** A character of an sf-binary's base64: A-Z a-z 0-9 + / = (a pattern per character cost more than the rest of the parse). */
const isBase64Char = (c: number) =>
  (c >= 0x41 && c <= 0x5a) || isLcAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2f || c === 0x3d;
const HTAB = 0x09;

/** Failure raised inside the cursor; caught once at the entry points and turned into a Verdict. */
class Refusal {
  constructor(
    readonly code: StructuredFieldCode,
    readonly detail: string,
  ) {}
}

class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly malformed: StructuredFieldCode,
  ) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(): number {
    return this.text.charCodeAt(this.pos);
  }
  refuse(detail: string, code: StructuredFieldCode = this.malformed): never {
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

  parameters(): Parameter[] {
    const out: Parameter[] = [];
    // A set, not a scan of `out`: a member with n parameters costs n lookups, not n^2 / 2.
    const names = new Set<string>();
    while (!this.done && this.text[this.pos] === ';') {
      this.pos++;
      const name = this.key();
      // A bare `;name` (boolean true) is valid RFC 8941 but never part of this profile.
      this.expect('=');
      const c = this.peek();
      const value: ParameterValue =
        c === 0x22
          ? { type: 'string', value: this.string() }
          : isDigit(c) || c === 0x2d
            ? { type: 'integer', value: this.integer() }
            : this.refuse('parameter value must be an integer or a string');
      if (names.has(name)) this.refuse('repeated parameter name', 'duplicate-parameter');
      names.add(name);
      out.push({ name, value });
    }
    return out;
  }

  /** Dictionary skeleton shared by both headers; `member` parses one value after `label=`. */
  dictionary<T extends { label: string }>(member: (label: string) => T): T[] {
    const members: T[] = [];
    const labels = new Set<string>();
    this.skip((c) => c === SP);
    if (this.done) this.refuse('empty dictionary');
    for (;;) {
      const label = this.key();
      if (labels.has(label)) this.refuse('label appears twice', 'duplicate-label');
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
}

/** How much of a header the parsers read. */
export interface ParseOptions {
  /** Cap on the value's length in characters, checked before parsing; default MAX_HEADER_LENGTH (4096). */
  maxLength?: number;
}

function run<T>(
  text: unknown,
  field: string,
  options: ParseOptions | undefined,
  parse: () => T,
): Verdict<T, StructuredFieldCode> {
  const max = countOption(options?.maxLength, MAX_HEADER_LENGTH, `parse${field.replace('-', '')} maxLength`);
  if (typeof text !== 'string') return fail('not-a-string', 'a header value is not a string');
  // Before any parsing: the parse is linear, and the cap bounds it.
  if (text.length > max)
    return fail('header-too-long', `${field} is ${text.length} characters, over the cap of ${max}`);
  try {
    return ok(parse());
  } catch (error) {
    if (error instanceof Refusal) return fail(error.code, error.detail);
    throw error;
  }
}

/** Parses a Signature-Input field value of at most `maxLength` characters (default 4096). */
export function parseSignatureInput(
  text: string,
  options?: ParseOptions,
): Verdict<SignatureInputMember[], StructuredFieldCode> {
  const cursor = new Cursor(text, 'malformed-signature-input');
  return run(text, 'Signature-Input', options, () =>
    cursor.dictionary((label) => {
      const start = cursor.pos;
      cursor.expect('(');
      const components: string[] = [];
      while (cursor.text[cursor.pos] !== ')') {
        if (components.length > 0) {
          cursor.expect(' ');
          if (cursor.text[cursor.pos] === ')' || cursor.text[cursor.pos] === ' ')
            cursor.refuse('extra space in inner list');
        }
        const name = cursor.string();
        if (cursor.text[cursor.pos] === ';')
          cursor.refuse('parameters on a component identifier', 'component-parameters');
        if (/[A-Z]/.test(name)) cursor.refuse('component name is not lowercase', 'uppercase-component');
        components.push(name);
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
  const cursor = new Cursor(text, 'malformed-signature');
  return run(text, 'Signature', options, () =>
    cursor.dictionary((label) => {
      cursor.expect(':');
      const start = cursor.pos;
      while (!cursor.done && isBase64Char(cursor.peek())) cursor.pos++;
      const base64 = cursor.text.slice(start, cursor.pos);
      cursor.expect(':');
      if (cursor.text[cursor.pos] === ';')
        cursor.refuse('parameters on a Signature member', 'signature-member-parameters');
      return { label, base64 };
    }),
  );
}
