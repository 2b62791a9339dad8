import { hex, SeamError, utf8Strict } from '@agent-seam/canonical';
import { safeInt } from '../json.js';
import { SIGNATURE_CODES, type TrustedKeys } from '../signature.js';
import {
  LINE_REFUSALS,
  LineReader,
  type LineReading,
  type LineRefusal,
  lineBytes,
  type RecordReading,
} from './reading.js';
import type { ExportReport } from './report.js';
import { checkOptions, DEFAULT_MAX_LINE_BYTES, type ExportOptions, ExportVerifier } from './verifier.js';

/**
 * An export verified in parts, on as many machines as the auditor has. A line's reading
 * (parse, hash, canonical bytes against the body, signature) depends on the line alone
 * and is nearly all of the cost, so each part takes the readings of its own lines and
 * writes them down; the merge applies them in file order through the one state machine
 * (the chain, the runs, the log, the case layer, the trailer), exactly as the
 * single-threaded pass would. The report is therefore the whole file's, by construction.
 */

export const PART_FORMAT = 'agent-seam/export-part/1';

/** Where a part lies in its file: lines starting at byte offsets [start, end) of `fileSize` bytes. */
export interface PartRange {
  start: number;
  end: number;
  fileSize: number;
}

/** One line of a part: its size in bytes, then what it was read as. */
export type PartLine =
  | [size: number]
  | [size: number, 'refused', code: string, message: string]
  /** A frame, as its text: it is read again when merged (a frame may hold JsonFloat). */
  | [size: number, 'frame', text: string]
  | [size: number, 'record', reading: TravellingRecord];

/** A record reading in JSON: digests in hex. */
type TravellingRecord = Omit<RecordReading, 'prev' | 'hash'> & { prev: string | null; hash: string | null };

/** A part's readings, and what they were read under, as JSON. */
export interface PartialExportReport {
  format: typeof PART_FORMAT;
  range: PartRange;
  /** The record keys the readings were taken under (key_id and hex key, sorted), null for none. */
  keys: [string, string][] | null;
  maxLineBytes: number;
  lines: PartLine[];
}

export interface ExportRangeOptions {
  range: PartRange;
  keys?: TrustedKeys;
  maxLineBytes?: number;
}

/** The readings of one part's lines (the lines starting in `range`), on this thread. */
export async function verifyExportRange(
  lines: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
  options: ExportRangeOptions,
): Promise<PartialExportReport> {
  // The range is required: without one, checkRange names it (never a TypeError on no options).
  const {
    range,
    keys,
    maxLineBytes = DEFAULT_MAX_LINE_BYTES,
  } = options ?? ({} as Partial<ExportRangeOptions>);
  checkRange(range as PartRange);
  checkOptions({ keys, maxLineBytes });
  const reader = new LineReader(maxLineBytes, keys);
  const out: PartLine[] = [];
  for await (const line of lines) {
    const bytes = lineBytes(line);
    out.push(partLine(bytes, reader.read(bytes)));
  }
  return { format: PART_FORMAT, range, keys: keyList(keys), maxLineBytes, lines: out };
}

function partLine(bytes: Uint8Array | null, reading: LineReading): PartLine {
  const size = bytes?.length ?? 0;
  switch (reading.type) {
    case 'blank':
      return [size];
    case 'refused':
      return [size, 'refused', reading.code, reading.message];
    case 'frame': {
      // A frame parsed, so its bytes are well-formed UTF-8.
      const text = utf8Strict.decode(bytes!);
      return [size, 'frame', text.ok ? text.value : ''];
    }
    case 'record': {
      const { prev, hash } = reading.record;
      return [
        size,
        'record',
        {
          ...reading.record,
          prev: prev === null ? null : hex.encode(prev),
          hash: hash === null ? null : hex.encode(hash),
        },
      ];
    }
  }
}

/**
 * The whole file's report from its parts: they must cover it from byte 0 to its end,
 * each starting where the one before ended, and have been read under the record keys and
 * line cap given here. A part that does not fit is a configuration error (the parts are
 * the auditor's own output), thrown as SeamError('bad-part').
 */
