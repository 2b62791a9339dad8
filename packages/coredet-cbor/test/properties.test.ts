import { encode as cborgEncode, rfc8949EncodeOptions } from 'cborg';
import fc from 'fast-check';
import { CID } from 'multiformats/cid';
import { sha256 as mfSha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { CborFloat, type CborValue, cid, decode, decodeEntries, encode, parseCid } from '../src/index.js';
import { toHex } from './helpers.js';
import { normalize } from './json-value.js';

/**
 * Differential and round-trip properties. cborg with its RFC 8949 options (keys sorted
 * by encoded bytes, shortest floats) is the independent encoder; the values drawn are
 * those both libraries model the same way: no -0 (cborg writes it as the integer 0),
 * no integral floats (cborg writes them as integers), integer keys only as numbers.
 */
const RUNS = 500;

const safeInt = fc.oneof(fc.integer(), fc.maxSafeInteger());
const bigInt64 = fc
  .bigInt({ min: -(2n ** 64n), max: 2n ** 64n - 1n })
  .filter((n) => n < -(2n ** 53n) || n > 2n ** 53n);
const finiteFraction = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((d) => !Number.isInteger(d) && !Object.is(d, -0));
const text = fc.string({ unit: 'grapheme', maxLength: 30 });
const bytes = fc.uint8Array({ maxLength: 40 });

const leaf = fc.oneof(safeInt, bigInt64, finiteFraction, text, bytes, fc.boolean(), fc.constant(null));

const { value: shared } = fc.letrec<{ value: CborValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc
      .uniqueArray(fc.tuple(fc.integer({ min: -1000, max: 1000 }), tie('value')), {
        selector: ([k]) => k,
        maxLength: 5,
      })
      .map((entries) => new Map(entries)),
    fc.dictionary(text, tie('value'), { maxKeys: 5 }).map((o) => Object.fromEntries(Object.entries(o))),
  ),
}));

/** Our model only, on top of the shared one: integral floats and -0. */
const ours: fc.Arbitrary<CborValue> = fc.oneof(
  shared,
  fc.array(
    fc.oneof(
      shared,
      fc.constant(-0),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => new CborFloat(Math.trunc(d) % 2 ** 53)),
    ),
    {
      maxLength: 4,
    },
  ),
);

describe('differential: encode agrees with cborg (RFC 8949 options)', () => {
  it('byte for byte on shared values', () => {
    fc.assert(
      fc.property(shared, (v) => {
        expect(toHex(encode(v))).toBe(toHex(cborgEncode(v, rfc8949EncodeOptions)));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('differential: lenient reads foreign key order', () => {
  it("lenient reads cborg's default (RFC 7049 length-first) output to the same value", () => {
    fc.assert(
      fc.property(shared, (v) => {
        expect(decode(cborgEncode(v), { lenient: true })).toEqual({ ok: true, value: normalize(v) });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('round trip', () => {
  it('decode(encode(v)) equals v in the documented model', () => {
    fc.assert(
      fc.property(ours, (v) => {
        const bytes = encode(v);
        expect(decode(bytes)).toEqual({ ok: true, value: normalize(v) });
      }),
      { numRuns: RUNS },
    );
  });

  it('encode(decode(b)) returns b for every strictly accepted b', () => {
    fc.assert(
      fc.property(ours, (v) => {
        const bytes = encode(v);
        const back = decode(bytes);
        if (!back.ok) throw new Error(back.code);
        expect(toHex(encode(back.value))).toBe(toHex(bytes));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('hostile bytes', () => {
  const modes = [{}, { lenient: true }];
  it('random byte strings never throw, in either mode; what strict accepts re-encodes to itself', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        for (const options of modes) {
          const v = decode(b, options);
          expect(typeof v.ok).toBe('boolean');
          decodeEntries(b, options);
        }
        const strict = decode(b);
        if (strict.ok) expect(toHex(encode(strict.value))).toBe(toHex(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('mutated valid encodings never throw, and anything strict accepts re-encodes to itself', () => {
    fc.assert(
      fc.property(ours, fc.nat(), fc.integer({ min: 0, max: 255 }), (v, at, byte) => {
        const b = encode(v);
        b[at % b.length] = byte;
        for (const options of modes) decode(b, options);
        const strict = decode(b);
        if (strict.ok) expect(toHex(encode(strict.value))).toBe(toHex(b));
      }),
      { numRuns: RUNS },
    );
  });

  it('a binary32 or binary64 float is accepted exactly when no narrower width holds it, and then re-encodes to itself', () => {
    const widths = fc.oneof(
      fc
        .integer({ min: 0, max: 2 ** 32 - 1 })
        .map((n) => Uint8Array.of(0xfa, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255)),
      fc
        .bigInt({ min: 0n, max: 2n ** 64n - 1n })
        .map((n) =>
          Uint8Array.of(
            0xfb,
            ...Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(56 - 8 * i)) & 255n)),
          ),
        ),
    );
    fc.assert(
      fc.property(widths, (b) => {
        const v = decode(b);
        if (v.ok) expect(toHex(encode(v.value))).toBe(toHex(b));
        else expect(['non-minimal-float', 'nan-or-infinity']).toContain(v.code);
        const lenient = decode(b, { lenient: true });
        expect(lenient.ok).toBe(true);
        // Refused as too wide: the shortest form of the same value really is shorter.
        if (!v.ok && v.code === 'non-minimal-float' && lenient.ok)
          expect(encode(lenient.value).length).toBeLessThan(b.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('an integer head of any width is accepted exactly when no shorter head holds its value', () => {
    const heads = fc.tuple(
      fc.constantFrom(0, 1),
      fc.integer({ min: 0, max: 3 }),
      fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    );
    fc.assert(
      fc.property(heads, ([major, widthIndex, raw]) => {
        const width = 1 << widthIndex;
        const arg = raw & ((1n << BigInt(8 * width)) - 1n);
        const bytes = Uint8Array.of(
          (major << 5) | (24 + widthIndex),
          ...Array.from({ length: width }, (_, i) => Number((arg >> BigInt(8 * (width - 1 - i))) & 255n)),
        );
        const shortest = [24n, 0x100n, 0x10000n, 0x100000000n][widthIndex]!;
        const v = decode(bytes);
        if (arg >= shortest) {
          expect(v.ok).toBe(true);
          if (v.ok) expect(toHex(encode(v.value))).toBe(toHex(bytes));
        } else expect(v).toMatchObject({ ok: false, code: 'non-minimal-int' });
      }),
      { numRuns: 2000 },
    );
  });

  it('random text never throws in parseCid', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (t) => {
        expect(typeof parseCid(t).ok).toBe('boolean');
        expect(typeof parseCid(`b${t}`).ok).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });
});

describe('differential: cid agrees with multiformats', () => {
  it('CID.create(1, codec, sha256.digest(bytes)) spells the same text', async () => {
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.constantFrom(['dag-cbor', 0x71] as const, ['raw', 0x55] as const),
        async (b, [name, code]) => {
          const theirs = CID.create(1, code, await mfSha256.digest(b));
          const mine = cid(b, { codec: name });
          expect(mine.text).toBe(theirs.toString());
          expect(toHex(mine.bytes)).toBe(toHex(theirs.bytes));
        },
      ),
      { numRuns: 200 },
    );
  });
});
