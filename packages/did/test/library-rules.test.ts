import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { expectLibraryRules } from './helpers.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** Key order matters: a resolver takes the first condition it knows. */
const inOrder = (map: object) => JSON.stringify(map);

it('src/ has no Node built-ins outside the node-selected equation, and reads no clock', () =>
  expectLibraryRules(fileURLToPath(new URL('../src', import.meta.url)), ['equation.node.ts']));

// node:crypto's verdicts are tested on Node (OpenSSL) only: Bun and Deno also honour the
// node condition with their own emulations, so they are sent to the noble equation first.
it('#equation selects node:crypto only under the node condition, after bun and deno', () => {
  const built = {
    bun: './dist/equation.js',
    deno: './dist/equation.js',
    node: './dist/equation.node.js',
    default: './dist/equation.js',
  };
  expect(inOrder(pkg.imports['#equation'])).toBe(
    inOrder({
      types: './src/equation.ts',
      source: {
        bun: './src/equation.ts',
        deno: './src/equation.ts',
        node: './src/equation.node.ts',
        default: './src/equation.ts',
      },
      ...built,
    }),
  );
  expect(inOrder(pkg.publishConfig.imports['#equation'])).toBe(
    inOrder({ types: './dist/equation.d.ts', ...built }),
  );
});
