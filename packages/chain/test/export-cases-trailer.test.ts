// A record's body, case blocks, the trailer, finishing a read and the whole-file step
// (src/export/verifier.ts).
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
import { hex } from '@agent-seam/canonical';
import { rootHash } from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { writeUnread } from '../src/export/writer.js';
import { type ExportPlan, type ExportReport, ExportVerifier, type RecordPlan } from '../src/index.js';
import { thrown } from './helpers.js';

const ORIGIN = 'example.com/log';
const step: RecordPlan = { body: { kind: 'Step' } };
const open = (run: string, records: RecordPlan[] = [step]) => ({ run, sealed: false, records });
const aCase = { case: { id: 'c1', runs: ['r1'] }, deadlines: [], blobs: [], hold: null };
const NOT_OBJECT = '[1]';

/** The lines of a written export: by default one sealed run r1 of one record. */
const exportOf = (plan: Partial<ExportPlan> = {}) =>
  writeUnread({ origin: ORIGIN, runs: [{ run: 'r1', sealed: true, records: [step] }], ...plan }).lines;

/** The lines with line `i` (0-based) parsed, changed by `change` and written back. */
function edit(lines: string[], i: number, change: (frame: Record<string, any>) => void): string[] {
  const frame = JSON.parse(lines[i]!);
  change(frame);
  return lines.map((line, j) => (j === i ? JSON.stringify(frame) : line));
}

function verify(lines: readonly string[]): ExportReport {
  const verifier = new ExportVerifier();
  for (const line of lines) verifier.push(line);
  return verifier.finish();
}

/** The default export with its sealed run's seal replaced, the header committing to the new one. */
function sealMismatched(): string[] {
  const other = new Uint8Array(32).fill(9);
  const altered = edit(exportOf(), 1, (b) => (b.seal = hex.encode(other)));
  return edit(altered, 0, (h) => (h.checkpoint.root = hex.encode(rootHash([other]))));
}
const sealMismatch = {
  code: 'seal-mismatch',
  message: "the log leaf is not this run's terminal chain hash",
  line: 2,
  run: 'r1',
};
const DELETION = {
  code: 'deletion',
  message:
    'no checkpoint from outside the file: deletion of whole runs was not checked, only internal consistency',
};
const BLOB_BYTES = {
  code: 'blob-bytes',
  message: 'blob bytes are never in the file: their presence and integrity were not checked',
};

describe('verifier.ts judgeBody', () => {
  it("a record whose body names another run is record-run-mismatch, naming the block's run", () => {
    // why: verifier.ts:456:40 "a record's own body names another run than its block" → ""
    const lines = exportOf({ runs: [open('r1', [{ body: { kind: 'Step', run: 'r2' } }])] });
    expect(verify(lines).findings).toEqual([
      {
        code: 'record-run-mismatch',
        message: "a record's own body names another run than its block",
        line: 3,
        run: 'r1',
      },
    ]);
  });

  it('a conclusion whose chain_head is not its prev_hash is chain-head-mismatch on its line', () => {
    // why: verifier.ts:460:42 'chain_head is not the head the conclusion sits on' → ""
    const concluded = { body: { kind: 'RunConcluded', outcome: 'succeeded', chain_head: '00'.repeat(32) } };
    expect(verify(exportOf({ runs: [open('r1', [step, concluded])] })).findings).toEqual([
      {
        code: 'chain-head-mismatch',
        message: 'chain_head is not the head the conclusion sits on',
        line: 4,
        run: 'r1',
      },
    ]);
  });
});

