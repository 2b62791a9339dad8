import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { DECODE_CODES, type DecodeCode, type DecodeOptions, decodeEntries, type RawEntry } from './decode.js';
import { encode } from './encode.js';
import { type CborKey, type CborValue, RawCbor } from './value.js';

/**
 * Schema-driven objects: integer-keyed maps whose keys are named, typed and governed
 * by a key space. Decoding checks the CBOR major type of each field's bytes as
 * received, so null, "" and an absent field stay three different things.
 */
export type FieldType = 'uint' | 'int' | 'text' | 'bytes' | 'bool' | 'array' | 'map' | 'any';

export interface FieldSpec {
  name: string;
  type: FieldType;
  /**
   * 'conditional' fields are required exactly when `requiredWhen` says so, given the
   * other fields decoded; otherwise they may be absent.
   */
  presence: 'required' | 'optional' | 'conditional';
  requiredWhen?: (fields: Readonly<Record<string, CborValue>>) => boolean;
}

export interface ObjectSpec {
  keys: Record<number, FieldSpec>;
  /**
   * 'closed': every key must be named here. 'must-understand-0-63': keys 0-63 must be
   * named here; keys from 64 up are extensions, kept with their bytes and covered by
   * encodeObject, so a digest over the re-encoded object still covers them.
   */
  keySpace: 'closed' | 'must-understand-0-63';
  /** Keys once assigned and since removed: refused when present, never reassigned. */
  retired?: readonly number[];
  /** Keys set aside for a future use: refused when present until assigned. */
  reserved?: readonly number[];
}

export interface ObjectSchema {
  readonly spec: ObjectSpec;
  /** Field specs in key order. */
  readonly fields: readonly (FieldSpec & { key: number })[];
}

export type ObjectCode =
  | DecodeCode
  | 'not-a-map'
  | 'unknown-critical-field'
  | 'retired-field'
  | 'reserved-field'
  | 'missing-field'
  | 'wrong-type';

/** Every code `decodeObject` may return (and `decodeEntries`: the decode codes and `not-a-map`). */
export const OBJECT_CODES: readonly ObjectCode[] = [
  ...DECODE_CODES,
  'not-a-map',
  'unknown-critical-field',
  'retired-field',
  'reserved-field',
  'missing-field',
  'wrong-type',
];

export interface DecodedObject {
  /** Decoded values by field name; absent fields are absent. */
  fields: Record<string, CborValue>;
  /** The exact bytes each field was received as, by field name. */
  raw: Record<string, Uint8Array>;
  /** Keys >= 64 of a must-understand space, in wire order, with their bytes. */
  extensions: RawEntry[];
}

const FIRST_EXTENSION_KEY = 64;

/** Schemas made by defineObject: only those are trusted to be consistent. */
const defined = new WeakSet<ObjectSchema>();

function requireSchema(schema: ObjectSchema, where: string): void {
  if (typeof schema !== 'object' || schema === null || !defined.has(schema))
    throw new SeamError('bad-schema', `${where} takes a schema made by defineObject`);
}

/** Validate and freeze an object schema; throws SeamError('bad-schema') on a contradictory one. */
export function defineObject(spec: ObjectSpec): ObjectSchema {
  const fields: (FieldSpec & { key: number })[] = [];
  const names = new Set<string>();
  const retired = new Set(spec.retired ?? []);
  const reserved = new Set(spec.reserved ?? []);
  for (const [k, field] of Object.entries(spec.keys)) {
    const key = Number(k);
    if (!Number.isSafeInteger(key)) throw new SeamError('bad-schema', `key ${k} is not an integer`);
    if (spec.keySpace === 'must-understand-0-63' && key >= FIRST_EXTENSION_KEY)
      throw new SeamError('bad-schema', `key ${key} lies in the extension range`);
    if (retired.has(key) || reserved.has(key))
      throw new SeamError('bad-schema', `key ${key} is both assigned and retired/reserved`);
    if (names.has(field.name)) throw new SeamError('bad-schema', `field name ${field.name} is used twice`);
    if (field.presence === 'conditional' && field.requiredWhen === undefined)
      throw new SeamError('bad-schema', `conditional field ${field.name} needs requiredWhen`);
    names.add(field.name);
    fields.push({ ...field, key });
  }
  fields.sort((a, b) => a.key - b.key);
  const schema = Object.freeze({ spec, fields: Object.freeze(fields) });
  defined.add(schema);
  return schema;
}

function isRequired(field: FieldSpec, present: Readonly<Record<string, CborValue>>): boolean {
  return field.presence === 'required' || (field.presence === 'conditional' && field.requiredWhen!(present));
}

/** Whether an item's first byte (its head) is of the field's type. */
function hasType(type: FieldType, bytes: Uint8Array): boolean {
  const head = bytes[0]!;
  switch (type) {
    case 'uint':
      return head >>> 5 === 0;
    case 'int':
      return head >>> 5 <= 1;
    case 'bytes':
      return head >>> 5 === 2;
    case 'text':
      return head >>> 5 === 3;
    case 'array':
      return head >>> 5 === 4;
    case 'map':
      return head >>> 5 === 5;
    case 'bool':
      return head === 0xf4 || head === 0xf5;
    case 'any':
      return true;
  }
}

