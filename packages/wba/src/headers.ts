import { fail, ok, type Verdict } from '@agent-seam/canonical';

/**
 * Header fields as the HTTP objects of every runtime hand them over, typed structurally
 * so that no runtime's types (node:http, undici, the DOM) are needed to use them.
 */

/** A value as Node's `IncomingHttpHeaders` holds it: one field line, several, or none. */
export type HeaderValue = string | readonly string[] | undefined;

/** Node's `req.headers` (`IncomingHttpHeaders`) or a plain record; names match case-insensitively. */
export type HeaderRecord = { readonly [name: string]: HeaderValue };

/** The Fetch API's `Headers` (of a `Request`, a `Response`, or made by hand). */
export interface HeaderGetter {
  get(name: string): string | null;
}

export type HeaderSource = HeaderRecord | HeaderGetter;

/** Reads one field (name in lowercase): its combined value, or undefined when absent. */
export type FieldReader = (name: string) => Verdict<string | undefined, 'not-a-string'>;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isGetter = (value: object): value is HeaderGetter =>
  typeof (value as { get?: unknown }).get === 'function';

/** A field line without the optional whitespace (SP, HTAB) around it. */
export const trimOws = (line: string): string => line.replace(/^[ \t]+|[ \t]+$/g, '');

/**
 * The value of a field sent as several field lines, combined as RFC 9421 section 2.1
 * (and RFC 9110 section 5.3) combine them: each line stripped of surrounding spaces and
 * tabs, then joined with a comma and a space, in order. This is the value a Fetch
 * `Headers` returns for a repeated field, so every source gives the same value. A
 * single line is returned as given.
 */
export function combineFieldLines(value: unknown): Verdict<string | undefined, 'not-a-string'> {
  if (value === undefined || value === null) return ok(undefined);
  if (typeof value === 'string') return ok(value);
  if (!Array.isArray(value))
    return fail('not-a-string', 'a header value is neither a string nor a list of strings');
  if (!value.every((line) => typeof line === 'string'))
    return fail('not-a-string', 'a header field line is not a string');
  if (value.length === 0) return ok(undefined);
  if (value.length === 1) return ok(value[0] as string);
  return ok(value.map(trimOws).join(', '));
}

/**
 * A reader over any header source; `not-an-object` when the source is not one. In a
 * record, every key that matches the name case-insensitively is a field line of it (in
 * the record's order), as a Fetch `Headers` built from that record would see it.
 */
export function fieldReader(source: unknown): Verdict<FieldReader, 'not-an-object'> {
  if (!isObject(source)) return fail('not-an-object', 'headers is not an object or a Headers');
  if (isGetter(source)) return ok((name) => combineFieldLines(source.get(name)));
  const record = source as Record<string, unknown>;
  return ok((name) => {
    const lines: unknown[] = [];
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() !== name) continue;
      const value = record[key];
      if (Array.isArray(value)) lines.push(...value);
      else if (value !== undefined && value !== null) lines.push(value);
    }
    return combineFieldLines(lines.length === 1 ? lines[0] : lines);
  });
}
