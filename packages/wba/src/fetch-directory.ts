import { concatBytes, fail, type Instant, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import type { FetchDirectoryCode } from './codes.js';
import { type FieldReader, fieldReader, type HeaderSource } from './headers.js';
import type { JwkSet } from './jwk-set.js';
import { countOption, requireOptions } from './profile.js';
import { directoryLimits, type VerifiedDirectory, verifyDirectory } from './verify.js';

/** Where an origin keeps its directory (draft-meunier-http-message-signatures-directory). */
export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
/** The media type a directory is served as; sent as `accept`. */
export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

/** The part of a Fetch API `Response` that is read: status, headers and the body stream. */
export interface DirectoryResponse {
  readonly status: number;
  readonly headers: HeaderSource;
  readonly body: {
    getReader(): {
      read(): Promise<{ done: boolean; value?: Uint8Array }>;
      cancel(): Promise<void>;
    };
  } | null;
}

/** A `fetch`: `globalThis.fetch`, or one wrapped with the caller's timeout, proxy or allowlist. */
export type DirectoryFetch = (
  url: string,
  init: { headers: { accept: string }; redirect: 'error' },
) => Promise<DirectoryResponse>;

/** A verified directory and how long it may be used without fetching it again. */
export type FetchedDirectory = VerifiedDirectory & {
  /** The URL fetched (an origin's directory lives at DIRECTORY_PATH). */
  url: string;
  /** The last second (Unix seconds) it may be used from a cache: at most the signature's `expires`. */
  freshUntil: number;
};

/**
 * Verified directories by URL. `createDirectoryCache` is a bounded in-memory one; a cache
 * shared between processes (a key-value store) may answer with promises, which
 * fetchDirectory waits for.
 */
export interface DirectoryCache {
  /** The directory cached for `url` if it is still fresh at `now` (Unix seconds). */
  get(url: string, now: number): FetchedDirectory | undefined | PromiseLike<FetchedDirectory | undefined>;
  set(directory: FetchedDirectory): void | PromiseLike<void>;
}

export interface FetchDirectoryOptions {
  /** The fetch to use; there is no default (see the README: timeouts, proxies, which hosts). */
  fetch: DirectoryFetch;
  /** The verifier's clock: a Date or Unix seconds. */
  now: Instant;
  /** Reuse directories fetched before, while fresh. Without one every call fetches. */
  cache?: DirectoryCache;
  /** Cap on the directory signature's `expires - created`, in seconds; default 86400. */
  maxLifetime?: number;
  maxHeaderLength?: number;
  /** Cap on the body, checked while it streams in; default 65536 bytes. */
  maxBodyLength?: number;
  /**
   * What the URL names (the Signature-Agent member's type): `directory` (default), where a
   * bare origin means its well-known directory, or `jwks_uri`, a JWK Set fetched as given.
   * Both are verified the same way: signed by a key they publish, for the host fetched.
   */
  type?: 'directory' | 'jwks_uri';
}

/** The URL to fetch: the URL given, or, for a directory, the well-known directory of an origin given bare. */
function directoryUrl(url: unknown, type: unknown): URL {
  if (type !== undefined && type !== 'directory' && type !== 'jwks_uri')
    throw new SeamError('bad-argument', 'fetchDirectory type is directory or jwks_uri');
  let parsed: URL;
  try {
    parsed = new URL(url instanceof URL ? url.href : (url as string));
  } catch {
    throw new SeamError('bad-argument', 'fetchDirectory url must be an absolute URL');
  }
  if (type !== 'jwks_uri' && parsed.pathname === '/' && parsed.search === '')
    parsed.pathname = DIRECTORY_PATH;
  return parsed;
}

/**
 * The last second a directory's keys stay as verified: before the earliest `exp` of a key
 * still valid at `now` (a key expiring sends the cache back to the directory for its
 * replacement). Keys already expired change nothing; verifiers refuse them anyway.
 */
function keysFreshUntil(jwks: JwkSet, now: number): number {
  let until = Infinity;
  for (const key of jwks.keys) {
    const exp = (key as { exp?: unknown }).exp;
    if (typeof exp === 'number' && exp > now) until = Math.min(until, Math.ceil(exp) - 1);
  }
  return until;
}

/**
 * Seconds a response may be reused according to its Cache-Control: 0 for `no-store` and
 * `no-cache` (there is no revalidation here), the smallest `max-age`, or undefined when
 * neither is stated. It can only shorten the signed lifetime, never extend it.
 */
function maxAgeOf(cacheControl: string | undefined): number | undefined {
  let maxAge: number | undefined;
  for (const directive of (cacheControl ?? '').split(',')) {
    const [name, argument = ''] = directive.trim().toLowerCase().split('=', 2);
    if (name === 'no-store' || name === 'no-cache') return 0;
    if (name === 'max-age' && /^\d{1,10}$/.test(argument))
      maxAge = Math.min(maxAge ?? Infinity, Number(argument));
  }
  return maxAge;
}

/** What the fetch resolved to, with a reader of its header fields; undefined when it is no response. */
function asResponse(value: unknown): { response: DirectoryResponse; fields: FieldReader } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const response = value as DirectoryResponse;
  if (typeof response.status !== 'number') return undefined;
  const fields = fieldReader(response.headers);
  return fields.ok ? { response, fields: fields.value } : undefined;
}

