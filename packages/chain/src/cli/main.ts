// seam-verify-export: the second reader as a command. The module of this package
// that touches the process (files, streams, the cores); the verification is the
// library's own verifyExport.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hex, SeamError, utf8Strict } from '@agent-seam/canonical';
import {
  type Anchor,
  DEFAULT_MAX_LINE_BYTES,
  type ExportReport,
  mergeExportReports,
  PART_FORMAT,
  type PartialExportReport,
  readAnchor,
  splitLines,
  verifyExport,
  verifyExportRange,
  witnessVerifierKey,
} from '../index.js';
import {
  type AnchorArg,
  type CliArgs,
  type Program,
  parseArgs,
  SEAM_VERIFY_EXPORT,
  USAGE,
  UsageError,
  usageOf,
} from './args.js';
import { EXIT, exitCodeOf } from './exit.js';
import { formatReport } from './format.js';

export { EXIT, type Program, USAGE, usageOf };

class Unreadable extends Error {}

/**
 * Where one run reads stdin and writes its output. `main` takes the process's own for any
 * left out, so a program can run the command in-process and keep what it prints.
 */
export interface CommandIo {
  /** The bytes of `-`, read as they come (never all at once: an export is unbounded). */
  stdin(): AsyncIterable<Uint8Array>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal: the progress line is drawn only there. */
  stderrIsTerminal: boolean;
}

const processIo = (): CommandIo => ({
  stdin: () => process.stdin,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stderrIsTerminal: process.stderr.isTTY === true,
});

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

function readText(path: string): string {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new Unreadable(`cannot read ${path}`);
  }
  const text = utf8Strict.decode(bytes);
  if (!text.ok) throw new Unreadable(`${path} is not UTF-8`);
  return text.value;
}

/**
 * A file anchor is a JSON checkpoint `{origin,size,root}` or a checkpoint note. An
 * anchor that names no checkpoint is a bad command line, never a finding about the file.
 */
function loadAnchor(arg: AnchorArg, i: number): Anchor {
  const anchor = anchorOf(arg);
  const read = readAnchor(anchor);
  if (!read.ok) throw new UsageError(`anchor ${i + 1} is not a checkpoint: ${read.detail}`);
  return anchor;
}

function anchorOf(arg: AnchorArg): Anchor {
  if ('inline' in arg) return { checkpoint: arg.inline };
  const text = readText(arg.path);
  if (!text.trimStart().startsWith('{')) return { note: text };
  let value: { origin?: unknown; size?: unknown; root?: unknown };
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`anchor ${arg.path} is neither a JSON checkpoint nor a note`);
  }
  const root = typeof value.root === 'string' ? hex.decode(value.root) : null;
  if (typeof value.origin !== 'string' || !Number.isSafeInteger(value.size) || root === null || !root.ok)
    throw new UsageError(`anchor ${arg.path} is not {origin, size, root}`);
  return { checkpoint: { origin: value.origin, size: value.size as number, root: root.value } };
}

const PROGRESS_FROM_BYTES = 4 * 1024 * 1024;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    throw new Unreadable(`cannot read ${path}`);
  }
}

/**
 * A merge's file arguments: each is a part (JSON whose `format` is the part format, however
 * its text spells it) or else an anchor.
 */
function partOrAnchor(arg: AnchorArg): PartialExportReport | null {
  if (!('path' in arg)) return null;
  const text = readText(arg.path);
  try {
    const value = JSON.parse(text);
    return value?.format === PART_FORMAT ? value : null;
  } catch {
    return null;
  }
}

async function verifyFile(args: CliArgs, io: CommandIo, program: Program): Promise<number> {
  const parts: PartialExportReport[] = [];
  const anchorArgs = args.anchors.filter((arg) => {
    const part = args.merge ? partOrAnchor(arg) : null;
    if (part !== null) parts.push(part);
    return part === null;
  });
  if (args.merge && parts.length === 0) throw new UsageError('merge wants the parts of a file');
  const anchors = anchorArgs.map(loadAnchor);
  const graderVerdicts = args.graderVerdicts.map((path) => utf8Strict.encode(readText(path)));
  const stdin = args.file === '-';
  const size = args.merge || stdin ? 0 : fileSize(args.file);
  const options = {
    ...(args.keys.size > 0 ? { keys: args.keys } : {}),
    ...(args.graderKeys.size > 0 ? { graderKeys: args.graderKeys } : {}),
    ...(args.witnessKeys.length > 0
      ? { witnessKeys: args.witnessKeys.map((k) => witnessVerifierKey(k.name, k.publicKey)) }
      : {}),
    ...(args.maxCheckpointAge !== undefined ? { maxCheckpointAge: args.maxCheckpointAge } : {}),
    ...(args.now !== undefined ? { now: args.now } : {}),
    anchors,
    graderVerdicts,
    ...(args.strict
      ? { strict: true, allowUnchecked: args.allowUnchecked }
      : program.strictByDefault
        ? { strict: 'caller-material' as const, allowUnchecked: args.allowUnchecked }
        : {}),
    workers: args.jobs ?? availableParallelism(),
  };
  let report: ExportReport;
  if (args.merge) {
    try {
      report = mergeExportReports(parts, options);
    } catch (error) {
      // Parts that do not make up one file, read under these keys, are a bad command line.
      if (error instanceof SeamError && error.code === 'bad-part') throw new UsageError(error.message);
      throw error;
    }
  } else {
    const progress =
      size >= PROGRESS_FROM_BYTES && io.stderrIsTerminal ? progressMeter(args.file, size, io) : null;
    const stream = stdin ? io.stdin() : createReadStream(args.file, { highWaterMark: 1024 * 1024 });
    const lines = splitLines(stream as AsyncIterable<Uint8Array>, DEFAULT_MAX_LINE_BYTES);
    try {
      report = await verifyExport(progress === null ? lines : metered(lines, progress), options);
    } catch (error) {
      // Options were checked when the command line was read; what is left is the file.
      if (error instanceof SeamError) throw error;
      throw new Unreadable(`reading ${stdin ? 'stdin' : args.file} failed`);
    }
    progress?.(0, true);
  }
  io.stdout(
    args.json
      ? `${JSON.stringify(report, null, 2)}\n`
      : formatReport(stdin ? 'stdin' : args.file, report, args.graderVerdicts),
  );
  return exitCodeOf(report);
}

