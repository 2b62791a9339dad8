import type { DirectoryCache, FetchedDirectory } from '@agent-seam/wba';
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';
import { guarded, type StoreName } from './unavailable.js';

const STORE: StoreName = { words: 'directory cache', code: 'directory-store-unavailable' };

/** The members `get` reads back before it trusts a stored directory (the rest rides along). */
const looksFetched = (value: unknown, url: string): value is FetchedDirectory => {
  const d = value as Partial<FetchedDirectory> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.url === url &&
    typeof d.freshUntil === 'number' &&
    Array.isArray(d.jwks?.keys) &&
    typeof d.did === 'string'
  );
};

/**
 * Web Bot Auth's DirectoryCache on Redis: each verified directory as JSON under its URL,
 * expiring on the server one second after its `freshUntil` (the signature's `expires`,
 * shortened by the response's Cache-Control and the earliest `exp` of its keys), so
 * processes share one fetch per directory lifetime. `get` still judges freshness at the
 * caller's `now`: the server's clock only tidies. A stored value that does not read back
 * as the directory of that URL is a miss (fetched again). Whoever can write the server
 * can plant keys here: give the verifiers' prefix to them alone (Redis ACLs).
 * An unreachable server rejects with StoreUnavailableError; fetchDirectory then rejects.
 */
export class RedisDirectoryCache implements DirectoryCache {
  readonly #keys: RedisKeys;
  readonly #client: Redis;

  constructor(client: Redis, keys: RedisKeys) {
    this.#client = client;
    this.#keys = keys;
  }

  get(url: string, now: number): Promise<FetchedDirectory | undefined> {
    return guarded(STORE, async () => {
      const stored = await this.#client.get(this.#keys.of('directory', [url]));
      if (stored === null) return undefined;
      let directory: unknown;
      try {
        directory = JSON.parse(stored);
      } catch {
        return undefined;
      }
      return looksFetched(directory, url) && directory.freshUntil >= now ? directory : undefined;
    });
  }

  set(directory: FetchedDirectory): Promise<void> {
    return guarded(STORE, async () => {
      await this.#client.set(
        this.#keys.of('directory', [directory.url]),
        JSON.stringify(directory),
        'EXAT',
        Math.floor(directory.freshUntil) + 1,
      );
    });
  }
}
