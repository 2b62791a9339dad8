import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The executable entry point.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

const examples = join(import.meta.dirname, '..', 'examples');

const exampleFile = join(examples, 'example.jsonl');

describe('the seam-verify-export executable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('hands main the arguments after node and the script, and sets the exit code it returns', async () => {
    // why: bin.ts:4:31 process.argv.slice(2) → process.argv (NoCoverage): main would take the node binary
    // for FILE and the script for an anchor, a bad command line (exit 2)
    const argv = process.argv;
    let stdout = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      stdout += String(s);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.argv = ['/nonexistent/node', '/nonexistent/seam-verify-export', exampleFile, '--jobs', '1'];
    try {
      await import('../src/cli/bin.js');
    } finally {
      process.argv = argv;
    }
    expect(process.exitCode).toBe(0);
    expect(
      stdout.endsWith(
        '2 runs, 4 records, 1 case: consistent; not established: record-signatures, deletion\n',
      ),
    ).toBe(true);
  });
});
