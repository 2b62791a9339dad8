import { SeamError } from '@agent-seam/canonical';

/**
 * The error every store rejects with when the server did not answer as it must: it could
 * not be reached, the command timed out, or the server answered an error (out of memory,
 * read-only replica, no permission) or something the store's scripts never answer. The
 * verifier that asked turns it into a refusal (`replay-store-unavailable`,
 * `pin-store-unavailable`): never an acceptance. `cause` holds the client's error.
 */
export class StoreUnavailableError extends SeamError<'store-unavailable'> {
  constructor(store: string, cause: unknown) {
    super('store-unavailable', `the ${store} on Redis did not answer: ${reasonOf(cause)}`);
    this.name = 'StoreUnavailableError';
    this.cause = cause;
  }
}

/** The client's message (configuration and transport text, never message bytes). */
const reasonOf = (cause: unknown): string =>
  cause instanceof Error ? cause.message : 'it answered something its scripts never answer';

/** Runs one store operation: any failure becomes a StoreUnavailableError naming the store. */
export async function guarded<T>(store: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(store, error);
  }
}

/** An answer outside what the script returns: the store cannot vouch for anything. */
export const unexpectedAnswer = (store: string): StoreUnavailableError =>
  new StoreUnavailableError(store, undefined);
