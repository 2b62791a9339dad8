import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * The rules a reviewer would otherwise check by eye. Library code runs in browsers, so a
 * Node built-in may appear only in the module the `node` condition selects; the hashing
 * backends are reached only through `#sha2`, so no bundler can pull the Node one in by path.
 */
const srcDir = new URL('../src/', import.meta.url);
const sources = readdirSync(srcDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => [f, readFileSync(new URL(f, srcDir), 'utf8')] as const);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

it('src/ imports Node built-ins only in sha2.node.ts, noble only in sha2.ts, and reads no clock', () => {
  expect(sources.length).toBeGreaterThan(10);
  for (const [file, text] of sources) {
    if (file !== 'sha2.node.ts')
      expect(text, `${file} imports a Node built-in`).not.toMatch(/from ['"]node:/);
    if (file !== 'sha2.ts') expect(text, `${file} imports noble`).not.toMatch(/from ['"]@noble\//);
    expect(text, `${file} imports a backend by path`).not.toMatch(/from ['"]\.\/sha2(\.node)?\.js['"]/);
    expect(text, `${file} reads the clock`).not.toMatch(/Date\.now\(|new Date\(\)|performance\.now\(/);
  }
});

// Key order matters: a resolver takes the first condition it knows. Bun and Deno honour
// the node condition with their own emulations of node:crypto, so they get noble first.
it('#sha2 selects node:crypto only under the node condition, after bun and deno', () => {
  const built = {
    bun: './dist/sha2.js',
    deno: './dist/sha2.js',
    node: './dist/sha2.node.js',
    default: './dist/sha2.js',
  };
  const source = {
    bun: './src/sha2.ts',
    deno: './src/sha2.ts',
    node: './src/sha2.node.ts',
    default: './src/sha2.ts',
  };
  expect(JSON.stringify(pkg.imports['#sha2'])).toBe(
    JSON.stringify({ types: './src/sha2.ts', source, ...built }),
  );
  expect(JSON.stringify(pkg.publishConfig.imports['#sha2'])).toBe(
    JSON.stringify({ types: './dist/sha2.d.ts', ...built }),
  );
});
