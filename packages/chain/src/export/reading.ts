import { bytesEqual, hex, matchCanonicalJSON, sha256, utf8Strict } from '@agent-seam/canonical';
import { DIGEST_SIZE, digestOf } from '../digest.js';
import { CANON_PROFILE, isObject, type JsonObject, parseWire, safeInt, wireReader } from '../json.js';
import { isBlankLine } from '../lines.js';
import { judgeKeyed, recordSigningInput, type SignatureCode, type TrustedKeys } from '../signature.js';

/**
 * What one line of an export says on its own: parsed, and for a record line its hash,
 * its canonical bytes, its body and its signature judged. This is everything that
 * depends on the line alone, and nearly all the cost of verifying a file; the verifier
 * then judges each reading against the lines before it (the chain, the run, the file).
 * Because no reading depends on another line, readings can be taken anywhere, in any
 * order (worker threads take them in parallel), and the verdict is the same.
 */
export type LineReading =
  | { type: 'blank' }
  | { type: 'refused'; code: LineRefusal; message: string }
  /** A line with a top-level `kind`: a frame (or a kind that names none). */
  | { type: 'frame'; frame: JsonObject }
  | { type: 'record'; record: RecordReading };

export const LINE_REFUSALS = ['line-not-bytes', 'line-too-long', 'line-not-json', 'line-not-object'] as const;
export type LineRefusal = (typeof LINE_REFUSALS)[number];

/** A record line, judged on its own (steps 2 and 4 of the spec). */
export interface RecordReading {
  /** Members a record line does not have, in the line's order. */
  unknown: string[];
  /** The line's own seq, prev_hash and hash (null when misspelt). */
  seq: number | null;
  prev: Uint8Array | null;
  hash: Uint8Array | null;
  /** seq, body, prev_hash, hash and raw are all there and well formed; nothing below is judged otherwise. */
  wellFormed: boolean;
  /** raw hashes to hash over prev. */
  linked: boolean;
  /** A linked raw that is not canonical, or disagrees with the body. */
  rawFinding: { code: 'record-not-canonical' | 'record-body-mismatch'; message: string } | null;
  /** What the hashed bytes say, when they are established (linked and canonical). */
  hashed: HashedBody | null;
  /** No signature member; null; present (not checked: no keys); or its verdict under the keys. */
  signature: 'missing' | 'null' | 'unchecked' | 'verified' | SignatureCode;
}

/** The members of a hashed body the verifier reads, as far as they matter to it. */
export interface HashedBody {
  seq: number | null;
  /** The body's run when it is a string. */
  run: string | null;
  /** A RunConcluded: whether its outcome seals, and whether chain_head is the hex of prev. */
  concluded: { seals: boolean; headMatches: boolean } | null;
  case: string | null;
}

const RECORD_MEMBERS = ['seq', 'body', 'prev_hash', 'hash', 'signature', 'raw'];

/**
 * The RunConcluded outcomes that seal a run (it takes a log position). Any other
 * outcome (`failed`, `exhausted`, …) leaves the run resumable, so carrying it open is
 * no sign that a leaf was removed.
 */
export const SEALING_OUTCOMES: ReadonlySet<unknown> = new Set([
  'succeeded',
  'cancelled',
  'abandoned',
  'swept',
  'broke-glass',
  'halt-lifted',
  'hold-released',
  'observed',
]);

const BLANK: LineReading = { type: 'blank' };
const UTF8 = new TextEncoder();

/** A line as bytes: a string is its UTF-8; any other value is no line at all (null). */
export const lineBytes = (line: unknown): Uint8Array | null =>
  typeof line === 'string' ? utf8Strict.encode(line) : line instanceof Uint8Array ? line : null;

/** Takes readings under one verifier's options: its longest line and its record keys. */
export class LineReader {
  private readonly parse: ReturnType<typeof wireReader>;
  /** raw's UTF-8 is written here: it lives only while its line is read. */
  private scratch = new Uint8Array(4096);

  constructor(
    private readonly maxLine: number,
    private readonly keys: TrustedKeys | undefined,
  ) {
    this.parse = wireReader(maxLine);
  }

