// Regenerates the bundled example: `npx tsx --conditions=source examples/make-example.ts`
// from packages/chain. The key is fixed test material (seed 0x11 repeated), never a real key.
import { writeFileSync } from 'node:fs';
import { hex } from '@agent-seam/canonical';
import { writeExport } from '@agent-seam/chain';
import { keyPairFromSeed } from '@agent-seam/did';

const seed = new Uint8Array(32).fill(0x11);
const run = (n: number) => `run_01J8${String(n).padStart(22, '0')}`;
const theCase = 'case_01J80000000000000000000001';
const env = { epoch: 1, v: 1 };
const written = writeExport({
  origin: 'example.com/agentplane',
  key: { keyId: 'example-record', seed },
  runs: [
    {
      run: run(1),
      sealed: true,
      records: [
        {
          body: {
            ...env,
            kind: 'RunAdmitted',
            canon: 1,
            case: theCase,
            capability: 'billing.settle',
            input: { batch: 'B-7' },
          },
        },
        { body: { ...env, kind: 'StepStarted', case: theCase, step: 0, skill: 'orders.book' } },
        { body: { ...env, kind: 'RunConcluded', outcome: 'succeeded' } },
      ],
    },
    {
      run: run(2),
      sealed: false,
      records: [
        {
          body: {
            ...env,
            kind: 'RunAdmitted',
            canon: 1,
            capability: 'billing.settle',
            input: { batch: 'B-8' },
          },
        },
      ],
    },
  ],
  cases: [
    {
      case: {
        id: theCase,
        kind: 'billing.settlement',
        status: 'open',
        correlation: [],
        state: {},
        version: 0,
        opened_at: '2026-01-01T00:00:00Z',
        runs: [run(1)],
      },
      deadlines: [],
      blobs: [],
      hold: {
        placed_at: '2026-01-01T00:00:00Z',
        reason: 'litigation L-12',
        by: { actor: 'counsel@example', basis: 'authenticated' },
      },
    },
  ],
});
const dir = new URL('.', import.meta.url);
writeFileSync(new URL('example.jsonl', dir), `${written.lines.join('\n')}\n`);
writeFileSync(new URL('example.checkpoint.json', dir), `${JSON.stringify(written.checkpoint)}\n`);
writeFileSync(
  new URL('example.key.txt', dir),
  `example-record=${hex.encode(keyPairFromSeed(seed).publicKey)}\n`,
);
