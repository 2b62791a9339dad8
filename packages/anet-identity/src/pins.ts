/**
 * KEL pins: the newest log a verifier has seen for each AID. A newer log must hold the
 * pinned one as its prefix, compared by event ids (each the CID of the event's bytes, so
 * the same as comparing preimages): a shorter log with a matching prefix is a rollback,
 * any differing event a fork. The store may answer with promises (a shared store across
 * processes); the steps are written once and driven either way.
 */
import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { runAsync, runSync, STORE_UNAVAILABLE } from './drive.js';
import type { ReplayedKel } from './kel.js';

/** What a pin store keeps per AID: the event ids of the newest log, in order. */
export interface KelHead {
  readonly aid: string;
  readonly eventIds: readonly string[];
}

/**
 * A pin store. `compareAndSet` must be one atomic step: store `next` only if the head
 * stored now is `expected` (the same last event id and length; `undefined`: nothing
 * stored), and say whether it did. Either method may answer with a promise; then only
 * the async entry points can use the store.
 */
export interface KelPinStore {
  get(aid: string): KelHead | undefined | Promise<KelHead | undefined>;
  compareAndSet(aid: string, expected: KelHead | undefined, next: KelHead): boolean | Promise<boolean>;
}

/** `pin-store-unavailable`: the store's promise rejected (async entry points), so the log is not judged against its pin. */
export const PIN_CODES = ['kel-rollback', 'kel-fork', 'pin-store-unavailable'] as const;
export type PinCode = (typeof PIN_CODES)[number];

/** What pinning did: first sight of the AID, the same log, or a longer one. */
export type PinOutcome = 'pinned' | 'same' | 'extended';

export const headOf = (kel: ReplayedKel): KelHead => ({
  aid: kel.aid,
  eventIds: kel.states.map((s) => s.id),
});

/** The same head: one length and one last id (the ids chain, so the last names them all). */
export const sameHead = (a: KelHead | undefined, b: KelHead | undefined): boolean =>
  a === undefined || b === undefined
    ? a === b
    : a.eventIds.length === b.eventIds.length && a.eventIds.at(-1) === b.eventIds.at(-1);

/** How a candidate log stands to the pinned one. */
export function compareKelHeads(
  pinned: KelHead,
  candidate: KelHead,
): Verdict<Exclude<PinOutcome, 'pinned'>, PinCode> {
  const shared = Math.min(pinned.eventIds.length, candidate.eventIds.length);
  for (let i = 0; i < shared; i++)
    if (pinned.eventIds[i] !== candidate.eventIds[i])
      return fail('kel-fork', `event ${i} differs from the log pinned for this AID`);
  if (candidate.eventIds.length < pinned.eventIds.length)
    return fail(
      'kel-rollback',
      `the log ends at event ${candidate.eventIds.length - 1}; the pinned one reaches event ${pinned.eventIds.length - 1}`,
    );
  return ok(candidate.eventIds.length === pinned.eventIds.length ? 'same' : 'extended');
}

/** One call to the store, yielded by the pin steps and answered by a driver. */
export type StoreCall =
  | { readonly op: 'get'; readonly aid: string }
  | {
      readonly op: 'compareAndSet';
      readonly aid: string;
      readonly expected: KelHead | undefined;
      readonly next: KelHead;
    };

/**
 * Bounds the retries when other writers win the compare-and-set: each win extends the
 * stored log by at least one event, so a store that keeps its promise settles within
 * 257 rounds; one that never does is the caller's bug.
 */
const MAX_ROUNDS = 257;

const unavailable = () =>
  fail(
    'pin-store-unavailable',
    'the KEL pin store did not answer, so the log cannot be judged against its pin',
  );

/** Pin `kel`: read the head, judge the candidate against it, and write it if it is newer. */
export function* pinSteps(kel: ReplayedKel): Generator<StoreCall, Verdict<PinOutcome, PinCode>, unknown> {
  const candidate = headOf(kel);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const answer = yield { op: 'get', aid: kel.aid };
    if (answer === STORE_UNAVAILABLE) return unavailable();
    const pinned = answer as KelHead | undefined;
    if (pinned !== undefined) {
      const judged = compareKelHeads(pinned, candidate);
      if (!judged.ok || judged.value === 'same') return judged;
    }
    const written = yield { op: 'compareAndSet', aid: kel.aid, expected: pinned, next: candidate };
    if (written === STORE_UNAVAILABLE) return unavailable();
    if (written === true) return ok(pinned === undefined ? 'pinned' : 'extended');
  }
  throw new SeamError(
    'store-contended',
    'the pin store refused every compare-and-set: it breaks its contract',
  );
}

/** Pin a replayed log in a store that answers synchronously (a promise throws SeamError). */
export const pinKel = (store: KelPinStore, kel: ReplayedKel): Verdict<PinOutcome, PinCode> =>
  runSync(pinSteps(kel), store);

/** Pin a replayed log in any store, awaiting its answers. */
export const pinKelAsync = (store: KelPinStore, kel: ReplayedKel): Promise<Verdict<PinOutcome, PinCode>> =>
  runAsync(pinSteps(kel), store);

/** A pin store in this process's memory. */
export class MemoryKelPinStore implements KelPinStore {
  readonly #heads = new Map<string, KelHead>();

  get(aid: string): KelHead | undefined {
    return this.#heads.get(aid);
  }

  compareAndSet(aid: string, expected: KelHead | undefined, next: KelHead): boolean {
    if (!sameHead(this.#heads.get(aid), expected)) return false;
    this.#heads.set(aid, { aid: next.aid, eventIds: [...next.eventIds] });
    return true;
  }
}