/** A header that is present and a string, else undefined (these two are advisory). */
const advisory = (fields: FieldReader, name: string): string | undefined => {
  const value = fields(name);
  return value.ok ? value.value : undefined;
};

/** The body, read chunk by chunk and abandoned as soon as it passes the cap. */
async function readBody(
  response: DirectoryResponse,
  fields: FieldReader,
  max: number,
): Promise<Verdict<Uint8Array, 'fetch-failed' | 'directory-too-large'>> {
  const length = advisory(fields, 'content-length');
  if (length !== undefined && /^\d+$/.test(length) && Number(length) > max)
    return fail('directory-too-large', `content-length over the cap of ${max} bytes`);
  if (response.body === null || response.body === undefined) return ok(new Uint8Array(0));
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!(value instanceof Uint8Array))
        return fail('fetch-failed', 'the body stream gave something other than bytes');
      total += value.length;
      if (total > max) {
        await reader.cancel().catch(() => {});
        return fail('directory-too-large', `the body passed the cap of ${max} bytes`);
      }
      chunks.push(value);
    }
  } catch {
    return fail('fetch-failed', 'reading the body failed');
  }
  return ok(concatBytes(chunks));
}

export interface Download {
  response: DirectoryResponse;
  fields: FieldReader;
  body: Uint8Array;
}
export type DownloadCode = 'fetch-failed' | 'bad-status' | 'directory-too-large';

/** The network half of a fetch: the response and its body within the cap, judged by nothing else. */
export async function download(
  target: URL,
  fetch: DirectoryFetch,
  maxBodyLength: number,
  accept = DIRECTORY_MEDIA_TYPE,
): Promise<Verdict<Download, DownloadCode>> {
  let answer: unknown;
  try {
    answer = await fetch(target.href, { headers: { accept }, redirect: 'error' });
  } catch {
    return fail('fetch-failed', 'the fetch was rejected');
  }
  const received = asResponse(answer);
  if (received === undefined) return fail('fetch-failed', 'the fetch did not resolve to a Response');
  const { response, fields } = received;
  if (response.status !== 200) return fail('bad-status', `status ${response.status}, not 200`);
  const body = await readBody(response, fields, maxBodyLength);
  return body.ok ? ok({ response, fields, body: body.value }) : body;
}

/** Downloads in flight per cache, by cap and URL: callers sharing a cache share one fetch. */
const inFlight = new WeakMap<DirectoryCache, Map<string, Promise<Verdict<Download, DownloadCode>>>>();

/**
 * With a cache, concurrent calls for one URL (and cap) share one download; each then
 * verifies it at its own `now`, so no verdict is shared, only the bytes.
 */
function sharedDownload(
  cache: DirectoryCache | undefined,
  target: URL,
  fetch: DirectoryFetch,
  maxBodyLength: number,
): Promise<Verdict<Download, DownloadCode>> {
  if (cache === undefined) return download(target, fetch, maxBodyLength);
  const pending = inFlight.get(cache) ?? new Map<string, Promise<Verdict<Download, DownloadCode>>>();
  inFlight.set(cache, pending);
  const key = `${maxBodyLength} ${target.href}`;
  let shared = pending.get(key);
  if (shared === undefined) {
    const running = download(target, fetch, maxBodyLength);
    shared = running.finally(() => pending.delete(key));
    pending.set(key, shared);
  }
  return shared;
}

