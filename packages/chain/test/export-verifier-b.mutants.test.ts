// Cases that kill the Stryker survivors of src/export/verifier.ts, lines 264-366 (the header,
// run blocks and closing a run), in the mutation report of the export verifier. Each `it` names
// the mutants it kills by verifier.ts:line:column; equivalent mutants are listed in spec/chain.md
// ("Equivalent mutants", verifier.ts (b)).
import { hex } from '@agent-seam/canonical';
import { rootHash } from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { type ExportPlan, type ExportReport, ExportVerifier, writeExport } from '../src/index.js';

const ORIGIN = 'example.com/log';
const step = { body: { kind: 'Step' } };
const EMPTY_ROOT = hex.encode(rootHash([]));

/** The lines of a written export: by default one sealed run r1 of one record. */
const exportOf = (plan: Partial<ExportPlan> = {}) =>
  writeExport({ origin: ORIGIN, runs: [{ run: 'r1', sealed: true, records: [step] }], ...plan }).lines;

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
          message:
            'the canon is not one this reader implements: every digest is unverifiable, not wrong',
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
