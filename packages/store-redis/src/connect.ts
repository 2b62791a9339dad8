import type { SignerClass } from '@agent-seam/anet/verify';
import { SeamError } from '@agent-seam/canonical';
import { Redis, type RedisOptions } from 'ioredis';
import { RedisDirectoryCache } from './directory-cache.js';
import { RedisKelPinStore } from './kel-pins.js';
import { type KeySpace, keyPrefixOption, RedisKeys } from './keys.js';
import { RedisKeyStatePinStore } from './keystate-pins.js';
import { RedisRelayReplayWindow } from './relay-window.js';
import { DEFAULT_REDIS_REPLAY_WINDOW, RedisReplayCache } from './replay-cache.js';
import { NO_HORIZON } from './scripts.js';
import { guarded, type StoreName, StoreUnavailableError } from './unavailable.js';

/**
 * How to reach the server, and the stores' own settings. Every other member is passed to
 * ioredis as it is (`password`, `username`, `tls`, `db`, `connectTimeout`, ...): TLS with
 * `rediss://` or `tls: {...}`, auth in the URL or as options.
 */
export interface RedisStoresOptions extends Omit<RedisOptions, 'keyPrefix'> {
  /** `redis://[user:password@]host:port[/db]` or `rediss://...` (TLS). */
  url: string;
  /** Put before every key, so several services can share one server; default `seam:`. */
  keyPrefix?: string;
  /** The replay cache's window, seconds; default 600 (at least every verifier's maxSkew). */
  replayWindowSeconds?: number;
  /** The relay window's size per signer class (default 8, 64, 1024). */
  relayWindowSizes?: Partial<Record<SignerClass, number>>;
  /**
   * A server whose `maxmemory-policy` may evict keys forgets replay entries silently when
   * full, and a forgotten entry lets a replay through. Connecting refuses such a server
   * unless this is `true`.
   */
  allowEviction?: boolean;
}

/** Every store on one connection and one key prefix. */
export interface RedisStores {
  /** envelope's ReplayCache (and Web Bot Auth's, hpke-seal's). */
  replayCache: RedisReplayCache;
  /** did's KeyStatePinStore. */
  keyStatePins: RedisKeyStatePinStore;
  /** anet-identity's KelPinStore. */
  kelPins: RedisKelPinStore;
  /** The ANet hub's RelayReplayWindow. */
  relayWindow: RedisRelayReplayWindow;
  /** Web Bot Auth's DirectoryCache. */
  directoryCache: RedisDirectoryCache;
  /** The ioredis client underneath (for monitoring; the stores own its keys). */
  client: Redis;
  /** Closes the connection (waiting for commands in flight when the server is up). */
  close(): Promise<void>;
}

/**
 * The client settings that make the stores fail closed and fast: no queue of commands
 * while disconnected (a verification asks now or is refused now), no retry of a command
 * in flight when the connection drops, a 1 s command timeout, automatic pipelining (the
 * commands of one tick share a write), and reconnection forever, backing off to 1 s,
 * so the stores recover by themselves when the server is back.
 */
const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 1000,
  connectTimeout: 2000,
  enableAutoPipelining: true,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
};

/** The first connection, as its failure names it. */
const CONNECTING: StoreName = { words: 'Redis server', code: 'store-unavailable' };

/** The policies under which Redis never drops a key before it expires. */
const KEEPS_KEYS = new Set(['noeviction']);

/** Spaces whose scripts watch a memory marker (see RedisReplayCache). */
const MARKED: readonly KeySpace[] = ['replay', 'relay'];

/** The server's eviction policy, or undefined when it does not let this client ask (CONFIG refused). */
async function evictionPolicy(client: Redis): Promise<string | undefined> {
  try {
    const answer = (await client.config('GET', 'maxmemory-policy')) as unknown;
    return Array.isArray(answer) && typeof answer[1] === 'string' ? answer[1] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Connects to a Redis or Valkey server and returns every store on that one connection,
 * under one key prefix. Rejects with StoreUnavailableError when the server cannot be
 * reached at first, and with SeamError (`redis-evicts`) when its eviction policy could
 * drop keys before they expire (see `allowEviction`). After that, the connection is
 * re-established by itself: while the server is away each store call rejects at once
 * with StoreUnavailableError, and the verifiers refuse.
 */
export async function connectRedisStores(options: RedisStoresOptions): Promise<RedisStores> {
  if (typeof options !== 'object' || options === null || typeof options.url !== 'string')
    throw new SeamError('bad-options', 'connectRedisStores needs { url: "redis://host:port" }');
  const { url, keyPrefix, replayWindowSeconds, relayWindowSizes, allowEviction, ...clientOptions } = options;
  const keys = new RedisKeys(keyPrefixOption(keyPrefix));
  const client = new Redis(url, { ...FAIL_FAST, ...clientOptions, lazyConnect: true });
  // Errors reach every caller as a rejected store call; the client's own event would
  // otherwise be printed once per reconnection attempt. The first one is kept: when the
  // first connection fails, it says why (a refused port, an untrusted certificate, a
  // wrong password), where the connect call only says that the connection closed.
  let firstError: unknown;
  client.on('error', (error) => {
    firstError ??= error;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new StoreUnavailableError(CONNECTING, firstError ?? error);
  }
  const policy = await evictionPolicy(client);
  if (policy !== undefined && !KEEPS_KEYS.has(policy) && allowEviction !== true) {
    client.disconnect();
    throw new SeamError(
      'redis-evicts',
      `the server's maxmemory-policy is ${policy}: it may drop replay entries before they expire and let a replay through. Set it to noeviction (then a full server refuses writes and the stores fail closed), or pass allowEviction: true`,
    );
  }
  // No horizon for a first use; a marker that later disappears tells the scripts of a loss.
  try {
    await guarded(CONNECTING, async () => {
      for (const space of MARKED) await client.set(keys.marker(space), NO_HORIZON, 'NX');
    });
  } catch (error) {
    client.disconnect();
    throw error;
  }
  return {
    replayCache: new RedisReplayCache(client, keys, replayWindowSeconds ?? DEFAULT_REDIS_REPLAY_WINDOW),
    keyStatePins: new RedisKeyStatePinStore(client, keys),
    kelPins: new RedisKelPinStore(client, keys),
    relayWindow: new RedisRelayReplayWindow(client, keys, relayWindowSizes),
    directoryCache: new RedisDirectoryCache(client, keys),
    client,
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
