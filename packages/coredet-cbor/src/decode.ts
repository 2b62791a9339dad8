import { concatBytes, ok, SeamError } from '@agent-seam/canonical';
import { compareRanges } from './bytes.js';
import { fromHalfBits, readFloat32, readFloat64, toHalfBits } from './float.js';
import { CborFloat, type CborKey, type CborValue, SimpleValue } from './value.js';

/** Why `decode` refused its input. Stable; documented in the README and spec. */
export const DECODE_CODES = [
  'not-bytes',
  'truncated',
  'trailing-bytes',
  'malformed',
  'non-minimal-int',
  'non-minimal-float',
  'indefinite-length',
  'unsorted-keys',
  'duplicate-key',
  'tag',
  'nan-or-infinity',
  'invalid-utf8',
  'bad-simple',
  'unsupported-key',
  'too-deep',
  'too-large',
] as const;
export type DecodeCode = (typeof DECODE_CODES)[number];

export interface DecodeOptions {
  /**
   * Accept what ANet's generic Go decoder accepts: non-shortest heads and floats,
   * unsorted keys, indefinite lengths, NaN/±Infinity, undefined and other simple
   * values. Tags, duplicate keys, trailing bytes, malformed items, invalid UTF-8 and
   * the bounds stay refused. For reading foreign data only; never for verification.
   */
  lenient?: boolean;
  /** Deepest nesting of arrays and maps (default 32, as the Go decoder). */
  maxDepth?: number;
  /** Largest input in bytes, checked before anything else (default 16 MiB). */
  maxBytes?: number;
  /** Most elements in one array or entries in one map (default 131072, as the Go decoder). */
  maxItems?: number;
}

/**
 * A refusal of the decoder: `offset` is where the input first breaks the rules (the head
 * of the offending item or key, the first byte after the item for trailing bytes, the
 * end for an item cut short, `maxBytes` for an input over it), and the detail ends
 * with it. A value that is not bytes has no offset.
 */
export interface DecodeRefusal<C extends string = DecodeCode> {
  ok: false;
  code: C;
  detail: string;
  offset?: number;
}
export type Decoded<T, C extends string = DecodeCode> = { ok: true; value: T } | DecodeRefusal<C>;

const refuse = (code: DecodeCode, detail: string, offset: number): DecodeRefusal => ({
  ok: false,
  code,
  detail: `${detail} (at byte ${offset})`,
  offset,
});

export const DECODE_DEFAULTS = { maxDepth: 32, maxBytes: 16 * 1024 * 1024, maxItems: 131072 } as const;

/** One entry of a decoded top-level map with the exact bytes it was received as. */
export interface RawEntry {
  key: CborKey;
  keyBytes: Uint8Array;
  value: CborValue;
  /** A view into the input: the value's encoding exactly as received. */
  valueBytes: Uint8Array;
}

const KIND_ARRAY = 0;
const KIND_MAP = 1;
const KIND_BYTE_CHUNKS = 2;
const KIND_TEXT_CHUNKS = 3;

const NO_ITEMS: CborValue[] = [];

/** An open container on the explicit stack (the decoder never recurses). */
class Frame {
  /** Items still expected; -1 while an indefinite container waits for its break. */
  remaining: number;
  /** Elements of an array, or the chunks of an indefinite string. */
  items: CborValue[];
  /** A map's entries: an object while every key so far is text, else a Map. */
  obj: { [k: string]: CborValue } | null = null;
  map: Map<CborKey, CborValue> | null = null;
  /** For maps: the key read and waiting for its value. */
  key: CborKey | undefined = undefined;
  keyStart = -1;
  keyEnd = -1;
  prevKeyStart = -1;
  prevKeyEnd = -1;
  /** Lenient maps: identities of keys seen, since unsorted input hides duplicates. */
  seen: Set<string> | null = null;

  constructor(
    readonly kind: number,
    readonly start: number,
    count: number,
  ) {
    this.remaining = count;
    this.items = kind === KIND_MAP ? NO_ITEMS : [];
  }
}

