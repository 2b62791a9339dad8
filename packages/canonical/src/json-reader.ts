import type { ParseCode } from './codes.js';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, type ParseJSONOptions, parseJSON } from './from-json.js';
import type { JsonValue } from './json-value.js';
import { spellNumberLiteral } from './numbers.js';
import { Parser, type ParseSink } from './parser.js';
import { type Profile, profileOf } from './profiles.js';
import { utf8Slice } from './utf8-slice.js';
import { ok, type Verdict } from './verdict.js';

/**
 * parseJSON for many documents under one set of options (the lines of a JSON Lines
 * file), at the speed of the engine's own JSON.parse where that is safe. Building the
 * value is most of parseJSON's cost; its checks are not. So the strict parser walks the
 * document building nothing, and when it has no reason to stop, JSON.parse builds the
 * value from the same text. The two build the same value exactly when no member name
 * repeats (JSON.parse keeps a repeated name at its first position) and every number
 * literal reads the same in both: an integer of at most 15 characters other than `-0`
 * (which parseJSON reads as 0), or, when floats are not marked, a float (both take the
 * nearest double). Any other document, and every refusal, is handed to parseJSON itself,
 * so verdicts, codes and values are parseJSON's by construction.
 */

/**
 * Screens the parser's events for what JSON.parse would build differently. Returning
 * false stops the parser (as a refusal would); the document then goes to parseJSON.
 * String values are built alike by both, so it has no `string` and the parser checks
 * them without decoding.
 */
class Screen implements ParseSink {
  /** Per open container: the member names seen (an object) or null (an array). */
  private readonly open: (string[] | Set<string> | null)[] = [];

  constructor(
    private readonly profile: Profile,
    private readonly markFloats: boolean,
  ) {}

  reset(): void {
    this.open.length = 0;
  }

  openObject(): void {
    this.open.push([]);
  }
  openArray(): void {
    this.open.push(null);
  }
  close(): void {
    this.open.pop();
  }
  constant(): void {}

  key(bytes: Uint8Array, start: number, end: number, decoded: string | null): boolean {
    const name = decoded ?? utf8Slice(bytes, start, end);
    const depth = this.open.length - 1;
    const names = this.open[depth]!;
    if (Array.isArray(names)) {
      if (names.includes(name)) return false;
      names.push(name);
      // A large object is indexed once it outgrows a scan.
      if (names.length > 16) this.open[depth] = new Set(names);
    } else if (names!.has(name)) return false;
    else names!.add(name);
    return true;
  }

  number(bytes: Uint8Array, start: number, end: number, isFloat: boolean): boolean {
    const length = end - start;
    if (!isFloat)
      return length <= 15 && !(length === 2 && bytes[start] === 0x2d && bytes[start + 1] === 0x30);
    // An unmarked float JSON.parse reads as parseJSON does, if the profile can reproduce it at all.
    return !this.markFloats && spellNumberLiteral(utf8Slice(bytes, start, end), true, this.profile) !== null;
  }
}

const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const EMPTY = new Uint8Array([0x7b, 0x7d]);

/**
 * A function with parseJSON's contract under `options`, fixed once: the same verdict,
 * refusal code and value for every input (a differential property test holds it to
 * parseJSON). Bad options throw here, as parseJSON would throw them.
 */
export function jsonReader(options?: ParseJSONOptions): (bytes: Uint8Array) => Verdict<JsonValue, ParseCode> {
  parseJSON(EMPTY, options); // checks the options, throwing parseJSON's own SeamError
  const profile = profileOf(options?.profile ?? 'seam');
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  const screen = new Screen(profile, options?.floats === 'marked');
  const engine = (bytes: Uint8Array): JsonValue | undefined => {
    if (!(bytes instanceof Uint8Array) || bytes.length > maxBytes) return undefined;
    let text: string;
    try {
      text = FATAL_UTF8.decode(bytes);
    } catch {
      return undefined;
    }
    screen.reset();
    if (new Parser(bytes, profile, maxDepth, screen).run() !== null) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined; // not reached: the strict parser accepted the text
    }
  };
  return function readJSON(bytes) {
    const value = engine(bytes);
    return value === undefined ? parseJSON(bytes, options) : ok(value);
  };
}
