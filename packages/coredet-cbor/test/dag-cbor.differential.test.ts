import { hex } from '@agent-seam/canonical';
import * as dagCbor from '@ipld/dag-cbor';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CborFloat, type CborValue, decode, encode } from '../src/index.js';
import { nested } from './nested.js';

/**
 * Differential run (issue 15) against @ipld/dag-cbor 10.0.2 (over cborg), an independent
 * deterministic CBOR profile. On JSON-like values (text-keyed maps, arrays, text, bytes,
 * integers up to 64 bits, finite floats, booleans, null):
 *   - both encoders write the same bytes, except where a float is held exactly by
 *     binary16 or binary32: this package writes the shortest width (RFC 8949 section
 *     4.2.1), DAG-CBOR always binary64; and -0, which this package writes as the float
 *     -0.0 (f98000) and DAG-CBOR as the integer 0;
 *   - dag-cbor decodes this package's bytes to the same value, and this package decodes
 *     dag-cbor's bytes to the same value, except that it refuses those binary64 floats as
 *     `non-minimal-float` (and reads DAG-CBOR's 0 for -0 as 0);
 *   - on mutated bytes: whenever the strict decoder here says ok, dag-cbor's decoder
 *     accepts too and reads the same value, except for maps with integer or byte-string
 *     keys, which this package reads (the protocol uses integer keys) and DAG-CBOR
 *     refuses (its maps are keyed by text only). (dag-cbor also accepts text that is not
 *     UTF-8, replacing the bad bytes, and the simple value undefined, read as null; the
 *     strict decoder refuses both, which the property allows: it only asks that our ok
 *     implies theirs.)
 * The same list is in spec/coredet-cbor.md, "Differences from DAG-CBOR".
 */

/**
 * A comparable spelling of a decoded value, -0 and bigints marked. A CborFloat (a float
 * holding an integer, kept apart here so that bytes round-trip) is its number: JavaScript
 * numbers, and so dag-cbor, cannot tell 1.0 from 1.
 */
function normal(value: unknown): string {
  return JSON.stringify(value, (_key, raw) => {
    if (raw instanceof CborFloat) return raw.value;
    if (typeof raw === 'number') return Object.is(raw, -0) ? { float: '-0' } : raw;
    if (typeof raw === 'bigint') return `${raw}n`;
    if (raw instanceof Uint8Array) return { bytes: hex.encode(raw) };
    // This package reads the empty map as a Map (its keys cannot be known to be text).
    if (raw instanceof Map && raw.size === 0) return {};
    if (raw instanceof Map)
      return { map: [...raw.entries()].map(([k, x]) => [normal(k), JSON.parse(normal(x))]) };
    // Text keys in one order (the encoders sort them; the value drawn need not be sorted).
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw))
      return Object.fromEntries(Object.entries(raw).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return raw;
  });
}

/** Whether a float here would be written narrower than binary64 (what DAG-CBOR never does). */
const narrowFloat = (n: number) => !Number.isSafeInteger(n) && !Object.is(n, -0) && Math.fround(n) === n;
function some(value: unknown, test: (n: number) => boolean): boolean {
  if (typeof value === 'number') return test(value);
  if (Array.isArray(value)) return value.some((x) => some(x, test));
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array))
    return Object.values(value).some((x) => some(x, test));
  return false;
}
/** The value with every -0 made 0 (DAG-CBOR writes -0 as the integer 0). */
const withoutNegativeZero = (value: unknown): unknown =>
  JSON.parse(normal(value).replaceAll('{"float":"-0"}', '0'));

const json = nested(
  fc.oneof(
    fc.maxSafeInteger(),
    fc.integer({ min: -1000, max: 1000 }),
    fc.bigInt({ min: -(1n << 64n), max: (1n << 64n) - 1n }).filter((n) => n > 2n ** 53n || n < -(2n ** 53n)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0.5, -1.5, 65504, 1e-7, 3.4028234663852886e38, -0),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.uint8Array({ maxLength: 16 }),
    fc.boolean(),
    fc.constant(null),
  ),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
) as fc.Arbitrary<CborValue>;

