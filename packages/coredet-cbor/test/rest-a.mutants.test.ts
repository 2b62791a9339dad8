import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.js';
import { base32LowerDecode, base32LowerEncode } from '../src/base32.js';
import { compareRanges } from '../src/bytes.js';
import {
  type CborValue,
  cid,
  decodeObject,
  defineObject,
  encodeObject,
  explainCbor,
  type FieldSpec,
  type ObjectSchema,
  parseCid,
} from '../src/index.js';
import { fromHex, toHex } from './helpers.js';

/**
 * Cases written for the mutants `pnpm mutate --filter coredet-cbor --rest` left alive in
 * src/object.ts, src/cid.ts, src/base32.ts, src/bytes.ts and src/explain.ts. Each `why`
 * names the mutant(s) it kills; the survivors no input can tell apart are listed in
 * spec/coredet-cbor.md ("Outside the verify path ... (a)").
 */

const req = (name: string, type: FieldSpec['type']): FieldSpec => ({ name, type, presence: 'required' });

describe('defineObject', () => {
  // why: object.ts:85:51 [] → ["Stryker was here"] (a stray field) and object.ts:100:17
  // { ...field, key } → {} (fields without name or key): the fields are asserted whole, in key order.
  it('lists the fields with their keys, in key order', () => {
    const schema = defineObject({ keys: { 2: req('b', 'text'), 1: req('a', 'uint') }, keySpace: 'closed' });
    expect(schema.fields).toEqual([
      { name: 'a', type: 'uint', presence: 'required', key: 1 },
      { name: 'b', type: 'text', presence: 'required', key: 2 },
    ]);
  });

  // why: object.ts:91:9 !Number.isSafeInteger(key) → false (the check gone) and object.ts:91:57/91:71
  // (code and message emptied).
  it('refuses a key that is not an integer', () => {
    expect(
      thrown(() => defineObject({ keys: { x: req('a', 'uint') } as never, keySpace: 'closed' })),
    ).toEqual({ name: 'SeamError', code: 'bad-schema', message: 'bad-schema: key x is not an integer' });
  });

  // why: object.ts:91:9 → Number.isSafeInteger(key) / → true, object.ts:92:9 → true and
  // `spec.keySpace === …` → true (closed key 64 refused), object.ts:92:9 && → || , object.ts:92:53
  // key >= 64 → true (must-understand key 0 refused), object.ts:94:9 → true, object.ts:96:9 → true,
  // object.ts:97:9 → true, && → ||, `presence === 'conditional'` → true, object.ts:97:45 → true:
  // each would refuse one of these consistent schemas.
  it('accepts consistent schemas', () => {
    expect(defineObject({ keys: { 64: req('a', 'uint') }, keySpace: 'closed' }).fields).toHaveLength(1);
    expect(
      defineObject({
        keys: {
          0: req('a', 'uint'),
          1: { name: 'b', type: 'uint', presence: 'conditional', requiredWhen: () => false },
        },
        keySpace: 'must-understand-0-63',
        retired: [2],
        reserved: [3],
      }).fields,
    ).toHaveLength(2);
  });

  // why: object.ts:92:9 (the check) and object.ts:93:41 message → ''.
  it('refuses an assigned key in the extension range', () => {
    expect(
      thrown(() => defineObject({ keys: { 64: req('a', 'uint') }, keySpace: 'must-understand-0-63' })),
    ).toEqual({
      name: 'SeamError',
      code: 'bad-schema',
      message: 'bad-schema: key 64 lies in the extension range',
    });
  });

  // why: object.ts:88:28 spec.reserved ?? [] → spec.reserved && [] (the reserved set empty),
  // object.ts:95:41 message → ''.
  it('refuses a key both assigned and retired or reserved', () => {
    const bad = {
      name: 'SeamError',
      code: 'bad-schema',
      message: 'bad-schema: key 1 is both assigned and retired/reserved',
    };
    expect(
      thrown(() => defineObject({ keys: { 1: req('a', 'uint') }, keySpace: 'closed', reserved: [1] })),
    ).toEqual(bad);
    expect(
      thrown(() => defineObject({ keys: { 1: req('a', 'uint') }, keySpace: 'closed', retired: [1] })),
    ).toEqual(bad);
  });

  // why: object.ts:96:66 message → ''.
  it('refuses a name used twice', () => {
    expect(
      thrown(() => defineObject({ keys: { 1: req('a', 'uint'), 2: req('a', 'text') }, keySpace: 'closed' })),
    ).toEqual({ name: 'SeamError', code: 'bad-schema', message: 'bad-schema: field name a is used twice' });
  });

  // why: object.ts:98:41 message → ''.
  it('refuses a conditional field without requiredWhen', () => {
    expect(
      thrown(() =>
        defineObject({
          keys: { 1: { name: 'c', type: 'uint', presence: 'conditional' } },
          keySpace: 'closed',
        }),
      ),
    ).toEqual({
      name: 'SeamError',
      code: 'bad-schema',
      message: 'bad-schema: conditional field c needs requiredWhen',
    });
  });
});
