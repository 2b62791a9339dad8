import type { CanonicalizeCode } from './codes.js';
import { JsonFloat } from './json-value.js';
import { spellNumberValue } from './numbers.js';
import { ByteOutput } from './output.js';
import { type Profile, type ProfileName, profileOf } from './profiles.js';
import { quote, sortKeys } from './strings.js';
import { SeamError } from './verdict.js';

export interface CanonicalizeOptions {
  profile: ProfileName | Profile;
}

const refuse = (code: CanonicalizeCode, message: string): never => {
  throw new SeamError(code, message);
};

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** One open container on the writer's explicit stack. */
interface Frame {
  container: object;
  /** Member names in canonical order, or null for an array. */
  keys: string[] | null;
  /** UTF-8 of the quoted names followed by ':', parallel to keys. */
  names: Uint8Array[] | null;
  index: number;
}

/** A member-name list seen before, with its canonical order and quoted names. */
interface Shape {
  keys: string[];
  sorted: string[];
  names: Uint8Array[];
}

const SHAPE_CACHE = 8;

const isContainer = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && !(v instanceof JsonFloat);

/**
 * One canonicalization into UTF-8 bytes. Iterative (an explicit stack of open
 * containers), with two caches that pay off on record-shaped data: encoded member
 * names, and the sorted order of member-name lists seen recently (objects of one
 * shape share it).
 */
class Writer {
  private readonly out = new ByteOutput();
  private readonly onPath = new Set<object>();
  private readonly encodedNames = new Map<string, Uint8Array>();
  private readonly shapes: Shape[] = [];
  private nextShape = 0;

  constructor(private readonly profile: Profile) {}

  write(value: unknown): Uint8Array {
    const { out } = this;
    if (!isContainer(value)) {
      this.scalar(value);
      return out.take();
    }
    const stack: Frame[] = [];
    this.open(value, stack);
    outer: while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const { keys, names } = frame;
      if (keys === null) {
        const items = frame.container as unknown[];
        while (frame.index < items.length) {
          const i = frame.index++;
          if (i > 0) out.byte(0x2c);
          const v = items[i];
          if (isContainer(v)) {
            this.open(v, stack);
            continue outer;
          }
          this.scalar(v);
        }
        out.byte(0x5d);
      } else {
        const record = frame.container as Record<string, unknown>;
        while (frame.index < keys.length) {
          const i = frame.index++;
          if (i > 0) out.byte(0x2c);
          out.bytes(names![i]!);
          const v = record[keys[i]!];
          if (isContainer(v)) {
            this.open(v, stack);
            continue outer;
          }
          this.scalar(v);
        }
        out.byte(0x7d);
      }
      this.onPath.delete(frame.container);
      stack.pop();
    }
    return out.take();
  }

  /** Pushes a container's frame and writes its opening bracket. */
  private open(v: object, stack: Frame[]): void {
    if (this.onPath.has(v)) refuse('cycle', 'the value contains itself');
    this.onPath.add(v);
    if (Array.isArray(v)) {
      stack.push({ container: v, keys: null, names: null, index: 0 });
      this.out.byte(0x5b);
      return;
    }
    if (!isPlainObject(v)) refuse('unsupported-type', 'only arrays and plain objects are JSON containers');
    const record = v as Record<string, unknown>;
    let keys = Object.keys(record);
    if (this.profile.undefinedMembers === 'drop') keys = keys.filter((k) => record[k] !== undefined);
    const shape = this.shapeOf(keys);
    stack.push({ container: v, keys: shape.sorted, names: shape.names, index: 0 });
    this.out.byte(0x7b);
  }

  private shapeOf(keys: string[]): Shape {
    const n = keys.length;
    search: for (const shape of this.shapes) {
      if (shape.keys.length !== n) continue;
      for (let i = 0; i < n; i++) if (shape.keys[i] !== keys[i]) continue search;
      return shape;
    }
    const sorted = sortKeys(keys.slice(), this.profile);
    const shape = { keys, sorted, names: sorted.map((k) => this.name(k)) };
    this.shapes[this.nextShape] = shape;
    this.nextShape = (this.nextShape + 1) % SHAPE_CACHE;
    return shape;
  }

  /** The UTF-8 of the quoted member name followed by ':'. */
  private name(key: string): Uint8Array {
    let encoded = this.encodedNames.get(key);
    if (encoded === undefined) {
      const q =
        quote(key, this.profile) ?? refuse('lone-surrogate', 'a member name holds an unpaired surrogate');
      encoded = UTF8.encode(`${q}:`);
      this.encodedNames.set(key, encoded);
    }
    return encoded;
  }

  private scalar(v: unknown): void {
    const { profile, out } = this;
    switch (typeof v) {
      case 'string':
        if (!out.quoted(v, profile.loneSurrogates === 'escape'))
          refuse('lone-surrogate', 'a string holds an unpaired surrogate');
        return;
      case 'number':
      case 'bigint':
        out.ascii(spellNumber(v, profile));
        return;
      case 'boolean':
        out.ascii(v ? 'true' : 'false');
        return;
      case 'undefined':
        refuse('undefined-value', 'undefined has no JSON spelling');
        return;
      default:
        if (v === null) out.ascii('null');
        else if (v instanceof JsonFloat) out.ascii(spellNumber(v, profile));
        else refuse('unsupported-type', `a ${typeof v} has no JSON spelling`);
    }
  }
}

function spellNumber(v: number | bigint | JsonFloat, profile: Profile): string {
  const s = spellNumberValue(v, profile.numbers);
  // Number spellings start with a digit or '-'; refusal codes start with a letter.
  const c = s.charCodeAt(0);
  return c >= 97 && c <= 122 ? refuse(s as CanonicalizeCode, numberMessage(s as CanonicalizeCode)) : s;
}

function numberMessage(code: CanonicalizeCode): string {
  if (code === 'not-finite') return 'NaN and Infinity have no JSON spelling';
  if (code === 'unsafe-integer') return 'integer outside the range this profile keeps exact';
  return 'this number would be written differently by a Python and a JavaScript reader; do not sign it';
}

const UTF8 = new TextEncoder();
const UTF8_DECODER = new TextDecoder();

/**
 * The canonical UTF-8 bytes of `value` under `options.profile`. This is the SIGN side:
 * it throws SeamError for any value the profile cannot write faithfully (see
 * CanonicalizeCode). Iterative, so nesting depth is limited by memory, not the stack.
 */
export function canonicalize(value: unknown, options: CanonicalizeOptions): Uint8Array {
  return new Writer(profileOf(options?.profile)).write(value);
}

/** The canonical text of `value` under `options.profile` (see canonicalize). */
export function canonicalString(value: unknown, options: CanonicalizeOptions): string {
  return UTF8_DECODER.decode(canonicalize(value, options));
}
