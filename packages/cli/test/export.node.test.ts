import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { signRecord } from '@agent-seam/chain';
import { main } from '@agent-seam/chain/cli';
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
  // The issue's forgery: the example re-signed with a forger's own key under the real key id.
  'forged.jsonl': forgeWithOwnKey(exported),
});

/** Every record's signature replaced by one under another key (the forger's), key_id kept. */
function forgeWithOwnKey(text: string): string {
  const seed = new Uint8Array(32).fill(0x66);
  return text
    .split('\n')
    .map((line) => {
      if (line === '') return line;
      const o = JSON.parse(line);
      if (o.signature === undefined || o.signature === null) return line;
      o.signature = signRecord(unwrap(hex.decode(o.hash)), o.signature.key_id, seed);
      return JSON.stringify(o);
    })
    .join('\n');
}

// In-process, from the sources, chain's worker threads would have to load TypeScript; one
// thread gives the same report (chain's parallel tests hold the threads to that, and
// built.node.test.ts runs the built command with its default --jobs).
const exportVerify = (cwd: string, ...args: string[]) =>
  seam(cwd, ['export', 'verify', ...args, '--jobs', '1']);

/** seam-verify-export itself, in-process in `cwd`. */
async function verifyExportMain(argv: string[], cwd: string): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(argv, {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
    });
    return { code, stdout };
  } finally {
    process.chdir(before);
  }
}

describe('seam export verify', () => {
  it('is seam-verify-export when keyed and anchored: the same report, exit 0', async () => {
    const r = await exportVerify(dir, 'export.jsonl', 'checkpoint.json', '--key', key);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'export.jsonl: sound: authenticated: 4 record signatures verified; deletion checked against an outside checkpoint',
    );
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

  it("the issue's forgery, given no keys and no outside checkpoint: never sound, exit 3, and the headline says why", async () => {
    const r = await exportVerify(dir, 'forged.jsonl');
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n')[0]).toBe(
      'forged.jsonl: consistent, NOT authenticated: no record keys; deletion NOT checked: no outside checkpoint',
    );
    expect(r.stdout).not.toMatch(/\bsound\b/);
    // seam-verify-export keeps the reference reader's exit 0, and prints the same headline.
    const reference = await verifyExportMain(['forged.jsonl', '--jobs', '1'], dir);
    expect(reference.code).toBe(0);
    expect(reference.stdout.split('\n')[0]).toBe(r.stdout.split('\n')[0]);
    // Under the real key the forgery is a finding.
    const keyed = await exportVerify(dir, 'forged.jsonl', 'checkpoint.json', '--key', key);
    expect(keyed.code).toBe(1);
    expect(keyed.stdout).toContain('[signature-invalid]');
  });

  it('each piece of material missing exits 3 naming it; waived by name it exits 0, the headline saying so', async () => {
    const unkeyed = await exportVerify(dir, 'export.jsonl', 'checkpoint.json');
    expect([unkeyed.code, unkeyed.stdout.split('\n')[0]]).toEqual([
      3,
      'export.jsonl: consistent, NOT authenticated: no record keys; deletion checked against an outside checkpoint',
    ]);
    const unanchored = await exportVerify(dir, 'export.jsonl', '--key', key);
    expect([unanchored.code, unanchored.stdout.split('\n')[0]]).toEqual([
      3,
      'export.jsonl: authenticated: 4 record signatures verified; deletion NOT checked: no outside checkpoint',
    ]);
    expect(unanchored.stdout.trim().split('\n').at(-1)).toBe(
      '2 runs, 4 records, 1 case: NOT established: deletion (waive by name with --allow-unchecked)',
    );
    const waived = await exportVerify(dir, 'export.jsonl', '--allow-unchecked', 'record-signatures,deletion');
    expect([waived.code, waived.stdout.split('\n')[0]]).toEqual([
      0,
      'export.jsonl: consistent, NOT authenticated: no record keys (waived); deletion NOT checked: no outside checkpoint (waived)',
    ]);
    expect(waived.stdout.trim().split('\n').at(-1)).toBe(
      '2 runs, 4 records, 1 case: sound, waiving record-signatures, deletion',
    );
    // Waiving one of two leaves the other.
    expect((await exportVerify(dir, 'export.jsonl', '--allow-unchecked', 'deletion')).code).toBe(3);
  });

  it('--strict judges every item: not established exits 3', async () => {
    const r = await exportVerify(dir, 'export.jsonl', 'checkpoint.json', '--key', key, '--strict');
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('NOT established: open-runs, case-contents, blob-bytes');
  });

  it('--json is the report object, with the strict outcome and the steps', async () => {
    const r = await exportVerify(dir, 'export.jsonl', '--json');
    expect(r.code).toBe(3);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      status: 'unchecked',
      records: 4,
      strict: { unchecked: ['record-signatures', 'deletion'], waived: [] },
    });
    expect(report.steps.find((s: { id: string }) => s.id === 'signatures').outcome).toBe('not-checked');
  });

  it('a usage error exits 2 with one line and a pointer to --help; a missing file exits 4; --help has an example', async () => {
    expect((await exportVerify(dir)).code).toBe(2);
    const bogus = await exportVerify(dir, 'export.jsonl', '--bogus');
    expect([bogus.code, bogus.stderr]).toEqual([
      2,
      'seam export verify: unknown option --bogus; see seam export verify --help\n',
    ]);
    expect((await exportVerify(dir, 'none.jsonl')).code).toBe(4);
    const help = await exportVerify(dir, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('example:\n  $ seam export verify');
    expect(help.stdout).toContain('usage: seam export verify FILE|-');
    expect(help.stdout).toContain('3 not established');
  });

  it('prints no progress on a stderr given to main, even with the process on a terminal', async () => {
    // why: io.ts exportStreams (stderrIsTerminal: false left out → the process's terminal
    // would get the progress line drawn into the caller's stderr).
    const big = workdir({ 'big.jsonl': `${exported}${`${' '.repeat(1023)}\n`.repeat(6 * 1024)}` });
    const tty = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
    Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
    try {
      const r = await exportVerify(big, 'big.jsonl');
      expect(r.code).toBe(3);
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
    expect(r.stdout.split('\n')[0]).toMatch(/^stdin: sound: authenticated/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('2 runs, 4 records, 1 case: sound');
    const usage = await exportVerify(dir, 'export.jsonl', '--bogus');
    expect(usage.stderr).toMatch(/^seam export verify: /);
  }, 10_000);
});
