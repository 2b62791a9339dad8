// The field rules of every wire map, held against the spec's tables (spec/hpke-seal.md, "The
// sealed envelope, version 2" and "version 1") written out here as numbers: which keys must be
// present, which strings must not be empty, which texts may not hold U+0000.
// why: the static run (`pnpm mutate --filter hpke-seal --static`) found 38 of these flags
// (`required`, `nonEmpty`, `noNul` → false in envelope-wire.ts) that no case told from the
// original: a missing field, or an empty one, was refused later under another code or not at
// all. Each flag turned off by hand turns this file red.
import { type CborValue, encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_SCHEMA,
  CAP_BODY_SCHEMA,
  CAP_SCHEMA,
  INNER_V1_SCHEMA,
  INNER_V2_SCHEMA,
  OUTER_V1_SCHEMA,
  OUTER_V2_SCHEMA,
  RK_SCHEMA,
  WRAP_SCHEMA,
} from '../src/envelope-wire.js';
import { decodeWireMap, firstBadField, type Schema } from '../src/wire-map.js';

interface Expected {
  schema: Schema;
  required: number[];
  nonEmpty?: number[];
  noNul?: number[];
}

const INNER_REQUIRED = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20];
const TABLES: Record<string, Expected> = {
  'outer v1': { schema: OUTER_V1_SCHEMA, required: [1, 2, 3, 4, 5, 6], nonEmpty: [2, 6] },
  'outer v2': { schema: OUTER_V2_SCHEMA, required: [1, 2, 3, 4, 5, 6, 7], nonEmpty: [2, 6] },
  access: { schema: ACCESS_SCHEMA, required: [1] },
  cap: { schema: CAP_SCHEMA, required: [1, 2], nonEmpty: [1] },
  wrap: { schema: WRAP_SCHEMA, required: [3, 21], nonEmpty: [3] },
  rk: { schema: RK_SCHEMA, required: [1, 2] },
  'inner v2': { schema: INNER_V2_SCHEMA, required: INNER_REQUIRED, nonEmpty: [1, 3], noNul: [1, 3, 5] },
  'inner v1': {
    schema: INNER_V1_SCHEMA,
    required: [...INNER_REQUIRED, 10, 12],
    nonEmpty: [1, 3],
    noNul: [1, 3, 5],
  },
  'cap body': { schema: CAP_BODY_SCHEMA, required: [0, 1, 2, 3, 4, 5, 6], nonEmpty: [1] },
};

/** A value that fits the rule of `key` (its kind and length come from the schema). */
function fitting(schema: Schema, key: number): CborValue {
  const rule = schema[key]!;
  switch (rule.kind) {
    case 'uint':
      return 1;
    case 'bstr':
      return new Uint8Array(rule.length ?? 1).fill(7);
    case 'tstr':
      return 'a';
    case 'array':
      return [];
    case 'map':
      return new Map();
  }
}

/** firstBadField over the map of every schema key with a fitting value, `edit` applied. */
function judged(schema: Schema, edit: (map: Map<number, CborValue>) => void): number | null {
  const map = new Map<number, CborValue>();
  for (const key of Object.keys(schema).map(Number)) map.set(key, fitting(schema, key));
  edit(map);
  const wire = decodeWireMap(encode(map), 1 << 16);
  if (wire === null) throw new Error('the test map does not decode');
  return firstBadField(wire, schema);
}

describe.each(Object.entries(TABLES))('the %s map', (_, { schema, required, nonEmpty = [], noNul = [] }) => {
  const keys = Object.keys(schema).map(Number);

  it('has every field fitting when each holds a fitting value', () => {
    expect(judged(schema, () => {})).toBeNull();
  });

  it('refuses exactly the required keys when missing', () => {
    for (const key of keys)
      expect(
        judged(schema, (map) => map.delete(key)),
        `key ${key}`,
      ).toBe(required.includes(key) ? key : null);
  });

  it('refuses an empty string where one must not be empty', () => {
    for (const key of keys.filter((k) => ['bstr', 'tstr'].includes(schema[k]!.kind) && !schema[k]!.length))
      expect(
        judged(schema, (map) => map.set(key, schema[key]!.kind === 'tstr' ? '' : new Uint8Array(0))),
        `key ${key}`,
      ).toBe(nonEmpty.includes(key) ? key : null);
  });

  it('refuses U+0000 in the texts that may not hold it', () => {
    for (const key of keys.filter((k) => schema[k]!.kind === 'tstr'))
      expect(
        judged(schema, (map) => map.set(key, 'a\0b')),
        `key ${key}`,
      ).toBe(noNul.includes(key) ? key : null);
  });
});
