import { base64urlStrict, type CheckSpec, SeamError, type Verdict } from '@agent-seam/canonical';
import { verificationKeyFromDid, verifyBase64Signature, verifyEd25519 } from '@agent-seam/did';
import { explain, explainText } from '../explain.js';
import { EXIT, judgingTime, print, printJson, UsageError } from '../io.js';

/**
 * `refused [code]: <what failed, in the input's terms>`, the library's detail: the first line
 * of every refusal. The refusing check's title is in the check table below it, never here: a
 * title says what is required, and read as a headline it sounds like what was found.
 */
export function verdictLine(verdict: Verdict<unknown>): string {
  return verdict.ok ? 'verified' : `refused ${codeAndDetail(verdict)}`;
}

/** `[code]: detail` of a refusal (`[code]` where the package gave no detail). */
export const codeAndDetail = (v: { code: string; detail?: string }): string =>
  `[${v.code}]${v.detail ? `: ${v.detail}` : ''}`;

/** The verdict as --json members. */
export const verdictFields = (v: Verdict<unknown>) =>
  v.ok
    ? { ok: true, value: v.value }
    : { ok: false, code: v.code, ...(v.detail ? { detail: v.detail } : {}) };

/** A SeamError as a refusal: its code, and its message without the `code: ` SeamError puts first. */
export const refusalOf = (error: SeamError): { ok: false; code: string; detail: string } => ({
  ok: false,
  code: error.code,
  detail: error.message.replace(`${error.code}: `, ''),
});

/** A signer's SeamError (a field that cannot be signed) as a verdict, so it is shown, not thrown. */
export function trySign<T>(sign: () => T): Verdict<T> {
  try {
    return { ok: true, value: sign() };
  } catch (error) {
    if (error instanceof SeamError) return refusalOf(error);
    throw error;
  }
}

/** What a sign (or write) command prints when the package will not do it for the input: exit 1. */
export function signRefusal(
  command: string,
  json: boolean,
  code: string,
  detail?: string,
  verb = 'sign',
): number {
  if (json) printJson({ command, ok: false, code, ...(detail ? { detail } : {}) });
  else print(`cannot ${verb} [${code}]${detail ? `: ${detail}` : ''}`);
  return EXIT.refused;
}

/** One verification as the command reports it. */
export interface Judgement {
  command: string;
  /** The verifier's check list, in its order. */
  checks: readonly CheckSpec[];
  verdict: Verdict<unknown>;
  /** The options the verifier was given (a check that needs a missing one is "not checked"). */
  options: object;
  /** What the signature covers, from the package's what-was-signed function. */
  signed: Uint8Array | null;
  /** The bytes of --expected, when given. */
  expected: Uint8Array | undefined;
  /** Asks the door whether the artifact's signature holds over other bytes (for --expected). */
  holdsOver?: (bytes: Uint8Array) => boolean;
  json: boolean;
  /** More members for --json (a resolved value beside the verdict). */
  extra?: Record<string, unknown>;
  /** The first line when the verdict is ok. */
  okLine: (value: never) => string;
  /** Lines after the first, ok or refused: what time was judged at, what the caller waived. */
  said?: readonly string[];
}

/** Prints a verdict with its explanation (human or --json) and returns the exit code. */
export function report(j: Judgement): number {
  const { verdict } = j;
  const e = explain(j.checks, verdict, j.options, j.signed, j.expected);
  if (e.expected?.same === false && j.holdsOver !== undefined && j.expected !== undefined)
    e.expected.signatureHoldsOverExpected = j.holdsOver(j.expected);
  const said = j.said === undefined ? '' : j.said.map((line) => `${line}\n`).join('');
  if (j.json) printJson({ command: j.command, ...j.extra, ...verdictFields(verdict), explain: e });
  else if (verdict.ok)
    print(`${j.okLine(verdict.value as never)}\n${said}${explainText({ checks: e.checks })}`);
  else {
    const refused = e.checks.find((c) => c.outcome === 'refuse');
    const tip =
      e.signed !== undefined && e.expected === undefined && refused?.id === 'equation'
        ? `\nnext: ask the signer for the exact bytes it signed and add --expected THEIR-BYTES to compare`
        : '';
    print(`${verdictLine(verdict)}\n${said}${explainText(e)}${tip}`);
  }
  return verdict.ok ? EXIT.ok : EXIT.refused;
}

/** Whether `sig` (base64) by the key `did` names holds over `bytes`, asked of the did door. */
export function holdsOver(did: unknown, bytes: Uint8Array, sig: unknown): boolean {
  const key = verificationKeyFromDid(did);
  return key.ok && verifyBase64Signature(key.value, bytes, sig).ok;
}

/** Whether a JWS signature (its base64url segment) by the key `did` names holds over `bytes`. */
export function jwsHoldsOver(did: unknown, bytes: Uint8Array, segment: string | undefined): boolean {
  const key = verificationKeyFromDid(did);
  const sig = base64urlStrict.decode(segment ?? '');
  return key.ok && sig.ok && verifyEd25519(key.value, bytes, sig.value).ok;
}

/** `--now TIME|off` and `--max-age S`: the clock a verifier judges witness cosignature times at. */
export const COSIGNATURE_CLOCK_OPTIONS = { now: { type: 'string' }, 'max-age': { type: 'string' } } as const;

/**
 * The clock for witness cosignatures from `--now` (default the machine clock, or `off` by
 * name) and `--max-age S` (whole seconds; needs a clock), with the line that says which.
 */
export function cosignatureClock(values: Record<string, unknown>): {
  now: number | 'off';
  maxAge?: number;
  said: string;
} {
  const time = judgingTime(typeof values.now === 'string' ? values.now : undefined);
  const maxAgeText = values['max-age'];
  if (maxAgeText === undefined) return time;
  if (typeof maxAgeText !== 'string' || !/^[0-9]{1,12}$/.test(maxAgeText) || time.now === 'off')
    throw new UsageError('--max-age wants whole seconds, and a clock to judge them at (not --now off)');
  return { ...time, maxAge: Number(maxAgeText) };
}

/**
 * How a sign (or make) command ends: the package's refusal (exit 1, see signRefusal), or
 * what it made: under `value` with --json, else as `show` writes it (exit 0).
 */
export function printMade<T>(
  command: string,
  json: boolean,
  made: Verdict<T>,
  show: (value: T) => void,
): number {
  if (!made.ok) return signRefusal(command, json, made.code, made.detail);
  if (json) printJson({ command, ok: true, value: made.value });
  else show(made.value);
  return EXIT.ok;
}
