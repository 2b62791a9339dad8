// An export's header and run blocks, and how a run is closed (src/export/verifier.ts).
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
import { hex } from '@agent-seam/canonical';
import { rootHash } from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { writeUnread } from '../src/export/writer.js';
import { type ExportPlan, type ExportReport, ExportVerifier } from '../src/index.js';

const ORIGIN = 'example.com/log';
const step = { body: { kind: 'Step' } };

/** The lines of a written export: by default one sealed run r1 of one record. */
const exportOf = (plan: Partial<ExportPlan> = {}) =>
  writeUnread({ origin: ORIGIN, runs: [{ run: 'r1', sealed: true, records: [step] }], ...plan }).lines;

/** A disclosure package of no run, selecting nothing. */
const emptyDisclosure = () => exportOf({ runs: [], disclosure: { cases: [], runs: [] } });

/** The lines with line `i` (0-based) parsed, changed by `change` and written back. */
function edit(lines: string[], i: number, change: (frame: Record<string, any>) => void): string[] {
  const frame = JSON.parse(lines[i]!);
  change(frame);
  return lines.map((line, j) => (j === i ? JSON.stringify(frame) : line));
}

function verify(lines: string[]): ExportReport {
  const verifier = new ExportVerifier();
  for (const line of lines) verifier.push(line);
  return verifier.finish();
}

describe('verifier.ts onHeader', () => {
  it('a sound export reads as kind export', () => {
    // why: verifier.ts:269:45 'export' → "" (the report's kind would be empty)
    const report = verify(exportOf());
    expect(report).toMatchObject({ status: 'sound', kind: 'export', findings: [], unaccounted: [] });
  });

  it('an unknown version is one finding on line 1 and the rest of the file is not read', () => {
    // why: verifier.ts:272:43 finding message → "", :272:99 `{ line }` → `{}`, :273:17 halt message → ""
    const report = verify(edit(exportOf(), 0, (h) => (h.version = 2)));
    expect(report.findings).toEqual([
      {
        code: 'header-version-unknown',
        message: 'the export version is not one this reader implements',
        line: 1,
      },
    ]);
    expect(report.notChecked).toEqual([
      { code: 'rest-of-file', message: 'an export of an unknown version is not read further' },
    ]);
  });

  it('an unknown canon leaves the file unverifiable, and says why', () => {
    // why: verifier.ts:279:17 halt message → ""
    for (const canon of [2, '1']) {
      const report = verify(edit(exportOf(), 0, (h) => (h.canon = canon)));
      expect(report).toMatchObject({ status: 'unverifiable', canon, findings: [] });
      expect(report.notChecked).toEqual([
        {
          code: 'rest-of-file',
          message: 'the canon is not one this reader implements: every digest is unverifiable, not wrong',
        },
      ]);
    }
  });

  it('unknown members of the header and of its checkpoint are named by their paths', () => {
    // why: verifier.ts:288:7 the header's path '' → "Stryker was here!" (named 'Stryker was here!.extra'),
    // :292:61 'checkpoint' → "" (the checkpoint's member named 'extra')
    const report = verify(
      edit(exportOf(), 0, (h) => {
        h.extra = 1;
        h.checkpoint.note = 'x';
      }),
    );
    expect(report.findings).toEqual([]);
    expect(report.unaccounted).toEqual([
      { line: 1, member: 'extra' },
      { line: 1, member: 'checkpoint.note' },
    ]);
  });

  it('a header without a well-formed checkpoint is header-malformed on line 1', () => {
    // why: verifier.ts:294:37 finding message → "", :294:85 `{ line }` → `{}`
    const report = verify(edit(exportOf({ runs: [] }), 0, (h) => (h.checkpoint = null)));
    expect(report.findings).toEqual([
      { code: 'header-malformed', message: 'the header carries no well-formed checkpoint', line: 1 },
    ]);
  });

  it('a size-0 checkpoint with another root than the empty log is checkpoint-incoherent on line 1', () => {
    // why: verifier.ts:296:42 finding message → "", :296:105 `{ line }` → `{}`
    const lines = exportOf({ runs: [] });
    expect(verify(lines).status).toBe('sound');
    const report = verify(edit(lines, 0, (h) => (h.checkpoint.root = 'ab'.repeat(32))));
    expect(report.findings).toEqual([
      {
        code: 'checkpoint-incoherent',
        message: 'a size-0 checkpoint claims a root the empty log cannot have',
        line: 1,
      },
    ]);
  });

  it('a disclosure selection that is not two lists of strings is header-malformed on line 1', () => {
    // why: the no-coverage finding at verifier.ts:307:19 'header-malformed' → "", :307:39 message → "",
    // :307:97 `{ line }` → `{}`; :303:9 `Array.isArray(v) && v.every(…)` → true and `&&` → `||`,
    // :303:44 `typeof x === 'string'` → true (a list holding 5 would be taken, and a missing list would
    // throw); :306:11 `cases === null || runs === null` → false and `||` → `&&`, `cases === null` → false
    // (a null cases list would be taken and throw when the case layer is judged), :306:29 `runs === null` → false
    expect(verify(emptyDisclosure())).toMatchObject({ status: 'sound', kind: 'disclosure', findings: [] });
    const selections = [
      null,
      { runs: [] },
      { cases: [] },
      { cases: [5], runs: [] },
      { cases: [], runs: [5] },
      { cases: 'c1', runs: [] },
      { cases: [], runs: 'r1' },
    ];
    for (const selection of selections) {
      const report = verify(edit(emptyDisclosure(), 0, (h) => (h.selection = selection)));
      expect(report.findings, JSON.stringify(selection)).toEqual([
        {
          code: 'header-malformed',
          message: 'the disclosure header carries no well-formed selection',
          line: 1,
        },
      ]);
    }
  });

  it('an unknown member of a well-formed selection is named under selection', () => {
    // why: verifier.ts:310:9 the noteUnknown call removed, :310:71 'selection' → "" (named 'note')
    const report = verify(edit(emptyDisclosure(), 0, (h) => (h.selection.note = 1)));
    expect(report.findings).toEqual([]);
    expect(report.unaccounted).toEqual([{ line: 1, member: 'selection.note' }]);
  });
});

