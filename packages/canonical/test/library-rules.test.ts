import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * The rules a reviewer would otherwise check by eye. Library code runs in browsers, so a
 * Node built-in may appear only in a module the `node` condition selects; the hashing and
 * X25519 backends are reached only through `#sha2` and `#x25519`, so no bundler can pull a
 * Node one in by path.
 */
const srcDir = new URL('../src/', import.meta.url);
const sources = readdirSync(srcDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => [f, readFileSync(new URL(f, srcDir), 'utf8')] as const);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const DOORS = ['sha2', 'x25519'];

it('src/ imports Node built-ins only in the *.node.ts backends, noble only in the portable ones, and reads no clock', () => {
  expect(sources.length).toBeGreaterThan(10);
  for (const [file, text] of sources) {
    if (!DOORS.some((door) => file === `${door}.node.ts`))
      expect(text, `${file} imports a Node built-in`).not.toMatch(/from ['"]node:/);
    if (!DOORS.some((door) => file === `${door}.ts`))
      expect(text, `${file} imports noble`).not.toMatch(/from ['"]@noble\//);
    expect(text, `${file} imports a backend by path`).not.toMatch(
      /from ['"]\.\/(sha2|x25519)(\.node)?\.js['"]/,
    );
    expect(text, `${file} reads the clock`).not.toMatch(/Date\.now\(|new Date\(\)|performance\.now\(/);
  }
});

// Key order matters: a resolver takes the first condition it knows. Bun and Deno honour
// the node condition with their own emulations of node:crypto, so they get noble first.
for (const door of DOORS)
  it(`#${door} selects node:crypto only under the node condition, after bun and deno`, () => {
    const built = {
      bun: `./dist/${door}.js`,
      deno: `./dist/${door}.js`,
      node: `./dist/${door}.node.js`,
      default: `./dist/${door}.js`,
    };
    const source = {
      bun: `./src/${door}.ts`,
      deno: `./src/${door}.ts`,
      node: `./src/${door}.node.ts`,
      default: `./src/${door}.ts`,
    };
    expect(JSON.stringify(pkg.imports[`#${door}`])).toBe(
      JSON.stringify({ types: `./src/${door}.ts`, source, ...built }),
    );
    expect(JSON.stringify(pkg.publishConfig.imports[`#${door}`])).toBe(
      JSON.stringify({ types: `./dist/${door}.d.ts`, ...built }),
    );
  });
