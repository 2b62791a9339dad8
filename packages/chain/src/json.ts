import {
  canonicalFromJSON,
  canonicalize,
  type ProfileName,
  parseJSON,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';

/**
 * The JSON boundary of this package: parsing wire bytes under the agentplane-v1
 * rules (exact integers, float literals marked, lone surrogates refused) and
 * comparing parsed values type for type.
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

/** The canonical re-spelling of `bytes`, for the "raw must be canonical" check. */
export function canonicalOf(bytes: Uint8Array, maxBytes: number): Verdict<Uint8Array> {
  return canonicalFromJSON(bytes, { profile: CANON_PROFILE, maxBytes });
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

/** A non-negative integer this reader can index with, or null. */
export function safeInt(value: unknown): number | null {
  if (typeof value === 'bigint')
    return value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/**
 * Deep equality that keeps JSON types apart: 1, 1.0 and true differ, and member
 * sets must match exactly. Iterative, so a deep document cannot exhaust the stack.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (typeof x !== typeof y) return false;
    if (x === null || y === null || typeof x !== 'object') {
      if (!Object.is(x, y)) return false;
      continue;
    }
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false;
    const xs = Object.keys(x as object);
    const ys = Object.keys(y as object);
    if (xs.length !== ys.length) return false;
    for (const k of xs) {
      if (!Object.hasOwn(y as object, k)) return false;
      stack.push([(x as JsonObject)[k], (y as JsonObject)[k]]);
    }
  }
  return true;
}
