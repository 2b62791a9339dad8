import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seam, workdir } from './run.js';

// @agent-seam/chain's bundled example export, its checkpoint and its record key.
const examples = join(import.meta.dirname, '..', '..', 'chain', 'examples');
const exported = readFileSync(join(examples, 'example.jsonl'), 'utf8');
const checkpoint = readFileSync(join(examples, 'example.checkpoint.json'), 'utf8');
const key = readFileSync(join(examples, 'example.key.txt'), 'utf8').trim();
const dir = workdir({
  'export.jsonl': exported,
  'checkpoint.json': checkpoint,
  // One record's body edited: its chain hash no longer holds.
  'edited.jsonl': exported.replace('"B-7"', '"B-8"'),
});

// In-process, from the sources, chain's worker threads would have to load TypeScript; one
// thread gives the same report (chain's parallel tests hold the threads to that, and
// built.node.test.ts runs the built command with its default --jobs).
const exportVerify = (cwd: string, ...args: string[]) =>
  seam(cwd, ['export', 'verify', ...args, '--jobs', '1']);

describe('seam export verify', () => {
  it('is seam-verify-export: the same report, exit 0 when sound', async () => {
    const r = await exportVerify(dir, 'export.jsonl', 'checkpoint.json', '--key', key);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('2 runs, 4 records, 1 case: sound');
    const alias = spawnSync(
      process.execPath,
      [
        join(import.meta.dirname, '..', '..', 'chain', 'dist', 'cli', 'bin.js'),
        'export.jsonl',
        'checkpoint.json',
        '--key',
        key,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(alias.status).toBe(0);
    expect(alias.stdout).toBe(r.stdout);
  });

  it('an edited record is a finding (exit 1)', async () => {
    expect(exported).toContain('"B-7"');
    const r = await exportVerify(dir, 'edited.jsonl', 'checkpoint.json', '--key', key);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('finding:');
  });

  it('not sound under --strict exits 1 under seam (seam-verify-export keeps 3)', async () => {
    const r = await exportVerify(dir, 'export.jsonl', 'checkpoint.json', '--key', key, '--strict');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not sound under --strict');
  });

  it('--json is the report object', async () => {
    const r = await exportVerify(dir, 'export.jsonl', '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'sound', records: 4 });
  });

  it('a usage error exits 2; a missing file exits 4; --help has an example', async () => {
    expect((await exportVerify(dir)).code).toBe(2);
    expect((await exportVerify(dir, 'export.jsonl', '--bogus')).code).toBe(2);
    expect((await exportVerify(dir, 'none.jsonl')).code).toBe(4);
    const help = await exportVerify(dir, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('example:\n  $ seam export verify');
  });

  it('prints no progress on a stderr given to main, even with the process on a terminal', async () => {
    // why: io.ts exportStreams (stderrIsTerminal: false left out → the process's terminal
    // would get the progress line drawn into the caller's stderr).
    const big = workdir({ 'big.jsonl': `${exported}${`${' '.repeat(1023)}\n`.repeat(6 * 1024)}` });
    const tty = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
    Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
    try {
      const r = await exportVerify(big, 'big.jsonl');
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
    } finally {
      if (tty === undefined) delete (process.stderr as { isTTY?: boolean }).isTTY;
      else Object.defineProperty(process.stderr, 'isTTY', tty);
    }
  });

  it('reads - from the stdin given to main, and writes to its stdout and stderr', async () => {
    // why: io.ts exportStreams (the given stdin left out → the process's stdin, which never
    // ends under the test runner: red on the timeout; stdout or stderr left out → not caught).
    const r = await seam(
      dir,
      ['export', 'verify', '-', 'checkpoint.json', '--key', key, '--jobs', '1'],
      exported,
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^stdin: export, 2 runs/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('2 runs, 4 records, 1 case: sound');
    const usage = await exportVerify(dir, 'export.jsonl', '--bogus');
    expect(usage.stderr).toMatch(/^seam-verify-export: /);
  }, 10_000);
});