describe('verifier.ts onRunBlock and closeRun', () => {
  const open = (run: string) => ({ run, sealed: false, records: [step] });
  const aCase = { case: { id: 'c1', runs: ['r1'] }, deadlines: [], blobs: [], hold: null };

  it('a run block after the case layer is frame-out-of-order on its line', () => {
    // why: verifier.ts:317:39 finding message → "", :317:77 `{ line }` → `{}`
    const lines = exportOf({ runs: [open('r1')], cases: [aCase] });
    expect(verify(lines).findings).toEqual([]);
    // header, case block, then the run block and its record
    const moved = [lines[0]!, lines[3]!, lines[1]!, lines[2]!, lines[4]!];
    expect(verify(moved).findings).toEqual([
      { code: 'frame-out-of-order', message: 'a run block follows the case layer', line: 3 },
    ]);
  });

  it('a run block that names no run is run-block-malformed on its line', () => {
    // why: verifier.ts:323:40 finding message → "", :323:70 `{ line }` → `{}`
    const lines = edit(exportOf({ runs: [], unreadable: [{ run: 'r1', reason: 'lost' }] }), 1, (b) => {
      b.run = '';
    });
    expect(verify(lines).findings).toEqual([
      { code: 'run-block-malformed', message: 'the run block names no run', line: 2 },
    ]);
  });

  it('a run carried in two blocks is run-duplicate on the second, naming the run', () => {
    // why: verifier.ts:329:34 finding message → "", :329:71 `{ line, run: id }` → `{}`
    const report = verify(exportOf({ runs: [open('r1'), open('r1')] }));
    expect(report.findings).toEqual([
      { code: 'run-duplicate', message: 'this run is carried in two blocks', line: 4, run: 'r1' },
    ]);
  });

  it('a run block with an index and no seal is run-position-malformed, naming the run', () => {
    // why: verifier.ts:334:9 finding message → "", :335:9 `{ line, run: id }` → `{}`
    const report = verify(edit(exportOf({ runs: [open('r1')] }), 1, (b) => (b.index = 0)));
    expect(report.findings).toEqual([
      {
        code: 'run-position-malformed',
        message: 'index and seal must both be present and well-formed, or both absent',
        line: 2,
        run: 'r1',
      },
    ]);
  });

  it('a second block at a claimed log position is index-duplicate, naming its run', () => {
    // why: verifier.ts:341:38 finding message → "", :341:102 `{ line, run: id }` → `{}`
    const sealed = (run: string) => ({ run, sealed: true, records: [step] });
    const report = verify(edit(exportOf({ runs: [sealed('r1'), sealed('r2')] }), 3, (b) => (b.index = 0)));
    expect(report.findings).toEqual([
      {
        code: 'index-duplicate',
        message: 'this log position is already claimed by an earlier run block',
        line: 4,
        run: 'r2',
      },
      // r2's leaf is not placed, so the log holds one of the two the checkpoint commits to
      {
        code: 'log-incomplete',
        message:
          'the file carries 1 sealed run(s) and its checkpoint commits to 2: the set cannot be checked',
      },
    ]);
  });

  it('an open run of a package that did not conclude is no removed leaf', () => {
    // why: verifier.ts:356:88 `concludedSealed: false` → `true` (every open run would start as concluded
    // and be package-run-unplaced). The second file is the finding when the run did conclude.
    const disclosure = { cases: [], runs: ['r1'] };
    expect(verify(exportOf({ runs: [open('r1')], disclosure }))).toMatchObject({
      status: 'sound',
      findings: [],
    });
    const concluded = {
      run: 'r1',
      sealed: false,
      records: [step, { body: { kind: 'RunConcluded', outcome: 'succeeded' } }],
    };
    expect(verify(exportOf({ runs: [concluded], disclosure })).findings).toEqual([
      {
        code: 'package-run-unplaced',
        message: 'the run concluded, yet its block carries no index and seal: a leaf was removed',
        run: 'r1',
      },
    ]);
  });

  it("a seal that is not the run's terminal hash is seal-mismatch on the block's line, naming the run", () => {
    // why: verifier.ts:366:34 finding message → "", :366:88 `{ line: run.line, run: id }` → `{}`
    // (the header commits to the altered seal, so the log itself is coherent)
    const other = new Uint8Array(32).fill(9);
    const lines = exportOf();
    let altered = edit(lines, 1, (b) => (b.seal = hex.encode(other)));
    altered = edit(altered, 0, (h) => (h.checkpoint.root = hex.encode(rootHash([other]))));
    expect(verify(altered).findings).toEqual([
      {
        code: 'seal-mismatch',
        message: "the log leaf is not this run's terminal chain hash",
        line: 2,
        run: 'r1',
      },
    ]);
  });
});
