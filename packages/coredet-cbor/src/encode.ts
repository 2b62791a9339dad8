import { SeamError } from '@agent-seam/canonical';
import { compareRanges } from './bytes.js';
import { wellFormedItem } from './decode.js';
import { toHalfBits, writeFloat32, writeFloat64 } from './float.js';
import { CborFloat, type CborValue, RawCbor } from './value.js';

/** Why `encode` refused a value (thrown as SeamError: the caller asked for bytes the profile forbids). */
export type EncodeCode =
  | 'unsupported-value'
  | 'unsupported-key'
  | 'nan-or-infinity'
  | 'int-out-of-range'
  | 'invalid-utf8'
  | 'duplicate-key'
  | 'bad-raw'
  | 'too-deep';

/** Nesting bound of encode; values come from the caller, the bound only stops cycles. */
export const ENCODE_MAX_DEPTH = 256;

const TWO_64 = 1n << 64n;
const MAJOR_UINT = 0;
const MAJOR_NEGINT = 1;
const MAJOR_BYTES = 2;
const MAJOR_TEXT = 3;
const MAJOR_ARRAY = 4;
const MAJOR_MAP = 5;

const SCRATCH_INITIAL = 4096;
const SCRATCH_KEEP = 1 << 20;

/**
 * A growable output buffer. One instance is reused across calls, so small values
 * cost no allocation beyond the returned copy.
 */
class Writer {
  buf = new Uint8Array(SCRATCH_INITIAL);
  pos = 0;

  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Head with the shortest argument form; `n` is a non-negative safe integer. */
  head(major: number, n: number): void {
    this.reserve(9);
    const b = this.buf;
    let p = this.pos;
    const m = major << 5;
    if (n < 24) b[p++] = m | n;
    else if (n < 0x100) {
      b[p++] = m | 24;
      b[p++] = n;
    } else if (n < 0x10000) {
      b[p++] = m | 25;
      b[p++] = n >>> 8;
      b[p++] = n & 0xff;
    } else if (n < 0x100000000) {
      b[p++] = m | 26;
      b[p++] = n >>> 24;
      b[p++] = (n >>> 16) & 0xff;
      b[p++] = (n >>> 8) & 0xff;
      b[p++] = n & 0xff;
    } else {
      b[p++] = m | 27;
      const hi = Math.floor(n / 0x100000000);
      const lo = n >>> 0;
      for (let s = 24; s >= 0; s -= 8) b[p++] = (hi >>> s) & 0xff;
      for (let s = 24; s >= 0; s -= 8) b[p++] = (lo >>> s) & 0xff;
    }
    this.pos = p;
  }

  /** Head for an argument that may exceed 2^53 (0 <= n < 2^64). */
  bigHead(major: number, n: bigint): void {
    if (n <= BigInt(Number.MAX_SAFE_INTEGER)) {
      this.head(major, Number(n));
      return;
    }
    this.reserve(9);
    this.buf[this.pos++] = (major << 5) | 27;
    for (let s = 56n; s >= 0n; s -= 8n) this.buf[this.pos++] = Number((n >> s) & 0xffn);
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }
}

const scratch = new Writer();
let scratchInUse = false;

/**
 * Encode `value` in CoreDet form: shortest heads, definite lengths, map keys in the
 * bytewise order of their encodings, no tags, shortest exact float, NaN/±Infinity
 * refused. Throws SeamError with an EncodeCode for values outside the model (see value.ts).
 */
export function encode(value: CborValue): Uint8Array {
  // A getter that itself calls encode must not write into the buffer in use.
  const reuse = !scratchInUse;
  const w = reuse ? scratch : new Writer();
  w.pos = 0;
  scratchInUse = true;
  try {
    writeValue(w, value, 0);
    return w.buf.slice(0, w.pos);
  } finally {
    if (reuse) {
      scratchInUse = false;
      // Keep the scratch buffer for the next call unless one large value inflated it.
      if (w.buf.length > SCRATCH_KEEP) w.buf = new Uint8Array(SCRATCH_INITIAL);
    }
  }
}

