// Runs the `ts` code blocks of a README exactly as written, so an example that stops
// working fails a test instead of misleading a reader. An example asserts by throwing.
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

/** The ```ts blocks of a markdown file, in order. */
export function codeBlocks(markdown: URL): string[] {
  return [...readFileSync(markdown, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** Runs one block; its imports are answered from `modules` (specifier to module namespace). */
export function runBlock(code: string, modules: Record<string, unknown>): void {
  const js = transformSync(code, { loader: 'ts', format: 'cjs' }).code;
  const require = (specifier: string) => {
    if (!Object.hasOwn(modules, specifier)) throw new Error(`the example imports ${specifier}`);
    return modules[specifier];
  };
  new Function('require', 'module', 'exports', js)(require, { exports: {} }, {});
}
