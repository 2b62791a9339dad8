import fc from 'fast-check';
import { expect, it } from 'vitest';

/**
 * The wrong-types and hostile-input suites of the packages: every entry point that
 * judges received data, given arbitrary JavaScript values in place of that data, answers
 * with a Verdict whose code is in its exported list, and never throws.
 */

/** An entry point: its name, a call with `input` in the data's place, and the codes it may give. */
export type EntryPoint = [name: string, judge: (input: unknown) => unknown, codes: readonly string[]];

/** Whether `verdict` is a Verdict: ok with a value, or a refusal with one of `codes`. */
export const verdictShaped = (verdict: unknown, codes: readonly string[]): boolean => {
  const v = verdict as { ok?: unknown; value?: unknown; code?: unknown };
  return v.ok === true ? 'value' in v : v.ok === false && codes.includes(v.code as string);
};

/** Asserts that `verdict` is a Verdict of `codes` (the failure shows the verdict itself). */
export function expectVerdict(verdict: unknown, codes: readonly string[]): void {
  if (!verdictShaped(verdict, codes))
    expect(verdict).toEqual({ ok: false, code: `one of ${codes.join(', ')}` });
}

/** Any JavaScript value, bytes (at most `maxBytes`), text, or JSON: what a wire may hand a verifier. */
export const anyInputOf = (maxBytes: number) =>
  fc.oneof(fc.anything(), fc.uint8Array({ maxLength: maxBytes }), fc.string(), fc.jsonValue());

/** `honest` with one of its members replaced by a value drawn from `values`. */
const oneMemberReplacedOf = (honest: object, values: fc.Arbitrary<unknown>) =>
  fc
    .tuple(fc.constantFrom(...Object.keys(honest)), values)
    .map(([member, value]) => ({ ...honest, [member]: value }));

/** Any input, or `honest` with one member replaced by any input: the inputs of a verifier of objects. */
export const anyOrOneMemberReplaced = (honest: object, maxBytes = 80) => {
  const anyInput = anyInputOf(maxBytes);
  return fc.oneof(anyInput, oneMemberReplacedOf(honest, anyInput));
};

/** One case per entry point: `numRuns` inputs drawn from `inputs`, each answered by a Verdict of its codes. */
export function holdVerdictShaped(
  entryPoints: readonly EntryPoint[],
  inputs: fc.Arbitrary<unknown>,
  numRuns: number,
): void {
  for (const [name, judge, codes] of entryPoints)
    it(name, () =>
      fc.assert(
        fc.property(inputs, (input) => {
          expect(verdictShaped(judge(input), codes)).toBe(true);
        }),
        { numRuns },
      ),
    );
}

/**
 * A verifier's asynchronous door, one case: `numRuns` inputs, each answered by a Verdict
 * of `codes` equal to the synchronous door's.
 */
export const holdAsyncAsSync = (
  name: string,
  inputs: fc.Arbitrary<unknown>,
  doors: { verifyAsync: (input: unknown) => Promise<unknown>; verify: (input: unknown) => unknown },
  codes: readonly string[],
  numRuns: number,
): void =>
  it(name, () =>
    fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const verdict = await doors.verifyAsync(input);
        expect(verdictShaped(verdict, codes)).toBe(true);
        expect(verdict).toEqual(doors.verify(input));
      }),
      { numRuns },
    ),
  );
