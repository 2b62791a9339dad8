/**
 * Each store against a real server: entries expire (the server's key count and memory back
 * to their baseline), hostile ids cannot collide or leave their space, compare-and-set and
 * reserve hold across connections, and the verifiers refuse when the server is away.
 */
import { SeamError } from '@agent-seam/canonical';
import {
  didFromSeed,
  type KeyStatePin,
  keyPairFromSeed,
  resolveOpDidPinned,
  signKeyState,
} from '@agent-seam/did';
import type { FetchedDirectory } from '@agent-seam/wba';
import { jwkFromPublicKey } from '@agent-seam/wba';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rejectedSeamError } from '../../../tools/thrown.ts';
import { connectRedisStores, RedisKeys, type RedisStores, StoreUnavailableError } from '../src/index.js';
import { describeWithRedis, freePort, GROUP, ledger, PATIENT, uniquePrefix } from './server.js';

const clock = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's key count and bytes allocated (INFO memory used_memory). */
async function footprint(client: Redis): Promise<{ keys: number; bytes: number }> {
  const info = await client.info('memory');
  return { keys: await client.dbsize(), bytes: Number(/used_memory:(\d+)/.exec(info)![1]) };
}

/**
 * The footprint once the server has expired every key but `keys` and its memory stopped
 * moving (its cron shrinks the key tables a moment after the keys go).
 */
async function settled(client: Redis, keys: number): Promise<{ keys: number; bytes: number }> {
  let last = await footprint(client);
  for (let i = 0; i < 100; i++) {
    await sleep(200);
    const now = await footprint(client);
    if (now.keys <= keys && now.bytes === last.bytes) return now;
    last = now;
  }
  return last;
}

/**
 * A ceiling on one replay entry's memory on the server: the key (prefix, space, 64 hex
 * digits, braces: under 100 bytes), its value, and its place in the key and expiry tables.
 * Ids are hashed, so a 1 MiB message id costs what a short one does.
 */
const MAX_REPLAY_ENTRY_BYTES = 256;

/** How long the expiry test's entries live, seconds. */
const WINDOW_S = 4;

describeWithRedis('entries expire', { own: true }, (server) => {
  let stores: RedisStores;
  beforeAll(async () => {
    // A window of seconds, not one: on a loaded CI machine writing the 3,000 entries can take
    // longer than a second, and entries that expire before the peak is read fail the count.
    stores = await connectRedisStores({ url: server().url, replayWindowSeconds: WINDOW_S, ...PATIENT });
  });
  afterAll(() => stores.close());

  it('after the window the server holds its baseline again (DBSIZE, INFO memory)', () =>
    ledger.accept(GROUP, 'entries expire to the baseline', async () => {
      const now = clock();
      const nowMs = now * 1000;
      // The scripts reach the server's script cache on first use: load them before the baseline.
      await stores.replayCache.checkAndRemember('warm', 'up', now - 10, now);
      const warm = {
        signer: 'warm',
        signerClass: 'agent' as const,
        tsMs: nowMs - 299_000,
        signature: 'w',
        nowMs,
      };
      await stores.relayWindow.reserve(warm);
      await stores.relayWindow.commit(warm);
      await stores.relayWindow.release(warm);
      const baseline = await settled(stores.client, 2);
      const checks = Array.from({ length: 3000 }, (_, i) =>
        stores.replayCache.checkAndRemember(`did:key:sender-${i % 7}`, `message-${i}`.repeat(20), now, now),
      );
      expect(new Set(await Promise.all(checks))).toEqual(new Set(['new']));
      // What one replay entry costs the server: its key (a fixed size, whatever the ids) and expiry.
      const replayed = await footprint(stores.client);
      const perEntry = (replayed.bytes - baseline.bytes) / 3000;
      console.log(`store-redis: ${perEntry.toFixed(0)} bytes of used_memory per replay entry`);
      expect(perEntry).toBeGreaterThan(0);
      expect(perEntry).toBeLessThan(MAX_REPLAY_ENTRY_BYTES);
      // Relay entries old enough that they pass the time check for WINDOW_S more seconds only.
      for (let i = 0; i < 50; i++) {
        const entry = {
          signer: `aid-${i}`,
          signerClass: 'agent' as const,
          tsMs: nowMs - 300_000 + WINDOW_S * 1000,
          signature: `s${i}`,
          nowMs,
        };
        expect(await stores.relayWindow.reserve(entry)).toBe('new');
        await stores.relayWindow.commit(entry);
      }
      await stores.directoryCache.set(directory('https://example.com/d', now));
      const peak = await footprint(stores.client);
      expect(peak.keys).toBe(baseline.keys + 3000 + 50 + 1);
      const after = await settled(stores.client, baseline.keys);
      expect(after.keys).toBe(baseline.keys);
      // What the entries took is given back (allocator slack aside: within a tenth of it).
      console.log('store-redis expiry: used_memory', baseline.bytes, '->', peak.bytes, '->', after.bytes);
      expect(after.bytes - baseline.bytes).toBeLessThan((peak.bytes - baseline.bytes) / 10);
    }));
});