class Refusal {
  constructor(
    readonly code: DecodeCode,
    readonly detail: string,
  ) {}
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Below this length a JavaScript loop beats a TextDecoder call (Node 20). */
const SHORT_TEXT = 6;

function decodeText(bytes: Uint8Array, start: number, end: number): string | null {
  if (end - start <= SHORT_TEXT) {
    let s = '';
    for (let i = start; i < end; i++) {
      const c = bytes[i]!;
      if (c >= 0x80) return decodeUtf8(bytes.subarray(start, end));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decodeUtf8(bytes.subarray(start, end));
}

/** Strict UTF-8 (overlong forms and surrogates refused, a BOM kept), or null. */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** A string identity for a key, equal exactly when the decoded keys are equal. */
function keyIdentity(k: CborKey): string {
  if (typeof k === 'string') return `t${k}`;
  if (k instanceof Uint8Array) {
    let s = 'b';
    for (const b of k) s += String.fromCharCode(b);
    return s;
  }
  return `i${k}`;
}

export function isKey(v: CborValue): v is CborKey {
  return typeof v === 'number'
    ? Number.isSafeInteger(v) && !Object.is(v, -0) // -0 is a float: no integer decodes to it
    : typeof v === 'bigint' || typeof v === 'string' || v instanceof Uint8Array;
}

/** Text-keyed maps become objects as they are read; the first other key turns the entries into a Map. */
function storeEntry(frame: Frame, key: CborKey, value: CborValue): void {
  if (frame.map === null && typeof key === 'string') {
    if (frame.obj === null) frame.obj = {};
    const obj = frame.obj;
    // A __proto__ key must become an own property, never the object's prototype.
    if (key === '__proto__')
      Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
    else obj[key] = value;
    return;
  }
  if (frame.map === null) {
    frame.map = new Map(frame.obj === null ? undefined : Object.entries(frame.obj));
    frame.obj = null;
  }
  frame.map.set(key, value);
}

function closeMap(frame: Frame): CborValue {
  return frame.obj ?? frame.map ?? new Map();
}

function closeFrame(frame: Frame): CborValue {
  switch (frame.kind) {
    case KIND_ARRAY:
      return frame.items;
    case KIND_MAP:
      return closeMap(frame);
    case KIND_BYTE_CHUNKS: {
      return concatBytes(frame.items as Uint8Array[]);
    }
    default:
      return (frame.items as string[]).join('');
  }
}

/**
 * The containers open while decoding, and what happens when an item is finished:
 * it goes into its container, which may close in turn.
 */
class Tree {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly stack: Frame[],
    private readonly entries: RawEntry[] | null,
  ) {}

  /**
   * Hand a finished item (bytes [start, end)) to its container, closing every
   * container it completes. Returns the final verdict when the top-level item is done,
   * else null.
   */
  complete(item: CborValue, itemStart: number, end: number): Decoded<CborValue> | null {
    const stack = this.stack;
    let value = item;
    let start = itemStart;
    for (;;) {
      const frame = stack.length > 0 ? stack[stack.length - 1]! : null;
      if (frame === null) {
        if (end !== this.bytes.length) return refuse('trailing-bytes', 'bytes follow the item', end);
        return ok(value);
      }
      if (frame.kind !== KIND_MAP) frame.items.push(value);
      else {
        const refusal =
          frame.key === undefined
            ? this.acceptKey(frame, value, start, end)
            : this.acceptValue(frame, value, start, end);
        if (refusal !== null) return refuse(refusal.code, refusal.detail, start);
      }
      if (frame.remaining > 0) frame.remaining--;
      if (frame.remaining !== 0) return null;
      stack.pop();
      value = closeFrame(frame);
      start = frame.start;
    }
  }

  private acceptKey(frame: Frame, key: CborValue, start: number, end: number): Refusal | null {
    if (!isKey(key)) return new Refusal('unsupported-key', 'map keys must be integers, text or byte strings');
    if (frame.seen !== null) {
      const id = keyIdentity(key);
      if (frame.seen.has(id)) return new Refusal('duplicate-key', 'a map key appears twice');
      frame.seen.add(id);
    } else if (frame.prevKeyStart >= 0) {
      const order = compareRanges(this.bytes, frame.prevKeyStart, frame.prevKeyEnd, this.bytes, start, end);
      if (order === 0) return new Refusal('duplicate-key', 'a map key appears twice');
      if (order > 0)
        return new Refusal('unsorted-keys', 'map keys are not in bytewise order of their encodings');
    }
    frame.key = key;
    frame.keyStart = start;
    frame.keyEnd = end;
    return null;
  }

  private acceptValue(frame: Frame, value: CborValue, start: number, end: number): Refusal | null {
    const key = frame.key!;
    storeEntry(frame, key, value);
    if (this.entries !== null && frame === this.stack[0])
      this.entries.push({
        key,
        keyBytes: this.bytes.subarray(frame.keyStart, frame.keyEnd),
        value,
        valueBytes: this.bytes.subarray(start, end),
      });
    frame.prevKeyStart = frame.keyStart;
    frame.prevKeyEnd = frame.keyEnd;
    frame.key = undefined;
    return null;
  }
}

/** A bound the caller set, or its default. One that is not a count would lift the bound: it throws. */
function bound(value: number | undefined, name: keyof typeof DECODE_DEFAULTS): number {
  if (value === undefined) return DECODE_DEFAULTS[name];
  if (!Number.isSafeInteger(value) || value < 0)
    throw new SeamError('bad-argument', `${name} must be a non-negative integer`);
  return value;
}

/**
 * The decoding machine. One item head is read per loop turn; containers go on an
 * explicit stack, so attacker-chosen depth costs heap, bounded by maxDepth, never
 * call stack.
 */
function run(
  input: Uint8Array,
  options: DecodeOptions | undefined,
  entries: RawEntry[] | null,
): Decoded<CborValue> {
  // The input is received data whatever its JavaScript type: a string or a plain array
  // of numbers is refused, never read.
  if (!(input instanceof Uint8Array))
    return { ok: false, code: 'not-bytes', detail: 'the input is not a Uint8Array' };
  // A subclass such as Node's Buffer has a slice() that returns a view; reading through
  // a plain Uint8Array makes every byte string a copy and every raw view a Uint8Array.
  const bytes =
    input.constructor === Uint8Array
      ? input
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const lenient = options?.lenient === true;
  const maxDepth = bound(options?.maxDepth, 'maxDepth');
  const maxBytes = bound(options?.maxBytes, 'maxBytes');
  const maxItems = bound(options?.maxItems, 'maxItems');
  if (bytes.length > maxBytes) return refuse('too-large', `input is over ${maxBytes} bytes`, maxBytes);
  const len = bytes.length;
  const stack: Frame[] = [];
  const tree = new Tree(bytes, stack, entries);
  let pos = 0;

  for (;;) {
    const start = pos;
    if (pos >= len) return refuse('truncated', 'input ends before an item', pos);
    const ib = bytes[pos++]!;
    const major = ib >>> 5;
    const ai = ib & 31;
    const top = stack.length > 0 ? stack[stack.length - 1]! : null;

    // Inside an indefinite string only definite chunks of the same major type or the break may appear.
    if (top !== null && top.kind >= KIND_BYTE_CHUNKS && ib !== 0xff) {
      const want = top.kind === KIND_BYTE_CHUNKS ? 2 : 3;
      if (major !== want || ai === 31)
        return refuse('malformed', 'indefinite string chunk of the wrong kind', start);
    }

    // The argument: inline, 1/2/4/8 following bytes, or indefinite (-1).
    let arg = 0;
    let bigArg = 0n;
    let big = false;
    if (ai < 24) arg = ai;
    else if (ai <= 27) {
      const width = 1 << (ai - 24);
      if (pos + width > len) return refuse('truncated', 'input ends inside an item head', start);
      if (width === 1) arg = bytes[pos]!;
      else if (width === 2) arg = (bytes[pos]! << 8) | bytes[pos + 1]!;
      else if (width === 4)
        arg =
          ((bytes[pos]! << 24) | (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!) >>> 0;
      else {
        const hi =
          ((bytes[pos]! << 24) | (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!) >>> 0;
        const lo =
          ((bytes[pos + 4]! << 24) | (bytes[pos + 5]! << 16) | (bytes[pos + 6]! << 8) | bytes[pos + 7]!) >>>
          0;
        if (hi < 0x200000) arg = hi * 0x100000000 + lo;
        else {
          big = true;
          bigArg = (BigInt(hi) << 32n) | BigInt(lo);
        }
      }
      pos += width;
      if (!lenient && major !== 7) {
        const minimal =
          width === 1
            ? arg >= 24
            : width === 2
              ? arg >= 0x100
              : width === 4
                ? arg >= 0x10000
                : big || arg >= 0x100000000;
        if (!minimal)
          return refuse('non-minimal-int', 'an integer or length is not in its shortest form', start);
      }
    } else if (ai === 31) {
      if (major === 7) {
        // The break closes the innermost indefinite container.
        if (top === null || top.remaining !== -1 || top.key !== undefined)
          return refuse('malformed', 'break outside an indefinite container', start);
        stack.pop();
        const done = tree.complete(closeFrame(top), top.start, pos);
        if (done !== null) return done;
        continue;
      }
      if (major < 2 || major === 6)
        return refuse('malformed', 'indefinite length on a type that has none', start);
      if (!lenient) return refuse('indefinite-length', 'indefinite-length items are not CoreDet', start);
      arg = -1;
    } else return refuse('malformed', 'reserved additional information 28-30', start);

    let value: CborValue;
    switch (major) {
      case 0:
        value = big ? bigArg : arg;
        break;
      case 1:
        value = big ? -1n - bigArg : arg < Number.MAX_SAFE_INTEGER ? -1 - arg : -1n - BigInt(arg);
        break;
      case 2:
      case 3: {
        if (arg === -1) {
          if (stack.length >= maxDepth) return refuse('too-deep', 'nesting beyond maxDepth', start);
          stack.push(new Frame(major === 2 ? KIND_BYTE_CHUNKS : KIND_TEXT_CHUNKS, start, -1));
          continue;
        }
        if (big || arg > len - pos) return refuse('truncated', 'a string is longer than the input', start);
        if (major === 2) value = bytes.slice(pos, pos + arg);
        else {
          const text = decodeText(bytes, pos, pos + arg);
          if (text === null) return refuse('invalid-utf8', 'text is not valid UTF-8', start);
          value = text;
        }
        pos += arg;
        break;
      }
      case 4:
      case 5: {
        // An indefinite length (arg -1, lenient only) passes both of these.
        if (big || arg > maxItems)
          return refuse('too-large', `a container holds more than ${maxItems} items`, start);
        // Every element takes at least one byte: a count the input cannot hold is refused before allocating.
        if (arg * (major === 5 ? 2 : 1) > len - pos)
          return refuse('truncated', 'a container is longer than the input', start);
        if (arg === 0) {
          value = major === 4 ? [] : new Map();
          break;
        }
        if (stack.length >= maxDepth) return refuse('too-deep', 'nesting beyond maxDepth', start);
        const frame = new Frame(
          major === 4 ? KIND_ARRAY : KIND_MAP,
          start,
          major === 5 && arg > 0 ? arg * 2 : arg,
        );
        if (lenient && major === 5) frame.seen = new Set();
        stack.push(frame);
        continue;
      }
      case 6:
        return refuse('tag', 'tags are not allowed', start);
      default: {
        const simple = simpleOrFloat(bytes, ai, arg, start, lenient);
        if (simple instanceof Refusal) return refuse(simple.code, simple.detail, start);
        value = simple;
      }
    }
    const done = tree.complete(value, start, pos);
    if (done !== null) return done;
  }
}

/** Major type 7: false/true/null, floats, and (lenient only) undefined and other simple values. */
function simpleOrFloat(
  bytes: Uint8Array,
  ai: number,
  arg: number,
  start: number,
  lenient: boolean,
): CborValue | Refusal {
  if (ai === 20) return false;
  if (ai === 21) return true;
  if (ai === 22) return null;
  if (ai < 24 || ai === 24) {
    // Two-byte simple values below 32 are not well-formed (RFC 8949 section 3.3).
    if (ai === 24 && arg < 32) return new Refusal('malformed', 'simple value below 32 in two-byte form');
    if (!lenient) return new Refusal('bad-simple', 'only false, true and null are allowed');
    return ai === 23 ? undefined : new SimpleValue(arg);
  }
  const at = start + 1;
  const v = ai === 25 ? fromHalfBits(arg) : ai === 26 ? readFloat32(bytes, at) : readFloat64(bytes, at);
  if (lenient) return floatValue(v);
  if (!Number.isFinite(v)) return new Refusal('nan-or-infinity', 'NaN and ±Infinity are not allowed');
  const shorter = ai === 26 ? toHalfBits(v) >= 0 : ai === 27 && Math.fround(v) === v;
  if (shorter) return new Refusal('non-minimal-float', 'a float is wider than its value needs');
  return floatValue(v);
}

const floatValue = (v: number): CborValue =>
  Number.isSafeInteger(v) && !Object.is(v, -0) ? new CborFloat(v) : v;

/**
 * Decode one CBOR item; strict CoreDet unless `options.lenient`. Never throws on the
 * input, whatever its type (anything but a Uint8Array is `not-bytes`); a bad option throws.
 */
export function decode(bytes: Uint8Array, options?: DecodeOptions): Decoded<CborValue> {
  return run(bytes, options, null);
}

/**
 * Decode a top-level map and return its entries in wire order, each with the exact
 * bytes of its key and value, so a signature preimage can be rebuilt from what was
 * received. Refuses with `not-a-map` when the item is anything else.
 */
export function decodeEntries(
  bytes: Uint8Array,
  options?: DecodeOptions,
): Decoded<RawEntry[], DecodeCode | 'not-a-map'> {
  const entries: RawEntry[] = [];
  const verdict = run(bytes, options, entries);
  if (!verdict.ok) return verdict;
  // A decoded item's first byte is its own head, so the major type says what it was.
  if (bytes[0]! >>> 5 !== 5)
    return { ok: false, code: 'not-a-map', detail: 'the item is not a map', offset: 0 };
  return ok(entries);
}

/** True when `bytes` is exactly one well-formed item (lenient rules); used to vet RawCbor. */
export function wellFormedItem(bytes: Uint8Array): boolean {
  return run(bytes, { lenient: true }, null).ok;
}
