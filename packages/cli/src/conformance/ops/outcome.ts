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
