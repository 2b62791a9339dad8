import { hex } from '@agent-seam/canonical';
import type { Outcome } from '@agent-seam/conformance/harness';

// How a package's results become protocol outcomes (spec/harness.md): bytes as hex,
// verdicts as value or code, a SeamError a signer throws as its code.

/** A verdict as an outcome, its value mapped by `show`. */
export const fromVerdict = <T>(
  verdict: { ok: true; value: T } | { ok: false; code: string },
  show: (value: T) => unknown = (v) => v,
): Outcome => (verdict.ok ? { ok: true, value: show(verdict.value) } : { ok: false, code: verdict.code });

/**
 * A writer's result as an outcome: its SeamError refusal as the code. A SeamError is known by
 * its name and code, not by instanceof: a runtime may load a second copy of canonical for a
 * package that reaches it by another path (Bun does), whose class is another.
 */
export function fromWriter(write: () => unknown): Outcome {
  try {
    return { ok: true, value: write() };
  } catch (error) {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    if (error instanceof Error && name === 'SeamError' && typeof code === 'string')
      return { ok: false, code };
    throw error;
  }
}

/** Request bytes: hex the harness sent. A bad spelling is the harness's bug, so it throws. */
export function bytesArg(args: Record<string, unknown>, name: string): Uint8Array {
  const text = args[name];
  const v = typeof text === 'string' ? hex.decode(text) : null;
  if (v === null || !v.ok) throw new Error(`args.${name} is not lowercase hex`);
  return v.value;
}

export const stringArg = (args: Record<string, unknown>, name: string): string => {
  const v = args[name];
  if (typeof v !== 'string') throw new Error(`args.${name} is not a string`);
  return v;
};

/**
 * Where calls that must judge alike (a verifier and its async twin, one clock as a Date and
 * as Unix seconds) do not: the refusal naming which one disagreed with `first` and what it
 * said; null when they all agree.
 */
export function disagreeing(first: unknown, others: Record<string, unknown>): Outcome | null {
  for (const [which, other] of Object.entries(others))
    if (JSON.stringify(other) !== JSON.stringify(first))
      return { ok: false, code: `${which}-disagrees: ${JSON.stringify(other)}` };
  return null;
}

/** A verdict as an outcome, a refusal as the value `{ code, detail }` when the request asks for its detail (`explain`). */
export const explained = (
  verdict: { ok: true; value: unknown } | { ok: false; code: string; detail?: string },
  explain: unknown,
): Outcome =>
  explain === true && !verdict.ok
    ? { ok: true, value: { code: verdict.code, detail: verdict.detail ?? null } }
    : fromVerdict(verdict);
