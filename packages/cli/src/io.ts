// Everything the seam command does with the outside world: files, stdin, the seed file,
// the command line's time values, and the uniform exit codes. The commands judge nothing
// themselves; they read here, call a package, and print.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { hex, type JsonValue, parseJSON, utf8Strict } from '@agent-seam/canonical';
import { rfc3339Seconds } from '@agent-seam/chain';
import type { CommandIo } from '@agent-seam/chain/cli';

/**
 * One exit code per kind of outcome, the same for every command. `notEstablished` is
 * `seam export verify`'s: nothing found, but what it requires was not established (no
 * record keys, no outside checkpoint) and not waived by name.
 */
export const EXIT = {
  ok: 0,
  refused: 1,
  usage: 2,
  notEstablished: 3,
  unreadable: 4,
  unverifiable: 6,
} as const;

/** A command line that cannot be run. The message is one line and says the fix. */
export class UsageError extends Error {}
/** An input that cannot be read as what the command expects (no file, not UTF-8, not JSON). */
export class Unreadable extends Error {}
/** An input this reader cannot judge either way (an unknown canon, a missing key directory). */
export class Unverifiable extends Error {}

/** Where one run of the command reads stdin and writes its output. */
export interface Streams {
  stdin(): Uint8Array;
  stdout(chunk: string | Uint8Array): void;
  stderr(text: string): void;
}

const PROCESS_STREAMS: Streams = {
  stdin: () => readFileSync(0),
  stdout: (chunk) => void process.stdout.write(chunk),
  stderr: (text) => void process.stderr.write(text),
};

// Per run rather than global, so that two in-process runs awaited side by side keep their
// output apart.
const running = new AsyncLocalStorage<Streams>();

/** Runs `run` with the streams given (the process's own for the ones left out). */
export const withStreams = <T>(streams: Partial<Streams>, run: () => T): T =>
  running.run({ ...PROCESS_STREAMS, ...streams }, run);

const streams = (): Streams => running.getStore() ?? PROCESS_STREAMS;

/**
 * The run's streams as @agent-seam/chain's export command takes them. The process's own
 * stdin stays a stream there (an export is unbounded); a stdin given to main is its bytes.
 * A stderr given to main is no terminal, so no progress line is drawn on it.
 */
export function exportStreams(): Partial<CommandIo> {
  const run = streams();
  return {
    stdout: run.stdout,
    stderr: run.stderr,
    ...(run.stdin === PROCESS_STREAMS.stdin ? {} : { stdin: () => given(run.stdin) }),
    ...(run.stderr === PROCESS_STREAMS.stderr ? {} : { stderrIsTerminal: false }),
  };
}

async function* given(stdin: () => Uint8Array): AsyncGenerator<Uint8Array> {
  yield stdin();
}

/** Bytes or text to standard output, as they are. */
export const write = (chunk: string | Uint8Array): void => streams().stdout(chunk);

/** A line to standard error. */
export const warn = (text: string): void => streams().stderr(text.endsWith('\n') ? text : `${text}\n`);

/** The bytes of a file, or of stdin for `-`. */
export function readInput(path: string): Uint8Array {
  try {
    return path === '-' ? streams().stdin() : readFileSync(path);
  } catch {
    throw new Unreadable(
      path === '-' ? 'cannot read stdin' : `cannot read ${path}: check the path (or give - for stdin)`,
    );
  }
}

const nameOf = (path: string) => (path === '-' ? 'stdin' : path);

export function readText(path: string): string {
  const text = utf8Strict.decode(readInput(path));
  if (!text.ok)
    throw new Unreadable(`${nameOf(path)} is not UTF-8 (${text.code}): give the file as UTF-8 text`);
  return text.value;
}

/** JSON through canonical's strict parse boundary (seam profile: last-wins names, floats kept). */
export function readJson(path: string): JsonValue {
  const value = parseJSON(readInput(path), { profile: 'seam' });
  if (!value.ok)
    throw new Unreadable(
      `${nameOf(path)} is not one strict JSON value (${value.code}${value.detail ? `: ${value.detail}` : ''}); check it with seam canon --check`,
    );
  return value.value;
}

/** The members of a JSON value as a command picks its parts out: an object's own, or none. */
export const membersOf = (value: unknown): Record<string, unknown> =>
  (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

/**
 * A 32-byte seed from a file: 64 hex characters (a trailing newline allowed). Key material
 * is read only from files, so it never lands in a shell history or a process list.
 */
export function readSeed(path: string | undefined): Uint8Array {
  if (path === undefined)
    throw new UsageError('this command needs a key: give --seed-file FILE (64 hex characters)');
  const text = readText(path).replace(/\r?\n$/, '');
  const seed = text.length === 64 ? hex.decode(text.toLowerCase()) : null;
  if (seed === null || !seed.ok)
    throw new Unreadable(
      `${nameOf(path)} is not a seed: the file holds the 32-byte seed as 64 hex characters`,
    );
  return seed.value;
}

/** `--now` as Unix seconds: an RFC 3339 date-time with offset, or whole Unix seconds. */
export function parseNow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^(0|[1-9][0-9]{0,11})$/.test(text)) return Number(text);
  const seconds = rfc3339Seconds(text);
  if (seconds === null)
    throw new UsageError(
      '--now wants an RFC 3339 time with an offset (2026-07-17T09:30:00Z) or Unix seconds',
    );
  return seconds;
}

/** What a verify command judges time at, and the line that says so in its output. */
export interface JudgingTime {
  now: number | 'off';
  /** `judged at 2026-07-17T09:30:05Z (the machine clock)`, or that time was not checked. */
  said: string;
}

/**
 * `--now` for a judgement: the time given, `off` (the caller waives the time checks by
 * name), or else the machine clock. The output always says which it used.
 */
export function judgingTime(text: string | undefined): JudgingTime {
  if (text === 'off') return { now: 'off', said: 'time NOT checked: --now off waives it' };
  const given = parseNow(text);
  const now = given ?? Math.floor(Date.now() / 1000);
  const at = new Date(now * 1000).toISOString().replace('.000Z', 'Z');
  return {
    now,
    said: `judged at ${at}${given === undefined ? ' (the machine clock; --now TIME or --now off to choose)' : ''}`,
  };
}

/** `--now`, or the machine clock: only for the time a signer writes. */
export const signingTime = (text: string | undefined): number =>
  parseNow(text) ?? Math.floor(Date.now() / 1000);

export function print(text: string): void {
  write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Text as UTF-8 bytes. */
export const utf8 = (text: string): Uint8Array => utf8Strict.encode(text);

export function printJson(value: unknown): void {
  print(
    JSON.stringify(
      value,
      (_k, v) => (v instanceof Uint8Array ? hex.encode(v) : typeof v === 'bigint' ? v.toString() : v),
      2,
    ),
  );
}
