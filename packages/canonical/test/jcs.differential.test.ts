import { canonicalFromJSON } from '@agent-seam/canonical';
import npmCanonicalize from 'canonicalize';
import fc from 'fast-check';
import { canonicalize as jsonCanonicalize } from 'json-canonicalize';
import { describe, expect, it } from 'vitest';

/**
 * Differential run (issue 15), receive side: a JSON text through canonicalFromJSON with
 * the jcs profile, and through JSON.parse then each npm RFC 8785 implementation. Where
 * this package accepts, the three outputs are the same bytes. Where it refuses, the
 * reason is one JSON.parse does not have (counted by code): numbers that do not survive
 * a double round trip (number-hazard), lone surrogates, nesting past the depth limit.
 */
const text = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.json({ maxDepth: 3, stringUnit: 'binary', noUnicodeString: false } as never),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 1)),
  fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }).map((n) => `[${n}]`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => `{"d":${d}}`),
);
const ALLOWED_REFUSALS = new Set(['number-hazard', 'lone-surrogate', 'invalid-utf8', 'too-deep']);

describe('differential: canonicalFromJSON(jcs) against canonicalize and json-canonicalize', () => {
  it('same bytes whenever this package accepts, on 4000 texts', () => {
    const counts: Record<string, number> = { agree: 0 };
    const decoder = new TextDecoder();
    fc.assert(
      fc.property(text, (t) => {
        const mine = canonicalFromJSON(t, { profile: 'jcs' });
        if (!mine.ok) {
          expect(ALLOWED_REFUSALS).toContain(mine.code);
          counts[mine.code] = (counts[mine.code] ?? 0) + 1;
          return;
        }
        const value = JSON.parse(t);
        const out = decoder.decode(mine.value);
        expect(out).toBe(npmCanonicalize(value));
        expect(out).toBe(jsonCanonicalize(value));
        counts.agree!++;
      }),
      { numRuns: 4000 },
    );
    console.info(`jcs differential: ${JSON.stringify(counts)}`);
    expect(counts.agree).toBeGreaterThan(3000);
  });
});
