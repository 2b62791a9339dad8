import { base64urlStrict, fail, ok, utf8Strict, type Verdict } from '@agent-seam/canonical';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one base64url segment of a JWS as a JSON object. The segment text is what the
 * signature covers; this decoding is only for reading the claims, never for rebuilding
 * the signed bytes. Strict base64url (no padding, no standard alphabet, zero trailing
 * bits) and strict UTF-8.
 */
export function readJsonSegment<C extends string>(
  segment: string,
  malformed: C,
): Verdict<JsonObject, 'bad-base64url' | C> {
  const bytes = base64urlStrict.decode(segment);
  if (!bytes.ok) return fail('bad-base64url');
  const text = utf8Strict.decode(bytes.value);
  if (!text.ok) return fail(malformed, 'segment is not UTF-8');
  let value: unknown;
  try {
    value = JSON.parse(text.value);
  } catch {
    return fail(malformed, 'segment is not JSON');
  }
  return isJsonObject(value) ? ok(value) : fail(malformed, 'segment is not a JSON object');
}

/** base64url of the UTF-8 bytes of `text`. */
export const base64urlText = (text: string): string => base64urlStrict.encode(utf8Strict.encode(text));
