import { writeExport } from '@agent-seam/chain';

/**
 * A generated agentplane export of about `bytes` bytes: sealed runs of 1000 unsigned
 * records each (RunAdmitted, steps carrying some text, RunConcluded), written by chain's
 * own writer, so the reader must find it sound.
 */
export function largeExport(bytes: number): { text: string; records: number } {
  const perRun = 1000;
  const note = 'the inspector streams this export through a worker; '.repeat(4);
  const runs = [];
  let size = 0;
  let records = 0;
  for (let r = 0; size < bytes; r++) {
    const run = `run_01J8${String(r).padStart(22, '0')}`;
    const steps = Array.from({ length: perRun - 2 }, (_, i) => ({
      body: { epoch: 1, v: 1, kind: 'StepRecorded', step: i, note },
    }));
    runs.push({
      run,
      sealed: true,
      records: [
        { body: { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: {} } },
        ...steps,
        { body: { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' } },
      ],
    });
    records += perRun;
    size += perRun * 845; // about the length of one step record line
  }
  const written = writeExport({ origin: 'example.com/agentplane', runs });
  return { text: `${written.lines.join('\n')}\n`, records };
}
