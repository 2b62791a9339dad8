import { missingOption, OFF, type Off } from './required.js';
import { durationSeconds } from './time.js';
import { fail, ok, SeamError, type Verdict } from './verdict.js';

/**
 * Once-only delivery, shared by every verifier whose contract accepts a message at most
 * once per (sender, message id): envelope's messages, hpke-seal's sealed envelopes. The
 * interface lives here, at the root of the package graph, so that a store written once
 * (in memory, or shared between processes) plugs into all of them.
 *
 * What a replay cache answers for one accepted message:
 * - `new`: it had not seen (sender, messageId), and now remembers it;
 * - `seen`: it remembers that pair: the message is a replay;
 * - `forgotten`: it cannot vouch either way, because it has had to forget messages as
 *   old as this one (it was full); the message is refused, never let through.
 */
export type ReplayAnswer = 'new' | 'seen' | 'forgotten';

/**
 * Remembers accepted messages by (sender, messageId) for `windowSeconds` after each
 * message's `timestamp`: the moment the verifier ages the entry by (envelope: the signed
 * timestamp; hpke-seal: the expiry, after which the opener refuses the envelope anyway).
 * A key must keep the pair apart: no two pairs may share one (MemoryReplayCache prefixes
 * the sender with its length). `checkAndRemember` must check and remember in one atomic
 * step (two concurrent deliveries of one message: exactly one is `new`), and must never
 * answer `new` without remembering. A store shared by several processes (a database, a
 * key-value store with set-if-absent) may answer with a promise; the asynchronous
 * verifiers (`verifyEnvelopeAsync`, `openEnvelopeAsync`) wait for it, the synchronous
 * ones refuse such a store as a configuration error.
 */
export interface ReplayCache {
  /** Seconds after a message's timestamp that it is remembered (each verifier says how long it needs). */
  readonly windowSeconds: number;
  checkAndRemember(
    sender: string,
    messageId: string,
    timestamp: number,
    now: number,
  ): ReplayAnswer | PromiseLike<ReplayAnswer>;
}

/** The replay window the contract prescribes: 600 s. */
export const DEFAULT_REPLAY_WINDOW = 600;
/** Default cap on the entries a MemoryReplayCache holds: 100,000. */
export const DEFAULT_REPLAY_ENTRIES = 100_000;
/** Default cap on the characters of the keys it holds (senders and message ids): 16 Mi. */
export const DEFAULT_REPLAY_CHARS = 16 * 1024 * 1024;

export interface MemoryReplayCacheOptions {
  /** Default DEFAULT_REPLAY_WINDOW (600 s). */
  windowSeconds?: number;
  /** Default DEFAULT_REPLAY_ENTRIES. */
  maxEntries?: number;
  /** Default DEFAULT_REPLAY_CHARS: message ids are the sender's choice, so memory is capped by size too. */
  maxChars?: number;
}

const positiveInteger = (value: unknown, option: string): number => {
  if (!Number.isSafeInteger(value) || (value as number) < 1)
    throw new SeamError('bad-options', `${option} must be a positive integer`);
  return value as number;
};

/**
 * A bounded in-memory ReplayCache for one process. Entries leave when their window has
 * passed (judged at the `now` of each call) or, when a cap is reached, oldest timestamp
 * first. Forgetting is made safe by a horizon: every timestamp at or below the newest
 * one forgotten is answered `forgotten`, so a message that was forgotten can never come
 * back as `new`. Under a flood of genuine messages (any stranger can make a did:key and
 * sign) the cache therefore narrows what it accepts to the newest timestamps, and never
 * accepts a replay.
 */
export class MemoryReplayCache implements ReplayCache {
  readonly windowSeconds: number;
  readonly maxEntries: number;
  readonly maxChars: number;
  /** Key to the timestamp of the message remembered under it. */
  private readonly entries = new Map<string, number>();
  private readonly oldest = new OldestFirst();
  private chars = 0;
  /** Every timestamp at or below this has (possibly) been forgotten. */
  private horizon = Number.NEGATIVE_INFINITY;

  constructor(options: MemoryReplayCacheOptions = {}) {
    this.windowSeconds = durationSeconds(
      options.windowSeconds ?? DEFAULT_REPLAY_WINDOW,
      'MemoryReplayCache windowSeconds',
    );
    this.maxEntries = positiveInteger(options.maxEntries ?? DEFAULT_REPLAY_ENTRIES, 'maxEntries');
    this.maxChars = positiveInteger(options.maxChars ?? DEFAULT_REPLAY_CHARS, 'maxChars');
  }

  /** How many messages it remembers now. */
  get size(): number {
    return this.entries.size;
  }

