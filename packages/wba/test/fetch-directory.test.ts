import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import {
  createDirectoryCache,
  type DirectoryFetch,
  type FetchedDirectory,
  fetchDirectory,
  signDirectory,
} from '../src/index.js';

const seed = new Uint8Array(32).fill(9);
const created = 1754870400;
const directory = signDirectory({ seed, authority: 'bot.example', created, expires: created + 3600 });

/** A fetch double answering every call with the signed directory; counts its calls. */
function counting(headers: Record<string, string> = {}) {
  let calls = 0;
  const fetch: DirectoryFetch = async () => {
    calls++;
    return new Response(directory.body, { headers: { ...directory.headers, ...headers } });
  };
  return { fetch, calls: () => calls };
}

describe('fetchDirectory with a cache', () => {
  it('answers from the cache while fresh, fetches again once stale', async () => {
    const { fetch, calls } = counting({ 'cache-control': 'max-age=60' });
    const cache = createDirectoryCache();
    const first = await fetchDirectory('https://bot.example', { fetch, now: created, cache });
    expect(first).toMatchObject({ ok: true, value: { freshUntil: created + 59 } });
    expect(await fetchDirectory('https://bot.example', { fetch, now: created + 59, cache })).toEqual(first);
    expect(calls()).toBe(1);
    await fetchDirectory('https://bot.example', { fetch, now: created + 60, cache });
    expect(calls()).toBe(2);
  });

  it('caches per URL: another directory URL is fetched', async () => {
    const { fetch, calls } = counting();
    const cache = createDirectoryCache();
    await fetchDirectory('https://bot.example', { fetch, now: created, cache });
    await fetchDirectory('https://bot.example/.well-known/http-message-signatures-directory', {
      fetch,
      now: created,
      cache,
    });
    expect(calls()).toBe(1);
    await fetchDirectory('https://bot.example/other', { fetch, now: created, cache });
    expect(calls()).toBe(2);
  });

  it('does not offer the cache a directory that may not be reused', async () => {
    const stored: string[] = [];
    const recording = { get: () => undefined, set: (d: FetchedDirectory) => void stored.push(d.url) };
    const noStore = counting({ 'cache-control': 'no-store' });
    await fetchDirectory('https://bot.example', { fetch: noStore.fetch, now: created, cache: recording });
    expect(stored).toEqual([]);
    await fetchDirectory('https://bot.example', { fetch: counting().fetch, now: created, cache: recording });
    expect(stored).toEqual(['https://bot.example/.well-known/http-message-signatures-directory']);
  });

  it('does not store a no-store response, nor a refusal', async () => {
    const cache = createDirectoryCache();
    const noStore = counting({ 'cache-control': 'no-store' });
    await fetchDirectory('https://bot.example', { fetch: noStore.fetch, now: created, cache });
    await fetchDirectory('https://bot.example', { fetch: noStore.fetch, now: created, cache });
    expect(noStore.calls()).toBe(2);
    // Signed for bot.example, fetched from mirror.example: refused each time, never cached.
    const mirror = counting();
    for (let i = 0; i < 2; i++)
      expect(
        await fetchDirectory('https://mirror.example', { fetch: mirror.fetch, now: created, cache }),
      ).toMatchObject({ code: 'bad-signature' });
    expect(mirror.calls()).toBe(2);
  });

  it('shares one download among concurrent calls for a URL, each judged at its own now', async () => {
    const cache = createDirectoryCache();
    const noStore = counting({ 'cache-control': 'no-store' });
    const options = { fetch: noStore.fetch, cache };
    const [a, b, late] = await Promise.all([
      fetchDirectory('https://bot.example', { ...options, now: created }),
      fetchDirectory('https://bot.example', { ...options, now: created + 1 }),
      fetchDirectory('https://bot.example', { ...options, now: created + 7200 }),
    ]);
    expect(noStore.calls()).toBe(1);
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(late).toMatchObject({ ok: false, code: 'expired' });
    // Settled downloads are not kept: nothing was cached (no-store), so the next call fetches.
    await fetchDirectory('https://bot.example', { ...options, now: created });
    expect(noStore.calls()).toBe(2);
    // Without a cache every call is its own.
    const plain = counting();
    await Promise.all(
      [0, 1].map(() => fetchDirectory('https://bot.example', { fetch: plain.fetch, now: created })),
    );
    expect(plain.calls()).toBe(2);
  });

  it('is bounded: the least recently used entry goes first', () => {
    const cache = createDirectoryCache({ maxEntries: 2 });
    const entry = (url: string) => ({ url, freshUntil: created + 100 }) as FetchedDirectory;
    cache.set(entry('https://a.example/'));
    cache.set(entry('https://b.example/'));
    expect(cache.get('https://a.example/', created)).toBeDefined(); // a is now the most recent
    cache.set(entry('https://c.example/'));
    expect(cache.get('https://b.example/', created)).toBeUndefined();
    expect(cache.get('https://a.example/', created)).toBeDefined();
    expect(cache.get('https://c.example/', created)).toBeDefined();
    expect(cache.get('https://c.example/', created + 101)).toBeUndefined();
  });
});

describe('fetchDirectory reads a bounded body', () => {
  it('stops reading a long body at the cap', async () => {
    let pulls = 0;
    const megabyte = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++pulls > 1024) controller.close();
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    const verdict = await fetchDirectory('https://bot.example', {
      fetch: async () => new Response(megabyte, { headers: directory.headers }),
      now: created,
      maxBodyLength: 4096,
    });
    expect(verdict).toEqual({
      ok: false,
      code: 'directory-too-large',
      detail: 'the body passed the cap of 4096 bytes',
    });
    expect(pulls).toBeLessThan(10);
  });

  it('refuses a body stream that yields something other than bytes', async () => {
    const strings = new ReadableStream({
      start(controller) {
        controller.enqueue('{"keys":[]}');
        controller.close();
      },
    });
    const fetch = async () => ({ status: 200, headers: new Headers(), body: strings }) as never;
    expect(await fetchDirectory('https://bot.example', { fetch, now: created })).toMatchObject({
      code: 'fetch-failed',
      detail: 'the body stream gave something other than bytes',
    });
  });

  it('refuses a fetch that resolves to something other than a Response', async () => {
    for (const response of [undefined, 'ok', { status: '200' }, { status: 200, headers: 'x' }])
      expect(
        await fetchDirectory('https://bot.example', { fetch: async () => response as never, now: created }),
      ).toMatchObject({ ok: false, code: 'fetch-failed' });
  });
});

describe('fetchDirectory caller errors throw SeamError', () => {
  it('no fetch, no absolute url', async () => {
    await expect(fetchDirectory('https://bot.example', { now: created } as never)).rejects.toThrow(
      /needs a fetch/,
    );
    await expect(fetchDirectory('/relative', { fetch: counting().fetch, now: created })).rejects.toThrow(
      SeamError,
    );
  });
});
