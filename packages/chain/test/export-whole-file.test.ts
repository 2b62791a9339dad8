// What an export is judged on as a whole: the case layer, what was not checked, the
// trailer, the options and verifyExport (src/export/verifier.ts).
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md. verifier.ts:571:11
// (`{ run }` → `{}` on package-run-unplaced) is held by 'an open run of a package that did not
// conclude is no removed leaf' in export-header-runs.test.ts, which asserts that finding whole.
import { describe, expect, it } from 'vitest';
import { writeUnread } from '../src/export/writer.js';
import {
  type ExportOptions,
  type ExportPlan,
  type ExportReport,
  ExportVerifier,
  verifyExport,
} from '../src/index.js';
import { rejected, thrown } from './helpers.js';

const step = { body: { kind: 'Step' } };

/** The lines of a written export: by default one sealed run r1 of one record. */
const exportOf = (plan: Partial<ExportPlan> = {}) =>
  writeUnread({ origin: 'example.com/log', runs: [{ run: 'r1', sealed: true, records: [step] }], ...plan })
    .lines;

/** The lines with line `i` (0-based) parsed, changed by `change` and written back. */
function edit(lines: string[], i: number, change: (frame: Record<string, any>) => void): string[] {
  const frame = JSON.parse(lines[i]!);
  change(frame);
  return lines.map((line, j) => (j === i ? JSON.stringify(frame) : line));
}

function verify(lines: readonly string[], options?: ExportOptions): ExportReport {
  const verifier = new ExportVerifier(options);
  for (const line of lines) verifier.push(line);
  return verifier.finish();
}

/** The not-checked items of `report` under `codes`, whole, in report order. */
const notChecked = (report: ExportReport, ...codes: string[]) =>
  report.notChecked.filter((n) => codes.includes(n.code));

const blobBytes = {
  code: 'blob-bytes',
  message: 'blob bytes are never in the file: their presence and integrity were not checked',
};

describe('verifier.ts judgeWholeFile: the case layer and what was not checked', () => {
  it('a sound export names blob bytes as not checked', () => {
    // why: verifier.ts:609:16 the blob-bytes message → ""
    const report = verify(exportOf());
    expect(report).toMatchObject({ status: 'sound', findings: [], unaccounted: [] });
    expect(notChecked(report, 'blob-bytes')).toEqual([blobBytes]);
  });

  it('a case a record names and the file does not carry is case-missing on that record', () => {
    // why: verifier.ts:596:35 finding message → "", :596:85 `{ line }` → `{}`
    const named = { body: { kind: 'Step', case: 'c9' } };
    const report = verify(exportOf({ runs: [{ run: 'r1', sealed: true, records: [step, named] }] }));
    expect(report.findings).toEqual([
      { code: 'case-missing', message: 'a record names a case this file does not carry', line: 4 },
    ]);
  });

  it('a case the selection names and the case layer does not carry is selection-case-missing', () => {
    // why: verifier.ts:600:47 finding message → ""
    const report = verify(exportOf({ runs: [], disclosure: { cases: ['c9'], runs: [] } }));
    expect(report.findings).toEqual([
      {
        code: 'selection-case-missing',
        message: 'the selection names a case the case layer does not carry',
      },
    ]);
  });

  it('unknown framing members are counted, one in the singular and two in the plural', () => {
    // why: verifier.ts:614:18 the unknown-members message → "", :614:53 'framing member' → "";
    // plural at :673:52 `n === 1` → true ("2 framing member") and :673:68 `${one}s` → "" ("2 ")
    const one = verify(edit(exportOf(), 1, (b) => (b.note = 1)));
    expect(one.findings).toEqual([]);
    expect(notChecked(one, 'unknown-members')).toEqual([
      {
        code: 'unknown-members',
        message: '1 framing member this reader does not know bound the verdict',
        count: 1,
      },
    ]);
    const two = verify(edit(exportOf(), 1, (b) => Object.assign(b, { note: 1, extra: 2 })));
    expect(two.findings).toEqual([]);
    expect(notChecked(two, 'unknown-members')).toEqual([
      {
        code: 'unknown-members',
        message: '2 framing members this reader does not know bound the verdict',
        count: 2,
      },
    ]);
  });
});

