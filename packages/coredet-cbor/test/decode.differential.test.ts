import { decode } from '@agent-seam/coredet-cbor';
import { decode as cborgDecode, encode as cborgEncode } from 'cborg';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nested } from './nested.js';

/**
 * Differential run (issue 15), decode side: bytes through the strict decoder and through
 * cborg with every strictness option it has. The strict decoder reads a subset of what
 * cborg reads: whatever it accepts, cborg accepts. cborg accepting what it refuses is
 * counted by code, and each is a rule cborg does not have: it decodes text with a
 * replacing (not fatal) UTF-8 decoder, does not check key order, and takes keys of any
 * type; this package reads text and integer keys only (spec/coredet-cbor.md).
 */
const CBORG_LACKS = new Set(['invalid-utf8', 'unsorted-keys', 'unsupported-key', 'non-minimal-float']);
const CBORG_STRICT = {
  strict: true,
  rejectDuplicateMapKeys: true,
  useMaps: true,
  allowIndefinite: false,
  allowUndefined: false,
  allowInfinity: false,
  allowNaN: false,
} as const;

const value = nested(
  fc.oneof(
    fc.integer(),
    fc.bigInt({ min: -(1n << 64n), max: (1n << 64n) - 1n }),
    fc.double(),
    fc.string(),
    fc.uint8Array({ maxLength: 20 }),
    fc.boolean(),
    fc.constant(null),
  ),
  fc.string({ maxLength: 4 }),
);

const bytes = fc.oneof(
  value.map((v) => cborgEncode(v)),
  fc.tuple(value, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([v, at, b]) => {
    const out = cborgEncode(v).slice();
    out[at % out.length] = b;
    return out;
  }),
  fc.uint8Array({ minLength: 1, maxLength: 24 }),
);

describe('differential: strict decode against cborg (strict options)', () => {
  it('cborg accepts everything the strict decoder accepts, on 5000 inputs', () => {
    const counts: Record<string, number> = { bothOk: 0, bothRefuse: 0 };
    fc.assert(
      fc.property(bytes, (input) => {
        const mine = decode(input);
        let theirs = true;
        try {
          cborgDecode(input, CBORG_STRICT);
        } catch {
          theirs = false;
        }
        if (mine.ok) {
          expect(theirs).toBe(true);
          counts.bothOk!++;
        } else if (!theirs) counts.bothRefuse!++;
        else {
          expect(CBORG_LACKS).toContain(mine.code);
          counts[`cborg-only:${mine.code}`] = (counts[`cborg-only:${mine.code}`] ?? 0) + 1;
        }
      }),
      { numRuns: 5000 },
    );
    console.info(`cbor decode differential vs cborg: ${JSON.stringify(counts)}`);
    expect(counts.bothOk).toBeGreaterThan(1000);
    expect(counts.bothRefuse).toBeGreaterThan(500);
  });
});