export function mergeExportReports(
  parts: readonly PartialExportReport[],
  options: ExportOptions = {},
): ExportReport {
  const verifier = new ExportVerifier(options);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const keys = JSON.stringify(keyList(options.keys));
  const frames = new LineReader(maxLineBytes, undefined);
  let at = 0;
  let fileSize: number | null = null;
  for (const [i, part] of parts.entries()) {
    const bad = (why: string): SeamError => new SeamError('bad-part', `part ${i + 1}: ${why}`);
    if (part?.format !== PART_FORMAT || !Array.isArray(part.lines)) throw bad(`not a ${PART_FORMAT} report`);
    checkRange(part.range, bad);
    fileSize ??= part.range.fileSize;
    if (part.range.fileSize !== fileSize) throw bad('it is of a file of another size');
    if (part.range.start !== at) throw bad(`it starts at byte ${part.range.start}, not ${at}`);
    if (part.maxLineBytes !== maxLineBytes || JSON.stringify(part.keys) !== keys)
      throw bad('it was read under other record keys or another line cap');
    for (const line of part.lines) {
      const reading = readingOf(line, frames, bad);
      verifier.take(line[0], reading);
    }
    at = part.range.end;
  }
  if (fileSize === null || at !== fileSize)
    throw new SeamError('bad-part', `the parts end at byte ${at}, not at the end of the file`);
  return verifier.finish();
}

function readingOf(line: PartLine, frames: LineReader, bad: (why: string) => SeamError): LineReading {
  if (!Array.isArray(line) || !Number.isSafeInteger(line[0]) || line[0] < 0) throw bad('a line is malformed');
  if (line.length === 1) return { type: 'blank' };
  if (
    line[1] === 'refused' &&
    (LINE_REFUSALS as readonly unknown[]).includes(line[2]) &&
    typeof line[3] === 'string'
  )
    return { type: 'refused', code: line[2] as LineRefusal, message: line[3] };
  if (line[1] === 'frame' && typeof line[2] === 'string') {
    const reading = frames.read(utf8Strict.encode(line[2]));
    if (reading.type !== 'frame') throw bad('a frame line does not read as a frame');
    return reading;
  }
  // A part file is input too: every member of a record reading is checked before it is used.
  const record = line[2];
  if (line[1] !== 'record' || !isTravellingRecord(record)) throw bad('a line is malformed');
  const digest = (text: string | null) => {
    if (text === null) return null;
    const bytes = hex.decode(text);
    if (!bytes.ok) throw bad('a record digest is not hex');
    return bytes.value;
  };
  return { type: 'record', record: { ...record, prev: digest(record.prev), hash: digest(record.hash) } };
}

const SIGNATURE_STATES: readonly unknown[] = ['missing', 'null', 'unchecked', 'verified', ...SIGNATURE_CODES];
const RAW_FINDINGS: readonly unknown[] = ['record-not-canonical', 'record-body-mismatch'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSeq = (v: unknown) => v === null || safeInt(v) !== null;
const isTextOrNull = (v: unknown) => v === null || typeof v === 'string';
const isBoolean = (v: unknown) => typeof v === 'boolean';

/** Whether `v` has every member of a record reading, each of its type (a part line's own shape). */
function isTravellingRecord(v: unknown): v is TravellingRecord {
  if (!isObject(v)) return false;
  const { unknown, seq, prev, hash, wellFormed, linked, rawFinding, hashed, signature } = v;
  return (
    Array.isArray(unknown) &&
    unknown.every((name) => typeof name === 'string') &&
    isSeq(seq) &&
    isTextOrNull(prev) &&
    isTextOrNull(hash) &&
    isBoolean(wellFormed) &&
    isBoolean(linked) &&
    (rawFinding === null ||
      (isObject(rawFinding) &&
        RAW_FINDINGS.includes(rawFinding.code) &&
        typeof rawFinding.message === 'string')) &&
    (hashed === null ||
      (isObject(hashed) &&
        isSeq(hashed.seq) &&
        isTextOrNull(hashed.run) &&
        isTextOrNull(hashed.case) &&
        (hashed.concluded === null ||
          (isObject(hashed.concluded) &&
            isBoolean(hashed.concluded.seals) &&
            isBoolean(hashed.concluded.headMatches))))) &&
    SIGNATURE_STATES.includes(signature)
  );
}

function checkRange(
  range: PartRange,
  bad = (why: string): SeamError => new SeamError('bad-options', why),
): void {
  const int = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  if (
    typeof range !== 'object' ||
    range === null ||
    !int(range.start) ||
    !int(range.end) ||
    !int(range.fileSize) ||
    range.start > range.end ||
    range.end > range.fileSize
  )
    throw bad('range is not { start, end, fileSize } with 0 <= start <= end <= fileSize');
}

const keyList = (keys: TrustedKeys | undefined): [string, string][] | null =>
  keys === undefined
    ? null
    : [...keys]
        .map(([id, key]): [string, string] => [id, hex.encode(key)])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
