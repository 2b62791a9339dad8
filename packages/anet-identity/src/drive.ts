/**
 * The identity checks are written once, as generators that yield what they need from
 * outside (an Ed25519 question, a pin-store call) and are resumed with the answer. Two
 * drivers answer them: synchronously (the Ed25519 door; a store that answers with a
 * promise is refused) and asynchronously (the asynchronous door; store promises awaited).
 */

import { SeamError } from '@agent-seam/canonical';
import { type DoorQuestion, verifyEd25519, verifyEd25519Async } from '@agent-seam/did';
import type { KelPinStore, StoreCall } from './pins.js';

const isPromise = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Ask a store one call; the sync driver refuses a store that answers with a promise. */
function callStore(store: KelPinStore, call: StoreCall, sync: boolean): unknown {
  const answer =
    call.op === 'get' ? store.get(call.aid) : store.compareAndSet(call.aid, call.expected, call.next);
  if (sync && isPromise(answer))
    throw new SeamError(
      'async-store',
      'the pin store answered with a promise: use the async entry point (pinKelAsync, anetSenderKeyResolverAsync)',
    );
  return answer;
}

export type Need = DoorQuestion | StoreCall;
// The answer a step is resumed with depends on what it asked: an Ed25519 verdict or a store answer.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Steps<T> = Generator<Need, T, any>;

/** Runs steps to their verdict with synchronous answers. */
export function runSync<T>(steps: Steps<T>, store?: KelPinStore): T {
  let step = steps.next();
  while (!step.done) {
    const need = step.value;
    step = steps.next(
      Array.isArray(need)
        ? verifyEd25519(...(need as DoorQuestion))
        : callStore(store!, need as StoreCall, true),
    );
  }
  return step.value;
}

/** What a store call is answered with when the store failed to answer (its promise rejected). */
export const STORE_UNAVAILABLE: unique symbol = Symbol('store-unavailable');

/** One asynchronous store call; a rejection (a shared store's server away) is STORE_UNAVAILABLE, for the steps to refuse on. */
async function askStore(store: KelPinStore, call: StoreCall): Promise<unknown> {
  try {
    return await callStore(store, call, false);
  } catch {
    return STORE_UNAVAILABLE;
  }
}

/** Runs steps to their verdict, awaiting the asynchronous door and the store. */
export async function runAsync<T>(steps: Steps<T>, store?: KelPinStore): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    const need = step.value;
    step = steps.next(
      Array.isArray(need)
        ? await verifyEd25519Async(...(need as DoorQuestion))
        : await askStore(store!, need as StoreCall),
    );
  }
  return step.value;
}
