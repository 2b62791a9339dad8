import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandsShown } from '../../../tools/readme-commands.ts';
import { main } from '../src/cli/main.js';

// tools/doc-examples.ts runs the README's TypeScript; this runs its command lines. Every
// `$ seam-verify-export …` in a ```sh block is run as written (from the package directory,
// where its example paths point), and must print exactly the lines shown under it and exit
// with the code a following `$ echo $?` shows. The packed tarball must carry the files
// those commands read, so a reader of the installed package can run them too.
const pkgDir = join(import.meta.dirname, '..');
const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');

async function run(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  try {
    return { code: await main(argv), stdout };
  } finally {
    out.mockRestore();
  }
}

const before = process.cwd();
beforeAll(() => process.chdir(pkgDir));
afterAll(() => process.chdir(before));

const commands = commandsShown(readme, 'seam-verify-export');

describe('the README command examples', () => {
  it('the README shows the fail-closed run and its waiver', () => {
    expect(commands.filter((c) => c.argv.includes('--strict')).length).toBeGreaterThanOrEqual(2);
    expect(commands.every((c) => c.exit !== undefined)).toBe(true);
  });
  for (const [i, shown] of commands.entries())
    it(`command ${i + 1}: ${shown.argv.filter((a) => a.startsWith('--')).join(' ') || 'no flags'}`, async () => {
      const { code, stdout } = await run(shown.argv);
      expect(stdout.split('\n').slice(0, -1)).toEqual(shown.stdout);
      expect(code).toBe(shown.exit);
    });
});

describe('the packed tarball', () => {
  it('carries every examples/ file, including each one the README reads', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: pkgDir,
        encoding: 'utf8',
      }),
    );
    const files = new Set((packed.files as { path: string }[]).map((f) => f.path));
    const named = new Set(commands.flatMap((c) => c.argv.filter((a) => a.startsWith('examples/'))));
    expect(named.size).toBeGreaterThan(0);
    const onDisk = readdirSync(join(pkgDir, 'examples')).map((f) => `examples/${f}`);
    expect([...new Set([...named, ...onDisk])].filter((f) => !files.has(f))).toEqual([]);
  });
});