/** A verified directory as fetchDirectory would cache it, fresh until `freshUntil`. */
const directory = (url: string, freshUntil: number): FetchedDirectory => ({
  did: didFromSeed(new Uint8Array(32).fill(3)),
  keyid: 'k',
  label: 'sig1',
  created: freshUntil - 100,
  expires: freshUntil,
  jwks: { keys: [jwkFromPublicKey(keyPairFromSeed(new Uint8Array(32).fill(3)).publicKey)] },
  url,
  freshUntil,
});

/** Ids an attacker may choose: long, wildcard and hash-tag characters, separators, controls, lone surrogates. */
const HOSTILE = [
  '',
  '*',
  '?',
  '[a-z]',
  '{',
  '}',
  '{a}',
  '{}',
  ':',
  'a:b',
  'replay:',
  'seam:replay:{x}',
  '\n',
  '\r\n',
  '\0',
  'a\0b',
  '\uD800',
  '\uDBFF',
  '\uFFFD',
  'x'.repeat(1 << 20),
  'x'.repeat((1 << 20) + 1),
];

describeWithRedis('hostile sender ids and message ids', {}, (server) => {
  let stores: RedisStores;
  let other: RedisStores;
  const prefix = uniquePrefix('hostile');
  beforeAll(async () => {
    stores = await connectRedisStores({ url: server().url, keyPrefix: prefix, ...PATIENT });
    // A prefix that is the first one's plus what a hostile id would append.
    other = await connectRedisStores({ url: server().url, keyPrefix: `${prefix}replay:`, ...PATIENT });
  });
  afterAll(async () => {
    await stores.close();
    await other.close();
  });

  it('cannot collide with each other, nor reach another key space or prefix', () =>
    ledger.accept(GROUP, 'hostile ids cannot collide', async () => {
      const now = clock();
      const pairs: [string, string][] = [];
      for (const sender of HOSTILE) for (const id of HOSTILE) pairs.push([sender, id]);
      // Pairs that spell one string when joined: ('ab', 'c') and ('a', 'bc').
      pairs.push(['ab', 'c'], ['a', 'bc'], ['1:a', 'b'], ['1', ':ab']);
      const first = await Promise.all(
        pairs.map(([s, m]) => stores.replayCache.checkAndRemember(s, m, now, now)),
      );
      expect(first.every((a) => a === 'new')).toBe(true);
      const again = await Promise.all(
        pairs.map(([s, m]) => stores.replayCache.checkAndRemember(s, m, now, now)),
      );
      expect(again.every((a) => a === 'seen')).toBe(true);
      // Another prefix sees none of them.
      const elsewhere = await Promise.all(
        pairs.slice(0, 40).map(([s, m]) => other.replayCache.checkAndRemember(s, m, now, now)),
      );
      expect(elsewhere.every((a) => a === 'new')).toBe(true);
      // The same ids as an AID or root DID are other spaces: nothing pinned there.
      for (const id of HOSTILE.slice(0, 12)) {
        expect(await stores.kelPins.get(id)).toBeUndefined();
        expect(await stores.keyStatePins.get(id)).toBeUndefined();
      }
      // Every key is the prefix, a space word and a digest (or the space's marker).
      const keys = await stores.client.keys(`${prefix}*`);
      const shape = /^(replay|relay):marker$|^replay:\{[0-9a-f]{64}\}$/;
      const own = keys.filter(
        (k) => !k.startsWith(`${prefix}replay:replay:`) && !k.startsWith(`${prefix}replay:relay:`),
      );
      expect(own.length).toBe(pairs.length + 2);
      for (const key of own) expect(key.slice(prefix.length)).toMatch(shape);
    }));
});

