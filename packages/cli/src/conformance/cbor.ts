import { hex } from '@agent-seam/canonical';
import {
  CborFloat,
  type CborKey,
  type CborValue,
  cid,
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
import {
  accepted,
  bytesOf,
  type Case,
  cases,
  type FileReplay,
  Mismatch,
  refused,
  same,
  throwsCode,
} from './replay.js';

const pkg = '@agent-seam/coredet-cbor';

const FLOATS: Record<string, number> = {
  '-0': -0,
  NaN: Number.NaN,
  Infinity: Infinity,
  '-Infinity': -Infinity,
};

/**
 * The file's JSON spelling of a CBOR value: safe integers, text, booleans, null and arrays as
 * themselves; {int}, {float}, {bytes}, {map}, {object}, {undefined}, {simple}, {raw} for the rest.
 */
// biome-ignore lint/suspicious/noExplicitAny: the spelling is untyped JSON.
function spelledValue(j: any): CborValue {
  if (j === null || typeof j !== 'object') return j;
  if (Array.isArray(j)) return j.map(spelledValue);
  const [[kind, x]] = Object.entries(j) as [[string, Case[string]]];
  switch (kind) {
    case 'int':
      return BigInt(x);
    case 'float': {
      const f = typeof x === 'number' ? x : FLOATS[x];
      if (f === undefined) throw new Mismatch(`the vector spells an unknown float ${x}`);
      return Number.isSafeInteger(f) && !Object.is(f, -0) ? new CborFloat(f) : f;
    }
    case 'bytes':
      return bytesOf(x);
    case 'map':
      return new Map(x.map(([k, v]: [unknown, unknown]) => [spelledValue(k) as CborKey, spelledValue(v)]));
    case 'object':
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, spelledValue(v)]));
    case 'undefined':
      return undefined;
    case 'simple':
      return new SimpleValue(x);
    case 'raw':
      return new RawCbor(bytesOf(x));
  }
  throw new Mismatch(`the vector spells an unknown value kind ${kind}`);
}

/**
 * A value written out so that equal CBOR data reads the same: an integer as a number or a
 * bigint, text-keyed entries in a Map or an object, each alike (decode picks the JS form),
 * and the entries of a map in one order (decode gives the wire's, a vector the order it wrote).
 */
function written(v: CborValue): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'bigint') return String(v);
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (v instanceof Uint8Array) return `h'${hex.encode(v)}'`;
  if (v instanceof CborFloat) return `float(${written(v.value)})`;
  if (v instanceof SimpleValue) return `simple(${v.value})`;
  if (v instanceof RawCbor) return `raw(${hex.encode(v.bytes)})`;
  if (Array.isArray(v)) return `[${v.map(written).join(',')}]`;
  const entries = v instanceof Map ? [...v] : Object.entries(v);
  return `{${entries
    .map(([k, x]) => `${written(k)}:${written(x)}`)
    .sort()
    .join(',')}}`;
}

/** A decoded value must be the one the vector spells. */
function decodesTo(verdict: ReturnType<typeof decode>, spelled: unknown): void {
  accepted(verdict);
  if (verdict.ok) same(written(verdict.value), written(spelledValue(spelled)), 'value decoded');
}

/** The schemas the cbor.schema cases name (the file names them; their definitions live here and in the tests). */
const SCHEMAS: Record<string, ObjectSchema> = {
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

export const cbor: FileReplay = {
  file: 'coredet_cbor.json',
  layout: 'top-level',
  groups: {
    'cbor.encode': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          same(hex.encode(encode(spelledValue(c.value))), c.hex, 'encoded');
          // RawCbor copies bytes verbatim (possibly non-canonical): only the encode side applies.
          if (!JSON.stringify(c.value).includes('"raw"')) decodesTo(decode(bytesOf(c.hex)), c.value);
        }),
    },
    'cbor.encodeRefuse': {
      pkg,
      replay: (g) => cases(g, (c) => throwsCode(() => encode(spelledValue(c.value)), c.code)),
    },
    'cbor.refuse': {
      pkg,
      replay: (g) =>
        cases(g, (c) =>
          refused(decode((c.hex === undefined ? c.input : bytesOf(c.hex)) as Uint8Array, c.options), c.code),
        ),
    },
    'cbor.lenient': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          refused(decode(bytesOf(c.hex)), c.strictCode);
          decodesTo(decode(bytesOf(c.hex), { lenient: true }), c.value);
        }),
    },
    'cbor.rawEntries': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const v = decodeEntries(bytesOf(c.hex), c.options);
          if (c.code !== undefined) return refused(v, c.code);
          accepted(v);
          if (v.ok)
            same(
              v.value.map((e) => [hex.encode(e.keyBytes), hex.encode(e.valueBytes)]),
              c.entries,
              'entries',
            );
        }),
    },
    'cbor.schema': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const schema = SCHEMAS[c.schema];
          if (schema === undefined) throw new Mismatch(`the case names an unknown schema ${c.schema}`);
          const v = decodeObject(schema, bytesOf(c.hex));
          if (c.code !== undefined) return refused(v, c.code);
          accepted(v);
          if (!v.ok) return;
          same(
            [Object.keys(v.value.fields), v.value.extensions.map((e) => e.key)],
            [c.fields, c.extensions],
            'fields and extensions',
          );
          same(hex.encode(encodeObject(schema, v.value.fields, v.value.extensions)), c.hex, 'encoded again');
        }),
    },
    'cid.compute': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const made = cid(bytesOf(c.hex), { codec: c.codec });
          same([made.codec, made.text], [c.codec, c.cid], 'cid');
          // Read back, the text is the same CID in every member (its bytes, its digest).
          const v = parseCid(c.cid);
          accepted(v);
          if (v.ok) same(v.value, made, 'parsed back');
        }),
    },
    'cbor.diagnostic': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const v = parseDiagnostic(c.text);
          accepted(v);
          if (v.ok) same(hex.encode(encode(v.value)), c.hex, 'encoded');
        }),
    },
    'cbor.diagnosticRefuse': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const v = parseDiagnostic(c.text ?? c.input, c.options);
          refused(v, c.code);
          same(v.ok ? undefined : v.offset, c.offset, 'offset');
        }),
    },
    'cid.refuse': { pkg, replay: (g) => cases(g, (c) => refused(parseCid(c.text), c.code)) },
  },
};
