import { CborFloat, type CborKey, type CborValue, RawCbor, SimpleValue } from '../src/index.js';
import { fromHex } from './helpers.js';

/**
 * The JSON spelling of CBOR values used in vectors/coredet_cbor.json. JSON has no
 * byte strings, integer-keyed maps, big integers or float/int distinction, so those
 * are written as one-key objects:
 *   1, -7                       safe integers
 *   {"int": "18446744073709551615"}  any integer, as a decimal string (bigint)
 *   {"float": 1.5 | "-0" | "NaN" | "Infinity" | "-Infinity"}
 *   {"bytes": "hex"}, "text", true, false, null, [ ... ]
 *   {"map": [[key, value], ...]}   a Map, keys in the order given
 *   {"object": { "k": value }}     a plain object (text keys)
 *   {"undefined": true}, {"simple": n}, {"raw": "hex"}
 */
export type JsonCbor =
  | number
  | string
  | boolean
  | null
  | JsonCbor[]
  | { int: string }
  | { float: number | string }
  | { bytes: string }
  | { map: [JsonCbor, JsonCbor][] }
  | { object: { [k: string]: JsonCbor } }
  | { undefined: true }
  | { simple: number }
  | { raw: string };

const SPECIAL_FLOATS: Record<string, number> = {
  '-0': -0,
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

export function fromJson(j: JsonCbor): CborValue {
  if (j === null || typeof j !== 'object') return j;
  if (Array.isArray(j)) return j.map(fromJson);
  if ('int' in j) return BigInt(j.int);
  if ('float' in j) {
    const v = typeof j.float === 'number' ? j.float : SPECIAL_FLOATS[j.float];
    if (v === undefined) throw new Error(`vector: unknown float ${j.float}`);
    return Number.isSafeInteger(v) && !Object.is(v, -0) ? new CborFloat(v) : v;
  }
  if ('bytes' in j) return fromHex(j.bytes);
  if ('map' in j) return new Map(j.map.map(([k, v]) => [fromJson(k) as CborKey, fromJson(v)]));
  if ('object' in j) {
    const out: { [k: string]: CborValue } = {};
    for (const [k, v] of Object.entries(j.object)) out[k] = fromJson(v);
    return out;
  }
  if ('undefined' in j) return undefined;
  if ('simple' in j) return new SimpleValue(j.simple);
  if ('raw' in j) return new RawCbor(fromHex(j.raw));
  throw new Error('vector: unknown value spelling');
}

/**
 * The value `decode` returns for what `encode` was given: integers become numbers when
 * safe, text-keyed non-empty Maps become objects, empty objects become Maps, a
 * CborFloat that is not a safe integer (or is -0) becomes a plain number.
 */
export function normalize(v: CborValue): CborValue {
  if (typeof v === 'bigint') return v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n ? Number(v) : v;
  if (v === null || typeof v !== 'object' || v instanceof Uint8Array) return v;
  // The decoder wraps only floats holding a safe integer other than -0.
  if (v instanceof CborFloat) return Number.isSafeInteger(v.value) && !Object.is(v.value, -0) ? v : v.value;
  if (v instanceof SimpleValue || v instanceof RawCbor) return v;
  if (Array.isArray(v)) return v.map(normalize);
  const entries: [CborKey, CborValue][] =
    v instanceof Map
      ? [...v].map(([k, x]) => [normalize(k) as CborKey, normalize(x)])
      : Object.entries(v).map(([k, x]) => [k, normalize(x)]);
  if (entries.length > 0 && entries.every(([k]) => typeof k === 'string'))
    return Object.fromEntries(entries) as { [k: string]: CborValue };
  return new Map(entries);
}
