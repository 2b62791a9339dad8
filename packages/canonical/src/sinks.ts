import { JsonFloat, type JsonValue } from './json-value.js';
import { isExactInDouble, spellNumberLiteral } from './numbers.js';
import type { ParseSink } from './parser.js';
import type { Profile } from './profiles.js';
import { keyComparator } from './strings.js';

export type DuplicateKeys = 'last-wins' | 'refuse';

/** An open object in the canonical sink: member names as read, quoted names, value texts. */
interface ObjectFrame {
  keys: string[];
  names: string[];
  texts: string[];
  /** Names seen so far, kept only when duplicates are refused (so the refusal comes at the name). */
  seen: Set<string> | null;
}

/**
 * Builds canonical text straight from parse events, without an intermediate value:
 * strings written without escapes are reused as read, and an object whose members
 * already arrive sorted and distinct is joined without sorting.
 */
export class CanonicalSink implements ParseSink {
  private readonly frames: (ObjectFrame | string[])[] = [];
  private readonly compare: (a: string, b: string) => number;
  result = '';

  constructor(
    private readonly profile: Profile,
    private readonly duplicates: DuplicateKeys,
  ) {
    this.compare = keyComparator(profile);
  }

  private put(text: string): void {
    const top = this.frames[this.frames.length - 1];
    if (top === undefined) this.result = text;
    else if (Array.isArray(top)) top.push(text);
    else top.texts.push(text);
  }

  openObject(): void {
    this.frames.push({
      keys: [],
      names: [],
      texts: [],
      seen: this.duplicates === 'refuse' ? new Set() : null,
    });
  }
  openArray(): void {
    this.frames.push([]);
  }
  key(name: string, plain: boolean): boolean {
    // Names are recorded as they arrive; the value that follows lands at the same index.
    const top = this.frames[this.frames.length - 1] as ObjectFrame;
    if (top.seen !== null) {
      if (top.seen.has(name)) return false;
      top.seen.add(name);
    }
    top.keys.push(name);
    top.names.push(plain ? `"${name}"` : JSON.stringify(name));
    return true;
  }
  string(value: string, plain: boolean): void {
    this.put(plain ? `"${value}"` : JSON.stringify(value));
  }
  number(literal: string, isFloat: boolean): boolean {
    const spelled = spellNumberLiteral(literal, isFloat, this.profile.numbers);
    if (spelled === null) return false;
    this.put(spelled);
    return true;
  }
  constant(value: true | false | null): void {
    this.put(value === null ? 'null' : value ? 'true' : 'false');
  }
  close(): void {
    const top = this.frames.pop()!;
    this.put(Array.isArray(top) ? `[${top.join(',')}]` : this.joinObject(top));
  }

  private joinObject({ keys, names, texts }: ObjectFrame): string {
    const n = keys.length;
    const { compare } = this;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = compare(keys[i - 1]!, keys[i]!) < 0;
    let out = '{';
    if (sorted) {
      for (let i = 0; i < n; i++) out += `${i === 0 ? '' : ','}${names[i]}:${texts[i]}`;
      return `${out}}`;
    }
    // Sort positions; equal names stay in document order, so the last of a run is the one kept.
    const order = keys.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
    let first = true;
    for (let i = 0; i < n; i++) {
      const at = order[i]!;
      const next = order[i + 1];
      if (next !== undefined && keys[next] === keys[at]) continue;
      out += `${first ? '' : ','}${names[at]}:${texts[at]}`;
      first = false;
    }
    return `${out}}`;
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