  /** A line's bytes (a string line already encoded), or null for a value that is neither. */
  read(bytes: Uint8Array | null): LineReading {
    if (bytes === null)
      return {
        type: 'refused',
        code: 'line-not-bytes',
        message: 'the line is neither a string nor a Uint8Array',
      };
    if (isBlankLine(bytes)) return BLANK;
    if (bytes.length > this.maxLine)
      return { type: 'refused', code: 'line-too-long', message: `the line exceeds ${this.maxLine} bytes` };
    const parsed = this.parse(bytes);
    if (!parsed.ok)
      return {
        type: 'refused',
        code: 'line-not-json',
        message: `the line is not JSON this format admits (${parsed.code})`,
      };
    if (!isObject(parsed.value))
      return { type: 'refused', code: 'line-not-object', message: 'the line is not a JSON object' };
    const object = parsed.value;
    return Object.hasOwn(object, 'kind')
      ? { type: 'frame', frame: object }
      : { type: 'record', record: this.record(object) };
  }

  private record(line: JsonObject): RecordReading {
    const reading: RecordReading = {
      unknown: Object.keys(line).filter((member) => !RECORD_MEMBERS.includes(member)),
      seq: safeInt(line.seq),
      prev: digestOf(line.prev_hash),
      hash: digestOf(line.hash),
      wellFormed: false,
      linked: false,
      rawFinding: null,
      hashed: null,
      signature: 'missing',
    };
    const { prev, hash } = reading;
    if (
      reading.seq === null ||
      prev === null ||
      hash === null ||
      typeof line.raw !== 'string' ||
      !isObject(line.body)
    )
      return reading;
    reading.wellFormed = true;
    // Step 2: the bytes against their claim, before anything parses them. The link hash is
    // SHA-256(prev ‖ raw), taken in one shot over both laid side by side (what verifyLink
    // computes, without the streaming hasher's set-up on every record).
    const linked = this.prefixedUtf8(prev, line.raw);
    const raw = linked.subarray(DIGEST_SIZE);
    reading.linked = bytesEqual(sha256(linked), hash);
    const hashed = reading.linked ? this.judgeRaw(raw, line.body, reading) : null;
    if (hashed !== null) reading.hashed = hashedBody(hashed, prev);
    // Step 4: the signature, if the auditor supplied keys to check it with.
    if (!Object.hasOwn(line, 'signature')) return reading;
    const keys = this.keys;
    if (line.signature === null) reading.signature = 'null';
    else if (keys === undefined) reading.signature = 'unchecked';
    else {
      const verdict = judgeKeyed(line.signature, recordSigningInput(hash), keys);
      reading.signature = verdict.ok ? 'verified' : verdict.code;
    }
    return reading;
  }

  /** `prefix` then the UTF-8 of `text` (as utf8Strict.encode spells it), in the scratch buffer. */
  private prefixedUtf8(prefix: Uint8Array, text: string): Uint8Array {
    const need = prefix.length + text.length * 3;
    if (this.scratch.length < need) this.scratch = new Uint8Array(need);
    this.scratch.set(prefix);
    const { written } = UTF8.encodeInto(text, this.scratch.subarray(prefix.length));
    return this.scratch.subarray(0, prefix.length + written);
  }

  /**
   * raw must be canonical and agree with the readable body; returns the hashed object
   * or null. One pass over raw answers both; raw is parsed into a value of its own only
   * when the body disagrees (the body cannot then stand in for it).
   */
  private judgeRaw(raw: Uint8Array, body: JsonObject, reading: RecordReading): JsonObject | null {
    const match = matchCanonicalJSON(raw, body, { profile: CANON_PROFILE, maxBytes: this.maxLine });
    const finding = (code: 'record-not-canonical' | 'record-body-mismatch', message: string) => {
      reading.rawFinding = { code, message };
    };
    if (match === 'not-canonical') {
      finding('record-not-canonical', 'the wire bytes are not canonical under the header canon');
      return null;
    }
    // Canonical bytes start with their first token: an object starts with '{'.
    if (raw[0] !== 0x7b) {
      finding('record-not-canonical', 'the wire bytes are not a canonical JSON object');
      return null;
    }
    if (match === 'same') return body;
    finding('record-body-mismatch', 'the readable body does not match its wire bytes');
    const value = parseWire(raw, this.maxLine);
    return value.ok ? (value.value as JsonObject) : null;
  }
}

/** What the verifier reads from a hashed body, with prev for a conclusion's chain_head. */
function hashedBody(value: JsonObject, prev: Uint8Array): HashedBody {
  return {
    seq: safeInt(value.seq),
    run: typeof value.run === 'string' ? value.run : null,
    concluded:
      value.kind === 'RunConcluded'
        ? { seals: SEALING_OUTCOMES.has(value.outcome), headMatches: value.chain_head === hex.encode(prev) }
        : null,
    case: typeof value.case === 'string' ? value.case : null,
  };
}
