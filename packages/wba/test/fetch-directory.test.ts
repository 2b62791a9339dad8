import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError, thrown } from '../../../tools/thrown.ts';
import {
  createDirectoryCache,
  type DirectoryFetch,
  type DirectoryResponse,
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
    expect(
      (await rejectedSeamError(fetchDirectory('https://bot.example', { now: created } as never))).message,
    ).toMatch(/needs a fetch/);
    await expect(fetchDirectory('/relative', { fetch: counting().fetch, now: created })).rejects.toThrow(
      SeamError,
    );
  });
});

describe('fetching a directory: caller errors, the URL, Cache-Control, responses and the cache', () => {
  // Refusals are asserted whole (code and detail), caller errors by name, code and message. Every
  // `why` names the mutant(s) the case holds (src/file.ts line:column as the report gives them).
  const expires = created + 3600;
  const URL_OF = 'https://bot.example/.well-known/http-message-signatures-directory';
  const bodyBytes = new TextEncoder().encode(directory.body);
  /** A fetch double answering with the signed directory, the given headers added; records the URLs asked. */
  function serving(headers: Record<string, string> = {}) {
    const urls: string[] = [];
    const fetch: DirectoryFetch = async (url) => {
      urls.push(url);
      return new Response(directory.body, { headers: { ...directory.headers, ...headers } });
    };
    return { fetch, urls };
  }
  /** A response object by hand (record headers, so content-length is as given), body in the given chunks. */
  const handMade = (headers: Record<string, string>, chunks: Uint8Array[]): DirectoryResponse => ({
    status: 200,
    headers: { ...directory.headers, ...headers },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  });
  const seamError = (code: string, message: string) => ({
    name: 'SeamError',
    code,
    message: `${code}: ${message}`,
  });
  /** What an async call rejects with, as thrown() gives it. */
  async function rejection(call: () => Promise<unknown>) {
    try {
      await call();
    } catch (error) {
      return {
        name: (error as Error).name,
        code: (error as { code?: string }).code,
        message: (error as Error).message,
      };
    }
    throw new Error('expected a rejection');
  }

  describe('fetchDirectory: caller errors, whole', () => {
    it('refuses options that are not an object, null included', async () => {
      // why: kills fetch-directory.ts:216:7 (all four), 217:25, 217:41: null and a string
      // must both be refused as "takes an options object", not reach `options.fetch`.
      for (const options of [null, 'options'])
        expect(await rejection(() => fetchDirectory('https://bot.example', options as never))).toEqual(
          seamError('bad-argument', 'fetchDirectory takes an options object'),
        );
    });

    it('names the option at fault', async () => {
      const { fetch } = serving();
      // why: kills fetch-directory.ts:220:7 (the code of the missing-fetch error).
      expect(await rejection(() => fetchDirectory('https://bot.example', { now: created } as never))).toEqual(
        seamError('bad-argument', 'fetchDirectory needs a fetch (globalThis.fetch, or your own wrapper)'),
      );
      // why: kills fetch-directory.ts:231:5 and 236:5 (the option names in the messages).
      expect(
        await rejection(() =>
          fetchDirectory('https://bot.example', { fetch, now: created, maxHeaderLength: 0 }),
        ),
      ).toEqual(seamError('bad-argument', 'fetchDirectory maxHeaderLength must be a positive integer'));
      expect(
        await rejection(() =>
          fetchDirectory('https://bot.example', { fetch, now: created, maxBodyLength: 0 }),
        ),
      ).toEqual(seamError('bad-argument', 'fetchDirectory maxBodyLength must be a positive integer'));
      // why: kills fetch-directory.ts:73:25 and 73:41.
      expect(await rejection(() => fetchDirectory('/relative', { fetch, now: created }))).toEqual(
        seamError('bad-argument', 'fetchDirectory url must be an absolute URL'),
      );
      // why: kills fetch-directory.ts:267:45.
      expect(thrown(() => createDirectoryCache({ maxEntries: 0 }))).toEqual(
        seamError('bad-argument', 'createDirectoryCache maxEntries must be a positive integer'),
      );
    });
  });

  describe('fetchDirectory: which URL', () => {
    it('a bare origin gets the well-known path, an origin with a query is fetched as given', async () => {
      // why: kills fetch-directory.ts:75:34 (`parsed.search === ''` -> true would move a
      // URL with a query to the well-known path).
      const { fetch, urls } = serving();
      await fetchDirectory('https://bot.example', { fetch, now: created });
      await fetchDirectory('https://bot.example/?dir=1', { fetch, now: created });
      expect(urls).toEqual([URL_OF, 'https://bot.example/?dir=1']);
    });
  });

  describe('fetchDirectory: Cache-Control', () => {
    const freshUntil = async (cacheControl: string) => {
      const verdict = await fetchDirectory('https://bot.example', {
        fetch: serving({ 'cache-control': cacheControl }).fetch,
        now: created,
      });
      return verdict.ok ? verdict.value.freshUntil : verdict;
    };

    it('no-cache is not reused, like no-store', async () => {
      // why: kills fetch-directory.ts:88:32 (`name === 'no-cache'` -> false).
      expect(await freshUntil('no-cache')).toBe(created - 1);
      expect(await freshUntil('no-store')).toBe(created - 1);
    });

    it('only a max-age of 1 to 10 digits counts; other directives and spellings leave the signed expiry', async () => {
      // why: kills fetch-directory.ts:89:9 (both: any directive with a number would count).
      expect(await freshUntil('s-maxage=5')).toBe(expires);
      expect(await freshUntil('private=5')).toBe(expires);
      // why: kills fetch-directory.ts:89:31 (`/\d{1,10}$/`: 'x5' would be read, as NaN).
      expect(await freshUntil('max-age=x5')).toBe(expires);
      // why: kills fetch-directory.ts:89:31 (`/^\d{1,10}/`: '5x' would be read, as NaN).
      expect(await freshUntil('max-age=5x')).toBe(expires);
      expect(await freshUntil('max-age=5')).toBe(created + 4);
    });

    it('a directory fresh for exactly this second is offered to the cache', async () => {
      // why: kills fetch-directory.ts:258:7 (`freshUntil >= now` -> `>`): max-age=1 gives
      // freshUntil === now, which may still be used this second.
      const stored: number[] = [];
      const cache = { get: () => undefined, set: (d: FetchedDirectory) => void stored.push(d.freshUntil) };
      await fetchDirectory('https://bot.example', {
        fetch: serving({ 'cache-control': 'max-age=1' }).fetch,
        now: created,
        cache,
      });
      expect(stored).toEqual([created]);
    });
  });

  describe('fetchDirectory: what the fetch returns', () => {
    it('a rejected fetch, a non-Response and a bad status are refused whole', async () => {
      // why: kills fetch-directory.ts:167:11 and 168:33 (a rejection must not fall through
      // to "did not resolve to a Response").
      expect(
        await fetchDirectory('https://bot.example', {
          fetch: async () => {
            throw new TypeError('network');
          },
          now: created,
        }),
      ).toEqual({ ok: false, code: 'fetch-failed', detail: 'the fetch was rejected' });
      // why: kills fetch-directory.ts:99:7 (a status that is not a number, headers fine)
      // and 171:59.
      expect(
        await fetchDirectory('https://bot.example', {
          fetch: async () => ({ status: '200', headers: new Headers(), body: null }) as never,
          now: created,
        }),
      ).toEqual({ ok: false, code: 'fetch-failed', detail: 'the fetch did not resolve to a Response' });
      // why: kills fetch-directory.ts:173:58.
      expect(
        await fetchDirectory('https://bot.example', {
          fetch: async () => new Response('gone', { status: 404 }),
          now: created,
        }),
      ).toEqual({ ok: false, code: 'bad-status', detail: 'status 404, not 200' });
    });

    it('content-length is a cap only when it is all digits and over the cap', async () => {
      const fetchOf = (response: DirectoryResponse) => async () => response;
      const at = (response: DirectoryResponse, maxBodyLength = 65536) =>
        fetchDirectory('https://bot.example', { fetch: fetchOf(response), now: created, maxBodyLength });
      // why: kills fetch-directory.ts:117:7 (the `||` of the third operand, `&&` -> true,
      // the `&&` -> `||` of the first two), 117:31 (both regexes): '9e9' is not all digits,
      // so it is no cap even though Number('9e9') is over it.
      expect(await at(handMade({ 'content-length': '9e9' }, [bodyBytes]))).toMatchObject({ ok: true });
      // why: kills fetch-directory.ts:117:55 (`> max` -> true) and (`>` -> `>=`), and 130:11
      // (`total > max` -> `>=`): a body of exactly the cap, announced as such, is read.
      expect(
        await at(handMade({ 'content-length': String(bodyBytes.length) }, [bodyBytes]), bodyBytes.length),
      ).toMatchObject({ ok: true });
      // why: kills fetch-directory.ts:118:40.
      expect(await at(handMade({ 'content-length': '70000' }, [bodyBytes]))).toEqual({
        ok: false,
        code: 'directory-too-large',
        detail: 'content-length over the cap of 65536 bytes',
      });
    });

    it('a body in several chunks is put together in order', async () => {
      // why: kills fetch-directory.ts:143:5 (`at -= chunk.length` writes the second chunk
      // at a negative offset).
      const half = Math.floor(bodyBytes.length / 2);
      const verdict = await fetchDirectory('https://bot.example', {
        fetch: async () => handMade({}, [bodyBytes.slice(0, half), bodyBytes.slice(half)]),
        now: created,
      });
      expect(verdict).toMatchObject({ ok: true, value: { url: URL_OF, freshUntil: expires } });
    });

    it('a missing body (null or undefined) is an empty one, judged as a directory (not JSON)', async () => {
      // why: kills fetch-directory.ts:119:7 (all three) and 119:33: a missing body must be
      // read as empty, not reach `getReader` (which would be "reading the body failed").
      for (const body of [null, undefined]) {
        const response = { status: 200, headers: directory.headers, body } as unknown as DirectoryResponse;
        expect(
          await fetchDirectory('https://bot.example', { fetch: async () => response, now: created }),
        ).toEqual({ ok: false, code: 'malformed-directory', detail: 'body is not JSON' });
      }
    });

    it('a body stream that fails is refused', async () => {
      // why: kills fetch-directory.ts:136:11 and 137:33 (an emptied catch would judge the
      // part read so far).
      const failing = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bodyBytes);
          controller.error(new Error('reset'));
        },
      });
      const response: DirectoryResponse = { status: 200, headers: directory.headers, body: failing };
      expect(
        await fetchDirectory('https://bot.example', { fetch: async () => response, now: created }),
      ).toEqual({
        ok: false,
        code: 'fetch-failed',
        detail: 'reading the body failed',
      });
    });
  });

  describe('fetchDirectory: shared downloads and the cache', () => {
    it('concurrent calls share a download only for the same URL and cap', async () => {
      // why: kills fetch-directory.ts:194:15 (one key for every download would hand
      // bot.example's bytes to the other URL and cap).
      const cache = createDirectoryCache();
      const { fetch, urls } = serving({ 'cache-control': 'no-store' });
      const results = await Promise.all([
        fetchDirectory('https://bot.example', { fetch, now: created, cache }),
        fetchDirectory('https://bot.example/?other', { fetch, now: created, cache }),
        fetchDirectory('https://bot.example', { fetch, now: created, cache, maxBodyLength: 1000 }),
      ]);
      expect(urls).toEqual([URL_OF, 'https://bot.example/?other', URL_OF]);
      expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    });

    it('setting a URL again makes it the most recently used', () => {
      // why: kills fetch-directory.ts:279:7 (without the delete, a re-set entry keeps its
      // old place and is evicted first).
      const cache = createDirectoryCache({ maxEntries: 2 });
      const entry = (url: string) => ({ url, freshUntil: created + 100 }) as FetchedDirectory;
      cache.set(entry('https://a.example/'));
      cache.set(entry('https://b.example/'));
      cache.set(entry('https://a.example/'));
      cache.set(entry('https://c.example/'));
      expect(cache.get('https://a.example/', created)).toBeDefined();
      expect(cache.get('https://b.example/', created)).toBeUndefined();
    });
  });

  describe('the media type asked for', () => {
    // A module-level table or pattern (found by `pnpm mutate --filter wba --rest --static`); each
    // mutant named in `why` applied by hand turns the case red.
    it('a directory is asked for as application/http-message-signatures-directory+json', async () => {
      // why: fetch-directory.ts:18 DIRECTORY_MEDIA_TYPE → "": the accept header was compared with
      // nothing; the media type is the draft's, written out here.
      const directory = signDirectory({ seed, authority: 'bot.example', created, expires: created + 3600 });
      const asked: unknown[] = [];
      const fetch = async (_url: string, init?: unknown) => {
        asked.push(init);
        return new Response(directory.body, { headers: directory.headers as Record<string, string> });
      };
      await fetchDirectory('https://bot.example', { fetch, now: created });
      expect(asked).toEqual([
        { headers: { accept: 'application/http-message-signatures-directory+json' }, redirect: 'error' },
      ]);
    });
  });
});
