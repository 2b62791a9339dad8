import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

// vitest's toThrow given a pattern (a regex, a string, a new RegExp) passes when the call throws
// undefined or null: the pattern is never checked, so such an assertion cannot fail on an entry
// point that throws nothing useful. CONTRIBUTING asks for thrownSeamError / rejectedSeamError /
// thrown from tools/thrown.ts instead; this scan keeps the blind form from coming back in any
// test file of the repo (a pattern held in a variable is out of its sight).
const root = join(import.meta.dirname, '..', '..', '..');
const BLIND = /\.toThrow(?:Error)?\(\s*(?:[/'"`]|new RegExp\b)/g;

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.split(/[\\/]/).includes('node_modules'))
    .map((path) => join(dir, path));

const scanned = [
  ...readdirSync(join(root, 'packages')).flatMap((pkg) => tsFiles(join(root, 'packages', pkg, 'test'))),
  ...tsFiles(join(root, 'tools')).filter((path) => path.endsWith('.test.ts')),
];

/** file:line of each blind toThrow in `text`. */
function blindThrows(file: string, text: string): string[] {
  return [...text.matchAll(BLIND)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`);
}

it('the scan reads the test files of every package and of tools', () => {
  expect(scanned.length).toBeGreaterThan(300);
  expect(scanned.some((path) => path.endsWith(join('tools', 'inspector', 'test', 'page.node.test.ts')))).toBe(
    true,
  );
});

it('the scan knows the blind forms from the honest ones', () => {
  const blind = ['(/re/)', "('text')", '("text")', '(`text`)', '(\n  /re/,\n)', '(new RegExp(x))'];
  const honest = ['(SeamError)', '(expect.objectContaining({ message: /re/ }))', '()', '(message)'];
  for (const argument of blind)
    expect(blindThrows('f', `expect(f).toThrow${argument}`), argument).toEqual(['f:1']);
  expect(blindThrows('f', `x\nawait expect(p).rejects.toThrowError${blind[0]}`)).toEqual(['f:2']);
  for (const argument of honest)
    expect(blindThrows('f', `expect(f).toThrow${argument}`), argument).toEqual([]);
});

it('no test asserts a throw by a pattern toThrow cannot check', () => {
  const found = scanned.flatMap((path) => blindThrows(relative(root, path), readFileSync(path, 'utf8')));
  expect(found).toEqual([]);
});
