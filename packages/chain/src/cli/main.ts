// seam-verify-export: the second reader as a command. The only module of this
// package that touches node: (files, streams, the process); the verifier is the
// library's own ExportVerifier.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { hex, utf8Strict } from '@agent-seam/canonical';
import {
  type Anchor,
  DEFAULT_MAX_LINE_BYTES,
  type ExportReport,
  ExportVerifier,
  readAnchor,
  splitLines,
  witnessVerifierKey,
} from '../index.js';
import { type AnchorArg, type CliArgs, parseArgs, USAGE, UsageError } from './args.js';
import { formatReport } from './format.js';

export { USAGE };

/** The reference reader's exit codes, plus 3 (no finding, but not checked under --strict). */
export const EXIT = {
  sound: 0,
  findings: 1,
  usage: 2,
  unchecked: 3,
  unreadable: 4,
  unverifiable: 6,
} as const;

export const exitCodeOf = (report: ExportReport): number => EXIT[report.status];

class Unreadable extends Error {}

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

async function verifyFile(args: CliArgs): Promise<number> {
  const anchors = args.anchors.map(loadAnchor);
  const graderVerdicts = args.graderVerdicts.map((path) => utf8Strict.encode(readText(path)));
  let size: number;
  try {
    size = statSync(args.file).size;
  } catch {
    throw new Unreadable(`cannot read ${args.file}`);
  }
  const verifier = new ExportVerifier({
    ...(args.keys.size > 0 ? { keys: args.keys } : {}),
    ...(args.graderKeys.size > 0 ? { graderKeys: args.graderKeys } : {}),
    ...(args.witnessKeys.length > 0
      ? { witnessKeys: args.witnessKeys.map((k) => witnessVerifierKey(k.name, k.publicKey)) }
      : {}),
    ...(args.maxCheckpointAge !== undefined ? { maxCheckpointAge: args.maxCheckpointAge } : {}),
    ...(args.now !== undefined ? { now: args.now } : {}),
    anchors,
    graderVerdicts,
    ...(args.strict ? { strict: true, allowUnchecked: args.allowUnchecked } : {}),
  });
  const progress =
    size >= PROGRESS_FROM_BYTES && process.stderr.isTTY === true ? progressMeter(args.file, size) : null;
  try {
    const stream = createReadStream(args.file, { highWaterMark: 1024 * 1024 });
    for await (const line of splitLines(stream as AsyncIterable<Uint8Array>, DEFAULT_MAX_LINE_BYTES)) {
      verifier.push(line);
      progress?.(line.length + 1);
    }
  } catch {
    throw new Unreadable(`reading ${args.file} failed`);
  }
  progress?.(0, true);
  const report = verifier.finish();
  process.stdout.write(
    args.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(args.file, report, args.graderVerdicts),
  );
  return exitCodeOf(report);
}

/**
 * Progress on stderr, redrawn in place, only when stderr is a terminal (a pipe or a log
 * file gets nothing): bytes read, records per second, and the time left at that rate.
 */
function progressMeter(file: string, total: number): (bytes: number, done?: boolean) => void {
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
    process.stderr.write(`\r${text}\x1b[K${done ? '\n' : ''}`);
  };
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseArgs(argv, isFile);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.sound;
    }
    return await verifyFile(args);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`seam-verify-export: ${error.message}\n${USAGE}\n`);
      return EXIT.usage;
    }
    if (error instanceof Unreadable) {
      process.stderr.write(`seam-verify-export: ${error.message}\n`);
      return EXIT.unreadable;
    }
    throw error;
  }
}
