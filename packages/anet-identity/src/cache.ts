/**
 * A bounded cache of what a verifier already worked out from the same bytes: replayed
 * key event logs (keyed by the log's SHA-256) and Ed25519 answers that verified (keyed by
 * the SHA-256 of key, signature and message). A second message from a sender whose log,
 * notice and key set did not change then costs no Ed25519 call here, leaving the
 * envelope's own signature as the only one. Times are judged again on every use.
 */
import { concatBytes, hex, SeamError, sha256, type Verdict } from '@agent-seam/canonical';
import type { DoorQuestion } from '@agent-seam/did';
import type { Steps } from './drive.js';
import { type KelCode, type KelLimits, type ReplayedKel, replayKelSteps } from './kel.js';

const DEFAULT_MAX_ENTRIES = 1024;

export class IdentityCache {
  readonly #max: number;
  readonly #entries = new Map<string, unknown>();

  /** `maxEntries` (default 1024) bounds the replays and answers kept; the oldest used goes first. */
  constructor(options: { maxEntries?: number } = {}) {
    const max = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    if (!Number.isSafeInteger(max) || max < 1)
      throw new SeamError('bad-argument', 'maxEntries must be a positive integer');
    this.#max = max;
  }

  get size(): number {
    return this.#entries.size;
  }

  #get(key: string): unknown {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  #set(key: string, value: unknown): void {
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** The replay of a log: from the cache when these bytes were replayed under the same limits. */
  *replay(bytes: Uint8Array, limits: Required<KelLimits>): Steps<Verdict<ReplayedKel, KelCode>> {
    const key = `kel ${limits.maxBytes} ${limits.maxEvents} ${hex.encode(sha256(bytes))}`;
    const known = this.#get(key) as Verdict<ReplayedKel, KelCode> | undefined;
    if (known !== undefined) return known;
    const replayed = yield* replayKelSteps(bytes, limits);
    this.#set(key, replayed);
    return replayed;
  }

  /** Runs steps, answering from the cache every Ed25519 question that verified before. */
  *answered<T>(steps: Steps<T>): Steps<T> {
    let step = steps.next();
    while (!step.done) {
      const need = step.value;
      if (!Array.isArray(need)) {
        step = steps.next(yield need);
        continue;
      }
      const [publicKey, message, signature] = need as DoorQuestion;
      const key = `sig ${hex.encode(sha256(concatBytes([publicKey, signature, message])))}`;
      const known = this.#get(key);
      const answer = known ?? (yield need);
      if (known === undefined && (answer as { ok: boolean }).ok) this.#set(key, answer);
      step = steps.next(answer);
    }
    return step.value;
  }
}
