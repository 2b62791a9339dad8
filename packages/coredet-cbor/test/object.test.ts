import { describe, expect, it } from 'vitest';
import { decodeObject, defineObject, encodeObject, RawCbor } from '../src/index.js';
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
    expect(() => encodeObject(envelope, { ...base, to: undefined as never })).toThrow(
      'unsupported-value: field to: undefined has no CoreDet form',
    );
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
