import { hex, SeamError } from '@agent-seam/canonical';
import type { Outcome } from '@agent-seam/conformance/harness';

// How a package's results become protocol outcomes (spec/harness.md): bytes as hex,
// verdicts as value or code, a SeamError a signer throws as its code.

/** A verdict as an outcome, its value mapped by `show`. */
export const fromVerdict = <T>(
  verdict: { ok: true; value: T } | { ok: false; code: string },
  show: (value: T) => unknown = (v) => v,
): Outcome => (verdict.ok ? { ok: true, value: show(verdict.value) } : { ok: false, code: verdict.code });

/** A writer's result as an outcome: its SeamError refusal as the code. */
export function fromWriter(write: () => unknown): Outcome {
  try {
    return { ok: true, value: write() };
  } catch (error) {
    if (error instanceof SeamError) return { ok: false, code: error.code };
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