describeWithRedis('the replay cache on its own', {}, (server) => {
  const prefix = uniquePrefix('replay');
  let stores: RedisStores;
  beforeAll(async () => {
    stores = await connectRedisStores({ url: server().url, keyPrefix: prefix, ...PATIENT });
  });
  afterAll(() => stores.close());

  it('an entry lives its window (seconds, counted from now), not a moment', async () => {
    const now = clock();
    expect(await stores.replayCache.checkAndRemember('s', 'lives', now, now)).toBe('new');
    await sleep(1100);
    expect(await stores.replayCache.checkAndRemember('s', 'lives', now, now + 1)).toBe('seen');
  });

  it('the data lost (its marker gone): what is timestamped at or before now is forgotten, later is new', async () => {
    const now = clock();
    await stores.client.del(new RedisKeys(prefix).marker('replay'));
    expect(await stores.replayCache.checkAndRemember('s', 'before', now - 5, now)).toBe('forgotten');
    expect(await stores.replayCache.checkAndRemember('s', 'at', now, now + 1)).toBe('forgotten');
    expect(await stores.replayCache.checkAndRemember('s', 'after', now + 1, now + 1)).toBe('new');
  });

  it('a time that is not a finite number is the caller’s error; so is a window that is not a duration', async () => {
    const now = clock();
    for (const [timestamp, at] of [
      [Number.NaN, now],
      [now, Number.POSITIVE_INFINITY],
    ])
      expect(
        (await rejectedSeamError(stores.replayCache.checkAndRemember('s', 'm', timestamp!, at!))).message,
      ).toContain('bad-argument: timestamp and now are finite numbers');
    const entry = { signer: 'a', signerClass: 'agent' as const, signature: 's', tsMs: now * 1000 };
    for (const times of [{ nowMs: Number.POSITIVE_INFINITY }, { tsMs: Number.NaN, nowMs: now * 1000 }])
      await expect(stores.relayWindow.reserve({ ...entry, ...times })).rejects.toMatchObject({
        code: 'bad-argument',
      });
    expect(
      (
        await rejectedSeamError(
          connectRedisStores({ url: server().url, keyPrefix: prefix, replayWindowSeconds: -1 }),
        )
      ).message,
    ).toMatch(/replayWindowSeconds/);
  });
});

