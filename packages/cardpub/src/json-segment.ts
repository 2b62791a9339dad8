import { base64urlStrict, fail, ok, parseJSON, utf8Strict, type Verdict } from '@agent-seam/canonical';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the decoded bytes of one JWS segment as a JSON object. The segment text is what
 * the signature covers; this decoding is only for reading the claims, never for
 * rebuilding the signed bytes. Canonical's strict parseJSON, with a repeated member name
 * refused: invalid UTF-8 and lone surrogates are refused too, so a header cannot say
 * alg twice and be read as its last spelling.
 */
export function readJsonSegment<C extends string>(bytes: Uint8Array, malformed: C): Verdict<JsonObject, C> {
  const parsed = parseJSON(bytes, { profile: 'jcs', duplicateKeys: 'refuse' });
  if (!parsed.ok) return fail(malformed, `segment refused by the JSON parse boundary (${parsed.code})`);
  const value = parsed.value;
  return isJsonObject(value) ? ok(value) : fail(malformed, 'segment is not a JSON object');
}

/**
 * The bytes of JWS segments in strict base64url (no padding, no standard alphabet, zero
 * trailing bits), all decoded before any is read, so a malformed spelling anywhere is
 * one refusal at one point of the verifier.
 */
export function decodeSegments(segments: readonly string[]): Verdict<Uint8Array[], 'bad-base64url'> {
  const out: Uint8Array[] = [];
  for (const [i, segment] of segments.entries()) {
    const bytes = base64urlStrict.decode(segment);
    if (!bytes.ok)
      return fail(
        'bad-base64url',
        `segment ${i + 1} is not strict base64url (no padding, URL alphabet, zero trailing bits)`,
      );
    out.push(bytes.value);
  }
  return ok(out);
}

/** base64url of the UTF-8 bytes of `text`. */
export const base64urlText = (text: string): string => base64urlStrict.encode(utf8Strict.encode(text));
