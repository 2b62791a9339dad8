import { describe, expect, it } from 'vitest';
import { seam, usage, workdir } from './run.js';

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

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam canon: the options and refusals each compared whole', () => {
  describe('seam canon: --profile, stdin and --json', () => {
    it('--profile names one of the profiles, all of them in the message', async () => {
      // why: canon.ts:40:9 (the profile test → false: an unknown profile reaches the parser),
      // :41:68 (', ' → "").
      const { profiles } = await import('@agent-seam/canonical');
      const r = await seam(workdir({ 'a.json': '1' }), ['canon', '--profile', 'nope', 'a.json']);
      expect(r).toMatchObject(
        usage(`--profile names one of ${Object.keys(profiles).join(', ')}; see seam canon --help`),
      );
      expect(Object.keys(profiles).length).toBeGreaterThan(1);
    });

    it('stdin is named "stdin" in a refusal and in --check', async () => {
      // why: canon.ts:44:18 (path === '-' → false), :44:27 ('-' → ""), :44:33 ('stdin' → "").
      const refused = await seam(workdir(), ['canon', '-'], '{"a":');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/^stdin: not JSON the seam profile accepts \[[a-z-]+\]: [^\n]+\n/);
      const check = await seam(workdir(), ['canon', '--check', '-'], '{"a":1}');
      expect(check).toMatchObject({ code: 0, stdout: 'stdin: canonical under seam (7 bytes)\n' });
    });

    it('--json: a refusal, the canonical text, and --check each as one object', async () => {
      const dir = workdir({ 'bad.json': '[1,', 'doc.json': '{"b":1, "a":2}' });
      // why: canon.ts:49:20 ('canon' → ""), :51:15 (ok false → true).
      const refused = await seam(dir, ['canon', '--json', 'bad.json']);
      expect(refused.code).toBe(1);
      const r = JSON.parse(refused.stdout);
      expect(r).toMatchObject({ command: 'canon', profile: 'seam', ok: false });
      expect(Object.keys(r)).toEqual(['command', 'profile', 'ok', 'code', 'detail', 'explain']);
      // why: canon.ts:60:11 (=== true → false), :60:27 (true → false), :61:19, :62:20, :64:15.
      const written = await seam(dir, ['canon', '--json', 'doc.json']);
      expect(written.code).toBe(0);
      expect(JSON.parse(written.stdout)).toEqual({
        command: 'canon',
        profile: 'seam',
        ok: true,
        canonical: '{"a":2,"b":1}',
      });
      // why: canon.ts:71:52 ('canon' → "").
      const check = await seam(dir, ['canon', '--json', '--check', 'doc.json']);
      expect(check.code).toBe(1);
      expect(JSON.parse(check.stdout)).toMatchObject({ command: 'canon', profile: 'seam', ok: false });
    });
  });
});
