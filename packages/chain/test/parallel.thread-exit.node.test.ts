import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyExport } from '../src/index.js';

// A reading thread that stops mid-pass. In a file of its own: the pass keeps its threads from
// one verifyExport to the next, so the first thread it starts must be started by this case.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

afterEach(() => vi.restoreAllMocks());

describe('pass.node.ts: a reading thread that stops mid-pass', () => {
  // Node announces each new Worker on process ('worker'); the first one the pass starts is
  // stopped as soon as it is online, so the batches sent to it never come back.
  const lines = Array.from({ length: 40 }, (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(100_000)}`);

  it('fails the pass naming the exit code, and the next pass starts fresh threads', async () => {
    // why: pass.node.ts:77:61 (the message emptied), pass.node.ts:81:54 and :125:30 (lose and
    // fail emptied: the pass waits forever), pass.node.ts:82:9 (-> true, -> false, and the !
    // dropped),
    // pass.node.ts:85:45 (no run is failed), pass.node.ts:126:5 (??= -> &&=: the failure is
    // never set), pass.node.ts:84:20 (the fresh pool starts with a non-thread in it).
    let stopped = false;
    const stop = (worker: Worker) => {
      if (stopped) return;
      stopped = true;
      worker.once('online', () => void worker.terminate());
    };
    process.on('worker', stop);
    try {
      await expect(verifyExport(lines, { workers: 3 })).rejects.toThrow(
        new Error('a reading thread stopped (exit code 1)'),
      );
    } finally {
      process.off('worker', stop);
    }
    expect(stopped).toBe(true);
    expect(await verifyExport(lines, { workers: 3 })).toEqual(await verifyExport(lines, { workers: 1 }));
  }, 30_000);
});