/** `--range`: the readings of the lines of FILE that start in [start, end), printed as a part. */
async function readRange(
  args: CliArgs,
  range: NonNullable<CliArgs['range']>,
  io: CommandIo,
): Promise<number> {
  const total = fileSize(args.file);
  const end = range.end ?? total;
  if (end > total) throw new UsageError(`--range ends past the end of ${args.file} (${total} bytes)`);
  const lines = splitLines(rangeBytes(args.file, range.start, end), DEFAULT_MAX_LINE_BYTES);
  let part: PartialExportReport;
  try {
    part = await verifyExportRange(lines, {
      range: { start: range.start, end, fileSize: total },
      ...(args.keys.size > 0 ? { keys: args.keys } : {}),
    });
  } catch (error) {
    if (error instanceof SeamError) throw error;
    throw new Unreadable(`reading ${args.file} failed`);
  }
  io.stdout(`${JSON.stringify(part)}\n`);
  return EXIT.sound;
}

/**
 * The bytes of the lines that start in [start, end): read from start - 1 and dropped up
 * to its first newline (a line already begun belongs to the part before), and cut after
 * the first newline at or past end - 1 (the last line that starts in the range).
 */
async function* rangeBytes(path: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  if (start >= end) return;
  let at = Math.max(0, start - 1);
  let begun = start === 0;
  for await (const chunk of createReadStream(path, { start: at, highWaterMark: 1024 * 1024 })) {
    const bytes = chunk as Uint8Array;
    let from = 0;
    if (!begun) {
      const nl = bytes.indexOf(10);
      if (nl === -1) {
        at += bytes.length;
        continue;
      }
      from = nl + 1;
      begun = true;
      if (at + from >= end) return;
    }
    const last = bytes.indexOf(10, Math.max(from, end - 1 - at));
    if (last !== -1) {
      yield bytes.subarray(from, last + 1);
      return;
    }
    if (from < bytes.length) yield bytes.subarray(from);
    at += bytes.length;
  }
}

/** The lines, reporting each one's size to the progress meter as it passes. */
async function* metered(
  lines: AsyncIterable<Uint8Array>,
  progress: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  for await (const line of lines) {
    progress(line.length + 1);
    yield line;
  }
}

/**
 * Progress on stderr, redrawn in place, only when stderr is a terminal (a pipe or a log
 * file gets nothing): bytes read, records per second, and the time left at that rate.
 */
function progressMeter(file: string, total: number, io: CommandIo): (bytes: number, done?: boolean) => void {
  let seen = 0;
  let records = 0;
  let shown = 0;
  const start = performance.now();
  return (bytes, done = false) => {
    seen += bytes;
    if (bytes > 0) records++;
    const elapsed = (performance.now() - start) / 1000;
    if (elapsed - shown < 0.25 && !done) return;
    shown = elapsed;
    const rate = elapsed > 0 ? records / elapsed : 0;
    const left = seen > 0 ? ((total - seen) * elapsed) / seen : 0;
    const pct = Math.min(100, Math.floor((seen * 100) / total));
    const text = `verifying ${file}: ${pct}% (${(seen / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB), ${Math.round(rate)} records/s, ${done ? 'done' : `${Math.ceil(left)} s left`}`;
    io.stderr(`\r${text}\x1b[K${done ? '\n' : ''}`);
  };
}

/**
 * Runs the command over `argv` and resolves to its exit code. `program` says which one:
 * seam-verify-export (the default) or `seam export verify` (strict by default).
 */
export async function main(
  argv: readonly string[],
  streams: Partial<CommandIo> = {},
  program: Program = SEAM_VERIFY_EXPORT,
): Promise<number> {
  const io = { ...processIo(), ...streams };
  try {
    const args = parseArgs(argv, isFile, program);
    if (args.help) {
      io.stdout(`${usageOf(program)}\n`);
      return EXIT.sound;
    }
    return args.range === undefined
      ? await verifyFile(args, io, program)
      : await readRange(args, args.range, io);
  } catch (error) {
    // One line that says what is wrong, and where the whole usage is.
    if (error instanceof UsageError) {
      io.stderr(`${program.name}: ${error.message}; see ${program.name} --help\n`);
      return EXIT.usage;
    }
    if (error instanceof Unreadable) {
      io.stderr(`${program.name}: ${error.message}\n`);
      return EXIT.unreadable;
    }
    throw error;
  }
}
