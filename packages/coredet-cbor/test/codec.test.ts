import { describe, expect, it } from 'vitest';
import { CborFloat, decode, decodeEntries, encode, RawCbor, SimpleValue } from '../src/index.js';
import { fromHex, thrownCode, toHex } from './helpers.js';

describe('encode', () => {
  it('writes integers with the shortest argument', () => {
    expect(toHex(encode(23))).toBe('17');
    expect(toHex(encode(24))).toBe('1818');
    expect(toHex(encode(255))).toBe('18ff');
    expect(toHex(encode(256))).toBe('190100');
    expect(toHex(encode(65536))).toBe('1a00010000');
    expect(toHex(encode(2 ** 32))).toBe('1b0000000100000000');
    expect(toHex(encode(-24))).toBe('37');
    expect(toHex(encode(-25))).toBe('3818');
    expect(toHex(encode(2n ** 64n - 1n))).toBe('1bffffffffffffffff');
    expect(toHex(encode(-(2n ** 64n)))).toBe('3bffffffffffffffff');
  });

  it('sorts map keys by the bytes of their encodings, not length first', () => {
    const m = new Map<number | string, number>([
      [-1, 0],
      ['a', 0],
      [24, 0],
      [1, 0],
    ]);
    // 01 < 1818 < 20 < 6161 bytewise
    expect(toHex(encode(m))).toBe('a401001818002000616100');
    expect(toHex(encode({ bb: 1, a: 2, c: 3 }))).toBe('a361610261630362626201');
  });

  it('writes ASCII text in one pass and leaves it at the first character past U+007F', () => {
    expect(toHex(encode('a\u007f'))).toBe('62617f');
    expect(toHex(encode('a\u0080'))).toBe('6361c280'); // the length counts UTF-8 bytes, not characters
    expect(toHex(encode('\u20ac'.repeat(8)))).toBe(`7818${'e282ac'.repeat(8)}`); // the head widens
  });

  it('writes the shortest exact float and keeps integral floats as floats only through CborFloat', () => {
    expect(toHex(encode(1.5))).toBe('f93e00');
    expect(toHex(encode(-0))).toBe('f98000');
    expect(toHex(encode(100000.5))).toBe('fa47c35040');
    expect(toHex(encode(1.1))).toBe('fb3ff199999999999a');
    expect(toHex(encode(new CborFloat(1)))).toBe('f93c00');
    expect(toHex(encode(1))).toBe('01');
  });

  it('refuses values outside the model with a code', () => {
    expect(thrownCode(() => encode(Number.NaN))).toBe('nan-or-infinity');
    expect(thrownCode(() => encode(-Infinity))).toBe('nan-or-infinity');
    expect(thrownCode(() => encode(2n ** 64n))).toBe('int-out-of-range');
    expect(thrownCode(() => encode(undefined))).toBe('unsupported-value');
    expect(thrownCode(() => encode(new Date(0) as never))).toBe('unsupported-value');
    expect(thrownCode(() => encode('\ud800'))).toBe('invalid-utf8');
    expect(
      thrownCode(() =>
        encode(
          new Map<number | bigint, number>([
            [1, 1],
            [1n, 2],
          ]),
        ),
      ),
    ).toBe('duplicate-key');
    expect(thrownCode(() => encode(new Map([[[] as never, 1]])))).toBe('unsupported-key');
    expect(thrownCode(() => encode(new Map([[1.5, 1]])))).toBe('unsupported-key');
    expect(toHex(encode(new Map([[-0, 1]])))).toBe('a10001'); // Map itself turns a -0 key into 0
    expect(thrownCode(() => encode(new RawCbor(fromHex('0102'))))).toBe('bad-raw');
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(thrownCode(() => encode(cyclic as never))).toBe('too-deep');
  });

  it('stays correct when a getter calls encode while a value is being written', () => {
    const tricky = {
      get a() {
        return toHex(encode([1, 2, 3]));
      },
    };
    expect(toHex(encode([tricky, 4]))).toBe('82a1616168383330313032303304'); // [{a: "83010203"}, 4]
    expect(toHex(encode('x'))).toBe('6178');
  });

  it('encodes nesting up to its bound of 256', () => {
    let v: unknown = 0;
    for (let i = 0; i < 256; i++) v = [v];
    expect(encode(v as never).length).toBe(257);
  });

  it('copies RawCbor bytes verbatim, even a non-canonical item', () => {
    expect(toHex(encode(new Map([[1, new RawCbor(fromHex('1801'))]])))).toBe('a1011801');
  });
});

describe('binary16', () => {
  it('every finite half-precision float round-trips through decode and encode byte for byte', () => {
    let finite = 0;
    for (let h = 0; h < 0x10000; h++) {
      if ((h & 0x7c00) === 0x7c00) continue; // NaN and infinities: refused, covered by vectors
      const bytes = Uint8Array.of(0xf9, h >>> 8, h & 0xff);
      const v = decode(bytes);
      if (!v.ok) throw new Error(`half ${h.toString(16)} refused: ${v.code}`);
      if (toHex(encode(v.value)) !== toHex(bytes))
        throw new Error(`half ${h.toString(16)} re-encoded differently`);
      finite++;
    }
    expect(finite).toBe(0x10000 - 2 * 0x400);
  });
});

