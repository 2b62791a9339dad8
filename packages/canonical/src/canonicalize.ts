import type { CanonicalizeCode } from './codes.js';
import { JsonFloat } from './json-value.js';
import { nativeText } from './native-text.js';
import { spellNumberValue } from './numbers.js';
import { ByteOutput, type CanonicalOutput, type QuotedName, TextOutput } from './output.js';
import { type Profile, type ProfileName, profileOf } from './profiles.js';
import { quote, sortKeys } from './strings.js';
import { SeamError } from './verdict.js';

export interface CanonicalizeOptions {
  profile: ProfileName | Profile;
}

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** One open container on the writer's explicit stack (frames are reused by depth). */
interface Frame {
  container: object;
  /** Array elements, or the object's member values in insertion order. */
  values: unknown[];
  /** Objects: positions in `values` in canonical member order; null for an array. */
  order: number[] | null;
  /** Objects: the quoted names followed by ':', in canonical order. */
  names: QuotedName[];
  /** Objects: the member names, positions as in `values` (read only to name a refused value). */
  keys: string[] | null;
  index: number;
}

/** A member-name list seen before, with its canonical order and encoded names. */
interface Shape {
  keys: string[];
  order: number[];
  names: QuotedName[];
}

const SHAPE_CACHE = 8;
/** Open containers up to this depth are checked for a cycle by scanning; deeper ones by a set. */
const SCAN_DEPTH = 16;
const NAME_CACHE = 4096;
const NO_NAMES: QuotedName[] = [];
/** Longest member name quoted in full in a refusal's path. */
const PATH_NAME_LIMIT = 64;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One step of a path: `.name`, `["odd name"]` or `[3]`. */
function pathStep(key: string | number): string {
  if (typeof key === 'number') return `[${key}]`;
  if (IDENTIFIER.test(key) && key.length <= PATH_NAME_LIMIT) return `.${key}`;
  const shown = key.length <= PATH_NAME_LIMIT ? key : `${key.slice(0, PATH_NAME_LIMIT)}...`;
  return `[${JSON.stringify(shown)}]`;
}

/**
 * Encoded member names and recent member-name lists, kept per profile ACROSS calls: a
 * signer canonicalizes many small objects of one shape (six envelope fields, a card),
 * and sorting and encoding the same names every time was most of the cost. Both are
 * derived from the names and the profile alone, and both are bounded.
 */
interface ProfileCache {
  names: Map<string, QuotedName>;
  shapes: Shape[];
  nextShape: number;
}
const CACHES = new WeakMap<Profile, ProfileCache>();

function cacheOf(profile: Profile): ProfileCache {
  let cache = CACHES.get(profile);
  if (cache === undefined) {
    cache = { names: new Map(), shapes: [], nextShape: 0 };
    CACHES.set(profile, cache);
  }
  return cache;
}

/**
 * One canonicalization, into UTF-8 bytes or into a string. Iterative (an explicit stack
 * of open containers), with two caches that pay off on record-shaped data: quoted
 * member names, and the canonical order of member-name lists seen recently (objects of
 * one shape share it, and their values are read in one Object.values call).
 */
class Writer<T> {
  /** The open containers below SCAN_DEPTH are found by scanning the frames; deeper ones are kept here. */
  private deepPath: Set<object> | null = null;
  private readonly cache: ProfileCache;
  private readonly frames: Frame[] = [];
  private depth = 0;

  constructor(
    private readonly profile: Profile,
    private readonly out: CanonicalOutput<T>,
  ) {
    this.cache = cacheOf(profile);
  }

