import { checkListProblems } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { EXPORT_CHECKS, explainReport, FINDING_CODES, verifyExport, writeExport } from '../src/index.js';

const run = 'run_01J80000000000000000000001';
const { lines } = writeExport({
  origin: 'example.com/agentplane',
  runs: [
    {
      run,
      sealed: true,
      records: [
        { body: { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: {} } },
        { body: { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' } },
      ],
    },
  ],
  cases: [],
});
const outcomes = (results: ReturnType<typeof explainReport>) =>
  Object.fromEntries(results.map((r) => [r.id, r.code ?? r.outcome]));

describe('EXPORT_CHECKS', () => {
  it('lists every finding code once, in the order FINDING_CODES gives the steps', () => {
    expect(checkListProblems(EXPORT_CHECKS, FINDING_CODES)).toEqual([]);
    expect(EXPORT_CHECKS.flatMap((c) => c.codes)).toEqual([...FINDING_CODES]);
  });

  it('a sound export: every step passes', async () => {
    const results = explainReport(await verifyExport(lines));
    expect(results.map((r) => r.outcome)).toEqual(EXPORT_CHECKS.map(() => 'pass'));
  });

  it('a body edited beside its hashed bytes and a trailer cut off: those two steps refuse', async () => {
    const edited = lines.map((line) => line.replace('"capability":"x"', '"capability":"y"'));
    expect(edited).not.toEqual(lines);
    const results = explainReport(await verifyExport(edited.slice(0, -1)));
    expect(outcomes(results)).toMatchObject({
      records: 'record-body-mismatch',
      trailer: 'trailer-missing',
      runs: 'pass',
      header: 'pass',
    });
  });

  it('no header: the reader stops, so every step after it is not checked', async () => {
    const results = explainReport(await verifyExport(lines.slice(1)));
    expect(outcomes(results)).toEqual({
      lines: 'pass',
      header: 'header-missing',
      ...Object.fromEntries(EXPORT_CHECKS.slice(2).map((c) => [c.id, 'not-checked'])),
    });
  });
});
