import { type CanonicalFromJSONOptions, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH } from './from-json.js';
import { JsonFloat } from './json-value.js';
import { isExactInDouble, spellNumberLiteral } from './numbers.js';
import { ByteOutput } from './output.js';
import { Parser, type ParseSink } from './parser.js';
import { type Profile, profileOf } from './profiles.js';
import { keyComparator } from './strings.js';
import { isWellFormedUtf8 } from './utf8-check.js';
import { utf8Slice } from './utf8-slice.js';
import { SeamError } from './verdict.js';

/**
 * "Are these bytes already canonical?" in one pass, without writing the canonical form:
 * the parse boundary walks the document and each token is held to the spelling the
 * canonical writer would give it. A verifier of stored canonical bytes (a hashed record,
 * a signed payload) asks this of every item; canonicalFromJSON would build a second copy
 * only to compare it with the first.
 */

/** How a document relates to an expected value (see matchCanonicalJSON). */
export type CanonicalMatch = 'same' | 'other' | 'not-canonical';

/** The length of each constant as written. */
const CONSTANT_LENGTH = new Map<true | false | null, number>([
  [true, 4],
  [false, 5],
  [null, 4],
]);

/** One open container: a member count, the last member name, and what it is matched against. */
interface Frame {
  object: boolean;
  count: number;
  last: string | null;
  expected: unknown;
}

/**
 * The checking sink. The parser owns the grammar and reports every token; this sink
 * holds each one to the writer's spelling (names in order, strings and numbers spelled
 * as the writer spells their values) and adds up the length of the document the writer
 * would produce. The writer puts nothing between tokens, so that sum equals the
 * document's length exactly when the document holds no white space. When matching, it
 * also walks the expected value alongside, compared type for type as
 * parseJSON(..., { floats: 'marked' }) would read the document.
 */
class CanonicalCheck implements ParseSink {
  /** Bytes of the canonical spelling of the tokens so far. */
  length = 0;
  canonical = true;
  same: boolean;
  private readonly frames: Frame[] = [];
  /** The expected value at the next value event (matching only). */
  private want: unknown;
  private readonly compare: (a: string, b: string) => number;

  constructor(
    private readonly profile: Profile,
    matching: boolean,
    expected: unknown,
  ) {
    this.compare = keyComparator(profile);
    this.same = matching;
    this.want = expected;
  }

  /** Array elements take their comma and their expected element here; members at their names. */
  private beforeValue(): void {
    const top = this.frames[this.frames.length - 1];
    if (top === undefined || top.object) return;
    if (top.count > 0) this.length++;
    if (this.same) this.want = (top.expected as unknown[])[top.count];
    top.count++;
  }

  private open(object: boolean): void {
    this.beforeValue();
    this.length++;
    const want = this.want;
    if (this.same && !(object ? isPlainObject(want) : Array.isArray(want))) this.same = false;
    this.frames.push({ object, count: 0, last: null, expected: this.same ? want : undefined });
  }

  openObject(): void {
    this.open(true);
  }
  openArray(): void {
    this.open(false);
  }

  close(): void {
    const frame = this.frames.pop()!;
    this.length++;
    if (!this.same) return;
    const size = frame.object
      ? Object.keys(frame.expected as object).length
      : (frame.expected as unknown[]).length;
    if (size !== frame.count) this.same = false;
  }

  key(bytes: Uint8Array, start: number, end: number, decoded: string | null): boolean {
    const frame = this.frames[this.frames.length - 1]!;
    if (frame.count > 0) this.length++;
    frame.count++;
    this.text(bytes, start, end, decoded);
    this.length++; // the colon
    const name = decoded ?? utf8Slice(bytes, start, end);
    // Strictly increasing names: a repeat or a member out of order is not canonical.
    if (frame.last !== null && this.compare(frame.last, name) >= 0) this.canonical = false;
    frame.last = name;
    if (this.same) {
      const expected = frame.expected as Record<string, unknown>;
      // A missing member is expected as undefined, which no JSON value equals.
      this.want = Object.hasOwn(expected, name) ? expected[name] : undefined;
    }
    return true;
  }

  string(bytes: Uint8Array, start: number, end: number, decoded: string | null): void {
    this.beforeValue();
    this.text(bytes, start, end, decoded);
    if (this.same && !sameText(this.want, bytes, start, end, decoded)) this.same = false;
  }

  /** A string or name, spelled as the writer spells its text. */
  private text(bytes: Uint8Array, start: number, end: number, decoded: string | null): void {
    this.length += end - start + 2;
    // Without escapes the writer copies the bytes as they are; with them it re-spells the text.
    if (decoded !== null && !spelledAs(bytes, start - 1, end + 1, decoded)) this.canonical = false;
  }

