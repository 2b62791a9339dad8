import fc from 'fast-check';
import { expect, it } from 'vitest';

/** A Verdict: accepted with a value, or refused with a code from the entry point's closed list. */
export function expectVerdict(v: unknown, codes: readonly string[]): void {
  const verdict = v as { ok: unknown; value?: unknown; code?: unknown };
  if (verdict.ok === true) expect(verdict.value).toBeDefined();
  else {
    expect(verdict.ok).toBe(false);
    expect(codes).toContain(verdict.code);
  }
}

/** An entry point that judges wire input: its name, a call with `input` as the wire argument, its codes. */
export type JudgingEntry = [name: string, judge: (input: unknown) => unknown, codes: readonly string[]];

/**
 * One property test per entry point, named by it: fed `anyValue` in place of its wire argument
 * (the caller's options stay valid), it returns a Verdict with one of its codes, never throws.
 */
export function judgesAnyValue(
  entries: readonly JudgingEntry[],
  anyValue: fc.Arbitrary<unknown>,
  numRuns: number,
): void {
  for (const [name, judge, codes] of entries)
    it(name, () =>
      fc.assert(
        fc.property(anyValue, (input) => expectVerdict(judge(input), codes)),
        { numRuns },
      ),
    );
}
