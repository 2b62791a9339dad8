import { SeamError } from '@agent-seam/canonical';

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
