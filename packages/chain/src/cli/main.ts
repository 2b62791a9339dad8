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
  readAnchor,
  splitLines,
  verifyExport,
  witnessVerifierKey,
} from '../index.js';
import { type AnchorArg, type CliArgs, parseArgs, USAGE, UsageError } from './args.js';
import { EXIT, exitCodeOf } from './exit.js';
import { formatReport } from './format.js';

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

const PROGRESS_FROM_BYTES = 16 * 1024 * 1024;

async function verifyFile(args: CliArgs): Promise<number> {
  const anchors = args.anchors.map(loadAnchor);
  const graderVerdicts = args.graderVerdicts.map((path) => utf8Strict.encode(readText(path)));
  let size: number;
  try {
    size = statSync(args.file).size;
  } catch {
    throw new Unreadable(`cannot read ${args.file}`);
  }
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
    ...(args.strict ? { strict: true, allowUnchecked: args.allowUnchecked } : {}),
    workers: args.jobs ?? availableParallelism(),
  };
  const progress = size >= PROGRESS_FROM_BYTES ? progressMeter(args.file, size) : null;
  const stream = createReadStream(args.file, { highWaterMark: 1024 * 1024 });
  const lines = splitLines(stream as AsyncIterable<Uint8Array>, DEFAULT_MAX_LINE_BYTES);
  let report: ExportReport;
  try {
    report = await verifyExport(progress === null ? lines : metered(lines, progress), options);
  } catch (error) {
    // Options were checked when the command line was read; what is left is the file.
    if (error instanceof SeamError) throw error;
    throw new Unreadable(`reading ${args.file} failed`);
  }
  progress?.(0, true);
  process.stdout.write(
    args.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(args.file, report, args.graderVerdicts),
  );
  return exitCodeOf(report);
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

/** Percent done on stderr, redrawn in place on a terminal, every 10% otherwise. */
function progressMeter(file: string, total: number): (bytes: number, done?: boolean) => void {
  const tty = process.stderr.isTTY === true;
  const step = tty ? 1 : 10;
  let seen = 0;
  let shown = 0;
  return (bytes, done = false) => {
    seen += bytes;
    const pct = Math.min(100, Math.floor((seen * 100) / total));
    if (pct - shown < step && !done) return;
    shown = pct;
    const text = `verifying ${file}: ${pct}% (${(seen / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`;
    process.stderr.write(tty ? `\r${text}${done ? '\n' : ''}` : `${text}\n`);
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
