import { describe, expect, it } from 'vitest';
import { formatReport } from '../src/cli/format.js';
import type { ExportReport } from '../src/index.js';

// The human report the command prints, compared whole.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

/** A report with nothing in it; each case below sets what it prints. */
const report = (over: Partial<ExportReport>): ExportReport => ({
  status: 'sound',
  kind: 'export',
  findings: [],
  notChecked: [],
  unaccounted: [],
  runs: 1,
  records: 1,
  cases: 1,
  sealedRuns: 1,
  openRuns: 0,
  recordSignaturesVerified: 0,
  anchors: [],
  graderVerdicts: [],
  witnesses: [],
  lines: 3,
  bytes: 300,
  steps: [],
  ...over,
});

describe('format.ts: the human report, compared whole', () => {
  it('prints a sound export: its kind, counts in the singular, open runs 0, no signature line', () => {
    // why: format.ts:10:25 [] → ["Stryker was here"], :12:5 kind === 'disclosure' → true,
    // :12:59 kind === 'export' → false, → !==, :12:75 'export' → "", :12:86 'export' → "",
    // :14:5 and :15:7 lines → '', :14:46 'run' → "", :15:33 'record' → "", :15:68 'case' → "",
    // :27:7 status === 'unverifiable' → true, :31:7 the package condition → true, kind === 'disclosure' → true,
    // :47:7 recordSignaturesVerified > 0 → true, → >= 0, :57:75 'open runs: 0' → "",
    // :57:7 the open-runs condition → false, :57:43 openRuns === 0 → !== 0, :76:22 '\n' → ""
    expect(formatReport('f.jsonl', report({}), [])).toBe(
      'f.jsonl: sound: nothing to authenticate\n' +
        'export: 1 run (1 sealed, 0 open), 1 record, 1 case\n' +
        'open runs: 0\n' +
        '1 run, 1 record, 1 case: sound\n',
    );
  });

  it('prints findings with the line, run and anchor each names, and none for a whole-file finding', () => {
    // why: format.ts:12:5 kind === 'disclosure' → !== (a file of no kind), :12:59 kind === 'export' → true,
    // :19:7 f.line !== undefined → true, :19:49 '' → "Stryker was here!", :20:7 f.run !== undefined → true,
    // :20:57 '' → "Stryker was here!", :21:7 f.anchor !== undefined → false, :21:32 → '' and :21:42
    // f.anchor + 1 → - 1 (NoCoverage), :25:26 where === '' → false, :25:36 and :25:41 '' → "Stryker was here!",
    // :31:7 && → || (a log size outside a package), :70:11 status === 'unchecked' → true, :72:44 'finding' → "",
    // :57:43 openRuns === 0 → true, :12:97 'file' → "" (NoCoverage)
    const r = report({
      status: 'findings',
      kind: null,
      runs: 2,
      records: 0,
      cases: 3,
      sealedRuns: 1,
      openRuns: 1,
      logSize: 5,
      recordSignaturesVerified: 2,
      findings: [
        { code: 'header-missing' as never, message: 'no header' },
        { code: 'anchor-mismatch' as never, line: 4, run: 'r1', anchor: 0, message: 'root differs' },
        { code: 'witness-stale' as never, anchor: 1, message: 'stale' },
      ],
    });
    expect(formatReport('f.jsonl', r, [])).toBe(
      'f.jsonl: NOT sound, 3 findings; the first: no header [header-missing]\n' +
        'file: 2 runs (1 sealed, 1 open), 0 records, 3 cases\n' +
        'finding: no header [header-missing]\n' +
        'finding: line 4, run r1, anchor 1: root differs [anchor-mismatch]\n' +
        'finding: anchor 2: stale [witness-stale]\n' +
        '2 record signatures verified\n' +
        '2 runs, 0 records, 3 cases: 3 findings\n',
    );
  });

  it('prints an unverifiable package: no open-runs line, its log size, anchors with and without size and cosigners', () => {
    // why: format.ts:12:5 kind === 'disclosure' → false, → !==, :12:21 'disclosure' → "", :12:36 'disclosure package' → ""
    // (NoCoverage), :31:7 the package condition → false, kind === 'disclosure' → !==, :31:23 'disclosure' → "",
    // :31:39 logSize !== undefined → === (NoCoverage), :33:7 → '', :33:56 'leaf' → "",
    // :33:98 provenLeaves ?? 0 → && 0 (NoCoverage), :37:45 a.size !== undefined → true, :37:90 '' → "Stryker
    // was here!" (NoCoverage), :37:95 cosignedBy.length > 0 → true, → >= 0, :37:156 ', ' → "",
    // :37:166 '' → "Stryker was here!", :57:7 the open-runs condition → true, && → ||, status !== 'unverifiable'
    // → true, :57:25 'unverifiable' → "", :68:9 status === 'unverifiable' → false, :68:27 'unverifiable' → "",
    // :69:11 'unverifiable (unknown canon)' → ""
    const r = report({
      status: 'unverifiable',
      kind: 'disclosure',
      runs: 0,
      records: 0,
      cases: 0,
      sealedRuns: 0,
      openRuns: 0,
      logSize: 1,
      anchors: [
        { anchor: 0, status: 'not-compared', cosignedBy: [] },
        { anchor: 1, status: 'matched', size: 3, cosignedBy: ['w1', 'w2'] },
      ],
    });
    expect(formatReport('p.jsonl', r, [])).toBe(
      'p.jsonl: unverifiable: the header names a canon this reader does not implement; nothing below it was judged\n' +
        'disclosure package: 0 runs (0 sealed, 0 open), 0 records, 0 cases\n' +
        'unverifiable: unknown canon — the header names a canonical form this reader does not implement\n' +
        'package: the log holds 1 leaf; this package proves 0\n' +
        'anchor 1: not-compared\n' +
        'anchor 2: matched (size 3), cosigned by w1, w2\n' +
        '0 runs, 0 records, 0 cases: unverifiable (unknown canon)\n',
    );
  });

  it('prints a sound package with graders, not-checked runs, unaccounted members and waived items', () => {
    // why: format.ts:33:64 'leaves' → "" (NoCoverage), :33:98 provenLeaves ?? 0 → && 0, :40:44 '#…' → '' and
    // :40:48 g.sidecar + 1 → - 1 (NoCoverage), :43:66 g.run ?? '' → && '', :44:11 the refused line → ''
    // (NoCoverage), :52:44 → '', :52:76 ', ' → "" (NoCoverage), :52:87 '' → "Stryker was here!", :55:14 → ''
    // (NoCoverage), :57:43 openRuns === 0 → true, :60:18 unchecked.length > 0 → true, → >= 0, :60:110
    // 'everything required was checked' → "", :65:9 unaccounted.length > 0 → false, :66:11 → "" (NoCoverage)
    const r = report({
      kind: 'disclosure',
      runs: 2,
      records: 5,
      cases: 0,
      sealedRuns: 0,
      openRuns: 2,
      logSize: 3,
      provenLeaves: 2,
      recordSignaturesVerified: 1,
      graderVerdicts: [
        { sidecar: 0, run: 'r1', lastSeq: 3, holds: true, signature: 'verified' },
        { sidecar: 1, run: 'r2', lastSeq: 0, holds: true, signature: 'not-checked' },
        { sidecar: 2, holds: false, component: 'format', signature: 'not-checked' },
      ],
      notChecked: [
        { code: 'open-runs', message: '2 open runs', runs: ['a', 'b c'] },
        { code: 'blob-bytes', message: 'blob bytes are not in the file' },
      ],
      unaccounted: [{ line: 2, member: 'x.y' }],
      strict: { unchecked: [], waived: ['open-runs', 'blob-bytes'] },
    });
    expect(formatReport('p.jsonl', r, ['g0.json'])).toBe(
      'p.jsonl: sound, over the members this reader knows: authenticated: 1 record signature verified; 1 grader verdict authenticated; waived: open-runs, blob-bytes\n' +
        'disclosure package: 2 runs (0 sealed, 2 open), 5 records, 0 cases\n' +
        'package: the log holds 3 leaves; this package proves 2\n' +
        'grader verdict g0.json: holds — binds run r1 through seq 3, signature verified\n' +
        'grader verdict #2: holds — binds run r2 through seq 0, signature not-checked\n' +
        'grader verdict #3: refused (format)\n' +
        '1 record signature verified\n' +
        'not checked: 2 open runs (a, "b c") [open-runs]\n' +
        'not checked: blob bytes are not in the file [blob-bytes]\n' +
        'not accounted for: line 2 carries member "x.y"\n' +
        'waived by name: open-runs, blob-bytes\n' +
        '2 runs, 5 records, 0 cases: sound, over the members this reader knows, waiving open-runs, blob-bytes\n',
    );
  });

  it('prints no package line for a package whose header gave no log size', () => {
    // why: format.ts:31:39 report.logSize !== undefined → true (a line of "undefined leaves")
    const r = report({
      status: 'findings',
      kind: 'disclosure',
      findings: [{ code: 'x' as never, message: 'm' }],
    });
    expect(formatReport('p.jsonl', r, [])).toBe(
      'p.jsonl: NOT sound, 1 finding; the first: m [x]\n' +
        'disclosure package: 1 run (1 sealed, 0 open), 1 record, 1 case\n' +
        'finding: m [x]\n' +
        'open runs: 0\n' +
        '1 run, 1 record, 1 case: 1 finding\n',
    );
  });

  it('prints what keeps a --strict verdict from sound, with no waived part when nothing was waived', () => {
    // why: format.ts:61:10 waived.length > 0 → true, → >= 0, :61:93 '' → "Stryker was here!"
    const r = report({
      status: 'unchecked',
      records: 2,
      cases: 0,
      notChecked: [
        { code: 'deletion', message: 'no checkpoint from outside the file' },
        { code: 'blob-bytes', message: 'blob bytes are not in the file' },
      ],
      strict: { unchecked: ['deletion', 'blob-bytes'], waived: [] },
    });
    expect(formatReport('f.jsonl', r, [])).toBe(
      'f.jsonl: deletion NOT checked: no outside checkpoint; NOT established under strict: blob-bytes\n' +
        'export: 1 run (1 sealed, 0 open), 2 records, 0 cases\n' +
        'not checked: no checkpoint from outside the file [deletion]\n' +
        'not checked: blob bytes are not in the file [blob-bytes]\n' +
        'open runs: 0\n' +
        '1 run, 2 records, 0 cases: NOT established: deletion, blob-bytes (waive by name with --allow-unchecked)\n',
    );
  });

  it('stays total over reports the verifier does not produce: a holding verdict without a run, unchecked without strict', () => {
    // why: format.ts:43:75 '' → "Stryker was here!" (NoCoverage), :71:49 report.strict?.unchecked → report.strict.unchecked
    // (a TypeError). The verifier always names the run of a holding verdict and sets strict with 'unchecked';
    // these pin formatReport's own fallbacks for any report its type allows.
    const r = report({
      status: 'unchecked',
      graderVerdicts: [{ sidecar: 0, holds: true, signature: 'not-checked' }],
    });
    expect(formatReport('f.jsonl', r, ['g.json'])).toBe(
      'f.jsonl: sound: nothing to authenticate\n' +
        'export: 1 run (1 sealed, 0 open), 1 record, 1 case\n' +
        'grader verdict g.json: holds — binds run "" through seq undefined, signature not-checked\n' +
        'open runs: 0\n' +
        '1 run, 1 record, 1 case: NOT established:  (waive by name with --allow-unchecked)\n',
    );
  });
});
