import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { expectLibraryRules } from './helpers.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const equation = pkg.imports['#equation'];

it('src/ has no Node built-ins outside the node-selected equation, and reads no clock', () =>
  expectLibraryRules(fileURLToPath(new URL('../src', import.meta.url)), ['equation.node.ts']));

it('#equation selects node:crypto only under the node condition, in sources and in dist', () => {
  expect(equation.source).toEqual({ node: './src/equation.node.ts', default: './src/equation.ts' });
  expect(equation.node).toBe('./dist/equation.node.js');
  expect(equation.default).toBe('./dist/equation.js');
  expect(pkg.publishConfig.imports['#equation']).toEqual({
    types: './dist/equation.d.ts',
    node: './dist/equation.node.js',
    default: './dist/equation.js',
  });
});
