import { type ChildProcess, spawn } from 'node:child_process';
import type { Implementation } from './implementation.js';
import { type Hello, type Outcome, PROTOCOL_VERSION, readAnswer, readHello } from './protocol.js';
import { ProtocolBreak } from './run.js';

export interface StdioOptions {
  /** How long one answer may take, in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /**
   * How long the hello may take: the process starts before it answers, which on a loaded
   * machine takes longer than an answer. Default the larger of timeoutMs and 30 000.
   */
  startTimeoutMs?: number;
  /** The longest answer line accepted, in bytes; a longer one is refused as it arrives. Default 1 MiB. */
  maxLineBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_LINE_BYTES = 1 << 20;
export const DEFAULT_START_TIMEOUT_MS = 30_000;
const STDERR_TAIL = 2048;

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}...` : s);

/**
 * An implementation behind a command, spoken to over its stdin and stdout (spec/harness.md).
 * Every way the child can misbehave ends in a `ProtocolBreak` for the request it happened
 * on and kills the child's process group; later requests are refused as never asked.
 */
export function stdioImplementation(command: string, options: StdioOptions = {}): Implementation {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? Math.max(timeoutMs, DEFAULT_START_TIMEOUT_MS);
  const maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  let child: ChildProcess | null = null;
  let broken: string | null = null;
  let closing = false;
  let stderrTail = '';
  let partial: Buffer[] = [];
  let partialBytes = 0;
  const lines: string[] = [];
  let waiter: { resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  let exited: Promise<void> = Promise.resolve();

  const kill = () => {
    const pid = child?.pid;
    if (pid === undefined || child?.exitCode !== null || child?.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      child?.kill('SIGKILL');
    }
  };
  const breakWith = (why: string) => {
    if (broken !== null) return;
    broken = why;
    kill();
    waiter?.reject(new ProtocolBreak(why));
    waiter = null;
  };
  const onLine = (line: string) => {
    if (waiter !== null) {
      const w = waiter;
      waiter = null;
      w.resolve(line);
    } else lines.push(line);
  };
  const onData = (chunk: Buffer) => {
    if (broken !== null) return;
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (partialBytes + piece.length > maxLine)
        return breakWith(`an answer line longer than ${maxLine} bytes`);
      const line = Buffer.concat([...partial, piece]).toString('utf8');
      partial = [];
      partialBytes = 0;
      start = nl + 1;
      onLine(line);
      if (broken !== null) return;
    }
    const rest = chunk.subarray(start);
    if (partialBytes + rest.length > maxLine) return breakWith(`an answer line longer than ${maxLine} bytes`);
    if (rest.length > 0) {
      partial.push(Buffer.from(rest));
      partialBytes += rest.length;
    }
  };

  const start = () => {
    if (child !== null) return;
    const c = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    child = c;
    exited = new Promise((resolve) => c.once('close', () => resolve()));
    c.stdout?.on('data', onData);
    c.stderr?.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString('utf8')).slice(-STDERR_TAIL);
    });
    c.stdin?.on('error', () => {});
    c.once('error', (e) => breakWith(`could not start ${clip(command)}: ${e.message}`));
    c.once('exit', (code, signal) => {
      if (closing) return;
      const tail = stderrTail.trim().split('\n').slice(-3).join(' | ');
      breakWith(
        `the implementation exited (${signal ?? `code ${code}`})${tail === '' ? '' : `: ${clip(tail)}`}`,
      );
    });
  };

  const nextLine = (waitMs: number): Promise<string> => {
    const queued = lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (broken !== null) return Promise.reject(new ProtocolBreak(broken));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => breakWith(`no answer within ${waitMs} ms`), waitMs);
      waiter = {
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  };

  const exchange = async (message: unknown, waitMs: number): Promise<unknown> => {
    if (broken !== null) throw new ProtocolBreak(`not asked: ${broken}`, true);
    start();
    child?.stdin?.write(`${JSON.stringify(message)}\n`);
    const line = await nextLine(waitMs);
    try {
      return JSON.parse(line);
    } catch {
      breakWith(`garbage on stdout: ${clip(JSON.stringify(line))}`);
      throw new ProtocolBreak(broken ?? 'garbage on stdout');
    }
  };
  const fail = (why: string): never => {
    breakWith(why);
    throw new ProtocolBreak(why);
  };

  return {
    async hello(): Promise<Hello> {
      const hello = readHello(await exchange({ hello: PROTOCOL_VERSION }, startTimeoutMs));
      return typeof hello === 'string' ? fail(hello) : hello;
    },
    async answer(request): Promise<Outcome> {
      const answer = readAnswer(await exchange(request, timeoutMs));
      if (typeof answer === 'string') return fail(`garbage on stdout: ${answer}`);
      if (answer.id !== request.id) return fail(`answered id ${answer.id} to request ${request.id}`);
      const { id: _id, ...outcome } = answer;
      return outcome as Outcome;
    },
    async close() {
      if (child === null) return;
      closing = true;
      child.stdin?.end();
      const timer = setTimeout(kill, 1000);
      await exited;
      clearTimeout(timer);
    },
  };
}
