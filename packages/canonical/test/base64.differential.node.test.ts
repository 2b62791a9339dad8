import { base64Strict, base64urlStrict } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The strict readers against Node's Buffer, an independent base64 codec that is lenient on
// reading: a text is the canonical spelling of some bytes exactly when Buffer's own spelling
// of what it reads is that text; then both must give the same bytes.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const texts = (extra: string) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...`${ALPHABET}${extra}=. é`), maxLength: 14 }),
    // Near misses of real spellings: a canonical text with one character changed or cut.
    fc
      .tuple(fc.uint8Array({ maxLength: 12 }), fc.nat(), fc.constantFrom(...`${ALPHABET}${extra}=`))
      .map(([bytes, at, c]) => {
        const text = Buffer.from(bytes).toString(extra === '+/' ? 'base64' : 'base64url');
        const i = at % (text.length + 1);
        return at % 3 === 0 ? text.slice(0, i) : text.slice(0, i) + c + text.slice(i + 1);
      }),
  );

describe('base64 readers against Buffer', () => {
  for (const [name, reader, encoding, extra] of [
    ['base64Strict', base64Strict, 'base64', '+/'],
    ['base64urlStrict', base64urlStrict, 'base64url', '-_'],
  ] as const)
    it(`${name} accepts exactly Buffer's canonical spellings, with Buffer's bytes`, () => {
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(texts(extra), (text) => {
          const theirs = Buffer.from(text, encoding);
          const canonical = /^[A-Za-z0-9+/_=-]*$/.test(text) && theirs.toString(encoding) === text;
          const ours = reader.decode(text);
          expect(ours.ok).toBe(canonical);
          if (ours.ok) {
            accepted++;
            expect(Buffer.from(ours.value).equals(theirs)).toBe(true);
          } else refused++;
        }),
        { numRuns: 20_000 },
      );
      expect(accepted).toBeGreaterThan(2_000);
      expect(refused).toBeGreaterThan(2_000);
    });
});
