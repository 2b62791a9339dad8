import { hex } from '@agent-seam/canonical';
import { type OpTable, type Outcome, sortedJson } from '@agent-seam/conformance/harness';
import {
  CborFloat,
  type CborKey,
  type CborValue,
  cid,
  type DecodeOptions,
  decode,
  decodeEntries,
  decodeObject,
  defineObject,
  encode,
  encodeObject,
  type ObjectSchema,
  parseCid,
  parseDiagnostic,
  RawCbor,
  SimpleValue,
} from '@agent-seam/coredet-cbor';
import { bytesArg, fromVerdict, fromWriter, stringArg } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: the spelling is untyped JSON.
type Json = any;

const FLOATS: Record<string, number> = {
  '-0': -0,
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

/**
 * A value from its JSON spelling (spec/harness.md, "coredet-cbor"): safe integers, text,
 * booleans, null and arrays as themselves; {int}, {float}, {bytes}, {map}, {object},
 * {undefined}, {simple}, {raw} for the rest.
 */
export function spelledValue(j: Json): CborValue {
  if (j === null || typeof j !== 'object') return j;
  if (Array.isArray(j)) return j.map(spelledValue);
  const [[kind, x]] = Object.entries(j) as [[string, Json]];
  switch (kind) {
    case 'int':
      return BigInt(x);
    case 'float': {
      const f = typeof x === 'number' ? x : FLOATS[x];
      if (f === undefined) throw new Error(`an unknown float spelling ${x}`);
      return Number.isSafeInteger(f) && !Object.is(f, -0) ? new CborFloat(f) : f;
    }
    case 'bytes':
      return bytesArg({ bytes: x }, 'bytes');
    case 'map':
      return new Map(x.map(([k, v]: [Json, Json]) => [spelledValue(k) as CborKey, spelledValue(v)]));
    case 'object':
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, spelledValue(v)]));
    case 'undefined':
      return undefined;
    case 'simple':
      return new SimpleValue(x);
    case 'raw':
      return new RawCbor(bytesArg({ raw: x }, 'raw'));
  }
  throw new Error(`an unknown value spelling ${kind}`);
}

const floatSpelling = (f: number) => ({
  float: Object.is(f, -0) ? '-0' : Number.isFinite(f) ? f : String(f),
});
/** The answer's order of map entries: by the JSON text of the keys' spelling (as the harness orders them). */
const byKeyText = (a: [Json, Json], b: [Json, Json]) => {
  const [x, y] = [sortedJson(a[0]), sortedJson(b[0])];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * A decoded value in the answer's spelling: integers as numbers when safe, else `{int}`; a
 * float as `{float}`; every map (text-keyed or not) as `{map}`, entries ordered by the JSON
 * text of their keys' spelling.
 */
export function spelling(v: CborValue): Json {
  if (v === undefined) return { undefined: true };
  if (typeof v === 'bigint')
    return v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n ? Number(v) : { int: String(v) };
  if (typeof v === 'number') return Number.isSafeInteger(v) && !Object.is(v, -0) ? v : floatSpelling(v);
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Uint8Array) return { bytes: hex.encode(v) };
  if (v instanceof CborFloat) return floatSpelling(v.value);
  if (v instanceof SimpleValue) return { simple: v.value };
  if (v instanceof RawCbor) return { raw: hex.encode(v.bytes) };
  if (Array.isArray(v)) return v.map(spelling);
  const entries = v instanceof Map ? [...v] : Object.entries(v);
  return { map: entries.map(([k, x]): [Json, Json] => [spelling(k), spelling(x)]).sort(byKeyText) };
}

/** The two schemas the cbor.schema cases name (spec/harness.md, `cbor.decodeObject`). */
export const SCHEMAS: Record<string, ObjectSchema> = {
  envelope: defineObject({
    keySpace: 'must-understand-0-63',
    keys: {
      1: { name: 'v', type: 'uint', presence: 'required' },
      2: { name: 'to', type: 'text', presence: 'required' },
      3: { name: 'kid', type: 'bytes', presence: 'required' },
      4: { name: 'note', type: 'text', presence: 'optional' },
      5: { name: 'mode', type: 'uint', presence: 'required' },
      6: { name: 'pskId', type: 'bytes', presence: 'conditional', requiredWhen: (f) => f.mode === 1 },
    },
    retired: [8],
    reserved: [7],
  }),
  closed: defineObject({
    keySpace: 'closed',
    keys: {
      0: { name: 'type', type: 'text', presence: 'required' },
      1: { name: 'n', type: 'int', presence: 'required' },
    },
  }),
};

/** The reader's input: the bytes, or a value that is not bytes handed over as it is. */
const dataOf = (args: Json): Uint8Array => ('dataHex' in args ? bytesArg(args, 'dataHex') : args.input);
const schemaOf = (args: Json): ObjectSchema => {
  const schema = SCHEMAS[stringArg(args, 'schema')];
  if (schema === undefined) throw new Error(`no schema named ${args.schema}`);
  return schema;
};
const diagnosticOf = (args: Json) =>
  parseDiagnostic('text' in args ? args.text : args.input, args.options as Json);

/** The ops of @agent-seam/coredet-cbor (spec/harness.md, "coredet-cbor"). */
export const cborOps: OpTable = {
  'cbor.encode': (args) => fromWriter(() => hex.encode(encode(spelledValue(args.value)))),
  'cbor.decode': (args) => fromVerdict(decode(dataOf(args), args.options as DecodeOptions), spelling),
  'cbor.decodeEntries': (args) =>
    fromVerdict(decodeEntries(dataOf(args), args.options as DecodeOptions), (entries) =>
      entries.map((e) => [hex.encode(e.keyBytes), hex.encode(e.valueBytes)]),
    ),
  'cbor.decodeObject': (args) =>
    fromVerdict(decodeObject(schemaOf(args), dataOf(args)), (o) => ({
      fields: Object.keys(o.fields),
      extensions: o.extensions.map((e) => e.key),
      hex: hex.encode(encodeObject(schemaOf(args), o.fields, o.extensions)),
    })),
  'cbor.reencodeObject': (args) =>
    fromVerdict(decodeObject(schemaOf(args), dataOf(args)), (o) =>
      hex.encode(encodeObject(schemaOf(args), o.fields, o.extensions)),
    ),
  'cid.compute': (args) => {
    const made = cid(dataOf(args), { codec: stringArg(args, 'codec') as 'dag-cbor' | 'raw' });
    return { ok: true, value: { codec: made.codec, text: made.text } };
  },
  'cid.parse': (args) => fromVerdict(parseCid(args.text), (c) => ({ codec: c.codec, text: c.text })),
  'cbor.parseDiagnostic': (args) => fromVerdict(diagnosticOf(args), (v) => hex.encode(encode(v))),
  // Where and why the parser refuses: the answer's value, so the offset is judged too.
  'cbor.diagnosticRefusal': (args): Outcome => {
    const v = diagnosticOf(args);
    return {
      ok: true,
      value: v.ok ? null : { code: v.code, ...(v.offset === undefined ? {} : { offset: v.offset }) },
    };
  },
};