describe('verifier.ts judgeTrailer', () => {
  const unreadable = [{ run: 'r1', reason: 'lost' }];

  it('a run the trailer names unreadable is named as not checked', () => {
    // why: verifier.ts:667:11 the unreadable-runs message → "" (the empty block is no finding)
    const report = verify(exportOf({ runs: [], unreadable }));
    expect(report.findings).toEqual([]);
    expect(notChecked(report, 'unreadable-runs')).toEqual([
      {
        code: 'unreadable-runs',
        message:
          'the export is complete as an artifact and incomplete as a history: these runs could not be read by the writer',
        runs: ['r1'],
      },
    ]);
  });

  it('an empty run block the trailer does not declare unreadable is run-empty, naming the run', () => {
    // why: verifier.ts:639:11 finding message → "", :640:11 `{ line: run.line, run: run.id }` → `{}`
    const lines = exportOf({ runs: [], unreadable });
    const report = verify(edit(lines, lines.length - 1, (t) => (t.unreadable = [])));
    expect(report.findings).toEqual([
      {
        code: 'run-empty',
        message: 'the run block carries no records and the trailer does not declare it unreadable',
        line: 2,
        run: 'r1',
      },
    ]);
  });

  it('a file without its trailer is trailer-missing', () => {
    // why: verifier.ts:644:38 finding message → ""
    expect(verify(exportOf().slice(0, -1)).findings).toEqual([
      { code: 'trailer-missing', message: 'no trailer: this file is a prefix of an export' },
    ]);
  });

  it('each count the trailer gets wrong is a trailer-count-mismatch on its line, naming the count', () => {
    // why: verifier.ts:651:7 and :652:7 a claim's tuple → `[]` (its finding would vanish), :651:8
    // 'runs_requested', :652:8 'runs_exported', :653:8 'records', :654:8 'cases' → "", :660:11
    // finding message → "", :661:11 `{ line }` → `{}`
    const lines = exportOf();
    expect(verify(lines).findings).toEqual([]);
    const report = verify(
      edit(lines, 3, (t) => Object.assign(t, { runs_requested: 5, runs_exported: 6, records: 7, cases: 8 })),
    );
    const mismatch = (name: string, claimed: number, actual: number) => ({
      code: 'trailer-count-mismatch',
      message: `the trailer claims ${name} ${claimed}, the file carries ${actual}`,
      line: 4,
    });
    expect(report.findings).toEqual([
      mismatch('runs_requested', 5, 1),
      mismatch('runs_exported', 6, 1),
      mismatch('records', 7, 1),
      mismatch('cases', 8, 0),
    ]);
  });
});

describe('verifier.ts checkOptions and verifyExport', () => {
  it('options that are not an object throw bad-options', () => {
    // why: verifier.ts:687:7 `typeof options !== 'object'` → false (a number or a string would be
    // read as options of no member)
    for (const options of [5, 'keys'])
      expect(thrown(() => new ExportVerifier(options as never)).message).toBe(
        'bad-options: the options are not an object',
      );
  });

  it('maxLineBytes 1 is a positive integer: taken, and longer lines are refused', () => {
    // why: verifier.ts:695:77 `maxLineBytes < 1` → `<= 1` (1 would throw)
    expect(thrown(() => new ExportVerifier({ maxLineBytes: 0 })).message).toBe(
      'bad-options: maxLineBytes is not a positive integer',
    );
    const report = verify(exportOf(), { maxLineBytes: 1 });
    expect(report.findings).toEqual([
      { code: 'header-missing', message: 'the first line is not an export or disclosure header', line: 1 },
    ]);
  });

  it('verifyExport refuses a worker count that is not a positive integer', async () => {
    // why: verifier.ts:720:40 'workers is not a positive integer' → ""
    for (const workers of [0, 1.5])
      expect((await rejected(() => verifyExport(exportOf(), { workers }))).message).toBe(
        'bad-options: workers is not a positive integer',
      );
  });

  it('verifyExport refuses keys that are no Map when they go to worker threads', async () => {
    // why: verifier.ts:722:40 'keys must be a Map to be shared with worker threads' → ""
    // (the duck-typed map passes checkOptions; the refusal comes before any thread starts)
    const keys = { get: () => undefined } as never;
    expect((await rejected(() => verifyExport(exportOf(), { workers: 2, keys }))).message).toBe(
      'bad-options: keys must be a Map to be shared with worker threads',
    );
  });

  it('a value that is no file and no sequence of lines is one line, refused as line 1', async () => {
    // why: verifier.ts:736:52 `[input]` → `[]` (no line would be read: header-missing on line 0)
    const report = await verifyExport(5 as never);
    expect(report.findings).toEqual([
      { code: 'header-missing', message: 'the first line is not an export or disclosure header', line: 1 },
    ]);
    expect(report.lines).toBe(1);
  });
});
