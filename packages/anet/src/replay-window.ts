/**
 * Single use of signed hub requests (seed 002): per signer, the hub keeps the signatures
 * of its recent accepted requests, as many as the signer's class allows, and a floor: the
 * newest time of a signature it had to forget. A request is refused as replayed when its
 * signature is held, and as behind the window when its time is at or below the floor
 * (it might be one the window forgot).
 *
 * Reserve, then commit or release: the verifier reserves a request's signature before it
 * checks the signature, so a second copy arriving while the first is still being verified
 * is refused as replayed (a reservation counts as held). A request that verifies is
 * committed (it joins the window, possibly pushing the oldest out and raising the floor);
 * one that does not is released, leaving no trace: a forged signature can neither fill a
 * signer's window nor move its floor.
 */
import { SeamError } from '@agent-seam/canonical';
import { RELAY_MAX_SKEW_MS, REPLAY_WINDOW_SIZES, type SignerClass } from './limits.js';

/** One request as the window sees it. */
export interface RelayReplayEntry {
  /** The signer's AID (X-ANet-AID). */
  readonly signer: string;
  readonly signerClass: SignerClass;
  /** X-ANet-TS, Unix milliseconds. */
  readonly tsMs: number;
  /** X-ANet-Sig as received (86 base64url characters). */
  readonly signature: string;
  /** The hub's clock, Unix milliseconds: entries older than the skew limit can be forgotten. */
  readonly nowMs: number;
}

/**
 * `new`: reserved, go on; `seen`: this signature is held (accepted, or reserved by a
 * request still being verified); `stale`: at or below the signer's floor; `full`: the
 * store holds as many signers as it may and none can be forgotten yet.
 */
export type RelayReplayAnswer = 'new' | 'seen' | 'stale' | 'full';

/**
 * The hub's replay state. `reserve` must be one atomic step (check and reserve), so that
 * of two concurrent copies exactly one is `new`; a store shared by several processes (a
 * later issue) keeps that promise with one transaction. Every method may answer with a
 * promise; then only `verifyHubRequestAsync` can use the store.
 */
export interface RelayReplayWindow {
  reserve(entry: RelayReplayEntry): RelayReplayAnswer | Promise<RelayReplayAnswer>;
  /** The reserved request verified: hold its signature for good. */
  commit(entry: RelayReplayEntry): void | Promise<void>;
  /** The reserved request did not verify: drop the reservation. */
  release(entry: RelayReplayEntry): void | Promise<void>;
}

interface SignerWindow {
  /** Accepted signatures and their times. */
  readonly accepted: Map<string, number>;
  /**
   * The accepted signatures oldest first (a window of a peer hub holds 1024: finding the
   * oldest by a scan on every commit cost more than the signature check).
   */
  readonly byTime: { tsMs: number; signature: string }[];
  readonly reserved: Set<string>;
  /** The newest time of a signature forgotten; a request at or below it is stale. */
  floorMs: number;
}

/** The replay window in this process's memory. */
export class MemoryRelayReplayWindow implements RelayReplayWindow {
  readonly #signers = new Map<string, SignerWindow>();
  readonly #maxSigners: number;
  readonly #sizes: Readonly<Record<SignerClass, number>>;

  /**
   * `maxSigners` (default 100000) bounds the signers held at once; a signer is forgotten
   * once nothing it sent could pass the time check again. `sizes` overrides the window
   * size per class (REPLAY_WINDOW_SIZES).
   */
  constructor(options: { maxSigners?: number; sizes?: Partial<Record<SignerClass, number>> } = {}) {
    const max = options.maxSigners ?? 100_000;
    if (!Number.isSafeInteger(max) || max < 1)
      throw new SeamError('bad-argument', 'maxSigners must be a positive integer');
    const sizes = { ...REPLAY_WINDOW_SIZES, ...options.sizes };
    for (const size of Object.values(sizes))
      if (!Number.isSafeInteger(size) || size < 1)
        throw new SeamError('bad-argument', 'a window size must be a positive integer');
    this.#maxSigners = max;
    this.#sizes = sizes;
  }

  /** Signers held now (for tests and monitoring). */
  get signers(): number {
    return this.#signers.size;
  }

  reserve(entry: RelayReplayEntry): RelayReplayAnswer {
    let window = this.#signers.get(entry.signer);
    if (window === undefined) {
      if (this.#signers.size >= this.#maxSigners) this.#forgetOld(entry.nowMs);
      if (this.#signers.size >= this.#maxSigners) return 'full';
      window = {
        accepted: new Map(),
        byTime: [],
        reserved: new Set(),
        floorMs: Number.NEGATIVE_INFINITY,
      };
      this.#signers.set(entry.signer, window);
    }
    if (window.accepted.has(entry.signature) || window.reserved.has(entry.signature)) return 'seen';
    if (entry.tsMs <= window.floorMs) return 'stale';
    window.reserved.add(entry.signature);
    return 'new';
  }

  commit(entry: RelayReplayEntry): void {
    const window = this.#signers.get(entry.signer);
    if (window === undefined || !window.reserved.delete(entry.signature))
      throw new SeamError('bad-argument', 'commit: this request was not reserved');
    window.accepted.set(entry.signature, entry.tsMs);
    insertByTime(window, entry.tsMs, entry.signature);
    const size = this.#sizes[entry.signerClass];
    while (window.accepted.size > size) {
      const oldest = window.byTime.shift()!;
      window.accepted.delete(oldest.signature);
      window.floorMs = Math.max(window.floorMs, oldest.tsMs);
    }
  }

  release(entry: RelayReplayEntry): void {
    const window = this.#signers.get(entry.signer);
    window?.reserved.delete(entry.signature);
    if (window !== undefined && window.reserved.size === 0 && window.accepted.size === 0)
      this.#signers.delete(entry.signer);
  }

  /** Forgets every signer none of whose requests could pass the time check again. */
  #forgetOld(nowMs: number): void {
    const horizon = nowMs - RELAY_MAX_SKEW_MS;
    for (const [signer, window] of this.#signers) {
      if (window.reserved.size > 0) continue;
      let newest = Number.NEGATIVE_INFINITY;
      for (const ts of window.accepted.values()) newest = Math.max(newest, ts);
      if (newest < horizon) this.#signers.delete(signer);
    }
  }
}

/**
 * Inserts after every held signature of the same or an earlier time: requests mostly come
 * in time order, so this is usually an append (binary search for the rest).
 */
function insertByTime(window: SignerWindow, tsMs: number, signature: string): void {
  const { byTime } = window;
  let low = 0;
  let high = byTime.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (byTime[mid]!.tsMs <= tsMs) low = mid + 1;
    else high = mid;
  }
  byTime.splice(low, 0, { tsMs, signature });
}