describe('verifier.ts onCaseBlock', () => {
  /** Header, open run r1 and its record, the case block c1, the trailer. */
  const withCase = () => exportOf({ runs: [open('r1')], cases: [aCase] });

  it('the case block ends the run before it: a refused line after it names no run', () => {
    // why: verifier.ts:466:5 `this.closeRun()` → `;` (the run would stay open under the case
    // layer, and the refused line would be named in it)
    const lines = withCase();
    expect(verify(lines).findings).toEqual([]);
    const refused = [...lines.slice(0, 4), NOT_OBJECT, lines[4]!];
    expect(verify(refused).findings).toStrictEqual([
      { code: 'line-not-object', message: 'the line is not a JSON object', line: 5 },
    ]);
  });

  it('a case block without a case id, deadlines or blobs is case-malformed on its line', () => {
    // why: verifier.ts:471:35 'the case block lacks a case id, deadlines or blobs' → "",
    // :471:89 `{ line }` → `{}`
    const changes = [
      (c: Record<string, any>) => delete c.case,
      (c: Record<string, any>) => (c.case.id = ''),
      (c: Record<string, any>) => delete c.deadlines,
      (c: Record<string, any>) => (c.blobs = {}),
    ];
    for (const change of changes)
      expect(verify(edit(withCase(), 3, change)).findings).toStrictEqual([
        { code: 'case-malformed', message: 'the case block lacks a case id, deadlines or blobs', line: 4 },
      ]);
  });

  it('a case block with no hold member is case-hold-missing on its line', () => {
    // why: verifier.ts:476:38 'the case block carries no hold member' → "", :476:79 `{ line }` → `{}`
    expect(verify(edit(withCase(), 3, (c) => delete c.hold)).findings).toStrictEqual([
      { code: 'case-hold-missing', message: 'the case block carries no hold member', line: 4 },
    ]);
  });

  it('a case block with a hold that is not null and not a hold is case-hold-malformed on its line', () => {
    // why: verifier.ts:478:40 "the case block's legal hold is malformed" → "", :478:84 `{ line }` → `{}`
    for (const hold of [5, {}, { reason: 'audit' }])
      expect(verify(edit(withCase(), 3, (c) => (c.hold = hold))).findings).toStrictEqual([
        { code: 'case-hold-malformed', message: "the case block's legal hold is malformed", line: 4 },
      ]);
  });
});

describe('verifier.ts onTrailer', () => {
  it('the trailer ends the run before it: its seal is judged before any line after the trailer', () => {
    // why: verifier.ts:483:5 `this.closeRun()` → `;` (the run would be closed only by finish, so its
    // seal-mismatch would come after the line-after-trailer finding; findings are in the order found)
    const lines = sealMismatched();
    expect(verify(lines).findings).toEqual([sealMismatch]);
    expect(verify([...lines, lines[0]!]).findings).toEqual([
      sealMismatch,
      { code: 'line-after-trailer', message: 'a line follows the trailer', line: 5 },
    ]);
  });

  it('a trailer without well-formed counts is trailer-malformed on its line', () => {
    // why: verifier.ts:487:38 'the trailer lacks a well-formed count or unreadable list' → "",
    // :487:98 `{ line }` → `{}`
    for (const change of [
      (t: Record<string, any>) => delete t.records,
      (t: Record<string, any>) => (t.unreadable = 1),
    ])
      expect(verify(edit(exportOf(), 3, change)).findings).toStrictEqual([
        {
          code: 'trailer-malformed',
          message: 'the trailer lacks a well-formed count or unreadable list',
          line: 4,
        },
      ]);
  });
});

