import { OFF } from './required.js';
import { SeamError, type Verdict } from './verdict.js';

/**
 * The explain layer every verifier shares: its checks as data, in the order it makes
 * them, so that a command line or a web page can show a person which check refused,
 * which passed and which were never reached, with texts that live in the package.
 */

/** One check a verifier makes. Its codes are the refusals this check (and no other) produces. */
export interface CheckSpec<C extends string = string> {
  /** Stable, kebab-case: `recipient`, `signer-key`, `signature`. */
  readonly id: string;
  /** One line a person reads: `addressed to the recipient you named`. */
  readonly title: string;
  readonly codes: readonly C[];
  /**
   * The caller's option this check needs (`now`, `replay`, `quorum`): left out, or turned
   * off by name (`'off'`), the verifier does not make the check, and the explanation says so.
   */
  readonly needs?: string;
  /**
   * For a verifier that makes one code at two places and tells them apart in the detail:
   * the detail prefixes by which this check's share of such a code is known. Of the checks
   * sharing a code, the one whose prefix starts the detail refuses, else the one with none;
   * a code no other check lists is this check's whatever its detail.
   */
  readonly detailStarts?: readonly string[];
}

export type CheckOutcome = 'pass' | 'refuse' | 'not-checked';

export interface CheckResult {
  id: string;
  title: string;
  outcome: CheckOutcome;
  /** The refusal code, on the refusing check. */
  code?: string;
  /** The verdict's detail on the refusing check; why a check was not made, on a skipped one. */
  detail?: string;
}

/**
 * The checks with their outcomes for one verdict: every check passed, or the checks
 * before the refusing one passed, the one whose codes hold the verdict's code refused,
 * and the rest were not reached. A check whose `needs` option the caller left out or
 * gave as `'off'` is `not-checked` wherever it stands. A code no check lists means the list does not
 * belong to the verifier that judged: that throws SeamError('unknown-code').
 */
export function explainVerdict(
  checks: readonly CheckSpec[],
  verdict: Verdict<unknown>,
  options: object = {},
): CheckResult[] {
  const refusing = verdict.ok ? checks.length : refusingCheck(checks, verdict.code, verdict.detail);
  if (refusing < 0)
    throw new SeamError(
      'unknown-code',
      `no check in this list produces ${(verdict as { code: string }).code}`,
    );
  const given = options as Record<string, unknown>;
  return checks.map((check, i): CheckResult => {
    const { id, title } = check;
    if (check.needs !== undefined && given[check.needs] === OFF)
      return {
        id,
        title,
        outcome: 'not-checked',
        detail: `turned off by the caller (${check.needs}: 'off')`,
      };
    if (check.needs !== undefined && given[check.needs] === undefined)
      return { id, title, outcome: 'not-checked', detail: `not asked for: no ${check.needs} given` };
    if (i < refusing) return { id, title, outcome: 'pass' };
    if (i > refusing || verdict.ok) return { id, title, outcome: 'not-checked' };
    const result: CheckResult = { id, title, outcome: 'refuse', code: verdict.code };
    if (verdict.detail !== undefined) result.detail = verdict.detail;
    return result;
  });
}

/** The check a refusal belongs to, or -1: the one listing its code, or, of several, the one its detail names (see `detailStarts`). */
function refusingCheck(checks: readonly CheckSpec[], code: string, detail = ''): number {
  const listing = checks.flatMap((c, i) => (c.codes.includes(code) ? [i] : []));
  if (listing.length < 2) return listing[0] ?? -1;
  const named = listing.find((i) => checks[i]!.detailStarts?.some((start) => detail.startsWith(start)));
  return named ?? listing.find((i) => checks[i]!.detailStarts === undefined) ?? -1;
}

/**
 * What is wrong with a check list as the description of a verifier whose closed code
 * list is `codes`: a code in two checks that no `detailStarts` tells apart, a code no check lists, a check listing a code
 * outside the list, a repeated id. Empty when the list is sound (every package's tests
 * hold its lists to this).
 */
export function checkListProblems(checks: readonly CheckSpec[], codes: readonly string[]): string[] {
  const problems: string[] = [];
  const owners = new Map<string, CheckSpec[]>();
  const ids = new Set<string>();
  for (const check of checks) {
    if (ids.has(check.id)) problems.push(`check id ${check.id} is used twice`);
    ids.add(check.id);
    if (check.codes.length === 0) problems.push(`check ${check.id} lists no code`);
    for (const code of check.codes) {
      // Two checks may share a code only when their details tell them apart.
      const earlier = owners.get(code) ?? [];
      const clash = earlier.find(
        (other) => other.detailStarts === undefined && check.detailStarts === undefined,
      );
      if (clash !== undefined) problems.push(`${code} is in both ${clash.id} and ${check.id}`);
      owners.set(code, [...earlier, check]);
      if (!codes.includes(code)) problems.push(`${check.id} lists ${code}, which the verifier never returns`);
    }
  }
  for (const code of new Set(codes)) if (!owners.has(code)) problems.push(`no check lists ${code}`);
  return problems;
}

/**
 * A check list with some codes taken out, dropping checks left with none: for a verifier
 * that screens a code before a shared list would (a DID screened for small-order keys
 * before the signature door sees the key).
 */
export function withoutCodes<C extends string, D extends C>(
  checks: readonly CheckSpec<C>[],
  removed: readonly D[],
): CheckSpec<Exclude<C, D>>[] {
  const out: CheckSpec<Exclude<C, D>>[] = [];
  for (const check of checks) {
    const codes = check.codes.filter((c): c is Exclude<C, D> => !(removed as readonly C[]).includes(c));
    if (codes.length > 0) out.push({ ...check, codes });
  }
  return out;
}
