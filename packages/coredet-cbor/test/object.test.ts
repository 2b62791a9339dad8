import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.js';
import { thrownSeamError } from '../../../tools/thrown.ts';
import {
  type CborValue,
  decodeObject,
  defineObject,
  encodeObject,
  type FieldSpec,
  type ObjectSchema,
  RawCbor,
} from '../src/index.js';
import { fromHex, thrownCode, toHex } from './helpers.js';
import { schemas } from './schema-fixture.js';

const envelope = schemas.envelope!;
const base = { v: 1, to: 'a', kid: fromHex('00'), mode: 0 };

describe('encodeObject', () => {
  it('writes fields at their keys in CoreDet order', () => {
    expect(toHex(encodeObject(envelope, { mode: 0, kid: fromHex('00'), to: 'a', v: 1 }))).toBe(
      'a401010261610341000500',
    );
  });

  it('covers extension keys with their bytes as given', () => {
    expect(toHex(encodeObject(envelope, base, [{ key: 64, valueBytes: fromHex('41ff') }]))).toBe(
      'a501010261610341000500184041ff',
    );
  });

  it('refuses what decodeObject would refuse', () => {
    expect(thrownCode(() => encodeObject(envelope, { ...base, to: null }))).toBe('wrong-type');
    expect(thrownCode(() => encodeObject(envelope, { ...base, kid: '' }))).toBe('wrong-type');
    expect(thrownCode(() => encodeObject(envelope, { v: 1, kid: fromHex('00'), mode: 0 }))).toBe(
      'missing-field',
    );
    expect(thrownCode(() => encodeObject(envelope, { ...base, mode: 1 }))).toBe('missing-field');
    expect(thrownCode(() => encodeObject(envelope, { ...base, extra: 1 }))).toBe('unknown-critical-field');
    expect(thrownCode(() => encodeObject(envelope, base, [{ key: 9, valueBytes: fromHex('00') }]))).toBe(
      'unknown-critical-field',
    );
    expect(
      thrownCode(() =>
        encodeObject(schemas.closed!, { type: 't', n: -1 }, [{ key: 64, valueBytes: fromHex('00') }]),
      ),
    ).toBe('unknown-critical-field');
  });

  it('names the field whose value has no CoreDet form, and wants a schema from defineObject', () => {
    expect(
      thrownSeamError(() => encodeObject(envelope, { ...base, to: undefined as never })).message,
    ).toContain('unsupported-value: field to: undefined has no CoreDet form');
    const forged = { spec: envelope.spec, fields: envelope.fields };
    expect(thrownCode(() => encodeObject(forged, base))).toBe('bad-schema');
    expect(thrownCode(() => decodeObject(forged, fromHex('a0')))).toBe('bad-schema');
    expect(thrownCode(() => decodeObject(undefined as never, fromHex('a0')))).toBe('bad-schema');
  });

  it('accepts a field given as RawCbor and checks its type from the bytes', () => {
    expect(toHex(encodeObject(envelope, { ...base, v: new RawCbor(fromHex('02')) }))).toBe(
      'a401020261610341000500',
    );
    expect(thrownCode(() => encodeObject(envelope, { ...base, v: new RawCbor(fromHex('20')) }))).toBe(
      'wrong-type',
    );
  });
});

describe('defineObject', () => {
  const field = { name: 'x', type: 'uint', presence: 'required' } as const;
  it('refuses contradictory schemas', () => {
    expect(thrownCode(() => defineObject({ keySpace: 'must-understand-0-63', keys: { 64: field } }))).toBe(
      'bad-schema',
    );
    expect(thrownCode(() => defineObject({ keySpace: 'closed', keys: { 1: field }, retired: [1] }))).toBe(
      'bad-schema',
    );
    expect(thrownCode(() => defineObject({ keySpace: 'closed', keys: { 1: field, 2: field } }))).toBe(
      'bad-schema',
    );
    expect(
      thrownCode(() =>
        defineObject({ keySpace: 'closed', keys: { 1: { ...field, presence: 'conditional' } } }),
      ),
    ).toBe('bad-schema');
  });
});