  number(bytes: Uint8Array, start: number, end: number, isFloat: boolean): boolean {
    this.beforeValue();
    this.length += end - start;
    // A short integer literal other than "-0" is its own spelling in every profile.
    const short =
      !isFloat &&
      end - start <= 15 &&
      !(end - start === 2 && bytes[start] === 0x2d && bytes[start + 1] === 0x30);
    const literal = short && !this.same ? '' : utf8Slice(bytes, start, end);
    // A literal the profile cannot reproduce has no spelling (null): not canonical either.
    if (!short && spellNumberLiteral(literal, isFloat, this.profile) !== literal) this.canonical = false;
    if (this.same && !sameNumber(this.want, literal, isFloat)) this.same = false;
    return true;
  }

  constant(value: true | false | null): void {
    this.beforeValue();
    this.length += CONSTANT_LENGTH.get(value)!;
    if (this.same && !Object.is(this.want, value)) this.same = false;
  }
}

const isPlainObject = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** `bytes[from, to)` (quotes included) are exactly the writer's spelling of `text`. */
function spelledAs(bytes: Uint8Array, from: number, to: number, text: string): boolean {
  const out = new ByteOutput();
  out.quoted(text, true);
  const spelled = out.take();
  if (spelled.length !== to - from) return false;
  for (let i = 0; i < spelled.length; i++) if (spelled[i] !== bytes[from + i]) return false;
  return true;
}

/** The expected value is the string at `bytes[start, end)`; short ASCII is compared without decoding. */
function sameText(
  want: unknown,
  bytes: Uint8Array,
  start: number,
  end: number,
  decoded: string | null,
): boolean {
  if (typeof want !== 'string') return false;
  if (decoded !== null) return want === decoded;
  const n = end - start;
  if (n > 16 || want.length !== n) return want === utf8Slice(bytes, start, end);
  for (let i = 0; i < n; i++) {
    const b = bytes[start + i]!;
    if (b >= 0x80) return want === utf8Slice(bytes, start, end);
    if (b !== want.charCodeAt(i)) return false;
  }
  return true;
}

/** The expected value equals the number parseJSON(..., { floats: 'marked' }) reads from `literal`. */
function sameNumber(want: unknown, literal: string, isFloat: boolean): boolean {
  if (isFloat) {
    const float = want as { value?: unknown };
    return (
      typeof want === 'object' &&
      want !== null &&
      Object.getPrototypeOf(want) === JsonFloat.prototype &&
      Object.keys(want).length === 1 &&
      Object.hasOwn(want, 'value') &&
      typeof float.value === 'number' &&
      Object.is(float.value, Number(literal))
    );
  }
  if (literal.length <= 15) return Object.is(want, literal === '-0' ? 0 : Number(literal));
  const n = BigInt(literal);
  return Object.is(want, isExactInDouble(n) ? Number(n) : n);
}

function check(
  bytes: Uint8Array,
  options: CanonicalFromJSONOptions,
  matching: boolean,
  expected: unknown,
): CanonicalCheck | null {
  const profile = profileOf(options?.profile);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const duplicates = options.duplicateKeys;
  if (duplicates !== undefined && duplicates !== 'last-wins' && duplicates !== 'refuse')
    throw new SeamError('bad-options', "duplicateKeys must be 'last-wins' or 'refuse'");
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 0)
    throw new SeamError('bad-options', 'maxDepth must be a non-negative integer');
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new SeamError('bad-options', 'maxBytes must be a non-negative integer');
  if (!(bytes instanceof Uint8Array)) return null;
  // A byte order mark or UTF-16/32 fails the grammar below; invalid UTF-8 inside a string would not.
  if (bytes.length > maxBytes || !isWellFormedUtf8(bytes)) return null;
  const sink = new CanonicalCheck(profile, matching, expected);
  const failure = new Parser(bytes, profile, maxDepth, sink).run();
  return failure === null && sink.canonical && sink.length === bytes.length ? sink : null;
}

/**
 * True exactly when canonicalFromJSON(bytes, options) would succeed and return `bytes`
 * themselves: the document is the canonical spelling of its value under the profile.
 * One pass, no output. Never throws on the document; a value that is not a Uint8Array
 * is not canonical bytes (false). Bad options throw SeamError, as canonicalFromJSON's do.
 */
export function isCanonicalJSON(bytes: Uint8Array, options: CanonicalFromJSONOptions): boolean {
  return check(bytes, options, false, undefined) !== null;
}

/**
 * isCanonicalJSON, and whether the document is `expected`: `same` when it is canonical
 * and parseJSON(bytes, { ...options, floats: 'marked' }) would return a value equal to
 * `expected` type for type (1 and 1.0 differ, members in any order, bigints by value);
 * `other` when it is canonical and that value differs; `not-canonical` otherwise. One
 * pass, no value built. Meant for a readable copy held beside the canonical bytes it
 * must agree with.
 */
export function matchCanonicalJSON(
  bytes: Uint8Array,
  expected: unknown,
  options: CanonicalFromJSONOptions,
): CanonicalMatch {
  const sink = check(bytes, options, true, expected);
  return sink === null ? 'not-canonical' : sink.same ? 'same' : 'other';
}