  checkAndRemember(sender: string, messageId: string, timestamp: number, now: number): ReplayAnswer {
    // Length-prefixed: no two (sender, messageId) pairs spell one key.
    const key = `${sender.length}:${sender}${messageId}`;
    while (this.oldest.size > 0 && this.oldest.peek() + this.windowSeconds < now) this.forgetOldest();
    if (this.entries.has(key)) return 'seen';
    if (timestamp <= this.horizon || key.length > this.maxChars) return 'forgotten';
    while (this.entries.size >= this.maxEntries || this.chars + key.length > this.maxChars) {
      // Full: forget the oldest, unless this message would be the oldest itself.
      if (timestamp <= this.oldest.peek()) return 'forgotten';
      this.forgetOldest();
    }
    this.entries.set(key, timestamp);
    this.oldest.push(timestamp, key);
    this.chars += key.length;
    return 'new';
  }

  private forgetOldest(): void {
    const [timestamp, key] = this.oldest.pop();
    this.entries.delete(key);
    this.chars -= key.length;
    this.horizon = Math.max(this.horizon, timestamp);
  }
}

/** A binary min-heap of (timestamp, key): the entry to forget next is always on top. */
class OldestFirst {
  private readonly times: number[] = [];
  private readonly keys: string[] = [];

  get size(): number {
    return this.times.length;
  }

  peek(): number {
    return this.times[0]!;
  }

  push(time: number, key: string): void {
    let i = this.times.length;
    this.times.push(time);
    this.keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.times[parent]! <= time) break;
      this.move(parent, i);
      i = parent;
    }
    this.times[i] = time;
    this.keys[i] = key;
  }

  pop(): [number, string] {
    const top: [number, string] = [this.times[0]!, this.keys[0]!];
    const time = this.times.pop()!;
    const key = this.keys.pop()!;
    const n = this.times.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.times[child + 1]! < this.times[child]!) child++;
      if (this.times[child]! >= time) break;
      this.move(child, i);
      i = child;
    }
    this.times[i] = time;
    this.keys[i] = key;
    return top;
  }

  private move(from: number, to: number): void {
    this.times[to] = this.times[from]!;
    this.keys[to] = this.keys[from]!;
  }
}

/** The replay refusals every once-only verifier shares. */
export type ReplayCode = 'replayed' | 'replay-cache-full';
/** What an asynchronous verifier adds: its store rejected or threw, so nothing was judged. */
export type AsyncReplayCode = ReplayCode | 'replay-store-unavailable';

/**
 * A required replay store: the caller's ReplayCache, or `'off'` when the caller turned
 * the once-only check off by name. Left out, `missing-option`; anything else, `bad-options`.
 */
export function replayOrOff(value: unknown, where: string): ReplayCache | Off {
  if (value === undefined)
    throw missingOption(
      where,
      'replay',
      '(a ReplayCache, e.g. new MemoryReplayCache()) to refuse a second delivery of one message',
    );
  if (value === OFF) return OFF;
  if (typeof (value as ReplayCache | null)?.checkAndRemember !== 'function')
    throw new SeamError(
      'bad-options',
      `${where} replay must be a ReplayCache (e.g. new MemoryReplayCache()) or 'off'`,
    );
  return value as ReplayCache;
}

/**
 * A cache's answer, as the once-only check's verdict. A synchronous verifier passes
 * `asyncVerifier`, and a promise is then a configuration error naming that verifier. An
 * answer other than the three is the store's bug, thrown, never read as `new`.
 */
export function replayVerdict(
  answer: ReplayAnswer | PromiseLike<ReplayAnswer>,
  asyncVerifier?: string,
): Verdict<'first-seen', ReplayCode> {
  if (typeof answer !== 'string' && asyncVerifier !== undefined)
    throw new SeamError('bad-options', `this replay cache answers asynchronously: use ${asyncVerifier}`);
  if (answer === 'new') return ok('first-seen');
  if (answer === 'seen') return fail('replayed', 'this sender already delivered this message id');
  if (answer === 'forgotten')
    return fail(
      'replay-cache-full',
      'the replay cache has forgotten messages this old, so it cannot vouch for this one',
    );
  throw new SeamError('bad-options', 'the replay cache answered something other than new, seen or forgotten');
}

/**
 * `replayVerdict` for the asynchronous verifiers: waits for the store's answer, and
 * refuses (`replay-store-unavailable`) when `ask` throws or its promise rejects (a shared
 * store whose server is away, timed out, or in error): a message the store could not
 * judge is never accepted, and the verifier's own promise never rejects for it. The
 * store's error is not echoed: it may hold the sender's ids.
 */
export async function replayVerdictAsync(
  ask: () => ReplayAnswer | PromiseLike<ReplayAnswer>,
): Promise<Verdict<'first-seen', AsyncReplayCode>> {
  let answer: ReplayAnswer;
  try {
    answer = await ask();
  } catch {
    return fail(
      'replay-store-unavailable',
      'the replay store failed to answer, so the message cannot be judged unseen: check the store (its server, connection and errors)',
    );
  }
  return replayVerdict(answer);
}