function writeValue(w: Writer, v: CborValue, depth: number): void {
  switch (typeof v) {
    case 'number':
      writeNumber(w, v);
      return;
    case 'string':
      writeText(w, v);
      return;
    case 'boolean':
      w.reserve(1);
      w.buf[w.pos++] = v ? 0xf5 : 0xf4;
      return;
    case 'bigint':
      writeBigInt(w, v);
      return;
    case 'object':
      break;
    default:
      throw new SeamError('unsupported-value', `${typeof v} has no CoreDet form`);
  }
  if (v === null) {
    w.reserve(1);
    w.buf[w.pos++] = 0xf6;
    return;
  }
  if (v instanceof Uint8Array) {
    w.head(MAJOR_BYTES, v.length);
    w.raw(v);
    return;
  }
  if (depth >= ENCODE_MAX_DEPTH) throw new SeamError('too-deep', `nesting beyond ${ENCODE_MAX_DEPTH}`);
  if (Array.isArray(v)) {
    w.head(MAJOR_ARRAY, v.length);
    for (const item of v) writeValue(w, item, depth + 1);
    return;
  }
  if (v instanceof Map) {
    const region = new MapRegion(w, v.size);
    for (const [k, x] of v) region.add(k, x, depth);
    region.close();
  } else if (v instanceof CborFloat) writeFloat(w, v.value);
  else if (v instanceof RawCbor) {
    if (!wellFormedItem(v.bytes)) throw new SeamError('bad-raw', 'RawCbor must hold exactly one CBOR item');
    w.raw(v.bytes);
  } else if (isPlainObject(v)) {
    const record = v as { [k: string]: CborValue };
    const keys = Object.keys(record);
    const region = new MapRegion(w, keys.length);
    for (const k of keys) region.add(k, record[k], depth);
    region.close();
  } else
    throw new SeamError(
      'unsupported-value',
      'only plain objects, arrays, Map, Uint8Array and the package classes',
    );
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function writeNumber(w: Writer, v: number): void {
  if (Number.isSafeInteger(v) && !Object.is(v, -0)) {
    if (v >= 0) w.head(MAJOR_UINT, v);
    else w.head(MAJOR_NEGINT, -1 - v);
    return;
  }
  writeFloat(w, v);
}

function writeBigInt(w: Writer, v: bigint): void {
  if (v >= 0n) {
    if (v >= TWO_64) throw new SeamError('int-out-of-range', 'integers are limited to 64 bits');
    w.bigHead(MAJOR_UINT, v);
  } else {
    if (v < -TWO_64) throw new SeamError('int-out-of-range', 'integers are limited to 64 bits');
    w.bigHead(MAJOR_NEGINT, -1n - v);
  }
}

/** The shortest of binary16/32/64 that holds `v` exactly. */
function writeFloat(w: Writer, v: number): void {
  if (!Number.isFinite(v)) throw new SeamError('nan-or-infinity', 'NaN and ±Infinity have no CoreDet form');
  w.reserve(9);
  const half = toHalfBits(v);
  if (half >= 0) {
    w.buf[w.pos++] = 0xf9;
    w.buf[w.pos++] = half >>> 8;
    w.buf[w.pos++] = half & 0xff;
  } else if (Math.fround(v) === v) {
    w.buf[w.pos++] = 0xfa;
    writeFloat32(w.buf, w.pos, v);
    w.pos += 4;
  } else {
    w.buf[w.pos++] = 0xfb;
    writeFloat64(w.buf, w.pos, v);
    w.pos += 8;
  }
}

/** UTF-8 length of `s`, or -1 when it holds a lone surrogate (no UTF-8 spelling). */
function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return -1;
      n += 2; // a pair is 2 UTF-16 units and 4 UTF-8 bytes
      i++;
    } else n += 2;
  }
  return n;
}

function writeText(w: Writer, s: string): void {
  // Most text is ASCII, whose UTF-8 length is its length: one pass writes it, and the
  // first other character sends the whole string to the general path below.
  const start = w.pos;
  w.head(MAJOR_TEXT, s.length);
  w.reserve(s.length);
  const b = w.buf;
  let p = w.pos;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      w.pos = start;
      writeUtf8Text(w, s);
      return;
    }
    b[p++] = c;
  }
  w.pos = p;
}

function writeUtf8Text(w: Writer, s: string): void {
  const n = utf8Length(s);
  if (n < 0) throw new SeamError('invalid-utf8', 'text holds a lone surrogate');
  w.head(MAJOR_TEXT, n);
  w.reserve(n);
  const b = w.buf;
  let p = w.pos;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) b[p++] = c;
    else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 63);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      b[p++] = 0xf0 | (c >> 18);
      b[p++] = 0x80 | ((c >> 12) & 63);
      b[p++] = 0x80 | ((c >> 6) & 63);
      b[p++] = 0x80 | (c & 63);
    } else {
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 63);
      b[p++] = 0x80 | (c & 63);
    }
  }
  w.pos = p;
}

function writeKey(w: Writer, k: unknown): void {
  // (A Map stores a -0 key as 0, so -0 never reaches here.)
  if (typeof k === 'number' && !Number.isSafeInteger(k))
    throw new SeamError('unsupported-key', 'number keys must be safe integers');
  if (!(typeof k === 'number' || typeof k === 'bigint' || typeof k === 'string' || k instanceof Uint8Array))
    throw new SeamError('unsupported-key', 'map keys are integers, text or byte strings');
  writeValue(w, k, 0);
}

/**
 * One map being written. Entries go out in iteration order while their offsets are
 * noted; if the keys turn out not to be in bytewise order, `close` rewrites the region
 * sorted. Maps built in key order (the usual case) are never copied.
 */
class MapRegion {
  private readonly start: number;
  /** keyStart, keyEnd, entryEnd per entry, as offsets into the writer's buffer. */
  private readonly spans: number[] = [];
  private sorted = true;

  constructor(
    private readonly w: Writer,
    size: number,
  ) {
    w.head(MAJOR_MAP, size);
    this.start = w.pos;
  }

  add(k: unknown, v: CborValue, depth: number): void {
    const { w, spans } = this;
    const keyStart = w.pos;
    writeKey(w, k);
    const keyEnd = w.pos;
    writeValue(w, v, depth + 1);
    const n = spans.length;
    if (n > 0) {
      const order = compareRanges(w.buf, spans[n - 3]!, spans[n - 2]!, w.buf, keyStart, keyEnd);
      if (order === 0) throw new SeamError('duplicate-key', 'two keys have the same encoding');
      if (order > 0) this.sorted = false;
    }
    spans.push(keyStart, keyEnd, w.pos);
  }

  close(): void {
    if (this.sorted) return;
    const { w, start } = this;
    // Rewrite the region in key order; offsets below are relative to the copy.
    const region = w.buf.slice(start, w.pos);
    const at = this.spans.map((x) => x - start);
    const compareKeys = (a: number, b: number) =>
      compareRanges(region, at[a]!, at[a + 1]!, region, at[b]!, at[b + 1]!);
    const order: number[] = [];
    for (let i = 0; i < at.length; i += 3) order.push(i);
    order.sort(compareKeys);
    let p = start;
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      if (j > 0 && compareKeys(order[j - 1]!, i) === 0)
        throw new SeamError('duplicate-key', 'two keys have the same encoding');
      w.buf.set(region.subarray(at[i]!, at[i + 2]!), p);
      p += at[i + 2]! - at[i]!;
    }
  }
}