describe('verifier.ts finish', () => {
  it('a second finish names why', () => {
    // why: verifier.ts:493:52 'finish() was already called' → ""
    const verifier = new ExportVerifier();
    verifier.finish();
    expect(thrown(() => verifier.finish()).message).toBe('finished: finish() was already called');
  });

  it('finish ends the last run: an empty run block at the end of a file without trailer is run-empty', () => {
    // why: verifier.ts:496:5 `this.closeRun()` → `;` (the last run would never be finished, so its
    // emptiness would go unjudged)
    const [header, block] = exportOf({ runs: [open('r1', [])] });
    expect(verify([header!, block!]).findings).toStrictEqual([
      {
        code: 'run-empty',
        message: 'the run block carries no records and the trailer does not declare it unreadable',
        line: 2,
        run: 'r1',
      },
      { code: 'trailer-missing', message: 'no trailer: this file is a prefix of an export' },
    ]);
  });

  it('a file halted at its first line reports no canon, strict or proven leaves, and empty outcomes', () => {
    // why: verifier.ts:511:11 `this.canon !== undefined` → true, :514:11 `strict !== undefined` → true,
    // :522:11 `this.provenLeaves !== undefined` → true (each would be an own member holding undefined);
    // :542:60 graderOutcomes' initial `[]` and :543:50 witnesses' initial `[]` → `["Stryker was here"]`
    // (a halted file never reaches the whole-file step that replaces them)
    const report = verify([NOT_OBJECT, ...exportOf()]);
    expect(report.steps.map((s) => s.outcome)).toEqual(['pass', 'refuse', ...Array(8).fill('not-checked')]);
    expect(report).toStrictEqual({
      status: 'findings',
      kind: null,
      findings: [
        { code: 'header-missing', message: 'the first line is not an export or disclosure header', line: 1 },
      ],
      notChecked: [
        {
          code: 'rest-of-file',
          message: 'nothing after a missing header was checked: the header names the rules and the canon',
        },
      ],
      unaccounted: [],
      runs: 0,
      records: 0,
      cases: 0,
      sealedRuns: 0,
      openRuns: 0,
      recordSignaturesVerified: 0,
      anchors: [],
      graderVerdicts: [],
      witnesses: [],
      lines: 5,
      bytes: NOT_OBJECT.length + 1 + exportOf().reduce((n, line) => n + line.length + 1, 0),
      steps: report.steps,
    });
  });

  it('a sound export, not strict, reports its canon and neither strict nor proven leaves', () => {
    // why: verifier.ts:514:11 `strict !== undefined` → true, :522:11 `this.provenLeaves !== undefined`
    // → true, once the whole file was judged (an export proves no leaf by path: it rebuilds the log)
    const report = verify(exportOf());
    expect(report).toMatchObject({ status: 'sound', canon: 1 });
    expect(Object.keys(report)).not.toContain('strict');
    expect(Object.keys(report)).not.toContain('provenLeaves');
  });
});

describe('verifier.ts judgeWholeFile', () => {
  it('a file of no record says nothing about record signatures', () => {
    // why: verifier.ts:549:44 `signed + unsigned > 0` → true, and → `>= 0` (a record-signatures item
    // counting 0 signed records would be added)
    const report = verify(exportOf({ runs: [] }));
    expect(report.status).toBe('sound');
    expect(report.notChecked).toStrictEqual([DELETION, BLOB_BYTES]);
  });

  it('unsigned records read without keys are counted and named, in the singular and the plural', () => {
    // why: verifier.ts:558:20 the unsigned-records message → "", :558:40 'record' → "" (it would read
    // "1  carry" and "2 s carry")
    const unsigned = (n: number) => ({
      code: 'unsigned-records',
      message: `${n} record${n === 1 ? '' : 's'} carry signature null: unsigned, which record keys would make a finding`,
      count: n,
    });
    const signatures = {
      code: 'record-signatures',
      message: 'record signatures were not checked: no record keys were supplied (0 signed)',
      count: 0,
    };
    expect(verify(exportOf({ runs: [open('r1')] })).notChecked).toStrictEqual([
      signatures,
      unsigned(1),
      DELETION,
      {
        code: 'open-runs',
        message: '1 open run: their chains were checked; records cut from their tails are undetectable',
        count: 1,
      },
      BLOB_BYTES,
    ]);
    expect(verify(exportOf({ runs: [open('r1', [step, step])] })).notChecked[1]).toStrictEqual(unsigned(2));
  });

  it('a package run that concluded yet carries no index and seal is package-run-unplaced, naming it', () => {
    // why: verifier.ts:570:11 'the run concluded, yet its block carries no index and seal: a leaf was removed' → ""
    const concluded = { body: { kind: 'RunConcluded', outcome: 'succeeded' } };
    const lines = exportOf({
      runs: [open('r1', [step, concluded])],
      disclosure: { cases: [], runs: ['r1'] },
    });
    expect(verify(lines).findings).toStrictEqual([
      {
        code: 'package-run-unplaced',
        message: 'the run concluded, yet its block carries no index and seal: a leaf was removed',
        run: 'r1',
      },
    ]);
  });
});
