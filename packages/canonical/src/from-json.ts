import type { ParseCode } from './codes.js';
import { describeType } from './describe.js';
import type { JsonValue } from './json-value.js';
import { Parser, type ParseSink } from './parser.js';
import { type DuplicateKeys, type Profile, type ProfileName, profileOf } from './profiles.js';
import { CanonicalSink, ValueSink } from './sinks.js';
import { hasLoneSurrogate } from './strings.js';
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
 * A document as the parse boundary takes it: its bytes, or a string standing for its
 * UTF-8. A string holding an unpaired surrogate has no UTF-8, so it is refused
 * (`invalid-utf8`) rather than repaired to U+FFFD; a string starting with U+FEFF is a
 * document starting with a byte order mark (`bom`), refused as the bytes would be.
 * Anything else is `not-bytes`. The size cap is checked before the string is encoded
 * (its UTF-8 is never shorter than its UTF-16 length).
 */
function documentBytes(document: unknown, maxBytes: number): Verdict<Uint8Array, ParseCode> {
  if (document instanceof Uint8Array) return ok(document);
  if (typeof document !== 'string')
    return fail('not-bytes', `the document is ${describeType(document)}, not a Uint8Array or a string`);
  if (document.length > maxBytes) return fail('too-large', `document is larger than ${maxBytes} bytes`);
  if (hasLoneSurrogate(document))
    return fail('invalid-utf8', 'the string holds an unpaired surrogate, which has no UTF-8 encoding');
  return ok(UTF8.encode(document));
}

const UTF8 = new TextEncoder();

/**
 * The encoding gate: size first (before any work), then the byte order mark and
 * UTF-16/UTF-32 (refused, never stripped or transcoded), then fatal UTF-8 (never
 * repaired with U+FFFD).
 */
function checkEncoding(bytes: Uint8Array, maxBytes: number): Verdict<true, ParseCode> {
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

function parseWith(document: unknown, s: Settings, sink: ParseSink): Verdict<true, ParseCode> {
  const bytes = documentBytes(document, s.maxBytes);
  if (!bytes.ok) return bytes;
  const encoding = checkEncoding(bytes.value, s.maxBytes);
  if (!encoding.ok) return encoding;
  const failure = new Parser(bytes.value, s.profile, s.maxDepth, sink).run();
  return failure === null ? ok(true) : fail(failure.code, failure.detail);
}

/**
 * THE parse boundary: raw document bytes (or a string, read as its UTF-8) in,
 * canonical bytes of the profile out, or a refusal code. Nothing is repaired: not
 * invalid UTF-8, not a BOM, not a lone surrogate, not an unreproducible number
 * literal. Never throws on the document, whatever its JavaScript type.
 *
 * Under `seam`, float literals come out as CPython's repr writes them (`1.0`, `1e-07`)
 * and integer literals exactly, so legacy artifacts signed by Python verify; the sign
 * side (`canonicalize`) refuses those same values.
 */
export function canonicalFromJSON(
  document: Uint8Array | string,
  options: CanonicalFromJSONOptions,
): Verdict<Uint8Array, ParseCode> {
  const s = settings(options);
  const sink = new CanonicalSink(s.profile, s.duplicates);
  const parsed = parseWith(document, s, sink);
  return parsed.ok ? ok(sink.result()) : parsed;
}

/** The same boundary as canonicalFromJSON, returning the value (see JsonValue) instead of bytes. */
export function parseJSON(
  document: Uint8Array | string,
  options?: ParseJSONOptions,
): Verdict<JsonValue, ParseCode> {
  const s = settings(options, 'seam');
  const floats = options?.floats ?? 'number';
  if (floats !== 'number' && floats !== 'marked')
    throw new SeamError('bad-options', "floats must be 'number' or 'marked'");
  const sink = new ValueSink(s.profile, s.duplicates, floats === 'marked');
  const parsed = parseWith(document, s, sink);
  return parsed.ok ? ok(sink.result) : parsed;
}
