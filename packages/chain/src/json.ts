import {
  canonicalize,
  type JsonValue,
  jsonReader,
  type ParseCode,
  type ProfileName,
  parseJSON,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';

/**
 * The JSON boundary of this package: parsing wire bytes under the agentplane-v1
 * rules (exact integers, float literals marked, lone surrogates refused).
 */
export type JsonObject = { [member: string]: unknown };

export const CANON_PROFILE = 'agentplane-v1';

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  isPlainPrototype(Object.getPrototypeOf(value));

const isPlainPrototype = (proto: unknown) => proto === Object.prototype || proto === null;

/** Parses one line or one raw body; never throws. */
export function parseWire(bytes: Uint8Array, maxBytes: number): Verdict<unknown> {
  return parseJSON(bytes, { profile: CANON_PROFILE, maxBytes, floats: 'marked' });
}

/** parseWire for every line of one file: the options are fixed once, and the common line is read at the engine's speed. */
export function wireReader(maxBytes: number): (bytes: Uint8Array) => Verdict<JsonValue, ParseCode> {
  return jsonReader({ profile: CANON_PROFILE, maxBytes, floats: 'marked' });
}

/**
 * The canonical bytes of an object the caller is signing or writing. When it has no
 * canonical form, the SeamError names the value at fault from the caller's field
 * (`entry.contextId is undefined, which has no JSON spelling`).
 */
export function canonicalOfObject(value: JsonObject, profile: ProfileName, field: string): Uint8Array {
  try {
    return canonicalize(value, { profile });
  } catch (error) {
    if (!(error instanceof SeamError)) throw error;
    // canonical names the offending value by its JSON path from `$`: name the caller's field instead.
    throw new SeamError(error.code, error.message.slice(error.code.length + 2).replace(/^\$/, field));
  }
}

/**
 * A non-negative integer this reader can index with, or null. The wire parser gives a
 * bigint only to an integer a double cannot hold exactly (beyond 2^53), never one of these.
 */
export function safeInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
