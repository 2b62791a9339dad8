/**
 * Integer-keyed CoreDet maps as the sealed envelope uses them: every value keeps the
 * exact bytes it arrived as, keys 0-63 must be named by the object's schema, keys from
 * 64 up are extensions (kept, and covered wherever the object is signed or digested).
 */
import { type CborValue, decodeEntries, encode, RawCbor, type RawEntry } from '@agent-seam/coredet-cbor';

/** CBOR major types a field may have. */
export type FieldKind = 'uint' | 'bstr' | 'tstr' | 'array' | 'map';
const MAJOR: Record<FieldKind, number> = { uint: 0, bstr: 2, tstr: 3, array: 4, map: 5 };

export interface FieldRule {
  kind: FieldKind;
  required?: boolean;
  /** Exact length of a byte string. */
  length?: number;
  /** A byte or text string must not be empty. */
  nonEmpty?: boolean;
  /** Text must not contain U+0000. */
  noNul?: boolean;
}

/** The rules of keys 0-63; any key in that range not listed here is unknown-critical. */
export type Schema = Readonly<Record<number, FieldRule>>;

export const FIRST_EXTENSION_KEY = 64;

export interface WireMap {
  /** Entries in wire order (CoreDet order), each with its value bytes as received. */
  entries: RawEntry[];
  /** Known fields by key. */
  fields: Map<number, RawEntry>;
  /** Entries whose key is 64 or above. */
  extensions: RawEntry[];
}

const DECODE_LIMITS = { maxDepth: 16 } as const;

/**
 * Strict CoreDet decode of a map whose keys are all unsigned integers, or null. Nothing
 * else is judged here, so a caller can check one field (the version) before the key space.
 */
export function decodeWireMap(bytes: Uint8Array, maxBytes: number): WireMap | null {
  const decoded = decodeEntries(bytes, { ...DECODE_LIMITS, maxBytes });
  if (!decoded.ok) return null;
  const fields = new Map<number, RawEntry>();
  const extensions: RawEntry[] = [];
  for (const entry of decoded.value) {
    if (typeof entry.key === 'bigint' && entry.key >= 0n) extensions.push(entry);
    else if (typeof entry.key !== 'number' || entry.key < 0) return null;
    else if (entry.key >= FIRST_EXTENSION_KEY) extensions.push(entry);
    else fields.set(entry.key, entry);
  }
  return { entries: decoded.value, fields, extensions };
}

/** The first key (in wire order) in 0-63 that the schema does not name, or null. */
export function firstUnknownKey(map: WireMap, schema: Schema): number | null {
  for (const key of map.fields.keys()) if (schema[key] === undefined) return key;
  return null;
}

/** The first schema key (ascending) that is missing or breaks its rule, or null. */
export function firstBadField(map: WireMap, schema: Schema): number | null {
  for (const [key, rule] of Object.entries(schema)) {
    const entry = map.fields.get(Number(key));
    if (entry === undefined ? rule.required === true : !fits(entry, rule)) return Number(key);
  }
  return null;
}

function fits(entry: RawEntry, rule: FieldRule): boolean {
  if (entry.valueBytes[0]! >> 5 !== MAJOR[rule.kind]) return false;
  const v = entry.value;
  switch (rule.kind) {
    case 'uint':
      return typeof v === 'number';
    case 'bstr':
      return (
        v instanceof Uint8Array &&
        (rule.length === undefined || v.length === rule.length) &&
        (rule.nonEmpty !== true || v.length > 0)
      );
    case 'tstr':
      return (
        typeof v === 'string' &&
        (rule.nonEmpty !== true || v.length > 0) &&
        (rule.noNul !== true || !v.includes('\0'))
      );
    default:
      return true;
  }
}

/** Typed accessors for fields that `firstBadField` already vetted. */
export const uintField = (map: WireMap, key: number) => map.fields.get(key)?.value as number;
export const bytesField = (map: WireMap, key: number) => map.fields.get(key)?.value as Uint8Array;
export const textField = (map: WireMap, key: number) => map.fields.get(key)?.value as string;
export const optionalBytes = (map: WireMap, key: number) =>
  map.fields.get(key)?.value as Uint8Array | undefined;

/**
 * A CoreDet map built from entries given as raw encoded values, copied verbatim: the
 * way a signature preimage is rebuilt from what was received.
 */
export function encodeRawMap(entries: Iterable<readonly [number | bigint, Uint8Array]>): Uint8Array {
  const map = new Map<number | bigint, CborValue>();
  for (const [key, valueBytes] of entries) map.set(key, new RawCbor(valueBytes));
  return encode(map);
}
