import type { Redis } from 'ioredis';
import type { KeySpace, RedisKeys } from './keys.js';
import { defineScript, type Script } from './scripts.js';
import { guarded, type StoreName, unexpectedAnswer } from './unavailable.js';

/**
 * What both pin stores share: one Redis hash per id in their space, read field by field,
 * written only by their compare-and-set script (which answers 1 when it wrote, 0 when
 * the stored pin was not the one expected).
 */
export class PinHashes {
  readonly #client: Redis;
  readonly #keys: RedisKeys;
  readonly #script: Script;

  constructor(
    client: Redis,
    keys: RedisKeys,
    readonly space: KeySpace,
    readonly store: StoreName,
    script: { name: string; lua: string },
  ) {
    this.#client = client;
    this.#keys = keys;
    this.#script = defineScript(client, script.name, 1, script.lua);
  }

  /** The fields stored for `id` (null where absent), parsed by `parse`; its throw is the store's failure. */
  read<T>(id: string, fields: string[], parse: (values: (string | null)[]) => T): Promise<T> {
    return guarded(this.store, async () =>
      parse(await this.#client.hmget(this.#keys.of(this.space, [id]), ...fields)),
    );
  }

  /** Runs the compare-and-set script for `id`; whether it wrote. */
  compareAndSet(id: string, args: readonly string[]): Promise<boolean> {
    return guarded(this.store, async () => {
      const written = await this.#script([this.#keys.of(this.space, [id])], args);
      if (written === 0 || written === 1) return written === 1;
      throw unexpectedAnswer(this.store);
    });
  }
}
