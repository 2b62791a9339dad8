/**
 * The outcome of judging wire input. Verifiers return a Verdict and never throw on
 * what an attacker can send; `code` is drawn from a closed, documented union per
 * package, and `detail` never echoes attacker bytes.
 */
export type Verdict<T, C extends string = string> =
  | { ok: true; value: T }
  | { ok: false; code: C; detail?: string };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const fail = <C extends string>(code: C, detail?: string): { ok: false; code: C; detail?: string } =>
  detail === undefined ? { ok: false, code } : { ok: false, code, detail };

/**
 * Thrown for programmer errors (wrong argument types) and by sign/encode paths that
 * are asked to produce bytes the contract forbids. Carries a code like a Verdict does.
 */
export class SeamError<C extends string = string> extends Error {
  readonly code: C;
  constructor(code: C, message: string) {
    super(`${code}: ${message}`);
    this.name = 'SeamError';
    this.code = code;
  }
}

/** The value of an accepted Verdict, or a thrown SeamError with the refusal's code. */
export function unwrap<T, C extends string>(verdict: Verdict<T, C>): T {
  if (verdict.ok) return verdict.value;
  throw new SeamError(verdict.code, verdict.detail ?? 'refused');
}