/**
 * One call to the caller's cache: its answer, or `directory-store-unavailable` when it
 * throws or its promise rejects (a shared store whose server is away). Its error is not
 * echoed.
 */
async function throughCache<T>(
  ask: () => T | PromiseLike<T>,
  what: string,
): Promise<Verdict<T, 'directory-store-unavailable'>> {
  try {
    return ok(await ask());
  } catch {
    return fail(
      'directory-store-unavailable',
      `the directory cache failed to ${what}: check the cache's store (its server, connection and errors)`,
    );
  }
}

/** An options object with the caller's own fetch: there is none by default (SeamErrors name `entry`). */
export function requireFetch(options: unknown, entry: string): asserts options is { fetch: DirectoryFetch } {
  requireOptions(options, entry);
  if (typeof options.fetch !== 'function')
    throw new SeamError('bad-argument', `${entry} needs a fetch (globalThis.fetch, or your own wrapper)`);
}

/**
 * Fetches a key directory with the caller's `fetch`, verifies its self-signature
 * (`verifyDirectory`, authority = the host fetched), and returns its key set with how long
 * it stays fresh: until the signature's `expires`, shortened by the response's
 * Cache-Control. With a `cache`, a fresh directory is returned without fetching, a newly
 * verified one is stored, and concurrent calls for the same URL share one download. Redirects are not followed. A cache that throws or
 * rejects refuses (`directory-store-unavailable`). Never throws on what the network or
 * the cache returns; caller errors (no fetch, a bad url, a bad now) throw SeamError.
 */
export async function fetchDirectory(
  url: string | URL,
  options: FetchDirectoryOptions,
): Promise<Verdict<FetchedDirectory, FetchDirectoryCode>> {
  requireFetch(options, 'fetchDirectory');
  const { now, maxLifetime, maxHeaderLength, maxBodyLength } = directoryLimits(options, 'fetchDirectory');
  const target = directoryUrl(url, options.type);
  const { cache } = options;
  const cached = await throughCache(() => cache?.get(target.href, now), 'answer');
  if (!cached.ok) return cached;
  if (cached.value !== undefined) return ok(cached.value);
  const fetched = await sharedDownload(options.cache, target, options.fetch, maxBodyLength);
  if (!fetched.ok) return fetched;
  const { response, fields, body } = fetched.value;

  const verdict = verifyDirectory({
    headers: response.headers,
    authority: target.host,
    body,
    now,
    maxLifetime,
    maxHeaderLength,
    maxBodyLength,
  });
  if (!verdict.ok) return verdict;
  const maxAge = maxAgeOf(advisory(fields, 'cache-control'));
  const freshUntil = Math.min(
    verdict.value.expires,
    maxAge === undefined ? Infinity : now + maxAge - 1,
    keysFreshUntil(verdict.value.jwks, now),
  );
  const directory: FetchedDirectory = { ...verdict.value, url: target.href, freshUntil };
  if (freshUntil >= now) {
    const stored = await throughCache(() => cache?.set(directory), 'store the directory verified');
    if (!stored.ok) return stored;
  }
  return ok(directory);
}

/**
 * A bounded in-memory DirectoryCache: at most `maxEntries` directories (default 1000),
 * the least recently used dropped first, a stale entry dropped when it is asked for.
 */
export function createDirectoryCache({ maxEntries = 1000 }: { maxEntries?: number } = {}): {
  get(url: string, now: number): FetchedDirectory | undefined;
  set(directory: FetchedDirectory): void;
} {
  const max = countOption(maxEntries, 1000, 'createDirectoryCache maxEntries');
  const entries = new Map<string, FetchedDirectory>();
  return {
    get(url, now) {
      const entry = entries.get(url);
      if (entry === undefined) return undefined;
      entries.delete(url);
      if (entry.freshUntil < now) return undefined;
      entries.set(url, entry);
      return entry;
    },
    set(directory) {
      entries.delete(directory.url);
      entries.set(directory.url, directory);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
  };
}
