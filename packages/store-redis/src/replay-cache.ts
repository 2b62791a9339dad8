import {
  DEFAULT_REPLAY_WINDOW,
  durationSeconds,
  type ReplayAnswer,
  type ReplayCache,
  SeamError,
} from '@agent-seam/canonical';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { defineScript, horizonLua, type Script } from './scripts.js';
import { guarded, type StoreName, unexpectedAnswer } from './unavailable.js';

/** The replay window the contract prescribes: canonical's DEFAULT_REPLAY_WINDOW (600 s). */
export const DEFAULT_REDIS_REPLAY_WINDOW = DEFAULT_REPLAY_WINDOW;

// KEYS: the entry, the marker. ARGV: lifetime (ms), timestamp, now.
const CHECK_AND_REMEMBER = `${horizonLua('2', '3')}
if redis.call('EXISTS', KEYS[1]) == 1 then return 'seen' end
if behind(ARGV[2]) then return 'forgotten' end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
return 'new'
`;

const STORE: StoreName = { words: 'replay cache', code: 'replay-store-unavailable' };

/**
 * A ReplayCache on Redis, shared by every process that names the same server and prefix.
 * Each check is one script (atomic on the server): `seen` when the entry exists, else the
 * entry is written with its expiry and `new` answered, so two concurrent deliveries of
 * one message get exactly one `new`, and `new` always means remembered. An entry lives
 * until `timestamp + windowSeconds` (counted from the caller's `now`, at least 1 s).
 *
 * If the server loses its data while in use (the space's marker is gone), the caller's
 * `now` at that moment becomes a horizon: messages timestamped at or before it answer
 * `forgotten` (the verifier's `replay-cache-full`), since they may have been accepted
 * before the loss. A server that cannot be reached, times out or answers an error makes
 * the promise reject with StoreUnavailableError, code `replay-store-unavailable`: wba's
 * `verifyRequestAsync` refuses with that code, and `verifyEnvelopeAsync` and hpke-seal's
 * async openers reject with this error. Never an acceptance.
 */
export class RedisReplayCache implements ReplayCache {
  readonly windowSeconds: number;
  readonly #keys: RedisKeys;
  readonly #script: Script;

  constructor(client: Redis, keys: RedisKeys, windowSeconds = DEFAULT_REDIS_REPLAY_WINDOW) {
    this.windowSeconds = durationSeconds(windowSeconds, 'replayWindowSeconds');
    this.#keys = keys;
    this.#script = defineScript(client, 'seamReplayCheck', 2, CHECK_AND_REMEMBER);
  }

  checkAndRemember(sender: string, messageId: string, timestamp: number, now: number): Promise<ReplayAnswer> {
    // A caller's error, never sent: an infinite now would also become every caller's horizon.
    if (!Number.isFinite(timestamp) || !Number.isFinite(now))
      return Promise.reject(new SeamError('bad-argument', 'timestamp and now are finite numbers'));
    const lifetimeMs = Math.max(1000, Math.ceil((timestamp + this.windowSeconds - now) * 1000));
    return guarded(STORE, async () => {
      const answer = await this.#script(
        [this.#keys.of('replay', [sender, messageId]), this.#keys.marker('replay')],
        [lifetimeMs, timestamp, now],
      );
      if (answer === 'new' || answer === 'seen' || answer === 'forgotten') return answer;
      throw unexpectedAnswer(STORE);
    });
  }
}
