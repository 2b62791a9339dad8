import { SeamError } from '@agent-seam/canonical';

/**
 * The codes a store rejects with when the server did not answer as it must. Each store's
 * is the name of the refusal its verifiers give for it (`verifyEnvelopeAsync`, hpke-seal's
 * async openers, `verifyRequestAsync`: `replay-store-unavailable`; `pinKelAsync`,
 * `resolveOpDidPinned`: `pin-store-unavailable`; `verifyHubRequestAsync`:
 * `relay-store-unavailable`; `fetchDirectory`: `directory-store-unavailable`), so a caller
 * of a store meets the name its verifiers refuse with. `store-unavailable`: the first
 * connection failed.
 */
export const STORE_UNAVAILABLE_CODES = [
  'replay-store-unavailable',
  'pin-store-unavailable',
  'relay-store-unavailable',
  'directory-store-unavailable',
  'store-unavailable',
] as const;
export type StoreUnavailableCode = (typeof STORE_UNAVAILABLE_CODES)[number];

/** A store as its failures name it: in words, and by code. */
export interface StoreName {
  readonly words: string;
  readonly code: StoreUnavailableCode;
}

/**
 * The error every store rejects with when the server did not answer as it must: it could
 * not be reached, the command timed out, or the server answered an error (out of memory,
 * read-only replica, no permission) or something the store's scripts never answer. The
 * verifier that asked refuses: never an acceptance. `cause` holds
 * the client's error.
 */
export class StoreUnavailableError extends SeamError<StoreUnavailableCode> {
  constructor(store: StoreName, cause: unknown) {
    super(store.code, `the ${store.words} on Redis did not answer: ${reasonOf(cause)}`);
    this.name = 'StoreUnavailableError';
    this.cause = cause;
  }
}

/** The client's message (configuration and transport text, never message bytes). */
const reasonOf = (cause: unknown): string =>
  cause instanceof Error ? cause.message : 'it answered something its scripts never answer';

/** Runs one store operation: any failure becomes a StoreUnavailableError naming the store. */
export async function guarded<T>(store: StoreName, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(store, error);
  }
}

/** An answer outside what the script returns: the store cannot vouch for anything. */
export const unexpectedAnswer = (store: StoreName): StoreUnavailableError =>
  new StoreUnavailableError(store, undefined);
