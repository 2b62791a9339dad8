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
