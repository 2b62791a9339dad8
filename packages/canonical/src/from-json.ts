import type { ParseCode } from './codes.js';
import type { JsonValue } from './json-value.js';
import { Parser, type ParseSink } from './parser.js';
import { type DuplicateKeys, type Profile, type ProfileName, profileOf } from './profiles.js';
import { CanonicalSink, ValueSink } from './sinks.js';
import { isWellFormedUtf8 } from './utf8-check.js';
import { fail, ok, SeamError, type Verdict } from './verdict.js';

/** Default cap on document size, checked before any decoding: 4 MiB. */
export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
/** Default cap on nesting (arrays and objects), serde_json's own recursion limit: 128. */
export const DEFAULT_MAX_DEPTH = 128;

export interface ParseOptions {
  /** Which profile's surrogate and number rules apply. `parseJSON` defaults to `seam`. */
  profile?: ProfileName | Profile;
  /**
   * A repeated member name: refused, or the last occurrence wins. Default: the profile's
   * `duplicateKeys` (refuse under `jcs` and `agentplane-v1`, last-wins under the others).
   */
  duplicateKeys?: DuplicateKeys;
  /** Deepest nesting accepted; default DEFAULT_MAX_DEPTH. */
  maxDepth?: number;
  /** Largest document accepted, in bytes; default DEFAULT_MAX_BYTES. */
  maxBytes?: number;
}

export interface CanonicalFromJSONOptions extends ParseOptions {
  profile: ProfileName | Profile;
}

export interface ParseJSONOptions extends ParseOptions {
  /** `number` (default): float literals become numbers. `marked`: they become JsonFloat. */
  floats?: 'number' | 'marked';
}

interface Settings {
  profile: Profile;
  duplicates: DuplicateKeys;
  maxDepth: number;
  maxBytes: number;
}

function settings(options: ParseOptions | undefined, defaultProfile?: ProfileName): Settings {
  const profile = profileOf(options?.profile ?? defaultProfile);
  const duplicates = options?.duplicateKeys ?? profile.duplicateKeys;
  if (duplicates !== 'last-wins' && duplicates !== 'refuse')
    throw new SeamError('bad-options', "duplicateKeys must be 'last-wins' or 'refuse'");
  const maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 0)
    throw new SeamError('bad-options', 'maxDepth must be a non-negative integer');
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new SeamError('bad-options', 'maxBytes must be a non-negative integer');
  return { profile, duplicates, maxDepth, maxBytes };
}

/**
 * The encoding gate: size first (before any work), then the byte order mark and
 * UTF-16/UTF-32 (refused, never stripped or transcoded), then fatal UTF-8 (never
 * repaired with U+FFFD).
 */
function checkEncoding(bytes: Uint8Array, maxBytes: number): Verdict<true, ParseCode> {
  if (!(bytes instanceof Uint8Array))
    throw new SeamError('bad-argument', 'the document must be a Uint8Array');
  if (bytes.length > maxBytes) return fail('too-large', `document is larger than ${maxBytes} bytes`);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return fail('bom', 'document starts with a UTF-8 byte order mark');
  // JSON text starts with two ASCII characters, so a UTF-16/32 document has a zero byte
  // among its first four (or starts with the UTF-16 byte order mark FE FF / FF FE).
  const head = Math.min(bytes.length, 4);
  let utf16or32 = (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe);
  for (let i = 0; i < head && !utf16or32; i++) utf16or32 = bytes[i] === 0;
  if (utf16or32) return fail('utf16-or-utf32', 'document is UTF-16 or UTF-32, not UTF-8');
  return isWellFormedUtf8(bytes) ? ok(true) : fail('invalid-utf8', 'document is not well-formed UTF-8');
}

function parseWith(bytes: Uint8Array, s: Settings, sink: ParseSink): Verdict<true, ParseCode> {
  const encoding = checkEncoding(bytes, s.maxBytes);
  if (!encoding.ok) return encoding;
  const failure = new Parser(bytes, s.profile, s.maxDepth, sink).run();
  return failure === null ? ok(true) : fail(failure.code, failure.detail);
}

/**
 * THE parse boundary: raw document bytes in, canonical bytes of the profile out, or a
 * refusal code. Nothing is repaired: not invalid UTF-8, not a BOM, not a lone
 * surrogate escape, not an unreproducible number literal. Never throws on the bytes.
 *
 * Under `seam`, float literals come out as CPython's repr writes them (`1.0`, `1e-07`)
 * and integer literals exactly, so legacy artifacts signed by Python verify; the sign
 * side (`canonicalize`) refuses those same values.
 */
export function canonicalFromJSON(
  bytes: Uint8Array,
  options: CanonicalFromJSONOptions,
): Verdict<Uint8Array, ParseCode> {
  const s = settings(options);
  const sink = new CanonicalSink(s.profile, s.duplicates);
  const parsed = parseWith(bytes, s, sink);
  return parsed.ok ? ok(sink.result()) : parsed;
}

/** The same boundary as canonicalFromJSON, returning the value (see JsonValue) instead of bytes. */
export function parseJSON(bytes: Uint8Array, options?: ParseJSONOptions): Verdict<JsonValue, ParseCode> {
  const s = settings(options, 'seam');
  const floats = options?.floats ?? 'number';
  if (floats !== 'number' && floats !== 'marked')
    throw new SeamError('bad-options', "floats must be 'number' or 'marked'");
  const sink = new ValueSink(s.profile, s.duplicates, floats === 'marked');
  const parsed = parseWith(bytes, s, sink);
  return parsed.ok ? ok(sink.result) : parsed;
}
