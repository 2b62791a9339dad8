import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, seam, workdir } from './run.js';

beforeAll(assertBuilt);

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

describe('seam export verify', () => {
  it('is seam-verify-export: the same report, exit 0 when sound', () => {
    const r = seam(dir, ['export', 'verify', 'export.jsonl', 'checkpoint.json', '--key', key]);
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

  it('an edited record is a finding (exit 1)', () => {
    expect(exported).toContain('"B-7"');
    const r = seam(dir, ['export', 'verify', 'edited.jsonl', 'checkpoint.json', '--key', key]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('finding:');
  });

  it('not sound under --strict exits 1 under seam (seam-verify-export keeps 3)', () => {
    const r = seam(dir, ['export', 'verify', 'export.jsonl', 'checkpoint.json', '--key', key, '--strict']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not sound under --strict');
  });

  it('reads the export from stdin for -, with the same report as from the file', () => {
    const fromFile = seam(dir, [
      'export',
      'verify',
      'export.jsonl',
      'checkpoint.json',
      '--key',
      key,
      '--json',
    ]);
    const fromStdin = seam(
      dir,
      ['export', 'verify', '-', 'checkpoint.json', '--key', key, '--json'],
      exported,
    );
    expect([fromStdin.code, fromStdin.stdout]).toEqual([0, fromFile.stdout]);
    const edited = seam(
      dir,
      ['export', 'verify', '-', 'checkpoint.json', '--key', key],
      readFileSync(join(dir, 'edited.jsonl')),
    );
    expect(edited.code).toBe(1);
    expect(edited.stdout.split('\n')[0]).toMatch(/^stdin: export, /);
    // --range cuts a file at byte offsets; stdin has none.
    expect(seam(dir, ['export', 'verify', '-', '--range', '0:'], exported).code).toBe(2);
  });

  it('--json is the report object', () => {
    const r = seam(dir, ['export', 'verify', 'export.jsonl', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'sound', records: 4 });
  });

  it('a usage error exits 2; a missing file exits 4; --help has an example', () => {
    expect(seam(dir, ['export', 'verify']).code).toBe(2);
    expect(seam(dir, ['export', 'verify', 'export.jsonl', '--bogus']).code).toBe(2);
    expect(seam(dir, ['export', 'verify', 'none.jsonl']).code).toBe(4);
    const help = seam(dir, ['export', 'verify', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('example:\n  $ seam export verify');
  });

  it('prints no progress when stderr is not a terminal, even for a file of several MB', () => {
    const big = workdir({ 'big.jsonl': `${exported}${`${' '.repeat(1023)}\n`.repeat(6 * 1024)}` });
    const r = seam(big, ['export', 'verify', 'big.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
