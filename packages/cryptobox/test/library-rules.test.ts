import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package rules that code review alone would have to catch, checked over src/.
const srcDir = fileURLToPath(new URL('../src', import.meta.url));
const sources = readdirSync(srcDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(srcDir, f), 'utf8') }));
const importsOf = (text: string) => [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);

describe('src/ follows the library rules', () => {
  it('has the modules it is expected to have', () => expect(sources.length).toBeGreaterThanOrEqual(9));

  it('imports no Node built-in (it must run in browsers)', () => {
    for (const { file, text } of sources)
      expect(
        importsOf(text).filter((m) => m.startsWith('node:')),
        file,
      ).toEqual([]);
  });

  it('reads no clock', () => {
    for (const { file, text } of sources)
      expect(text, file).not.toMatch(/Date\.now|new Date\(|performance\.now/);
  });

  it('imports only its own modules and its declared dependencies (never a devDependency such as mlkem)', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const packageOf = (m: string) =>
      m
        .split('/')
        .slice(0, m.startsWith('@') ? 2 : 1)
        .join('/');
    for (const { file, text } of sources)
      for (const m of importsOf(text).filter((m) => !m.startsWith('./')))
        expect(Object.keys(manifest.dependencies), `${file} imports ${m}`).toContain(packageOf(m));
  });

  it('imports the primitive libraries in primitives.ts only', () => {
    for (const { file, text } of sources) {
      const noble = importsOf(text).filter((m) => m.startsWith('@noble/'));
      if (file === 'primitives.ts') expect(noble.length).toBeGreaterThan(0);
      else expect(noble, file).toEqual([]);
    }
  });
});
