// The chain command run in-process, for the node tests of src/cli: its exit code and what it
// wrote, with process.stdout/stderr captured; and the bundled example it is run on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { main } from '../src/cli/main.js';

const examples = join(import.meta.dirname, '..', 'examples');
export const exampleFile = join(examples, 'example.jsonl');
export const checkpointFile = join(examples, 'example.checkpoint.json');
export const key = readFileSync(join(examples, 'example.key.txt'), 'utf8').trim();
export const checkpoint = JSON.parse(readFileSync(checkpointFile, 'utf8'));

/** Runs the command in-process, returning its exit code and what it wrote. */
export async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
