import { describe, expect, it } from 'vitest';

/**
 * Holds a package's verifiers to failing closed (issue 32): a verdict is `ok` only when
 * everything its contract requires was judged. Each package's `fail-closed.test.ts` lists
 * every verifier and opener it exports, and for each either
 * - how to call it on an input it accepts, the options it is always given (`given`), the
 *   options it cannot do without (`required`: the clock, a replay store, a mailbox key),
 *   and for each of those a caller may turn off by name, the value members that then
 *   record `'off-by-caller'`; or
 * - as a string, why its contract has no time or once-only rule.
 *
 * Checked, per verifier: with only `given` and `required`, it accepts and no member of the
 * value (at any depth) says `off-by-caller`, `not-judged` or `not-checked`; without each
 * required option it throws `SeamError('missing-option')` naming that option (so removing a
 * requirement turns exactly that case red); with the option as `'off'` it accepts and the
 * named members, and only those, say `off-by-caller`.
 */
export interface FailClosedVerifier {
  call: (options: Record<string, unknown>) => unknown;
  /** Options every call gets (the recipient, trusted keys): not what this sweep is about. */
  given?: () => Record<string, unknown>;
  /** Options it cannot do without; a fresh set per call (a replay cache remembers). */
  required: () => Record<string, unknown>;
  /** Required options a caller may give as `'off'`, each with the members that then say so. */
  optOut?: Record<string, readonly string[]>;
  /** Options that need another one on: turning the key off turns these off too (a replay store needs a clock). */
  offTogether?: Record<string, readonly string[]>;
}

const UNJUDGED = new Set(['off-by-caller', 'not-judged', 'not-checked']);

/** Paths (`a.b`) of every member whose value says something was not judged. */
function unjudgedMembers(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return UNJUDGED.has(value) ? [path] : [];
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return [];
  return Object.entries(value).flatMap(([k, v]) => unjudgedMembers(v, path === '' ? k : `${path}.${k}`));
}

/** The verdict of a call, or the SeamError it threw or rejected with, as plain fields. */
async function outcome(
  call: () => unknown,
): Promise<
  { verdict: { ok: boolean; value?: unknown; code?: string } } | { error: { code?: string; message: string } }
> {
  try {
    return { verdict: (await call()) as { ok: boolean } };
  } catch (error) {
    return { error: { code: (error as { code?: string }).code, message: (error as Error).message } };
  }
}

export function holdFailClosed(
  exports: Record<string, unknown>,
  verifiers: Record<string, FailClosedVerifier | string>,
): void {
  describe('fail closed: every verifier judges what its contract requires, or says the caller turned it off', () => {
    it('lists every exported verifier and opener (and other exported judges by name)', () => {
      const exported = Object.keys(exports).filter(
        (name) => /^(verify|open)[A-Z]/.test(name) && typeof exports[name] === 'function',
      );
      const listed = Object.keys(verifiers);
      expect(exported.filter((name) => !listed.includes(name))).toEqual([]);
      expect(listed.filter((name) => typeof exports[name] !== 'function')).toEqual([]);
    });
    for (const [name, verifier] of Object.entries(verifiers)) {
      if (typeof verifier === 'string') continue;
      const given = () => verifier.given?.() ?? {};
      const all = () => ({ ...given(), ...verifier.required() });
      it(`${name}, with only its required options, judges everything`, async () => {
        const result = await outcome(() => verifier.call(all()));
        expect(result).toMatchObject({ verdict: { ok: true } });
        if ('verdict' in result) expect(unjudgedMembers(result.verdict.value)).toEqual([]);
      });
      for (const option of Object.keys(verifier.required()))
        it(`${name} without ${option}: SeamError('missing-option') naming it`, async () => {
          const { [option]: _left, ...rest } = all();
          const result = await outcome(() => verifier.call(rest));
          expect(result).toMatchObject({ error: { code: 'missing-option' } });
          if ('error' in result) expect(result.error.message).toContain(` ${option} `);
        });
      const optOut = verifier.optOut ?? {};
      for (const option of Object.keys(optOut)) {
        const off = [option, ...(verifier.offTogether?.[option] ?? [])];
        const members = off.flatMap((o) => optOut[o] ?? []);
        it(`${name} with ${off.join(', ')}: 'off' says so in ${members.join(', ')}`, async () => {
          const options = { ...all(), ...Object.fromEntries(off.map((o) => [o, 'off'])) };
          const result = await outcome(() => verifier.call(options));
          expect(result).toMatchObject({ verdict: { ok: true } });
          if ('verdict' in result)
            expect(unjudgedMembers(result.verdict.value).sort()).toEqual(members.sort());
        });
      }
    }
  });
}
