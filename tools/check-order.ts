import { type CheckSpec, checkListProblems, explainVerdict, fail, type Verdict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';

/**
 * Holds one verifier's exported check list to the verifier (the explain layer's promise
 * that checks are shown "in the order the package makes them"):
 * - the list covers the verifier's codes, each in exactly one check;
 * - for every pair of adjacent checks `a > b`, an input that breaks both is refused with
 *   a code of `a`. Each pair is given either such an input (a function returning the
 *   verdict, or a promise of it) or, as a string, the reason no input can break both. The pairs given must be
 *   exactly the adjacent pairs, so a new check cannot slip in unexamined;
 * - a refusal whose detail starts with one of a check's `detailStarts` (never an empty list)
 *   is explained at that check, for each of its codes (the pairs explain only the earlier
 *   check of each pair, and with one of its codes: a check's other prefixes went unexamined).
 */
export function holdChecksToVerifier(
  name: string,
  checks: readonly CheckSpec[],
  codes: readonly string[],
  pairs: Record<string, (() => Verdict<unknown> | Promise<Verdict<unknown>>) | string>,
): void {
  const everyOption = Object.fromEntries(
    checks.flatMap((c) => (c.needs === undefined ? [] : [[c.needs, true]])),
  );
  describe(`${name}: the check list`, () => {
    it('covers every code of the verifier, each in exactly one check', () => {
      expect(checkListProblems(checks, codes)).toEqual([]);
    });
    it('gives every check a title of its own, and names the option a check needs', () => {
      // The explain layer shows these to a person: a blank or repeated title hides a check.
      const titles = checks.map((c) => c.title);
      expect(titles.filter((t) => t.trim() === '')).toEqual([]);
      expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
      const unnamed = checks.filter((c) => c.needs !== undefined && !/^[a-z][A-Za-z]*$/.test(c.needs));
      expect(unnamed.map((c) => c.id)).toEqual([]);
    });
    it('names every adjacent pair once', () => {
      const adjacent = checks.slice(1).map((check, i) => `${checks[i]!.id} > ${check.id}`);
      expect(Object.keys(pairs)).toEqual(adjacent);
    });
    it('explains a refusal at the check whose detail prefix it starts with', () => {
      // An empty prefix list names nothing: a shared code could then never reach its check.
      expect(checks.filter((c) => c.detailStarts?.length === 0).map((c) => c.id)).toEqual([]);
      for (const check of checks)
        for (const start of check.detailStarts ?? [])
          for (const code of check.codes) {
            const refused = explainVerdict(checks, fail(code, `${start} …`), everyOption).find(
              (r) => r.outcome === 'refuse',
            );
            expect(refused?.id, `${code} "${start} …"`).toBe(check.id);
          }
    });
    for (const [pair, input] of Object.entries(pairs)) {
      const earlier = checks.find((c) => c.id === pair.split(' > ')[0]);
      if (typeof input === 'string') continue;
      it(`${pair}: an input breaking both is refused by the earlier check`, async () => {
        const verdict = await input();
        expect(verdict.ok, 'the input must be refused').toBe(false);
        expect(earlier?.codes).toContain((verdict as { code: string }).code);
        // And the explanation puts it there (a code two checks share goes by its detail).
        const refused = explainVerdict(checks, verdict, everyOption).find((r) => r.outcome === 'refuse');
        expect(refused?.id).toBe(earlier?.id);
      });
    }
  });
}
