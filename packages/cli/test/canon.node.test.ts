import { describe, expect, it } from 'vitest';
import { seam, workdir } from './run.js';

describe('seam canon', () => {
  const dir = workdir({
    'messy.json': '{"b":1, "a":[1.0,"x"]}',
    'clean.json': '{"a":[1.0,"x"],"b":1}',
    'dup.json': '{"a":1,"a":2}',
    'bom.json': '\ufeff{}',
  });

  it('writes the canonical bytes of stdin, exactly, with no newline added', async () => {
    const r = await seam(dir, ['canon', '-'], '{"b":1, "a":[1.0,"x"]}');
    expect(r).toMatchObject({ code: 0, stdout: '{"a":[1.0,"x"],"b":1}', stderr: '' });
  });

  it('writes under another profile (jcs writes 1.0 as 1)', async () => {
    expect((await seam(dir, ['canon', '--profile', 'jcs', 'messy.json'])).stdout).toBe('{"a":[1,"x"],"b":1}');
  });

  it('--check passes a canonical file', async () => {
    const r = await seam(dir, ['canon', '--check', 'clean.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('clean.json: canonical under seam (21 bytes)\n');
  });

  it('--check refuses a file that is not canonical, at the first differing byte, with both sides', async () => {
    const r = await seam(dir, ['canon', '--check', 'messy.json']);
    expect(r.code).toBe(1);
    // Byte 2 is where '{"b"' and '{"a"' part.
    expect(r.stdout).toContain('first difference at byte 2 (both windows start at byte 0)');
    expect(r.stdout).toContain('input      {"b":1, "a":[1.0,"x');
    expect(r.stdout).toContain('canonical  {"a":[1.0,"x"],"b":');
  });

  it('--check --json is one object with the offset', async () => {
    const r = await seam(dir, ['canon', '--check', '--json', 'messy.json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, difference: { same: false, offset: 2 } });
  });

  it('refuses what the parse boundary refuses, naming the check', async () => {
    const dup = await seam(dir, ['canon', '--profile', 'jcs', 'dup.json']);
    expect(dup.code).toBe(1);
    expect(dup.stdout).toContain('[duplicate-key]');
    expect(dup.stdout).toMatch(/pass {9}document/);
    const bom = await seam(dir, ['canon', '--json', 'bom.json']);
    expect(bom.code).toBe(1);
    expect(JSON.parse(bom.stdout).explain.checks.map((c: { outcome: string }) => c.outcome)).toEqual([
      'pass',
      'refuse',
      'not-checked',
    ]);
  });

  it('usage errors exit 2 with one line that says the fix', async () => {
    for (const args of [
      ['canon'],
      ['canon', '--profile', 'nope', 'clean.json'],
      ['canon', '--frobnicate', 'x'],
    ]) {
      const r = await seam(dir, args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^seam: .*(--help|one of)/);
    }
  });

  it('an unreadable file exits 4', async () => {
    const r = await seam(dir, ['canon', 'missing.json']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('seam: cannot read missing.json: check the path (or give - for stdin)\n');
  });

  it('--help shows a real example', async () => {
    const r = await seam(dir, ['canon', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('example:\n  $ printf');
  });
});
