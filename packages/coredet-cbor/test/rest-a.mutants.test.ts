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
    expect(v.ok && v.value.fields).toEqual({ i: -1, arr: [0], map: new Map([[0, 0]]), flag: false, x: null });
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
    expect(toHex(encodeObject(typed, { i: -1, arr: [0], map: new Map([[0, 0]]), flag: true, need: 0 }))).toBe(
      'a5012002810003a1000004f50600',
    );
  });
});

describe('cid', () => {
  // why: cid.ts:52:7 !(content instanceof Uint8Array) → false and cid.ts:52:61/52:74 (code and
  // message emptied).
  it('refuses content that is not bytes', () => {
    expect(thrown(() => cid('abc' as never, { codec: 'raw' }))).toEqual({
      name: 'SeamError',
      code: 'not-bytes',
      message: 'not-bytes: cid takes a Uint8Array',
    });
  });

  // why: cid.ts:53:7 !(options?.codec in CODEC_BYTE) → false, cid.ts:53:60/53:81 (code and message
  // emptied), and cid.ts:53:9 options?.codec → options.codec (a TypeError without options).
  it.each([
    ['an unknown codec', { codec: 'dag-json' }],
    ['no options', undefined],
  ])('refuses %s', (_name, options) => {
    expect(thrown(() => cid(new Uint8Array(1), options as never))).toEqual({
      name: 'SeamError',
      code: 'unsupported-codec',
      message: 'unsupported-codec: codec is dag-cbor or raw',
    });
  });
});

describe('parseCid', () => {
  const text = (bytes: number[]) => `b${base32LowerEncode(new Uint8Array(bytes))}`;
  const refused = (t: string) => {
    const v = parseCid(t);
    return v.ok ? 'accepted' : { code: v.code, detail: v.detail };
  };

  // why: cid.ts:65:7 bin.length < 1 → bin.length <= 1: one byte 01 is CIDv1 whose codec is
  // missing (unsupported-codec), not another version; cid.ts:67:56 message → "".
  it('reads a lone version byte 01 as version 1 without a codec', () => {
    expect(refused(text([0x01]))).toEqual({
      code: 'unsupported-codec',
      detail: 'the codec is missing; only dag-cbor (0x71) and raw (0x55) are accepted',
    });
  });

  // why: cid.ts:61:42, 65:84, 68:60, 70:38 messages → "".
  it.each([
    [
      'B' + text([0x01]).slice(1),
      'unsupported-multibase',
      'the CID starts with "B"; only the lower-case base32 multibase (b) is accepted',
    ],
    [text([0x00]), 'unsupported-version', 'the version is 0x00; only CIDv1 is accepted'],
    [
      text([0x01, 0x55, 0x13, 0x20]),
      'unsupported-hash',
      'the hash is 0x13; only sha2-256 (0x12) is accepted',
    ],
    [
      text([0x01, 0x55, 0x12, 0x20]),
      'bad-digest-length',
      'the digest is 0 bytes (its length byte says 0x20); it must be exactly 32',
    ],
  ])('refuses %s', (t, code, detail) => {
    expect(refused(t)).toEqual({ code, detail });
  });
});

describe('base32', () => {
  // why: base32.ts:20:7 bits > 0 → true / bits >= 0: five bytes fill whole characters; no
  // trailing character may follow.
  it('writes 5 bytes as 8 characters', () => {
    expect(base32LowerEncode(fromHex('0000000000'))).toBe('aaaaaaaa');
  });

  // why: base32.ts:35:37 -1 → +1, base32.ts:35:15 c < 128 → true and → c <= 128 (U+0080),
  // base32.ts:36:42 message → "".
  it.each(['\u0080', '\u00e1'])('refuses the non-ASCII character %j', (t) => {
    expect(base32LowerDecode(t)).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'the character at offset 0 is outside the lower-case base32 alphabet',
    });
  });

  // why: base32.ts:45:7 bits >= 5 → false and → bits > 5: one character (5 bits, all zero)
  // completes no byte; base32.ts:45:79 message → "".
  it('refuses a lone character', () => {
    expect(base32LowerDecode('a')).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'not the canonical spelling: base32 writes no text of length 1',
    });
  });

  it('a detail says where the text went wrong: the offset of a foreign character, non-zero leftover bits', () => {
    expect(base32LowerDecode('aB')).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'the character at offset 1 is outside the lower-case base32 alphabet',
    });
    expect(base32LowerDecode('ab')).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'not the canonical spelling: the 2 bits left over at the end are not zero',
    });
  });
});

describe('compareRanges', () => {
  // why: bytes.ts:10:13 Math.min → Math.max, bytes.ts:10:22 aEnd - aStart → aEnd + aStart and
  // bytes.ts:10:37 bEnd - bStart → bEnd + bStart: each compares past a range's end (NaN)
  // where a prefix orders first.
  it('orders a prefix first, ranges starting inside their arrays', () => {
    expect(compareRanges(fromHex('01'), 0, 1, fromHex('0102'), 0, 2)).toBe(-1);
    expect(compareRanges(fromHex('0901'), 1, 2, fromHex('0102'), 0, 2)).toBe(-1);
    expect(compareRanges(fromHex('0102'), 0, 2, fromHex('0901'), 1, 2)).toBe(1);
  });
});

describe('explainCbor', () => {
  // why: explain.ts:25:33 { ...options, lenient: false } → {} (the caller's bounds dropped).
  it('applies the bounds passed to its verdict', () => {
    const { verdict } = explainCbor(fromHex('8180'), { maxBytes: 1 });
    expect(verdict.ok ? 'accepted' : verdict.code).toBe('too-large');
  });
});