  /** The output's result, or null when the output reports itself full (see TextOutput). */
  write(value: unknown): T | null {
    const { out, frames } = this;
    if (!this.opens(value)) {
      this.scalar(value);
      return out.take();
    }
    outer: while (this.depth > 0) {
      const frame = frames[this.depth - 1]!;
      const { values, order, names } = frame;
      const n = values.length;
      while (frame.index < (order === null ? n : order.length)) {
        if (out.full()) return null;
        const i = frame.index++;
        if (i > 0) out.byte(0x2c);
        let v: unknown;
        if (order === null) v = values[i];
        else {
          out.name(names[i]!);
          v = values[order[i]!];
        }
        if (this.opens(v)) continue outer;
        this.scalar(v);
      }
      out.byte(order === null ? 0x5d : 0x7d);
      this.depth--;
      if (this.depth >= SCAN_DEPTH) this.deepPath!.delete(frame.container);
    }
    return out.take();
  }

  /**
   * When `v` is an array or a plain object, opens a frame for it, writes its opening
   * bracket and returns true; returns false for a value `scalar` writes (or refuses).
   */
  private opens(v: unknown): v is object {
    if (typeof v !== 'object' || v === null) return false;
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) {
      if (v instanceof JsonFloat) return false;
      this.refuse('unsupported-type', 'is an object that is neither an array nor a plain object');
    }
    const frame = this.opening(v);
    if (isArray) {
      frame.values = v;
      frame.order = null;
      frame.keys = null;
      this.out.byte(0x5b);
      return true;
    }
    const record = v as Record<string, unknown>;
    let keys = Object.keys(record);
    let values: unknown[];
    if (this.profile.undefinedMembers === 'drop') {
      keys = keys.filter((k) => record[k] !== undefined);
      values = keys.map((k) => record[k]);
    } else values = Object.values(record);
    const shape = this.shapeOf(keys);
    frame.values = values;
    frame.order = shape.order;
    frame.names = shape.names;
    frame.keys = keys;
    this.out.byte(0x7b);
    return true;
  }

  /** Pushes the frame of a container, refusing one that is already open (a cycle). */
  private opening(v: object): Frame {
    const { frames, depth } = this;
    const scanned = Math.min(depth, SCAN_DEPTH);
    for (let d = 0; d < scanned; d++) if (frames[d]!.container === v) this.refuse('cycle', 'contains itself');
    if (depth >= SCAN_DEPTH) {
      this.deepPath ??= new Set();
      if (this.deepPath.has(v)) this.refuse('cycle', 'contains itself');
      this.deepPath.add(v);
    }
    let frame = frames[depth];
    if (frame === undefined) {
      frame = { container: v, values: [], order: null, names: NO_NAMES, keys: null, index: 0 };
      frames.push(frame);
    }
    this.depth++;
    frame.container = v;
    frame.index = 0;
    return frame;
  }

  private shapeOf(keys: string[]): Shape {
    const n = keys.length;
    const cache = this.cache;
    search: for (const shape of cache.shapes) {
      if (shape.keys.length !== n) continue;
      for (let i = 0; i < n; i++) if (shape.keys[i] !== keys[i]) continue search;
      return shape;
    }
    const sorted = sortKeys(keys.slice(), this.profile);
    const position = new Map(keys.map((k, i) => [k, i]));
    const shape = {
      keys,
      order: sorted.map((k) => position.get(k)!),
      names: sorted.map((k) => this.name(k)),
    };
    cache.shapes[cache.nextShape] = shape;
    cache.nextShape = (cache.nextShape + 1) % SHAPE_CACHE;
    return shape;
  }

  /** The quoted member name followed by ':'. */
  private name(key: string): QuotedName {
    const names = this.cache.names;
    let name = names.get(key);
    if (name === undefined) {
      const q =
        quote(key, this.profile) ??
        this.refuse('lone-surrogate', 'has a member name holding an unpaired surrogate');
      name = { text: `${q}:`, utf8: UTF8.encode(`${q}:`) };
      if (names.size >= NAME_CACHE) names.clear();
      names.set(key, name);
    }
    return name;
  }

  private scalar(v: unknown): void {
    const { profile, out } = this;
    switch (typeof v) {
      case 'string':
        if (!out.quoted(v, profile.loneSurrogates === 'escape'))
          this.refuse('lone-surrogate', 'is a string holding an unpaired surrogate');
        return;
      case 'number':
        // A safe non-zero integer is spelled alike by every profile.
        if (v !== 0 && Number.isSafeInteger(v)) out.safeInteger(v);
        else out.ascii(this.number(v));
        return;
      case 'bigint':
        out.ascii(this.number(v));
        return;
      case 'boolean':
        out.ascii(v ? 'true' : 'false');
        return;
      case 'undefined':
        this.refuse('undefined-value', 'is undefined, which has no JSON spelling');
        return;
      default:
        if (v === null) out.ascii('null');
        else if (v instanceof JsonFloat) out.ascii(this.number(v));
        else this.refuse('unsupported-type', `is a ${typeof v}, which has no JSON spelling`);
    }
  }

  private number(v: number | bigint | JsonFloat): string {
    const { profile } = this;
    const s = spellNumberValue(v, profile.numbers);
    // Number spellings start with a digit or '-'; refusal codes start with a letter.
    const c = s.charCodeAt(0);
    if (c < 97 || c > 122) return s;
    // JSON.stringify writes NaN and +/-Infinity as null; a profile that follows it does too.
    if (s === 'not-finite' && profile.nonFinite === 'null') return 'null';
    return this.refuse(s as CanonicalizeCode, numberMessage(s as CanonicalizeCode));
  }

  /**
   * Throws the refusal, naming where the value sits (`$.contextId is undefined`), so a
   * signer learns which field to fix. Every open frame but a just-opened one has
   * advanced past the member it is writing; the path is read from the frames only now.
   */
  private refuse(code: CanonicalizeCode, what: string): never {
    let path = '$';
    for (let d = 0; d < this.depth; d++) {
      const { index, order, keys } = this.frames[d]!;
      if (index === 0) continue;
      path += pathStep(order === null || keys === null ? index - 1 : keys[order[index - 1]!]!);
    }
    throw new SeamError(code, `${path} ${what}`);
  }
}

