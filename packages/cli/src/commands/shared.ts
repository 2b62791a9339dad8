import { type CheckSpec, SeamError, type Verdict } from '@agent-seam/canonical';
import { EXIT, print, printJson } from '../io.js';

/** `refused [code]: <the refusing check's title> (detail)`: the first line of every refusal. */
export function verdictLine(checks: readonly CheckSpec[], verdict: Verdict<unknown>): string {
  if (verdict.ok) return 'verified';
  const check = checks.find((c) => c.codes.includes(verdict.code));
  return `refused [${verdict.code}]: ${check?.title ?? verdict.code}${verdict.detail ? ` (${verdict.detail})` : ''}`;
}

/** The verdict as --json members. */
export const verdictFields = (v: Verdict<unknown>) =>
  v.ok
    ? { ok: true, value: v.value }
    : { ok: false, code: v.code, ...(v.detail ? { detail: v.detail } : {}) };

/** A signer's SeamError (a field that cannot be signed) as a verdict, so it is shown, not thrown. */
export function trySign<T>(sign: () => T): Verdict<T> {
  try {
    return { ok: true, value: sign() };
  } catch (error) {
    if (error instanceof SeamError)
      return { ok: false, code: error.code, detail: error.message.replace(`${error.code}: `, '') };
    throw error;
  }
}

/** What a sign command prints when the package will not sign the input: exit 1. */
export function signRefusal(command: string, json: boolean, code: string, detail?: string): number {
  if (json) printJson({ command, ok: false, code, ...(detail ? { detail } : {}) });
  else print(`cannot sign [${code}]${detail ? `: ${detail}` : ''}`);
  return EXIT.refused;
}
