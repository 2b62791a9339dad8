import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT, main } from '../src/cli/main.js';

const examples = join(import.meta.dirname, '..', 'examples');
const exampleFile = join(examples, 'example.jsonl');
const checkpointFile = join(examples, 'example.checkpoint.json');
const key = readFileSync(join(examples, 'example.key.txt'), 'utf8').trim();
const checkpoint = JSON.parse(readFileSync(checkpointFile, 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'seam-chain-cli-'));

/** Runs the command in-process, returning its exit code and what it wrote. */
async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
afterEach(() => vi.restoreAllMocks());

describe('seam-verify-export', () => {
  it('exits 0 on the bundled example, anchored and keyed, and says what it established', async () => {
    const r = await run(exampleFile, checkpointFile, '--key', key);
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout).toContain('anchor 1: matched (size 1)');
    expect(r.stdout).toContain('4 record signatures verified');
    expect(r.stdout).toContain('open runs: 1');
    expect(r.stdout.trimEnd().endsWith('2 runs, 4 records, 1 case: sound')).toBe(true);
  });

  it('accepts inline anchors ORIGIN:SIZE:ROOT and SIZE:ROOT (root in either case)', async () => {
    const withOrigin = await run(exampleFile, `${checkpoint.origin}:1:${checkpoint.root}`);
    const bare = await run(exampleFile, `1:${checkpoint.root.toUpperCase()}`);
    expect([withOrigin.code, bare.code]).toEqual([EXIT.sound, EXIT.sound]);
    expect(bare.stdout).not.toContain('deletion');
  });

  it('reports deletion and signatures as not checked without an anchor or keys', async () => {
    const r = await run(exampleFile);
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout).toContain('not checked: record signatures were not checked');
    expect(r.stdout).toContain('not checked: no checkpoint from outside the file');
  });

  it('exits 1 with a finding line naming the code, line and run', async () => {
    const lines = readFileSync(exampleFile, 'utf8').split('\n');
    const record = JSON.parse(lines[3]!);
    record.raw = record.raw.replace('orders.book', 'orders.boom');
    lines[3] = JSON.stringify(record);
    const file = join(dir, 'edited.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await run(file, '--json');
    expect(r.code).toBe(EXIT.findings);
    const report = JSON.parse(r.stdout);
    expect(report.findings).toEqual([
      {
        code: 'record-hash-mismatch',
        line: 4,
        run: 'run_01J80000000000000000000001',
        message: expect.any(String),
      },
    ]);
    const human = await run(file);
    expect(human.stdout).toContain('finding: line 4, run run_01J80000000000000000000001:');
    expect(human.stdout).toContain('[record-hash-mismatch]');
  });

  it('exits 6 for an unknown canon, printed as unverifiable', async () => {
    const lines = readFileSync(exampleFile, 'utf8').split('\n');
    lines[0] = lines[0]!.replace('"canon":1', '"canon":2');
    const file = join(dir, 'canon2.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await run(file);
    expect(r.code).toBe(EXIT.unverifiable);
    expect(r.stdout).toContain('unverifiable: unknown canon');
  });

  it('exits 4 when a file cannot be read', async () => {
    expect((await run(join(dir, 'absent.jsonl'))).code).toBe(EXIT.unreadable);
    expect((await run(exampleFile, '--grader-verdict', join(dir, 'absent.json'))).code).toBe(EXIT.unreadable);
  });

  const usage: [string, string[]][] = [
    ['no file', []],
    ['unknown flag', [exampleFile, '--keys', key]],
    ['bare root anchor', [exampleFile, checkpoint.root]],
    ['short key hex', [exampleFile, '--key', 'k=abcd']],
    ['key without id', [exampleFile, '--key', `=${'ab'.repeat(32)}`]],
    ['small-order key', [exampleFile, '--key', `k=01${'00'.repeat(31)}`]],
    ['grader key without verdict', [exampleFile, '--grader-key', key]],
    [
      'witness key without a note',
      [exampleFile, '--witness-key', `w=${Buffer.from(new Uint8Array(32).fill(7)).toString('base64')}`],
    ],
    ['witness key not canonical base64', [exampleFile, '--witness-key', 'w=AAAA']],
    ['age without now', [exampleFile, '--max-checkpoint-age', '60']],
    ['now without offset', [exampleFile, '--now', '2026-01-01T00:00:00']],
    ['age not decimal', [exampleFile, '--max-checkpoint-age', '1e3', '--now', '2026-01-01T00:00:00Z']],
  ];
  for (const [name, argv] of usage)
    it(`exits 2 on a bad command line: ${name}`, async () => {
      const r = await run(...argv);
      expect(r.code).toBe(EXIT.usage);
      expect(r.stderr).toContain('usage: seam-verify-export');
    });
});
