import { CborFloat, type CborKey, type CborValue, RawCbor, SimpleValue } from '../src/index.js';

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

// The harness's op handlers read the spelling (spec/harness.md, "coredet-cbor"): one reader.
export { spelledValue as fromJson } from '../../cli/src/conformance/ops/cbor.js';

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
