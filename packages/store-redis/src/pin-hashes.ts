import type { Redis } from 'ioredis';
import type { KeySpace, RedisKeys } from './keys.js';
import { defineScript, type Script } from './scripts.js';
import { guarded, type StoreName, unexpectedAnswer } from './unavailable.js';

/**
 * The Lua of a pin store's compare-and-set (KEYS[1]: the id's hash; ARGV[1]: '1' when a
 * pin is expected, else '0'). `read` reads what names the stored pin into `stored`,
 * `present` says one is stored, `differs` that it is not the one expected, `write` stores
 * the next. Answers 1 when it wrote, 0 when it did not.
 */
export const compareAndSetLua = (lua: { read: string; present: string; differs: string; write: string }) => `
local stored = ${lua.read}
if ARGV[1] == '0' then
  if ${lua.present} then return 0 end
elseif ${lua.differs} then
  return 0
end
${lua.write}
return 1
`;

/** A pin store's hashes: their space, the store in words, and its compare-and-set script. */
export interface PinHashSpec {
  readonly space: KeySpace;
  readonly words: string;
  readonly scriptName: string;
  readonly lua: string;
}

/**
 * What both pin stores share: one Redis hash per id in their space, read field by field,
 * written only by their compare-and-set script (which answers 1 when it wrote, 0 when
 * the stored pin was not the one expected). Failures reject `pin-store-unavailable`.
 */
export class PinHashes {
  readonly #client: Redis;
  readonly #keys: RedisKeys;
  readonly #script: Script;
  readonly #space: KeySpace;
  readonly #store: StoreName;

  constructor(client: Redis, keys: RedisKeys, spec: PinHashSpec) {
    this.#client = client;
    this.#keys = keys;
    this.#script = defineScript(client, spec.scriptName, 1, spec.lua);
    this.#space = spec.space;
    this.#store = { words: spec.words, code: 'pin-store-unavailable' };
  }

  /**
   * The fields stored for `id`, read by `parse`: undefined when the first field is absent
   * (nothing pinned). A value `parse` cannot read (it answers undefined, or throws) is the
   * store's failure: a pin is never judged from a corrupt value.
   */
  read<T>(
    id: string,
    fields: string[],
    parse: (values: (string | null)[]) => T | undefined,
  ): Promise<T | undefined> {
    return guarded(this.#store, async () => {
      const values = await this.#client.hmget(this.#keys.of(this.#space, [id]), ...fields);
      if (typeof values[0] !== 'string') return undefined;
      const value = parse(values);
      if (value === undefined) throw unexpectedAnswer(this.#store);
      return value;
    });
  }

  /** Runs the compare-and-set script for `id`; whether it wrote. */
  compareAndSet(id: string, args: readonly string[]): Promise<boolean> {
    return guarded(this.#store, async () => {
      const written = await this.#script([this.#keys.of(this.#space, [id])], args);
      if (written === 0 || written === 1) return written === 1;
      throw unexpectedAnswer(this.#store);
    });
  }
}
