/**
 * A hub request as each runtime hands it over: a plain record, a Fetch API `Request`, or
 * Node's `IncomingMessage`, typed structurally (nothing from node:http or the DOM is
 * imported). Header sources take Web Bot Auth's shape (spec/wba.md): a record of values
 * (`string | string[]`, names matched case-insensitively) or anything with `get(name)`.
 * Only the shape is read here; judging the values is the verifier's job.
 */
import { fail, ok, type Verdict } from '@agent-seam/canonical';

/** A value as Node's `IncomingHttpHeaders` holds it: one field line, several, or none. */
export type HeaderValue = string | readonly string[] | undefined;
/** Node's `req.headers` or a plain record; names match case-insensitively. */
export type HeaderRecord = { readonly [name: string]: HeaderValue };
/** The Fetch API's `Headers`. */
export interface HeaderGetter {
  get(name: string): string | null;
}
export type HeaderSource = HeaderRecord | HeaderGetter;

/** A body the asynchronous verifier can stream: a Fetch `ReadableStream` or any async iterable of bytes. */
export type BodyStream = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * A hub request as plain data. `url` is the request target as sent (origin form, `/relay/send?x=1`)
 * or an absolute URL (then its path and query are used, as a Fetch `Request` has it).
 */
export interface HubRequestRecord {
  method: string;
  url: string;
  headers: HeaderSource;
  /** The body's bytes (a string is its UTF-8); absent or null for none. */
  body?: Uint8Array | string | null;
}

/** What the verifier reads from a request: everything but the body. */
export interface RequestHead {
  method: string;
  /** Path and query, as the signer covered them. */
  target: string;
  /** One header field's value, undefined when absent; several field lines come joined with ", ". */
  field(name: string): string | undefined;
  body: BodySource;
}

export type BodySource =
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'stream'; stream: BodyStream }
  | { kind: 'none' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isGetter = (value: object): value is HeaderGetter =>
  typeof (value as { get?: unknown }).get === 'function';
const isAsyncIterable = (value: unknown): value is AsyncIterable<Uint8Array> =>
  typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';
const isStream = (value: unknown): value is ReadableStream<Uint8Array> =>
  typeof (value as { getReader?: unknown } | null)?.getReader === 'function';

/**
 * The field lines of `name` (lowercase) in a header source, each without the optional
 * whitespace around it (RFC 9110 section 5.5), joined with ", " as a Fetch `Headers` joins them.
 */
function fieldOf(source: object, name: string): string | undefined {
  if (isGetter(source)) {
    const value = source.get(name);
    return typeof value === 'string' ? value : undefined;
  }
  const lines: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (key.toLowerCase() !== name) continue;
    for (const line of Array.isArray(value) ? value : [value])
      if (typeof line === 'string') lines.push(line.replace(/^[ \t]+|[ \t]+$/g, ''));
      else if (line !== undefined && line !== null) lines.push('\u0000');
  }
  return lines.length === 0 ? undefined : lines.join(', ');
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;
const MAX_TARGET_LENGTH = 8192;

/** The path and query of a request target; null when it is neither origin form nor an absolute http(s) URL. */
function targetOf(url: string): string | null {
  if (url.length > MAX_TARGET_LENGTH || url.includes('\u0000')) return null;
  if (url.startsWith('/')) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

function bodyOf(request: Record<string, unknown>): BodySource | null {
  const body = request.body;
  if (body instanceof Uint8Array) return { kind: 'bytes', bytes: body };
  if (typeof body === 'string') return { kind: 'bytes', bytes: new TextEncoder().encode(body) };
  if (isStream(body) || isAsyncIterable(body)) return { kind: 'stream', stream: body };
  // Node's IncomingMessage has no body member: the message itself is the stream.
  if (body === undefined && isAsyncIterable(request)) return { kind: 'stream', stream: request };
  if (body === undefined || body === null) return { kind: 'none' };
  return null;
}

/** Reads a request's method, target, header source and body source; `not-a-request` when one is missing. */
export function readRequestHead(request: unknown): Verdict<RequestHead, 'not-a-request'> {
  if (typeof request !== 'object' || request === null)
    return fail('not-a-request', 'the request is not an object');
  const r = request as Record<string, unknown>;
  const { method, url, headers } = r;
  if (typeof method !== 'string' || !TOKEN.test(method))
    return fail('not-a-request', 'the request has no method (a token of up to 32 characters)');
  if (typeof url !== 'string') return fail('not-a-request', 'the request has no url');
  const target = targetOf(url);
  if (target === null)
    return fail('not-a-request', 'the request url is neither a path (/...) nor an absolute http(s) URL');
  if (!isObject(headers)) return fail('not-a-request', 'the request headers are not a record or a Headers');
  const body = bodyOf(r);
  if (body === null) return fail('not-a-request', 'the request body is not bytes, a string or a stream');
  return ok({ method, target, field: (name) => fieldOf(headers, name), body });
}
