import {
  HKDF_SHA256_MAX_LENGTH,
  hex,
  hkdfSha256Expand,
  hkdfSha256Extract,
  SeamError,
  unwrap,
} from '@agent-seam/canonical';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededBytes } from './seeded-bytes.js';

/**
 * HKDF-SHA256 in the hashing door, on the backend this runtime selects (node:crypto's HMAC
 * on Node, noble's in the browser suite): RFC 5869's SHA-256 cases, then noble's own HKDF
 * as an independent second implementation over random inputs. Wycheproof's 86 HKDF cases
 * run through cryptobox, which derives its box keys with these two functions.
 */
const bytes = (h: string) => unwrap(hex.decode(h));
const run = (from: number, to: number) => Uint8Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('RFC 5869 appendix A, SHA-256 cases', () => {
  const cases = [
    {
      name: 'A.1 (basic)',
      ikm: new Uint8Array(22).fill(0x0b),
      salt: run(0x00, 0x0c),
      info: run(0xf0, 0xf9),
      prk: '077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5',
      okm: '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
    },
    {
      name: 'A.2 (80-byte inputs, three blocks of output)',
      ikm: run(0x00, 0x4f),
      salt: run(0x60, 0xaf),
      info: run(0xb0, 0xff),
      prk: '06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244',
      okm:
        'b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09' +
        'da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87',
    },
    {
      name: 'A.3 (empty salt and info)',
      ikm: new Uint8Array(22).fill(0x0b),
      salt: new Uint8Array(0),
      info: new Uint8Array(0),
      prk: '19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04',
      okm: '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8',
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const prk = hkdfSha256Extract(c.salt, c.ikm);
      expect(hex.encode(prk)).toBe(c.prk);
      expect(hex.encode(hkdfSha256Expand(prk, c.info, c.okm.length / 2))).toBe(c.okm);
    });

  it('an empty salt derives what 32 zero bytes derive', () =>
    expect(hkdfSha256Extract(new Uint8Array(0), bytes('0b0b'))).toEqual(
      hkdfSha256Extract(new Uint8Array(32), bytes('0b0b')),
    ));
});

describe('against noble HKDF (differential, fixed seed)', () => {
  it('extract over salts and inputs of 0..200 bytes, expand to every length class', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.oneof(
          fc.constantFrom(0, 1, 31, 32, 33, 64, 65, HKDF_SHA256_MAX_LENGTH - 1, HKDF_SHA256_MAX_LENGTH),
          fc.integer({ min: 0, max: 300 }),
        ),
        fc.integer(),
        (s, k, i, length, seed) => {
          const salt = seededBytes(s, seed);
          const ikm = seededBytes(k, ~seed);
          const info = seededBytes(i, seed ^ 0x5a5a);
          const prk = hkdfSha256Extract(salt, ikm);
          expect(prk).toEqual(extract(sha256, ikm, salt));
          // noble refuses a zero length; RFC 5869 allows it (the empty string).
          expect(hkdfSha256Expand(prk, info, length)).toEqual(
            length === 0 ? new Uint8Array(0) : expand(sha256, prk, info, length),
          );
          compared++;
        },
      ),
      { numRuns: 300 },
    );
    expect(compared).toBe(300);
  });
});

describe('arguments', () => {
  const prk = new Uint8Array(32).fill(1);
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      if (error instanceof SeamError) return error.message;
      throw error;
    }
    throw new Error('expected a SeamError');
  };

  it('a length past 255 blocks, negative or not an integer is a programmer error', () => {
    for (const length of [HKDF_SHA256_MAX_LENGTH + 1, -1, 1.5, Number.NaN])
      expect(refusal(() => hkdfSha256Expand(prk, new Uint8Array(0), length))).toBe(
        'bad-argument: the length must be an integer from 0 to 8160',
      );
  });

  it('every input must be a Uint8Array', () => {
    const text = 'abc' as unknown as Uint8Array;
    expect(refusal(() => hkdfSha256Extract(text, prk))).toBe('bad-argument: the salt must be a Uint8Array');
    expect(refusal(() => hkdfSha256Extract(prk, text))).toBe(
      'bad-argument: the input key material must be a Uint8Array',
    );
    expect(refusal(() => hkdfSha256Expand(text, prk, 1))).toBe(
      'bad-argument: the pseudorandom key must be a Uint8Array',
    );
    expect(refusal(() => hkdfSha256Expand(prk, text, 1))).toBe('bad-argument: the info must be a Uint8Array');
  });
});
