import {
  RELAY_MAX_SKEW_MS,
  REPLAY_WINDOW_SIZES,
  type RelayReplayAnswer,
  type RelayReplayEntry,
  type RelayReplayWindow,
  type SignerClass,
} from '@agent-seam/anet/verify';
import { SeamError } from '@agent-seam/canonical';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { defineScript, horizonLua, type Script } from './scripts.js';
import { guarded, type StoreName, unexpectedAnswer } from './unavailable.js';

/**
 * DECIDED: how long a reservation holds a signature when neither commit nor release
 * follows (the verifying process died): 60 s, far beyond one verification.
 */
export const RESERVATION_MS = 60_000;

// KEYS: accepted (sorted set: signature -> tsMs), reserved (signature -> held until, ms),
// floor, marker. ARGV: signature, tsMs, nowMs, held until, lifetime of the reservations (ms).
const RESERVE = `${horizonLua('4', '3')}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 'seen' end
local floor = redis.call('GET', KEYS[3])
if (floor and tonumber(ARGV[2]) <= tonumber(floor)) or behind(ARGV[2]) then return 'stale' end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 'new'
`;

// KEYS: accepted, reserved, floor. ARGV: signature, tsMs, window size, nowMs, skew (ms).
// The oldest signatures past the size leave and raise the floor to the newest of them;
// the signer's keys live until nothing it sent could pass the time check again.
const COMMIT = `
if redis.call('ZREM', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if over > 0 then
  local floor = redis.call('GET', KEYS[3])
  local popped = redis.call('ZPOPMIN', KEYS[1], over)
  for i = 2, #popped, 2 do
    if not floor or tonumber(popped[i]) > tonumber(floor) then floor = popped[i] end
  end
  redis.call('SET', KEYS[3], floor)
end
local newest = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
local lifetime = math.max(1000, tonumber(newest) + tonumber(ARGV[5]) - tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[1], lifetime)
if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('PEXPIRE', KEYS[3], lifetime) end
return 1
`;

// KEYS: reserved. ARGV: signature.
const RELEASE = `redis.call('ZREM', KEYS[1], ARGV[1]) return 1`;

const STORE: StoreName = { words: 'relay replay window', code: 'relay-store-unavailable' };

/**
 * The ANet hub's per-signer replay window on Redis, shared by the hub's processes: per
 * signer a sorted set of accepted signatures by time (at most the class's size), one of
 * reservations, and the floor (the newest time forgotten). `reserve`, `commit` and
 * `release` are each one script, so of two copies of a request reaching two processes at
 * once exactly one is reserved. A signer's keys expire once nothing it sent could pass the
 * time check (its newest accepted time + RELAY_MAX_SKEW_MS); a reservation left by a
 * process that died lapses after RESERVATION_MS. Redis holds as many signers as its memory
 * does, so it never answers `full`; when the server lost its data in use, requests at or
 * before that moment answer `stale`. An unreachable server, a timeout or an error rejects
 * with StoreUnavailableError, which the hub's verifier must refuse on.
 */
export class RedisRelayReplayWindow implements RelayReplayWindow {
  readonly #keys: RedisKeys;
  readonly #sizes: Readonly<Record<SignerClass, number>>;
  readonly #reserve: Script;
  readonly #commit: Script;
  readonly #release: Script;

  constructor(client: Redis, keys: RedisKeys, sizes: Partial<Record<SignerClass, number>> = {}) {
    const merged = { ...REPLAY_WINDOW_SIZES, ...sizes };
    for (const size of Object.values(merged))
      if (!Number.isSafeInteger(size) || size < 1)
        throw new SeamError('bad-options', 'a relay window size must be a positive integer');
    this.#keys = keys;
    this.#sizes = merged;
    this.#reserve = defineScript(client, 'seamRelayReserve', 4, RESERVE);
    this.#commit = defineScript(client, 'seamRelayCommit', 3, COMMIT);
    this.#release = defineScript(client, 'seamRelayRelease', 1, RELEASE);
  }

  /** The signer's three keys, in one cluster slot (one hash tag). */
  #signerKeys(signer: string): [string, string, string] {
    return [
      this.#keys.of('relay', [signer], 'accepted'),
      this.#keys.of('relay', [signer], 'reserved'),
      this.#keys.of('relay', [signer], 'floor'),
    ];
  }

  reserve(entry: RelayReplayEntry): Promise<RelayReplayAnswer> {
    // A caller's error, never sent: an infinite now would also become every caller's horizon.
    if (!Number.isFinite(entry.tsMs) || !Number.isFinite(entry.nowMs))
      return Promise.reject(new SeamError('bad-argument', 'reserve: tsMs and nowMs are finite numbers'));
    return guarded(STORE, async () => {
      const heldUntil = entry.nowMs + RESERVATION_MS;
      const answer = await this.#reserve(
        [...this.#signerKeys(entry.signer), this.#keys.marker('relay')],
        [entry.signature, entry.tsMs, entry.nowMs, heldUntil, RESERVATION_MS],
      );
      if (answer === 'new' || answer === 'seen' || answer === 'stale') return answer;
      throw unexpectedAnswer(STORE);
    });
  }

  /** Holds the reserved signature for good; rejects with SeamError when it was not reserved (or its reservation lapsed). */
  async commit(entry: RelayReplayEntry): Promise<void> {
    const size = this.#sizes[entry.signerClass];
    if (size === undefined) throw new SeamError('bad-argument', 'commit: unknown signer class');
    const committed = await guarded(STORE, () =>
      this.#commit(this.#signerKeys(entry.signer), [
        entry.signature,
        entry.tsMs,
        size,
        entry.nowMs,
        RELAY_MAX_SKEW_MS,
      ]),
    );
    if (committed === 0)
      throw new SeamError(
        'bad-argument',
        'commit: this request was not reserved (or its reservation lapsed)',
      );
    if (committed !== 1) throw unexpectedAnswer(STORE);
  }

  release(entry: RelayReplayEntry): Promise<void> {
    return guarded(STORE, async () => {
      await this.#release([this.#signerKeys(entry.signer)[1]], [entry.signature]);
    });
  }
}
