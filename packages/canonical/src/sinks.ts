import { JsonFloat, type JsonValue } from './json-value.js';
import { isExactInDouble, spellNumberLiteral } from './numbers.js';
import { ByteOutput } from './output.js';
import type { ParseSink } from './parser.js';
import type { DuplicateKeys, Profile } from './profiles.js';
import { keyComparator } from './strings.js';
import { utf8Slice } from './utf8-slice.js';

/** Objects up to this many members are searched for a repeated name by scanning their names. */
const SCAN_LIMIT = 16;

/** One open container in the canonical sink. */
class Frame {
  /** Values (array) or members (object) written so far. */
  count = 0;
  /** Object only: member names, and the output offset where each member starts. */
  readonly keys: string[] | null;
  readonly starts: number[] | null;
  /** Names of a large object, indexed once it outgrows a scan (duplicates refused only). */
  private index: Set<string> | null = null;

  constructor(
    isObject: boolean,
    readonly refuseDuplicates: boolean,
  ) {
    this.keys = isObject ? [] : null;
    this.starts = isObject ? [] : null;
  }

  /** True when `name` is already a member (checked at the name, so the refusal comes there). */
  repeats(name: string): boolean {
    const keys = this.keys!;
    if (keys.length < SCAN_LIMIT) return keys.includes(name);
    this.index ??= new Set(keys);
    if (this.index.has(name)) return true;
    this.index.add(name);
    return false;
  }
}

/**
 * Builds canonical bytes straight from parse events, without an intermediate value.
 * Strings written without escapes, and short integers, are copied from the document
 * as they are. An object's members are written in document order; when it closes out
 * of order (or with a repeated name), its members' byte ranges are permuted in place,
 * so objects that arrive canonical cost nothing extra.
 */
export class CanonicalSink implements ParseSink {
  private readonly frames: Frame[] = [];
  private readonly out = new ByteOutput();
  private readonly compare: (a: string, b: string) => number;

  constructor(
    private readonly profile: Profile,
    private readonly duplicates: DuplicateKeys,
  ) {
    this.compare = keyComparator(profile);
  }

  result(): Uint8Array {
    return this.out.take();
  }

  /** Separates array elements; object members are separated at their names. */
  private beforeValue(): void {
    const top = this.frames[this.frames.length - 1];
    if (top !== undefined && top.keys === null && top.count++ > 0) this.out.byte(0x2c);
  }

  openObject(): void {
    this.beforeValue();
    this.out.byte(0x7b);
    this.frames.push(new Frame(true, this.duplicates === 'refuse'));
  }
  openArray(): void {
    this.beforeValue();
    this.out.byte(0x5b);
    this.frames.push(new Frame(false, false));
  }
  key(bytes: Uint8Array, start: number, end: number, decoded: string | null): boolean {
    const top = this.frames[this.frames.length - 1]!;
    const name = decoded ?? utf8Slice(bytes, start, end);
    if (top.refuseDuplicates && top.repeats(name)) return false;
    const { out } = this;
    if (top.count++ > 0) out.byte(0x2c);
    top.keys!.push(name);
    top.starts!.push(out.position);
    this.text(bytes, start, end, decoded);
    out.byte(0x3a);
    return true;
  }
  string(bytes: Uint8Array, start: number, end: number, decoded: string | null): void {
    this.beforeValue();
    this.text(bytes, start, end, decoded);
  }
  /** A string as read (quotes included) when it had no escapes, else re-spelled. */
  private text(bytes: Uint8Array, start: number, end: number, decoded: string | null): void {
    if (decoded === null) this.out.copy(bytes, start - 1, end + 1);
    // The parser already refused lone surrogates where the profile does not escape them.
    else this.out.quoted(decoded, true);
  }
  number(bytes: Uint8Array, start: number, end: number, isFloat: boolean): boolean {
    // A short integer literal is its own spelling in every profile ("-0" aside).
    if (
      !isFloat &&
      end - start <= 15 &&
      !(end - start === 2 && bytes[start] === 0x2d && bytes[start + 1] === 0x30)
    ) {
      this.beforeValue();
      this.out.copy(bytes, start, end);
      return true;
    }
    const spelled = spellNumberLiteral(utf8Slice(bytes, start, end), isFloat, this.profile);
    if (spelled === null) return false;
    this.beforeValue();
    this.out.ascii(spelled);
    return true;
  }
  constant(value: true | false | null): void {
    this.beforeValue();
    this.out.ascii(value === null ? 'null' : value ? 'true' : 'false');
  }
  close(): void {
    const top = this.frames.pop()!;
    if (top.keys !== null) this.orderMembers(top.keys, top.starts!);
    this.out.byte(top.keys === null ? 0x5d : 0x7d);
  }