describe('decode', () => {
  it('maps CBOR to the documented JS model', () => {
    expect(decode(fromHex('a0'))).toEqual({ ok: true, value: new Map() });
    expect(decode(fromHex('a161610a'))).toEqual({ ok: true, value: { a: 10 } });
    expect(decode(fromHex('f93c00'))).toEqual({ ok: true, value: new CborFloat(1) });
    expect(decode(fromHex('1b0020000000000000'))).toEqual({ ok: true, value: 2n ** 53n });
    expect(decode(fromHex('1b001fffffffffffff'))).toEqual({ ok: true, value: 2 ** 53 - 1 });
    expect(decode(fromHex('3b001ffffffffffffe'))).toEqual({ ok: true, value: -(2 ** 53 - 1) });
    expect(decode(fromHex('3b001fffffffffffff'))).toEqual({ ok: true, value: -(2n ** 53n) });
  });

  it('never lets a text key named __proto__ touch the prototype', () => {
    const v = decode(fromHex('a1695f5f70726f746f5f5f01'));
    expect(v.ok).toBe(true);
    if (v.ok) {
      expect(Object.getPrototypeOf(v.value)).toBe(Object.prototype);
      expect(Object.keys(v.value as object)).toEqual(['__proto__']);
    }
  });

  it('keeps a byte-order mark inside text', () => {
    expect(decode(fromHex('63efbbbf'))).toEqual({ ok: true, value: '\ufeff' });
  });

  it('lenient reads undefined and simple values that strict refuses', () => {
    expect(decode(fromHex('f7'), { lenient: true })).toEqual({ ok: true, value: undefined });
    expect(decode(fromHex('f0'), { lenient: true })).toEqual({ ok: true, value: new SimpleValue(16) });
    expect(decode(fromHex('f7')).ok).toBe(false);
  });

  it('lenient still finds duplicates spelled differently', () => {
    expect(decode(fromHex('a201001801'), { lenient: true })).toMatchObject({
      ok: false,
      code: 'duplicate-key',
    });
  });

  it('hands back the bytes of each top-level entry as received', () => {
    const v = decodeEntries(fromHex('a2011801024101'), { lenient: true });
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.value.map((e) => [toHex(e.keyBytes), toHex(e.valueBytes)])).toEqual([
      ['01', '1801'],
      ['02', '4101'],
    ]);
    expect(decodeEntries(fromHex('80'))).toMatchObject({ ok: false, code: 'not-a-map' });
  });

  it('hands back raw entries of an indefinite top-level map when reading leniently', () => {
    const v = decodeEntries(fromHex('bf0201011801ff'), { lenient: true });
    expect(v.ok && v.value.map((e) => [toHex(e.keyBytes), toHex(e.valueBytes)])).toEqual([
      ['02', '01'],
      ['01', '1801'],
    ]);
  });

  it('rebuilds a preimage from raw values without re-encoding them', () => {
    const got = decodeEntries(fromHex('a20118ff03f93e00'));
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    const preimage = new Map(got.value.map((e) => [e.key as number, new RawCbor(e.valueBytes)]));
    preimage.set(0, new RawCbor(encode('label')));
    expect(toHex(encode(preimage))).toBe('a300656c6162656c0118ff03f93e00');
  });

  it('accepts exactly at each bound that the refusal vectors cross', () => {
    expect(decode(fromHex(`${'81'.repeat(32)}00`)).ok).toBe(true);
    expect(decode(fromHex(`${'81'.repeat(31)}5fff`), { lenient: true }).ok).toBe(true);
    expect(decode(fromHex('190100'), { maxBytes: 3 }).ok).toBe(true);
    expect(decode(fromHex('820101'), { maxItems: 2 }).ok).toBe(true);
    expect(decode(fromHex('a1010a'), { maxItems: 1 }).ok).toBe(true); // maxItems counts map entries, not keys+values
    expect(decode(fromHex('1818')).ok).toBe(true);
    expect(decode(fromHex('1b0000000100000000')).ok).toBe(true);
    expect(decode(fromHex('fa47c35040')).ok).toBe(true);
    expect(decode(fromHex('fb3ff199999999999a')).ok).toBe(true);
    expect(decode(fromHex('f8ff'), { lenient: true }).ok).toBe(true);
    expect(decode(fromHex('f820'), { lenient: true })).toEqual({ ok: true, value: new SimpleValue(32) });
  });

  it('refuses a non-Uint8Array as received data, and throws for a bound that is not a count', () => {
    expect(decode('00' as never)).toMatchObject({ ok: false, code: 'not-bytes' });
    for (const maxDepth of [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY, '32' as never])
      expect(thrownCode(() => decode(fromHex('00'), { maxDepth }))).toBe('bad-argument');
    expect(decode(fromHex('818180'), { maxDepth: 1 })).toMatchObject({ ok: false, code: 'too-deep' });
  });
});
