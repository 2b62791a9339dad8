import type { KeyStatePin, KeyStatePinStore } from '@agent-seam/did';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { compareAndSetLua, PinHashes, type PinHashSpec } from './pin-hashes.js';

// KEYS: the root's hash. ARGV: '1' when a pin is expected (then its sig), else '0'; then
// the next pin's sig and record (JSON).
const COMPARE_AND_SET = compareAndSetLua({
  read: "redis.call('HGET', KEYS[1], 'sig')",
  present: 'stored',
  differs: 'stored ~= ARGV[2]',
  write: "redis.call('HSET', KEYS[1], 'sig', ARGV[3], 'record', ARGV[4])",
});

const HASHES: PinHashSpec = {
  space: 'keystate',
  words: 'KeyState pin store',
  scriptName: 'seamKeyStateCompareAndSet',
  lua: COMPARE_AND_SET,
};

const isPin = (value: unknown): value is KeyStatePin =>
  typeof value === 'object' && value !== null && typeof (value as { sig?: unknown }).sig === 'string';

/**
 * did's KeyStatePinStore on Redis: one hash per root DID holding the pinned record and its
 * signature (the record's name, which compare-and-set compares). Of two processes pinning
 * two records at once, one script runs first and the other finds the pin moved, so
 * `resolveOpDidPinned` resolves again against it. Pins never expire. An unreachable
 * server, a timeout, an error or a stored value that is not a record rejects with
 * StoreUnavailableError (`resolveOpDidPinned` then refuses: `pin-store-unavailable`).
 */
export class RedisKeyStatePinStore implements KeyStatePinStore {
  readonly #hashes: PinHashes;

  constructor(client: Redis, keys: RedisKeys) {
    this.#hashes = new PinHashes(client, keys, HASHES);
  }

  get(rootDid: string): Promise<KeyStatePin | undefined> {
    return this.#hashes.read(rootDid, ['record'], ([record]) => {
      const pin: unknown = JSON.parse(record!);
      return isPin(pin) ? pin : undefined;
    });
  }

  compareAndSet(rootDid: string, expected: KeyStatePin | undefined, next: KeyStatePin): Promise<boolean> {
    const expectedWords = expected === undefined ? ['0', ''] : ['1', expected.sig];
    return this.#hashes.compareAndSet(rootDid, [...expectedWords, next.sig, JSON.stringify(next)]);
  }
}
