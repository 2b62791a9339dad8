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

  it('imports no Node built-in outside the backend the node condition selects (it must run in browsers)', () => {
    for (const { file, text } of sources)
      if (file !== 'aead.node.ts')
        expect(
          importsOf(text).filter((m) => m.startsWith('node:')),
          file,
        ).toEqual([]);
  });

  it('reaches the AEAD backends only through #aead, so no bundler pulls the Node one in by path', () => {
    for (const { file, text } of sources) expect(importsOf(text), file).not.toContain('./aead.node.js');
    for (const { file, text } of sources) expect(importsOf(text), file).not.toContain('./aead.js');
  });

  // Key order matters: a resolver takes the first condition it knows. Bun and Deno honour
  // the node condition with their own emulations of node:crypto, so they get noble first.
  it('#aead selects node:crypto only under the node condition, after bun and deno', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const built = {
      bun: './dist/aead.js',
      deno: './dist/aead.js',
      node: './dist/aead.node.js',
      default: './dist/aead.js',
    };
    const source = {
      bun: './src/aead.ts',
      deno: './src/aead.ts',
      node: './src/aead.node.ts',
      default: './src/aead.ts',
    };
    expect(JSON.stringify(pkg.imports['#aead'])).toBe(
      JSON.stringify({ types: './src/aead.ts', source, ...built }),
    );
    expect(JSON.stringify(pkg.publishConfig.imports['#aead'])).toBe(
      JSON.stringify({ types: './dist/aead.d.ts', ...built }),
    );
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
      for (const m of importsOf(text).filter((m) => !/^(\.\/|#|node:)/.test(m)))
        expect(Object.keys(manifest.dependencies), `${file} imports ${m}`).toContain(packageOf(m));
  });

  it('imports the primitive libraries in primitives.ts and its AEAD backends only', () => {
    const primitiveModules = ['primitives.ts', 'aead.ts', 'aead.node.ts'];
    for (const { file, text } of sources) {
      const noble = importsOf(text).filter((m) => m.startsWith('@noble/'));
      if (primitiveModules.includes(file)) expect(noble.length, file).toBeGreaterThan(0);
      else expect(noble, file).toEqual([]);
    }
  });
});
