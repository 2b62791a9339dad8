import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';

/**
 * Where a tile reader gets a log's resources (`checkpoint`, `tile/...`): over HTTP through
 * a fetch function the caller injects (there is no default network), or from a directory
 * through a store the caller injects. Either way every read has a byte cap, so a server
 * that answers with 10 GB costs at most the cap plus one byte.
 */
export const READ_CODES = [
  'fetch-failed',
  'http-status',
  'too-many-redirects',
  'not-found',
  'response-too-large',
] as const;
export type ReadCode = (typeof READ_CODES)[number];

/**
 * Reads the resource at `path` (relative to the log's prefix: `checkpoint`,
 * `tile/0/000`): its bytes, null when the log has no such resource (HTTP 404, no such
 * file), or a refusal. Must never return more than `maxBytes + 1` bytes, so a reader can
 * tell "too long" from "exactly the cap" without reading the rest.
 */
export type TileSource = (path: string, maxBytes: number) => Promise<Verdict<Uint8Array | null, ReadCode>>;

/** The part of the Fetch API's Response a reader uses. */
export interface FetchResponse {
  status: number;
  /** `opaqueredirect` when a browser hides a redirect's target. */
  type?: string;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/** The Fetch API's `fetch`, or anything with its shape. */
export type FetchFunction = (
  url: string,
  init: { redirect: 'manual'; method: 'GET'; signal: AbortSignal },
) => Promise<FetchResponse>;

export interface HttpSourceOptions {
  /** Redirects followed for one resource before refusing it. Default 4. */
  maxRedirects?: number;
  /**
   * Milliseconds one resource may take, its redirects and whole body included, before it is
   * refused (`fetch-failed`) and its request aborted: a server that never answers, or
   * stops sending mid-body, costs at most this. Default 30,000.
   */
  timeoutMs?: number;
}

export const DEFAULT_MAX_REDIRECTS = 4;
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A source over HTTP: `fetch` (injected) asked for `<prefix><path>` with `redirect:
 * 'manual'`, so the reader, not the fetch function, follows redirects and counts them.
 * A 3xx with a Location is followed (relative to the URL that answered, http and https
 * only), at most `maxRedirects` times per resource; 200 is read with the cap; 404 is "no
 * such resource"; any other status is refused. A browser's opaque redirect (its target is
 * hidden from the page) cannot be followed and is refused.
 */
export function httpSource(
  fetch: FetchFunction,
  prefix: string,
  options: HttpSourceOptions = {},
): TileSource {
  if (typeof fetch !== 'function')
    throw new SeamError('invalid-argument', 'fetch must be a function (the Fetch API shape)');
  let base: URL;
  try {
    base = new URL(prefix.endsWith('/') ? prefix : `${prefix}/`);
  } catch {
    throw new SeamError('invalid-argument', 'prefix must be an absolute http(s) URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new SeamError('invalid-argument', 'prefix must be an absolute http(s) URL');
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  if (!Number.isInteger(maxRedirects) || maxRedirects < 0)
    throw new SeamError('invalid-argument', 'maxRedirects must be a non-negative integer');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1)
    throw new SeamError('invalid-argument', 'timeoutMs must be a positive integer (milliseconds)');

  return (path, maxBytes) =>
    withDeadline(timeoutMs, path, async (signal) => {
      let url = new URL(path, base).href;
      for (let redirects = 0; ; redirects++) {
        let response: FetchResponse;
        try {
          response = await fetch(url, { redirect: 'manual', method: 'GET', signal });
        } catch {
          return fail('fetch-failed', `${path}: the request failed`);
        }
        if (response.status === 200) return readCapped(response.body, maxBytes, path);
        await response.body?.cancel().catch(() => {});
        if (response.status === 404) return ok(null);
        if (response.type === 'opaqueredirect')
          return fail(
            'http-status',
            `${path}: a redirect whose target this fetch hides (a browser's opaque redirect)`,
          );
        const location = response.headers.get('location');
        if (response.status < 300 || response.status > 399 || location === null)
          return fail('http-status', `${path}: HTTP ${response.status}`);
        if (redirects === maxRedirects)
          return fail('too-many-redirects', `${path}: more than ${maxRedirects} redirects`);
        const next = new URL(location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          return fail('http-status', `${path}: a redirect to a URL that is not http(s)`);
        url = next.href;
      }
    });
}

/**
 * Runs one resource's read under a timer (no clock is read: a timer only fires): past
 * `ms` the read is refused and its request aborted, whether or not the fetch function
 * honours the signal (a read still pending is raced, never awaited).
 */
async function withDeadline(
  ms: number,
  path: string,
  read: (signal: AbortSignal) => Promise<Verdict<Uint8Array | null, ReadCode>>,
): Promise<Verdict<Uint8Array | null, ReadCode>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Verdict<never, ReadCode>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(fail('fetch-failed', `${path}: no complete answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([read(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A response body read chunk by chunk, at most `maxBytes + 1` bytes; the rest is cancelled unread. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  path: string,
): Promise<Verdict<Uint8Array, ReadCode>> {
  if (body === null) return ok(new Uint8Array(0));
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes + 1 - length;
      chunks.push(value.length > room ? value.subarray(0, room) : value);
      length += Math.min(value.length, room);
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    return fail('fetch-failed', `${path}: the response broke off`);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return ok(bytes);
}

/** A directory of a tiled log, as a reader sees it. */
export interface TileStoreReader {
  /**
   * The file at `path` ('/'-separated, relative to the log's root), or null when there is
   * none; at most `maxBytes + 1` bytes of it need be returned.
   */
  read(path: string, maxBytes: number): Promise<Uint8Array | null>;
}

/** A directory of a tiled log, as the writer fills it. */
export interface TileStore extends TileStoreReader {
  /** Writes (or replaces) the file at `path`, creating the directories it needs. */
  write(path: string, bytes: Uint8Array): Promise<void>;
}

/** A source over a directory store; a read that throws is refused as `fetch-failed`. */
export function storeSource(store: TileStoreReader): TileSource {
  if (typeof store?.read !== 'function')
    throw new SeamError('invalid-argument', 'store must have read(path, maxBytes)');
  return async (path, maxBytes) => {
    try {
      const bytes = await store.read(path, maxBytes);
      return ok(bytes === null ? null : bytes.subarray(0, maxBytes + 1));
    } catch {
      return fail('fetch-failed', `${path}: the store could not read it`);
    }
  };
}

/** A store held in memory (a Map from path to bytes): for tests, and for logs built in a page. */
export function memoryStore(files: Map<string, Uint8Array> = new Map()): TileStore & {
  files: Map<string, Uint8Array>;
} {
  return {
    files,
    read: async (path, maxBytes) => files.get(path)?.subarray(0, maxBytes + 1) ?? null,
    write: async (path, bytes) => {
      files.set(path, bytes.slice());
    },
  };
}
