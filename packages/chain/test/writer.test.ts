import { describe, expect, it } from 'vitest';
import { writeUnread } from '../src/export/writer.js';
import { verifyExport, writeExport } from '../src/index.js';

// The writer changes with the reader: what it writes, the reader accepts.
describe('writeExport', () => {
  const run = 'run_01J80000000000000000000001';
  const lost = 'run_01J80000000000000000000002';
  const written = writeExport({
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
    cases: [
      {
        case: { id: 'case_01J80000000000000000000001', runs: [run] },
        deadlines: [],
        blobs: [],
        hold: null,
      },
    ],
    unreadable: [{ run: lost, reason: 'the store returned an I/O error' }],
  });

  it('names an unreadable run in the trailer as {run, reason}, beside an empty block', () => {
    const trailer = JSON.parse(written.lines.at(-1)!);
    expect(trailer.unreadable).toEqual([{ run: lost, reason: 'the store returned an I/O error' }]);
    expect(written.lines).toContain(JSON.stringify({ kind: 'agentplane.export.run', run: lost }));
  });

  it('writes a case with hold null as given, and the reader accepts the file', async () => {
    expect(JSON.parse(written.lines.at(-2)!).hold).toBeNull();
    const report = await verifyExport(written.lines);
    expect(report.findings).toEqual([]);
    expect(report.notChecked.find((n) => n.code === 'unreadable-runs')?.runs).toEqual([lost]);
  });

  it('refuses a bigint it cannot spell on a line with a SeamError naming the field, never a TypeError', () => {
    const plan = { origin: 'example.com/agentplane', runs: [] };
    const refusal = (p: object) => {
      try {
        writeExport(p as Parameters<typeof writeExport>[0]);
      } catch (error) {
        return [(error as { code?: string }).code, (error as Error).message];
      }
      return 'written';
    };
    expect(refusal({ ...plan, cases: [{ case: { id: 1n } }] })).toEqual([
      'unsupported-type',
      'unsupported-type: cases[0] holds a bigint (or a cycle), which a JSON line cannot spell',
    ]);
    expect(refusal({ ...plan, unreadable: [{ run: lost, reason: 2n }] })).toEqual([
      'unsupported-type',
      'unsupported-type: unreadable holds a bigint (or a cycle), which a JSON line cannot spell',
    ]);
    const records = [{ body: { epoch: 1, v: 1, kind: 'RunAdmitted', n: 5n } }];
    expect(refusal({ ...plan, runs: [{ run, sealed: true, records }] })).toEqual([
      'unsupported-type',
      'unsupported-type: records[0] holds a bigint (or a cycle), which a JSON line cannot spell',
    ]);
  });

  it('carries a given raw text as given, a leading U+FEFF too', () => {
    // why: writer.ts's rawText (decoding the raw bytes again dropped a leading U+FEFF, so the line
    // carried other text than the bytes its hash covers).
    const raw = '\uFEFF{"canon":1,"kind":"RunAdmitted"}';
    const { lines } = writeUnread({
      origin: 'example.com/agentplane',
      runs: [
        { run, sealed: false, records: [{ body: { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1 }, raw }] },
      ],
      cases: [],
      unreadable: [],
    });
    const records = lines.map((l) => JSON.parse(l)).filter((l) => typeof l.raw === 'string');
    expect(records.map((r) => r.raw)).toEqual([raw]);
  });
});