const theirDecode = (bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; why: string } => {
  try {
    return { ok: true, value: dagCbor.decode(bytes) };
  } catch (e) {
    return { ok: false, why: (e as Error).message };
  }
};

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

describe('differential: coredet-cbor against @ipld/dag-cbor 10.0.2', () => {
  it('both encoders agree byte for byte, float widths aside, and each decodes the other, on 3000 values', () => {
    const counts: Record<string, number> = {};
    fc.assert(
      fc.property(json, (value) => {
        const mine = encode(value);
        const theirs = dagCbor.encode(value);
        const narrow = some(value, narrowFloat);
        const negativeZero = some(value, (n) => Object.is(n, -0));
        expect(hex.encode(mine) === hex.encode(theirs)).toBe(!narrow && !negativeZero);
        // dag-cbor reads our bytes (binary16/32 floats included) to the same value.
        const read = theirDecode(mine);
        expect(read.ok && normal(read.value)).toBe(normal(value));
        // We read theirs, unless they wrote a float wider than it needs.
        const back = decode(theirs);
        if (narrow) expect(back.ok ? 'ok' : back.code).toBe('non-minimal-float');
        else expect(back.ok && JSON.parse(normal(back.value))).toEqual(withoutNegativeZero(value));
        bump(counts, narrow ? 'float-width-differs' : negativeZero ? 'negative-zero' : 'same-bytes');
      }),
      { numRuns: 3000 },
    );
    console.info(`dag-cbor encode differential: ${JSON.stringify(counts)}`);
    expect(counts['same-bytes']).toBeGreaterThanOrEqual(1500);
    expect(counts['float-width-differs']).toBeGreaterThanOrEqual(100);
    expect(counts['negative-zero']).toBeGreaterThanOrEqual(20);
  });

  it('whatever the strict decoder accepts, dag-cbor accepts with the same value, on 5000 mutated inputs', () => {
    const counts: Record<string, number> = {};
    // JSON-like values, and maps keyed by integers (which this package reads, DAG-CBOR does not).
    const integerKeyed = fc
      .uniqueArray(fc.tuple(fc.integer({ min: -30, max: 30 }), json), { selector: ([k]) => k, maxLength: 3 })
      .map((entries) => new Map(entries));
    const mutated = fc
      .tuple(
        fc.oneof({ weight: 5, arbitrary: json }, integerKeyed),
        fc.array(
          fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'insert', 'delete')),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
      )
      .map(([value, edits]) => {
        const bytes = [...encode(value)];
        for (const [at, byte, kind] of edits) {
          const p = at % (bytes.length + 1);
          if (kind === 'insert') bytes.splice(p, 0, byte);
          else if (kind === 'delete') bytes.splice(p, 1);
          else if (p < bytes.length) bytes[p] = byte;
        }
        return Uint8Array.from(bytes);
      });
    const input = fc.oneof({ weight: 4, arbitrary: mutated }, fc.uint8Array({ minLength: 1, maxLength: 24 }));
    fc.assert(
      fc.property(input, (bytes) => {
        const mine = decode(bytes);
        const theirs = theirDecode(bytes);
        if (!mine.ok) return bump(counts, theirs.ok ? `dag-cbor-only:${mine.code}` : 'bothRefuse');
        if (theirs.ok) {
          expect(normal(theirs.value)).toBe(normal(mine.value));
          return bump(counts, 'bothAccept');
        }
        // The one allowed difference: a map keyed by something other than text.
        expect(normal(mine.value)).toContain('"map":');
        bump(counts, 'non-text-keys');
      }),
      { numRuns: 5000 },
    );
    console.info(`dag-cbor decode differential: ${JSON.stringify(counts)}`);
    expect(counts.bothAccept).toBeGreaterThanOrEqual(300);
    expect(counts.bothRefuse).toBeGreaterThanOrEqual(1000);
    expect(counts['non-text-keys']).toBeGreaterThanOrEqual(5);
  });
});
