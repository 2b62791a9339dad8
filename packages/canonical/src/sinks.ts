import { JsonFloat, type JsonValue } from './json-value.js';
import { isExactInDouble, spellNumberLiteral } from './numbers.js';
import type { ParseSink } from './parser.js';
import type { Profile } from './profiles.js';
import { keyComparator } from './strings.js';

export type DuplicateKeys = 'last-wins' | 'refuse';

/** One open container in the canonical sink. */
class Frame {
  /** Values (array) or members (object) written so far. */
  count = 0;
  /** Object only: member names as read, and the chunk index where each member starts. */
  readonly keys: string[] | null;
  readonly starts: number[] | null;
  /** Names seen so far, kept only when duplicates are refused (so the refusal comes at the name). */
  readonly seen: Set<string> | null;

  constructor(isObject: boolean, refuseDuplicates: boolean) {
    this.keys = isObject ? [] : null;
    this.starts = isObject ? [] : null;
    this.seen = isObject && refuseDuplicates ? new Set() : null;
  }
}

/**
 * Builds canonical text straight from parse events, without an intermediate value.
 * Output is a flat list of chunks (punctuation, strings as read, number spellings)
 * joined once at the end. An object's members are written in document order; when it
 * closes out of order (or with a repeated name), its members' chunk ranges are
 * permuted in place. Objects that arrive canonical cost nothing extra.
 */
export class CanonicalSink implements ParseSink {
  private readonly frames: Frame[] = [];
  private readonly chunks: string[] = [];
  private readonly compare: (a: string, b: string) => number;

  constructor(
    private readonly profile: Profile,
    private readonly duplicates: DuplicateKeys,
  ) {
    this.compare = keyComparator(profile);
  }

  get result(): string {
    return this.chunks.join('');
  }

  /** Separates array elements; object members are separated at their names. */
  private beforeValue(): void {
    const top = this.frames[this.frames.length - 1];
    if (top !== undefined && top.keys === null && top.count++ > 0) this.chunks.push(',');
  }

  openObject(): void {
    this.beforeValue();
    this.chunks.push('{');
    this.frames.push(new Frame(true, this.duplicates === 'refuse'));
  }
  openArray(): void {
    this.beforeValue();
    this.chunks.push('[');
    this.frames.push(new Frame(false, false));
  }
  key(name: string, plain: boolean): boolean {
    const top = this.frames[this.frames.length - 1]!;
    if (top.seen !== null) {
      if (top.seen.has(name)) return false;
      top.seen.add(name);
    }
    const { chunks } = this;
    if (top.count++ > 0) chunks.push(',');
    top.keys!.push(name);
    top.starts!.push(chunks.length);
    if (plain) chunks.push('"', name, '":');
    else chunks.push(JSON.stringify(name), ':');
    return true;
  }
  string(value: string, plain: boolean): void {
    this.beforeValue();
    if (plain) this.chunks.push('"', value, '"');
    else this.chunks.push(JSON.stringify(value));
  }
  number(literal: string, isFloat: boolean): boolean {
    const spelled = spellNumberLiteral(literal, isFloat, this.profile.numbers);
    if (spelled === null) return false;
    this.beforeValue();
    this.chunks.push(spelled);
    return true;
  }
  constant(value: true | false | null): void {
    this.beforeValue();
    this.chunks.push(value === null ? 'null' : value ? 'true' : 'false');
  }
  close(): void {
    const top = this.frames.pop()!;
    if (top.keys !== null) this.orderMembers(top.keys, top.starts!);
    this.chunks.push(top.keys === null ? ']' : '}');
  }

  /** Puts the members of the object whose chunks end here into canonical order. */
  private orderMembers(keys: string[], starts: number[]): void {
    const n = keys.length;
    const { compare, chunks } = this;
    let canonical = true;
    for (let i = 1; i < n && canonical; i++) canonical = compare(keys[i - 1]!, keys[i]!) < 0;
    if (canonical) return;
    // Stable: equal names stay in document order, so the last of a run is the one kept.
    const order = keys.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
    const end = chunks.length;
    // Member i spans starts[i] up to the comma before member i + 1 (or the end).
    const stop = (i: number) => (i + 1 < n ? starts[i + 1]! - 1 : end);
    const moved: string[] = [];
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      const next = order[k + 1];
      if (next !== undefined && keys[next] === keys[i]) continue;
      if (moved.length > 0) moved.push(',');
      for (let c = starts[i]!; c < stop(i); c++) moved.push(chunks[c]!);
    }
    chunks.length = starts[0]!;
    for (let c = 0; c < moved.length; c++) chunks.push(moved[c]!);
  }
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
  key(name: string): boolean {
    const top = this.frames[this.frames.length - 1]!;
    const object = top.container as { [key: string]: JsonValue };
    if (Object.hasOwn(object, name)) {
      if (this.duplicates === 'refuse') return false;
      delete object[name]; // the last occurrence wins, and takes the last position too
    }
    top.key = name;
    return true;
  }
  string(value: string): void {
    this.add(value);
  }
  number(literal: string, isFloat: boolean): boolean {
    if (spellNumberLiteral(literal, isFloat, this.profile.numbers) === null) return false;
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