describe('object schemas: their definition, each field type and key, and the writer', () => {
  // Each `why` names the mutant(s) of src/ the case holds; the survivors no input can tell apart
  // are listed in spec/coredet-cbor.md ("Outside the verify path ... (a)").
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
        thrown(() =>
          defineObject({ keys: { 1: req('a', 'uint'), 2: req('a', 'text') }, keySpace: 'closed' }),
        ),
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

  // One field of every type but uint/text/bytes (covered elsewhere), all optional, in a
  // must-understand space with one retired key.
  const typed: ObjectSchema = defineObject({
    keys: {
      1: { name: 'i', type: 'int', presence: 'optional' },
      2: { name: 'arr', type: 'array', presence: 'optional' },
      3: { name: 'map', type: 'map', presence: 'optional' },
      4: { name: 'flag', type: 'bool', presence: 'optional' },
      5: { name: 'x', type: 'any', presence: 'optional' },
      6: { name: 'need', type: 'uint', presence: 'conditional', requiredWhen: (f) => f.flag === true },
    },
    keySpace: 'must-understand-0-63',
    retired: [9],
  });

  const refusal = (hex: string) => {
    const v = decodeObject(typed, fromHex(hex));
    return v.ok ? 'accepted' : { code: v.code, detail: v.detail };
  };

  describe('decodeObject by field type', () => {
    // why: object.ts:124:5/124:10 (case 'array' gone or renamed), object.ts:125:14 → true/false/!==,
    // the same for 'map' (126:5, 126:10, 127:14), 'bool' (128:5, 128:10, 129:14 → true/false/&&,
    // 129:14 head === 0xf4 → false/!==, 129:31 head === 0xf5 → false/!==), 'any' (130:5, 130:10,
    // 131:14 true → false): each type takes its own major type and refuses another.
    it('takes each field of its type', () => {
      const v = decodeObject(typed, fromHex('a5012002810003a1000004f405f6'));
      expect(v.ok && v.value.fields).toEqual({
        i: -1,
        arr: [0],
        map: new Map([[0, 0]]),
        flag: false,
        x: null,
      });
      expect(refusal('a205f50600')).toBe('accepted');
    });

    // why: object.ts:119:14 head >>> 5 <= 1 → true, object.ts:125:14, 127:14, 129:14 → true,
    // and object.ts:170:33 message → ''.
    it.each([
      ['int', 'a10160', 'field i is not int'],
      ['array', 'a102a0', 'field arr is not array'],
      ['map', 'a10380', 'field map is not map'],
      ['bool', 'a104f6', 'field flag is not bool'],
      ['bool', 'a10400', 'field flag is not bool'],
    ])('refuses a %s field of another type (%s)', (_type, hex, detail) => {
      expect(refusal(hex)).toEqual({ code: 'wrong-type', detail });
    });

    // why: object.ts:176:69 message → ''.
    it('names the missing conditional field', () => {
      expect(refusal('a104f5')).toEqual({ code: 'missing-field', detail: 'field need is missing' });
    });
  });

  describe('decodeObject by key', () => {
    // why: object.ts:137:45 typeof key === 'bigint' → false / !== and 137:60 'bigint' → "":
    // a key past 2^53 (a bigint) in the extension range is an extension, not NaN's unknown-critical-field.
    it('keeps a bigint key from 64 up as an extension', () => {
      const v = decodeObject(typed, fromHex('a11bffffffffffffffff00'));
      expect(v.ok && v.value.extensions.map((e) => e.key)).toEqual([18446744073709551615n]);
    });

    // why: object.ts:137:45 typeof key === 'bigint' → true and object.ts:137:13 typeof key === 'number'
    // → true: both turn the byte-string key h'40' into the number 64 (an extension); it is no number
    // key, so it is unknown; object.ts:167:26 message → "".
    it('refuses a byte-string key as unknown-critical', () => {
      expect(refusal('a1414000')).toEqual({
        code: 'unknown-critical-field',
        detail: 'a 1-byte byte-string key is not a key this object allows',
      });
    });

    // why: object.ts:167:26 message → "" (retired path).
    it('refuses a retired key', () => {
      expect(refusal('a10900')).toEqual({ code: 'retired-field', detail: 'key 9 is retired in this object' });
    });

    // why: object.ts:155:40 { ...options, lenient: false } → {} (the caller's bounds dropped).
    it('applies the bounds passed', () => {
      const v = decodeObject(typed, fromHex('a10400'), { maxBytes: 2 });
      expect(v.ok ? 'accepted' : v.code).toBe('too-large');
    });
  });

  describe('schemas not made by defineObject', () => {
    // why: object.ts:80:39 message → '', object.ts:154:25 'decodeObject' → "", object.ts:203:25
    // 'encodeObject' → "".
    it('are refused by name', () => {
      const fake = { spec: typed.spec, fields: typed.fields } as ObjectSchema;
      expect(thrown(() => decodeObject(fake, fromHex('a0')))).toEqual({
        name: 'SeamError',
        code: 'bad-schema',
        message: 'bad-schema: decodeObject takes a schema made by defineObject',
      });
      expect(thrown(() => encodeObject(fake, {}))).toEqual({
        name: 'SeamError',
        code: 'bad-schema',
        message: 'bad-schema: encodeObject takes a schema made by defineObject',
      });
    });
  });

  describe('encodeObject', () => {
    // why: object.ts:206:73 message → ''.
    it('names an unknown field', () => {
      expect(thrown(() => encodeObject(typed, { nope: 1 }))).toEqual({
        name: 'SeamError',
        code: 'unknown-critical-field',
        message: 'unknown-critical-field: no field named nope',
      });
    });

    // why: object.ts:210:75 message → ''.
    it('names a missing field', () => {
      expect(thrown(() => encodeObject(typed, { flag: true }))).toEqual({
        name: 'SeamError',
        code: 'missing-field',
        message: 'missing-field: field need is missing',
      });
    });

    // why: object.ts:216:41 message → ''.
    it('names a field of the wrong type', () => {
      expect(thrown(() => encodeObject(typed, { flag: 1 }))).toEqual({
        name: 'SeamError',
        code: 'wrong-type',
        message: 'wrong-type: field flag is not bool',
      });
    });

    // why: object.ts:223:9 message → "".
    it('refuses an extension key under 64', () => {
      expect(thrown(() => encodeObject(typed, {}, [{ key: 7, valueBytes: fromHex('00') }]))).toEqual({
        name: 'SeamError',
        code: 'unknown-critical-field',
        message: 'unknown-critical-field: extensions use keys from 64 up in a must-understand space',
      });
    });

    // why: object.ts:186:9 !(error instanceof SeamError) → false: an error that is no SeamError
    // (here from a getter) would be read as one and turn into a TypeError; it must pass through as thrown.
    it('lets an error that is no SeamError through unchanged', () => {
      const value = {
        get k(): CborValue {
          throw new RangeError('from a getter');
        },
      } as unknown as CborValue;
      expect(thrown(() => encodeObject(typed, { x: value }))).toEqual({
        name: 'RangeError',
        code: undefined,
        message: 'from a getter',
      });
    });

    // why: object.ts:125:14, 127:14, 129:14 → false, seen from the encoding side as well.
    it('writes every type', () => {
      expect(
        toHex(encodeObject(typed, { i: -1, arr: [0], map: new Map([[0, 0]]), flag: true, need: 0 })),
      ).toBe('a5012002810003a1000004f50600');
    });
  });
});