  /** Puts the members of the object whose bytes end here into canonical order. */
  private orderMembers(keys: string[], starts: number[]): void {
    const n = keys.length;
    const { compare, out } = this;
    let canonical = true;
    for (let i = 1; i < n && canonical; i++) canonical = compare(keys[i - 1]!, keys[i]!) < 0;
    if (canonical) return;
    const order = stableOrder(keys, compare);
    const end = out.position;
    // Member i spans starts[i] up to the comma before member i + 1 (or the end). Equal
    // names sit together in document order: the last of a run is the one kept.
    const ranges: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      const next = order[k + 1];
      if (next !== undefined && keys[next] === keys[i]) continue;
      ranges.push(starts[i]!, i + 1 < n ? starts[i + 1]! - 1 : end);
    }
    out.permute(starts[0]!, ranges, 0x2c);
  }
}

/**
 * Positions of `keys` in sorted order, ties in document order. Insertion sort for the
 * small objects records are made of; the engine's stable sort beyond that.
 */
function stableOrder(keys: string[], compare: (a: string, b: string) => number): number[] {
  const n = keys.length;
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n > 16) return order.sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  for (let i = 1; i < n; i++) {
    const at = order[i]!;
    let j = i - 1;
    while (j >= 0 && compare(keys[order[j]!]!, keys[at]!) > 0) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = at;
  }
  return order;
}

interface ValueFrame {
  container: JsonValue[] | { [key: string]: JsonValue };
  key: string;
}

/**
 * Builds the JavaScript value (see JsonValue): integer literals exact (bigint beyond
 * +/-(2^53 - 1)), float literals as numbers or, with `floats: 'marked'`, as JsonFloat.
 */
export class ValueSink implements ParseSink {
  private readonly frames: ValueFrame[] = [];
  result: JsonValue = null;

  constructor(
    private readonly profile: Profile,
    private readonly duplicates: DuplicateKeys,
    private readonly markFloats: boolean,
  ) {}

  private add(value: JsonValue): void {
    const top = this.frames[this.frames.length - 1];
    if (top === undefined) {
      this.result = value;
      return;
    }
    const { container, key } = top;
    if (Array.isArray(container)) container.push(value);
    // defineProperty, so a member named "__proto__" is data, never a prototype.
    else
      Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
  }

  openObject(): void {
    this.frames.push({ container: {}, key: '' });
  }
  openArray(): void {
    this.frames.push({ container: [], key: '' });
  }
  key(bytes: Uint8Array, start: number, end: number, decoded: string | null): boolean {
    const name = decoded ?? utf8Slice(bytes, start, end);
    const top = this.frames[this.frames.length - 1]!;
    const object = top.container as { [key: string]: JsonValue };
    if (Object.hasOwn(object, name)) {
      if (this.duplicates === 'refuse') return false;
      delete object[name]; // the last occurrence wins, and takes the last position too
    }
    top.key = name;
    return true;
  }
  string(bytes: Uint8Array, start: number, end: number, decoded: string | null): void {
    this.add(decoded ?? utf8Slice(bytes, start, end));
  }
  number(bytes: Uint8Array, start: number, end: number, isFloat: boolean): boolean {
    const literal = utf8Slice(bytes, start, end);
    if (spellNumberLiteral(literal, isFloat, this.profile) === null) return false;
    if (isFloat) {
      const x = Number(literal);
      this.add(this.markFloats ? new JsonFloat(x) : x);
    } else if (literal.length <= 15) this.add(literal === '-0' ? 0 : Number(literal));
    else {
      const n = BigInt(literal);
      this.add(isExactInDouble(n) ? Number(n) : n);
    }
    return true;
  }
  constant(value: true | false | null): void {
    this.add(value);
  }
  close(): void {
    this.add(this.frames.pop()!.container);
  }
}
