import { SeamError } from '@agent-seam/canonical';

// Why these exist rather than `expect(f).toThrow(/re/)`: vitest's toThrow with a regex or a
// string passes when `f` throws undefined or null (the pattern is never checked), and
// `.rejects.toThrow(/re/)` likewise for a promise rejected with nothing. These helpers fail
// whenever the thing thrown is not what the test reads.

/**
 * What `f` throws, as the plain fields a test compares whole: the error's name, its code (a
 * SeamError's) and its message. A test whose `f` returns instead fails, so "it throws" can
 * never pass by accident.
 */
export function thrown(f: () => unknown): { name: string; code: string | undefined; message: string } {
  try {
    f();
  } catch (error) {
    return {
      name: (error as Error).name,
      code: (error as { code?: string }).code,
      message: (error as Error).message,
    };
  }
  throw new Error('expected a throw');
}

/**
 * The SeamError `f` throws, for tests that read its code and message. Any other error
 * propagates as it is; a test whose `f` returns fails.
 */
export function thrownSeamError(f: () => unknown): SeamError {
  try {
    f();
  } catch (e) {
    if (e instanceof SeamError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

/**
 * The async twin of thrownSeamError: the SeamError a promise (or a function returning one, or
 * throwing at once) rejects with. Any other rejection propagates as it is; a promise that
 * resolves fails the test.
 */
export async function rejectedSeamError(pending: Promise<unknown> | (() => unknown)): Promise<SeamError> {
  try {
    await (typeof pending === 'function' ? pending() : pending);
  } catch (e) {
    if (e instanceof SeamError) return e;
    throw e;
  }
  throw new Error('did not reject');
}
