import { base58btc } from '@agent-seam/did';
import fc from 'fast-check';
import { base58btc as theirs } from 'multiformats/bases/base58';
import { describe, expect, it } from 'vitest';

/**
 * Differential run (issue 15): did's base58btc decoder against multiformats' on random
 * text, mostly from the alphabet (with leading '1's, which are zero bytes), sometimes with
 * a character outside it. The only allowed disagreement is the length cap (512 chars),
 * which multiformats does not have; the texts here stay below it.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const char = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...ALPHABET) },
  { weight: 1, arbitrary: fc.constantFrom('0', 'O', 'I', 'l', '+', '/', ' ', '\u00e9') },
);
const text = fc.oneof(
  fc.array(char, { maxLength: 90 }).map((cs) => cs.join('')),
  fc
    .tuple(fc.nat({ max: 6 }), fc.array(char, { maxLength: 60 }))
    .map(([ones, cs]) => '1'.repeat(ones) + cs.join('')),
);

describe('differential: base58btc decode agrees with multiformats', () => {
  it('same bytes or both refuse, on 5000 texts', () => {
    const counts = { bothOk: 0, bothRefuse: 0 };
    fc.assert(
      fc.property(text, (s) => {
        const mine = base58btc.decode(s);
        let other: Uint8Array | null;
        try {
          other = theirs.baseDecode(s);
        } catch {
          other = null;
        }
        if (mine.ok) {
          expect(other).not.toBeNull();
          expect(Array.from(mine.value)).toEqual(Array.from(other!));
          counts.bothOk++;
        } else {
          expect(other).toBeNull();
          counts.bothRefuse++;
        }
      }),
      { numRuns: 5000 },
    );
    console.info(`base58 differential vs multiformats: ${JSON.stringify(counts)}`);
    // Floors: both sides of the comparison were exercised.
    expect(counts.bothOk).toBeGreaterThan(2500);
    expect(counts.bothRefuse).toBeGreaterThan(500);
  });
});
