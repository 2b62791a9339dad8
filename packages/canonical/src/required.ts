import { SeamError } from './verdict.js';

/**
 * Fail closed. A verifier whose contract needs something only its caller has (the clock,
 * a replay store, its own mailbox key) takes it as a required option: leaving it out is a
 * usage error, never a quieter verdict. A caller who wants less says so by name, giving
 * the option the value `'off'`; the verified value then records `'off-by-caller'` where it
 * would have recorded the check's outcome.
 */
export const OFF = 'off';
/** The value of a required option whose check the caller turns off by name. */
export type Off = typeof OFF;
/** What a verified value records for a check its caller turned off by name. */
export type OffByCaller = 'off-by-caller';

/**
 * The usage error for a required option left out: `SeamError('missing-option')`, its
 * message naming the verifier, the option, what it is needed for and how to opt out.
 */
export const missingOption = (
  where: string,
  option: string,
  neededFor: string,
): SeamError<'missing-option'> =>
  new SeamError(
    'missing-option',
    `${where} needs ${option} ${neededFor}; to leave that unjudged, pass ${option}: 'off'`,
  );

/** What a verified value says where a check was not made: opted out, or not judgeable. */
const UNJUDGED: ReadonlySet<unknown> = new Set(['off-by-caller', 'not-judged', 'not-checked']);

/**
 * The paths (`replay`, `access.capability`) of every member of a verified value that says a
 * check was not made (`'off-by-caller'`, `'not-judged'`, `'not-checked'`). An `ok` verdict
 * with any such member is a valid signature, not a full acceptance: show it so (the Seam
 * Inspector marks it amber). Walks the value without recursion; bytes are not entered.
 */
export function unjudgedMembers(value: unknown): string[] {
  const found: string[] = [];
  const pending: [string, unknown][] = [['', value]];
  while (pending.length > 0) {
    const [path, member] = pending.pop()!;
    if (UNJUDGED.has(member)) found.push(path);
    else if (typeof member === 'object' && member !== null && !ArrayBuffer.isView(member))
      for (const [key, inner] of Object.entries(member).reverse())
        pending.push([path === '' ? key : `${path}.${key}`, inner]);
  }
  return found;
}
