import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandsShown } from '../../../tools/readme-commands.ts';
import { assertBuilt, seamBuilt } from './run.js';

// tools/doc-examples.ts runs the READMEs' TypeScript; this runs the root README's command
// lines. Every `$ seam …` in a ```sh block is run as written by the BUILT command, from the
// repository root (where its example paths point), and must print exactly the lines shown
// under it and exit with the code a following `$ echo $?` shows.
const root = join(import.meta.dirname, '..', '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

beforeAll(assertBuilt);

const commands = commandsShown(readme, 'seam');

describe("the root README's seam walkthrough", () => {
  it('shows a refused partner envelope, explained, with its exit code', () => {
    expect(commands.some((c) => c.argv.includes('--expected') && c.exit === 1)).toBe(true);
    expect(commands.some((c) => c.argv[0] === '--help')).toBe(true);
    expect(commands.every((c) => c.exit !== undefined)).toBe(true);
  });
  for (const [i, shown] of commands.entries())
    it(`command ${i + 1}: seam ${shown.argv.filter((a) => !a.includes('/') && !a.startsWith('did:')).join(' ')}`, () => {
      const r = seamBuilt(root, shown.argv);
      expect(r.stdout.split('\n').slice(0, -1)).toEqual(shown.stdout);
      expect(r.code).toBe(shown.exit);
    });
});