/** Where a key that the schema does not name stands. */
type KeyRefusal = 'retired-field' | 'reserved-field' | 'unknown-critical-field';

function unnamedKey(schema: ObjectSchema, key: CborKey): KeyRefusal | 'extension' {
  const n = typeof key === 'number' ? key : typeof key === 'bigint' ? Number(key) : Number.NaN;
  if (schema.spec.retired?.includes(n)) return 'retired-field';
  if (schema.spec.reserved?.includes(n)) return 'reserved-field';
  if (schema.spec.keySpace === 'must-understand-0-63' && n >= FIRST_EXTENSION_KEY) return 'extension';
  return 'unknown-critical-field';
}

/** Why an unnamed key is refused, by the code it is refused with. */
const KEY_REFUSAL: Record<KeyRefusal, string> = {
  'retired-field': 'is retired in this object',
  'reserved-field': 'is reserved in this object',
  'unknown-critical-field': 'is not a key this object allows',
};

/** A map key as a detail names it: a number as written, text quoted (cut to 40), bytes by length. */
function keyName(key: CborKey): string {
  if (typeof key === 'number' || typeof key === 'bigint') return `key ${key}`;
  if (typeof key === 'string') return `key ${JSON.stringify(key.slice(0, 40))}`;
  return `a ${key.length}-byte byte-string key`;
}

/**
 * Decode `bytes` (strict CoreDet, always) as an object of `schema`. Order of checks:
 * the CBOR itself, then per key retired / reserved / unknown-critical, then per field
 * its type, then presence.
 */
export function decodeObject(
  schema: ObjectSchema,
  bytes: Uint8Array,
  options?: Omit<DecodeOptions, 'lenient'>,
): Verdict<DecodedObject, ObjectCode> {
  requireSchema(schema, 'decodeObject');
  const decoded = decodeEntries(bytes, { ...options, lenient: false });
  if (!decoded.ok) return decoded;
  const byKey = new Map(schema.fields.map((f) => [f.key, f]));
  const out: DecodedObject = { fields: {}, raw: {}, extensions: [] };
  for (const entry of decoded.value) {
    const field = typeof entry.key === 'number' ? byKey.get(entry.key) : undefined;
    if (field === undefined) {
      const where = unnamedKey(schema, entry.key);
      if (where === 'extension') {
        out.extensions.push(entry);
        continue;
      }
      return fail(where, `${keyName(entry.key)} ${KEY_REFUSAL[where]}`);
    }
    if (!hasType(field.type, entry.valueBytes))
      return fail('wrong-type', `field ${field.name} is not ${field.type}`);
    out.fields[field.name] = entry.value;
    out.raw[field.name] = entry.valueBytes;
  }
  for (const field of schema.fields) {
    if (field.name in out.fields) continue;
    if (isRequired(field, out.fields)) return fail('missing-field', `field ${field.name} is missing`);
  }
  return ok(out);
}

/** The encoding of one field's value; an encode error names the field. */
function encodeField(name: string, value: CborValue): Uint8Array {
  try {
    return encode(value);
  } catch (error) {
    if (!(error instanceof SeamError)) throw error;
    // SeamError's message starts with its code; say it once.
    const reason = error.message.slice(error.code.length + 2);
    throw new SeamError(error.code, `field ${name}: ${reason}`);
  }
}

/**
 * Encode an object of `schema` in CoreDet form, extensions included (their bytes
 * copied as given). Throws SeamError for a missing required field, a value of the
 * wrong type, a name the schema lacks, or an extension key outside 64 and up.
 */
export function encodeObject(
  schema: ObjectSchema,
  fields: Readonly<Record<string, CborValue>>,
  extensions: readonly { key: CborKey; valueBytes: Uint8Array }[] = [],
): Uint8Array {
  requireSchema(schema, 'encodeObject');
  const known = new Set(schema.fields.map((f) => f.name));
  for (const name of Object.keys(fields))
    if (!known.has(name)) throw new SeamError('unknown-critical-field', `no field named ${name}`);
  const map = new Map<CborKey, CborValue>();
  for (const field of schema.fields) {
    if (!(field.name in fields)) {
      if (isRequired(field, fields)) throw new SeamError('missing-field', `field ${field.name} is missing`);
      continue;
    }
    const value = fields[field.name]!;
    const bytes = value instanceof RawCbor ? value.bytes : encodeField(field.name, value);
    if (!hasType(field.type, bytes))
      throw new SeamError('wrong-type', `field ${field.name} is not ${field.type}`);
    map.set(field.key, new RawCbor(bytes));
  }
  for (const ext of extensions) {
    if (unnamedKey(schema, ext.key) !== 'extension')
      throw new SeamError(
        'unknown-critical-field',
        'extensions use keys from 64 up in a must-understand space',
      );
    map.set(ext.key, new RawCbor(ext.valueBytes));
  }
  return encode(map);
}
