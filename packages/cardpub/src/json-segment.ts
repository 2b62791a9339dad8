import { base64urlStrict, fail, ok, parseJSON, utf8Strict, type Verdict } from '@agent-seam/canonical';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one base64url segment of a JWS as a JSON object. The segment text is what the
 * signature covers; this decoding is only for reading the claims, never for rebuilding
 * the signed bytes. Strict base64url (no padding, no standard alphabet, zero trailing
 * bits), then canonical's strict parseJSON with duplicate member names refused.
 */
export function readJsonSegment<C extends string>(
  segment: string,
  malformed: C,
): Verdict<JsonObject, 'bad-base64url' | C> {
  const bytes = base64urlStrict.decode(segment);
  if (!bytes.ok) return fail('bad-base64url');
  // The strict parse boundary: invalid UTF-8, lone surrogates and a repeated member name
  // are refused, so a header cannot say alg twice and be read as its last spelling.
  const parsed = parseJSON(bytes.value, { profile: 'jcs', duplicateKeys: 'refuse' });
  if (!parsed.ok) return fail(malformed, `segment refused by the JSON parse boundary (${parsed.code})`);
  const value = parsed.value;
  return isJsonObject(value) ? ok(value) : fail(malformed, 'segment is not a JSON object');
}

/** base64url of the UTF-8 bytes of `text`. */
export const base64urlText = (text: string): string => base64urlStrict.encode(utf8Strict.encode(text));
