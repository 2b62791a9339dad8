// The command's module-level constants (src/cli/main.ts), each read in a fresh import: the
// progress meter's 4 MiB start, and what is neither a bad command line nor an unreadable file.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
//
// A fresh copy of main.ts is imported inside each case: its module-level constants are then
// computed while the case runs. Stryker switches a mutant on before a test file's cases run but
// after the file's imports, so a constant computed at import keeps its original value; a copy
// loaded inside a case is also what puts the case among those Stryker runs the mutant against.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';
import { exampleFile } from './cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'seam-chain-cli-constants-'));

afterEach(() => vi.restoreAllMocks());

/** A fresh copy of the command, run in-process with stderr a terminal: what it wrote to stderr. */
async function stderrOnTerminal(argv: string[]): Promise<string> {
  vi.resetModules();
  const { main } = await import('../src/cli/main.js');
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  vi.spyOn(performance, 'now').mockReturnValue(1000);
  const was = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
  Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
  try {
    await main(argv);
    return stderr;
  } finally {
    if (was === undefined) delete (process.stderr as { isTTY?: boolean }).isTTY;
    else Object.defineProperty(process.stderr, 'isTTY', was);
  }
}

describe('main.ts: the progress meter starts at 4 MiB', () => {
  it('a file one byte under 4 MiB gets no meter, one of exactly 4 MiB does', async () => {
    // why: main.ts:75:29 (`4 * 1024 * 1024` -> `4 * 1024 / 1024`, and `4 * 1024` -> `4 / 1024`:
    // both make the threshold 4 bytes, so the smaller file gets a meter too).
    const MiB = 1024 * 1024;
    const line = `${'x'.repeat(MiB - 1)}\n`;
    const under = join(dir, 'under.jsonl');
    writeFileSync(under, `${line.repeat(3)}${'x'.repeat(MiB - 2)}\n`);
    const exactly = join(dir, 'exactly.jsonl');
    writeFileSync(exactly, line.repeat(4));
    expect(await stderrOnTerminal([under, '--jobs', '1'])).toBe('');
    expect(await stderrOnTerminal([exactly, '--jobs', '1'])).toBe(
      `\rverifying ${exactly}: 100% (4.2 of 4.2 MB), 0 records/s, done\x1b[K\n`,
    );
  });
});

describe('main.ts: what is neither a bad command line nor an unreadable file', () => {
  it('passes on any other error as it is, never as an unreadable file (exit 4)', async () => {
    // A fault injected where nothing in the command catches it: stdout refusing the report.
    // (So, today, does a part file edited by hand: a `null` among its lines makes
    // mergeExportReports throw a TypeError, which `merge` passes on.)
    // why: main.ts:253:9 (`error instanceof Unreadable` -> `true`: the error printed as a
    // file that could not be read, and exit 4).
    let stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      stderr += String(s);
      return true;
    });
    const gone = new Error('stdout is gone');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => {
      throw gone;
    });
    await expect(main([exampleFile, '--jobs', '1'])).rejects.toBe(gone);
    expect(stderr).toBe('');
  });
});
