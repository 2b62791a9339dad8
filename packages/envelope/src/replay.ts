import { durationSeconds, SeamError } from '@agent-seam/canonical';

/**
 * What a replay cache answers for one accepted message:
 * - `new`: it had not seen (sender, messageId), and now remembers it;
 * - `seen`: it remembers that pair: the message is a replay;
 * - `forgotten`: it cannot vouch either way, because it has had to forget messages as
 *   old as this one (it was full); the message is refused, never let through.
 */
export type ReplayAnswer = 'new' | 'seen' | 'forgotten';

/**
 * Remembers accepted messages by (sender, messageId) for `windowSeconds` after each
 * message's own timestamp. `checkAndRemember` must check and remember in one atomic
 * step (two concurrent deliveries of one message: exactly one is `new`), and must never
 * answer `new` without remembering. A store shared by several processes (a database, a
 * key-value store with set-if-absent) may answer with a promise; `verifyEnvelopeAsync`
 * waits for it, `verifyEnvelope` refuses such a store as a configuration error.
 */
export interface ReplayCache {
  /** Seconds after a message's timestamp that it is remembered; at least the verifier's maxSkew. */
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