describeWithRedis('compare-and-set and reserve across connections', {}, (server) => {
  const prefix = uniquePrefix('shared');
  let a: RedisStores;
  let b: RedisStores;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      connectRedisStores({ url: server().url, keyPrefix: prefix, ...PATIENT }),
      connectRedisStores({ url: server().url, keyPrefix: prefix, ...PATIENT }),
    ]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('two KeyState forks pinned at once through two connections: exactly one stored', () =>
    ledger.refuse(GROUP, 'KeyState forks raced by two connections', async () => {
      const now = clock();
      for (let round = 0; round < 20; round++) {
        const rootSeed = new Uint8Array(32).fill(round + 1);
        const rootDid = didFromSeed(rootSeed);
        const record = (opByte: number) =>
          signKeyState(
            {
              rootDid,
              epoch: 2,
              opDid: didFromSeed(new Uint8Array(32).fill(100 + opByte)),
              notBefore: 0,
              notAfter: null,
              ts: now,
            },
            rootSeed,
          ) as KeyStatePin;
        const [left, right] = await Promise.all([
          resolveOpDidPinned(rootDid, record(1), now, { pins: a.keyStatePins }),
          resolveOpDidPinned(rootDid, record(2), now, { pins: b.keyStatePins }),
        ]);
        expect([left, right].map((v) => v.ok && v.value.pin).sort()).toEqual(['kept', 'pinned']);
        const stored = await a.keyStatePins.get(rootDid);
        expect(left.ok && right.ok && left.value.opDid === right.value.opDid).toBe(true);
        expect(stored?.opDid).toBe(left.ok && left.value.opDid);
      }
    }));

  it('one relay-auth signature reserved from two connections at once: exactly one new', () =>
    ledger.refuse(GROUP, 'relay signature reserved twice at once', async () => {
      const nowMs = Date.now();
      const entry = {
        signer: 'aid',
        signerClass: 'probation' as const,
        tsMs: nowMs,
        signature: 'sig',
        nowMs,
      };
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).relayWindow.reserve(entry)),
      );
      expect(answers.filter((x) => x === 'new')).toHaveLength(1);
      expect(answers.filter((x) => x === 'seen')).toHaveLength(49);
      await a.relayWindow.commit(entry);
      expect(await b.relayWindow.reserve(entry)).toBe('seen');
      // The probation window holds 8: the ninth commit forgets the oldest and raises the floor.
      for (let i = 1; i <= 8; i++) {
        const next = { ...entry, signature: `sig${i}`, tsMs: nowMs + i };
        expect(await b.relayWindow.reserve(next)).toBe('new');
        await b.relayWindow.commit(next);
      }
      expect(await a.relayWindow.reserve({ ...entry, signature: 'late', tsMs: nowMs })).toBe('stale');
      // A reservation released leaves no trace.
      const dropped = { ...entry, signature: 'dropped', tsMs: nowMs + 20 };
      expect(await a.relayWindow.reserve(dropped)).toBe('new');
      await b.relayWindow.release(dropped);
      expect(await a.relayWindow.reserve(dropped)).toBe('new');
      expect(
        (await rejectedSeamError(b.relayWindow.commit({ ...entry, signature: 'never-reserved' }))).message,
      ).toMatch(/not reserved/);
    }));

  it('a pin that is not what the store writes is refused as the store failing, never judged against', async () => {
    // A connection of its own, made here: the stores' construction is part of what is tested.
    const own = await connectRedisStores({ url: server().url, keyPrefix: prefix, ...PATIENT });
    const keys = new RedisKeys(prefix);
    const writes: [string, string, string][] = [
      [keys.of('kel', ['aid-wrong']), 'aid', 'another-aid'],
      [keys.of('kel', ['aid-ids']), 'aid', 'aid-ids'],
      [keys.of('keystate', ['did:key:record']), 'record', '{"no":"sig"}'],
      [keys.of('keystate', ['did:key:json']), 'record', '{not json'],
    ];
    for (const [key, field, value] of writes) await a.client.hset(key, field, value);
    // aid-ids: the AID is right, but no ids are stored with it.
    for (const read of [
      own.kelPins.get('aid-wrong'),
      own.kelPins.get('aid-ids'),
      own.keyStatePins.get('did:key:record'),
      own.keyStatePins.get('did:key:json'),
    ])
      await expect(read).rejects.toMatchObject({ code: 'pin-store-unavailable' });
    await own.close();
  });

  it('a directory cached through one connection is read through the other while fresh', () =>
    ledger.accept(GROUP, 'directory shared while fresh', async () => {
      const now = clock();
      const url = 'https://agent.example/.well-known/http-message-signatures-directory';
      await a.directoryCache.set(directory(url, now + 60));
      expect(await b.directoryCache.get(url, now)).toEqual(directory(url, now + 60));
      expect(await b.directoryCache.get(url, now + 61)).toBeUndefined();
      expect(await b.directoryCache.get(`${url}x`, now)).toBeUndefined();
    }));
});

describeWithRedis('connecting', { own: true }, (server) => {
  it('to a port where no server listens rejects with StoreUnavailableError', async () => {
    const port = await freePort();
    await expect(connectRedisStores({ url: `redis://127.0.0.1:${port}` })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('refuses a server that may evict keys, unless allowEviction', async () => {
    const admin = await connectRedisStores({ url: server().url });
    try {
      await admin.client.config('SET', 'maxmemory-policy', 'allkeys-lru');
      expect((await rejectedSeamError(connectRedisStores({ url: server().url }))).code).toBe('redis-evicts');
      const allowed = await connectRedisStores({ url: server().url, allowEviction: true });
      await allowed.close();
    } finally {
      await admin.client.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.close();
    }
  });

  it('passes auth through to the client: a password in the URL or as an option', async () => {
    const admin = await connectRedisStores({ url: server().url });
    const withPassword = server().url.replace('redis://', 'redis://:s3cret@');
    try {
      await admin.client.config('SET', 'requirepass', 's3cret');
      await expect(connectRedisStores({ url: server().url })).rejects.toBeInstanceOf(StoreUnavailableError);
      for (const options of [{ url: withPassword }, { url: server().url, password: 's3cret' }]) {
        const stores = await connectRedisStores(options);
        const now = clock();
        expect(await stores.replayCache.checkAndRemember('auth', JSON.stringify(options), now, now)).toBe(
          'new',
        );
        await stores.close();
      }
    } finally {
      await admin.client.config('SET', 'requirepass', '');
      await admin.close();
    }
  });

  it('throws for options that cannot be right', async () => {
    await expect(connectRedisStores({} as never)).rejects.toBeInstanceOf(SeamError);
    expect(
      (await rejectedSeamError(connectRedisStores({ url: server().url, keyPrefix: 'x'.repeat(257) })))
        .message,
    ).toMatch(/keyPrefix/);
  });
});
