import type { KelHead, KelPinStore } from '@agent-seam/anet-identity';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { PinHashes } from './pin-hashes.js';
import { type StoreName, unexpectedAnswer } from './unavailable.js';

// KEYS: the AID's hash. ARGV: '1' when a head is expected (then its length and last id),
// else '0'; then the next head's AID, length, last id and ids (JSON).
const COMPARE_AND_SET = `
local stored = redis.call('HMGET', KEYS[1], 'len', 'last')
if ARGV[1] == '0' then
  if stored[1] then return 0 end
elseif stored[1] ~= ARGV[2] or stored[2] ~= ARGV[3] then
  return 0
end
redis.call('HSET', KEYS[1], 'aid', ARGV[4], 'len', ARGV[5], 'last', ARGV[6], 'ids', ARGV[7])
return 1
`;

const STORE: StoreName = { words: 'KEL pin store', code: 'pin-store-unavailable' };

/** A head's length and last id, as the script compares them (anet-identity's sameHead). */
const headWords = (head: KelHead): [string, string] => [
  String(head.eventIds.length),
  head.eventIds.at(-1) ?? '',
];

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

/**
 * anet-identity's KelPinStore on Redis: one hash per AID holding the pinned head (its
 * length, last event id, and the ids). `compareAndSet` is one script, so of two
 * processes pinning different forks of one log at once exactly one stores its head; the
 * other's `pinKelAsync` reads the winner and refuses its own as a fork. Pins never
 * expire. An unreachable server, a timeout, an error or a stored value that is not a head
 * rejects with StoreUnavailableError (`pinKelAsync` then refuses: `pin-store-unavailable`).
 */
export class RedisKelPinStore implements KelPinStore {
  readonly #hashes: PinHashes;

  constructor(client: Redis, keys: RedisKeys) {
    this.#hashes = new PinHashes(client, keys, 'kel', STORE, {
      name: 'seamKelCompareAndSet',
      lua: COMPARE_AND_SET,
    });
  }

  get(aid: string): Promise<KelHead | undefined> {
    return this.#hashes.read(aid, ['aid', 'ids'], ([stored, ids]) => {
      if (stored === null || stored === undefined) return undefined;
      const eventIds: unknown = ids === null || ids === undefined ? undefined : JSON.parse(ids);
      if (stored !== aid || !isIdList(eventIds)) throw unexpectedAnswer(STORE);
      return { aid, eventIds };
    });
  }

  compareAndSet(aid: string, expected: KelHead | undefined, next: KelHead): Promise<boolean> {
    const expectedWords = expected === undefined ? ['0', '', ''] : ['1', ...headWords(expected)];
    return this.#hashes.compareAndSet(aid, [
      ...expectedWords,
      aid,
      ...headWords(next),
      JSON.stringify(next.eventIds),
    ]);
  }
}