function numberMessage(code: CanonicalizeCode): string {
  if (code === 'not-finite') return 'is NaN or Infinity, which has no JSON spelling';
  if (code === 'unsafe-integer') return 'is an integer outside the range this profile keeps exact';
  return 'is a number a Python and a JavaScript reader would write differently; do not sign it';
}

const UTF8 = new TextEncoder();

/**
 * The canonical UTF-8 bytes of `value` under `options.profile`. This is the SIGN side:
 * it throws SeamError for any value the profile cannot write faithfully (see
 * CanonicalizeCode). Iterative, so nesting depth is limited by memory, not the stack.
 */
export function canonicalize(value: unknown, options: CanonicalizeOptions): Uint8Array {
  // A ByteOutput is never full.
  return new Writer(profileOf(options?.profile), new ByteOutput()).write(value)!;
}

/** Past this many characters of text the value is large, and JSON.stringify may write it faster. */
const SMALL_TEXT = 2048;

/**
 * The canonical text of `value` under `options.profile` (see canonicalize): the same
 * writer with a string output, so the UTF-8 of this text is exactly canonicalize's. A
 * value whose text outgrows SMALL_TEXT is written again by the engine's JSON.stringify
 * when native-text.ts admits it, else by the writer in full.
 */
export function canonicalString(value: unknown, options: CanonicalizeOptions): string {
  const profile = profileOf(options?.profile);
  // A bare string is its quoted spelling (the writer names a refusal).
  if (typeof value === 'string') {
    const quoted = quote(value, profile);
    if (quoted !== null) return quoted;
  }
  return (
    new Writer(profile, new TextOutput(SMALL_TEXT)).write(value) ??
    nativeText(value, profile) ??
    new Writer(profile, new TextOutput(Number.POSITIVE_INFINITY)).write(value)!
  );
}
