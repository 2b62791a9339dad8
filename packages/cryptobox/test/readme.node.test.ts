import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Every ```ts block of the README and of spec/cryptobox.md runs as written (against the
 * package's sources), and each `console.log(...); // text` in it must print exactly `text`.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const tsBlocks = (path: string) =>
  [...readFileSync(path, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const blocks = tsBlocks(join(here, '..', 'README.md'));
const specBlocks = tsBlocks(join(here, '..', '..', '..', 'spec', 'cryptobox.md'));
const scratch = mkdtempSync(join(tmpdir(), 'cryptobox-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The block bundled into one self-contained module, run, and what it printed. */
async function run(code: string, index: number): Promise<string[]> {
  const result = await build({
    stdin: { contents: code, resolveDir: here, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['source'],
    alias: { '@agent-seam/cryptobox': join(here, '..', 'src', 'index.ts') },
    write: false,
    logLevel: 'silent',
  });
  const file = join(scratch, `block-${index}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  try {
    await import(/* @vite-ignore */ pathToFileURL(file).href);
  } finally {
    log.mockRestore();
  }
  return printed;
}

describe('README examples', () => {
  it('has the three examples: box v1, box v2, sealed payload', () => expect(blocks.length).toBe(3));
  blocks.forEach((code, index) => {
    const expected = [...code.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    it(`example ${index + 1} runs and prints what its comments say`, async () => {
      expect(expected.length).toBeGreaterThan(0);
      expect(await run(code, index)).toEqual(expected);
    });
  });
});

describe('spec examples', () => {
  it('has the key ring interface, and it compiles and runs', async () => {
    expect(specBlocks.length).toBe(1);
    expect(await run(specBlocks[0]!, blocks.length)).toEqual([]);
  });
});
