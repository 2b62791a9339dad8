import type { KelHead, KelPinStore } from '@agent-seam/anet-identity';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { compareAndSetLua, PinHashes, type PinHashSpec } from './pin-hashes.js';

// KEYS: the AID's hash. ARGV: '1' when a head is expected (then its length and last id),
// else '0'; then the next head's AID, length, last id and ids (JSON).
const COMPARE_AND_SET = compareAndSetLua({
  read: "redis.call('HMGET', KEYS[1], 'len', 'last')",
  present: 'stored[1]',
  differs: 'stored[1] ~= ARGV[2] or stored[2] ~= ARGV[3]',
  write: "redis.call('HSET', KEYS[1], 'aid', ARGV[4], 'len', ARGV[5], 'last', ARGV[6], 'ids', ARGV[7])",
});

const HASHES: PinHashSpec = {
  space: 'kel',
  words: 'KEL pin store',
  scriptName: 'seamKelCompareAndSet',
  lua: COMPARE_AND_SET,
};

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
    this.#hashes = new PinHashes(client, keys, HASHES);
  }

  get(aid: string): Promise<KelHead | undefined> {
    return this.#hashes.read(aid, ['aid', 'ids'], ([stored, ids]) => {
      const eventIds: unknown = typeof ids === 'string' ? JSON.parse(ids) : undefined;
      return stored === aid && isIdList(eventIds) ? { aid, eventIds } : undefined;
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
