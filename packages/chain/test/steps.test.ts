import { hex } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import { emptyRoot, rootHash } from '@agent-seam/merkle';
import { cosign, cosignatureVerifier, formatVerifierKey } from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { type ExportReport, exportHeadline, verifyExport, writeExport } from '../src/index.js';
import { optionsOf, sealedRun, unhex } from './helpers.js';

// What each step established, and the headline, pinned whole for files of every kind: every
// step's outcome and detail as a person reads them, written out by hand.
const doc = loadVectors('chain.json');
const vector = (group: string, name: string) => doc[group].find((v: { name: string }) => v.name === name);
const read = (group: string, name: string, over: { lines?: string[]; options?: object } = {}) => {
  const v = vector(group, name);
  return verifyExport(over.lines ?? v.lines, optionsOf(over.options ?? v.options));
};
const steps = (report: ExportReport) => report.steps.map((s) => `${s.id} ${s.outcome}: ${s.detail}`);

const RUN_A = 'run_01J80000000000000000000001';
/** The base file's steps that hold whatever the caller gives. */
const BASE = {
  lines: 'lines pass: 13 lines read',
  header: 'header pass: an export of version 1 whose checkpoint holds 2 leaves',
  records: 'records pass: each record hashes over its canonical bytes and agrees with its body (7 records)',
  runs: 'runs pass: each chain links from seq 1 to its last record (3 runs)',
  log: "log pass: the root over 2 sealed runs is the header's; no root covers the tail of an open run (1 open run)",
  cases:
    "cases pass: every case a record names has its block (1 case block); the blocks' contents are covered by no hash; blob bytes are never in the file",
  trailer: "trailer pass: the trailer's counts match the file",
  graders: 'graders not-checked: no grader verdict given',
};
const keyed = 'signatures pass: 7 record signatures verified under the keys given';
const anchored = "anchors pass: the header's checkpoint is the outside checkpoint's (size 2)";
const base = (signatures: string, anchors: string, graders = BASE.graders) => [
  BASE.lines,
  BASE.header,
  BASE.records,
  BASE.runs,
  signatures,
  BASE.log,
  anchors,
  BASE.cases,
  BASE.trailer,
  graders,
];

describe('report.steps and exportHeadline, whole', () => {
  it('nothing supplied: consistent, not authenticated, deletion not checked', async () => {
    const report = await read('export.sound', 'unkeyed');
    expect(steps(report)).toEqual(
      base(
        'signatures not-checked: record signatures NOT checked: no record keys',
        'anchors not-checked: deletion NOT checked: no checkpoint from outside the file',
      ),
    );
    expect(exportHeadline(report)).toBe(
      'consistent, NOT authenticated: no record keys; deletion NOT checked: no outside checkpoint',
    );
  });

  it('keys, a cosigned note anchor and witness keys: everything the caller can establish', async () => {
    const report = await read('export.sound', 'cosigned-anchor');
    expect(steps(report)).toEqual(base(`${keyed}; cosigned by test-witness`, anchored));
    expect(exportHeadline(report)).toBe(
      'sound: authenticated: 7 record signatures verified; deletion checked against an outside checkpoint; witnessed by test-witness',
    );
  });

  it('an outside checkpoint of the first leaf only', async () => {
    const report = await read('export.sound', 'anchored-prefix');
    expect(steps(report)[6]).toBe(
      'anchors pass: an outside checkpoint holds the first 1 leaf; the rest are held only to the header',
    );
    expect(exportHeadline(report)).toBe(
      'sound: authenticated: 7 record signatures verified; deletion checked for the first 1 leaf of 2 (an older outside checkpoint)',
    );
  });

  it('an outside checkpoint of no leaves: the headline counts them in the plural', async () => {
    // why: export/headline.ts exportHeadline, the plural 'leaves' of the prefix clause → ""
    const v = vector('export.sound', 'anchored-prefix');
    const empty = {
      checkpoint: { ...v.options.anchors[0].checkpoint, size: 0, root: hex.encode(emptyRoot()) },
    };
    const report = await read('export.sound', 'anchored-prefix', {
      options: { ...v.options, anchors: [empty] },
    });
    expect(exportHeadline(report)).toBe(
      'sound: authenticated: 7 record signatures verified; deletion checked for the first 0 leaves of 2 (an older outside checkpoint)',
    );
  });

  it('two witnesses who cosigned the anchor are both named, separated by a comma', async () => {
    // why: export/headline.ts exportHeadline, the witness names' separator ', ' → ""
    const v = vector('export.sound', 'cosigned-anchor');
    const second = { name: 'second-witness', seed: new Uint8Array(32).fill(9) };
    const note = cosign(v.options.anchors[0].note, second, v.options.now - 60);
    const witnessKeys = [
      ...v.options.witnessKeys,
      formatVerifierKey(cosignatureVerifier(second.name, keyPairFromSeed(second.seed).publicKey)),
    ];
    const report = await read('export.sound', 'cosigned-anchor', {
      options: { ...v.options, anchors: [{ note }], witnessKeys },
    });
    expect(exportHeadline(report)).toBe(
      'sound: authenticated: 7 record signatures verified; deletion checked against an outside checkpoint; witnessed by test-witness, second-witness',
    );
  });

  it('a disclosure package, its path proved against an outside checkpoint', async () => {
    const report = await read('export.sound', 'disclosure-package');
    expect(steps(report)).toEqual([
      'lines pass: 7 lines read',
      'header pass: a disclosure package of version 1 whose checkpoint holds 3 leaves',
      'records pass: each record hashes over its canonical bytes and agrees with its body (3 records)',
      'runs pass: each chain links from seq 1 to its last record (1 run)',
      'signatures pass: 3 record signatures verified under the keys given',
      "log pass: 1 inclusion path proved against the header's root",
      "anchors pass: the header's checkpoint is the outside checkpoint's (size 3)",
      BASE.cases,
      BASE.trailer,
      BASE.graders,
    ]);
    expect(exportHeadline(report)).toBe(
      'sound: authenticated: 3 record signatures verified; paths proved against an outside checkpoint',
    );
  });

  it('a package beside an outside checkpoint of another size: nothing compared', async () => {
    const report = await read('export.established', 'package-other-size');
    expect(steps(report)[6]).toBe(
      'anchors not-checked: deletion NOT checked: no outside checkpoint could be compared',
    );
    expect(exportHeadline(report)).toBe(
      'authenticated: 3 record signatures verified; deletion NOT checked: no outside checkpoint could be compared',
    );
  });

  it('a note anchor without witness keys, and a freshness bound with no cosignature to judge', async () => {
    const unwitnessed = await read('export.established', 'note-unwitnessed');
    expect(steps(unwitnessed)).toEqual(
      base(
        "signatures not-checked: 7 record signatures verified under the keys given; the note anchor's cosignatures NOT checked: no witness keys",
        anchored,
      ),
    );
    expect(exportHeadline(unwitnessed)).toBe(
      'authenticated: 7 record signatures verified; deletion checked against an outside checkpoint; anchor NOT witnessed: no witness keys',
    );
    const stale = await read('export.established', 'freshness-unjudged');
    expect(steps(stale)[4]).toBe(
      'signatures not-checked: 7 record signatures verified under the keys given; witness freshness NOT judged: no cosignature verified',
    );
    expect(exportHeadline(stale)).toBe(
      'authenticated: 7 record signatures verified; deletion checked against an outside checkpoint; witness freshness NOT judged: no cosignature verified',
    );
  });

  it('a grader verdict without, then with, its grader key', async () => {
    const unkeyed = await read('export.established', 'grader-unkeyed');
    expect(steps(unkeyed)).toEqual(
      base(
        keyed,
        anchored,
        'graders not-checked: 1 grader verdict bound to a run; grader signatures NOT checked: no grader keys',
      ),
    );
    expect(exportHeadline(unkeyed)).toBe(
      'authenticated: 7 record signatures verified; deletion checked against an outside checkpoint; grader verdicts NOT authenticated: no grader keys',
    );
    const signed = await read('export.established', 'grader-keyed');
    expect(steps(signed)[9]).toBe(
      'graders pass: 1 grader verdict bound to a run, 1 signed under the grader keys given',
    );
    expect(exportHeadline(signed)).toBe(
      'sound: authenticated: 7 record signatures verified; deletion checked against an outside checkpoint; 1 grader verdict authenticated',
    );
  });

  it('waived by name: the headline says so after each', async () => {
    expect(exportHeadline(await read('export.established', 'waived-by-name'))).toBe(
      'consistent, NOT authenticated: no record keys (waived); deletion NOT checked: no outside checkpoint (waived)',
    );
  });

  it('under strict: the other items it judged, unchecked or waived, are named', async () => {
    expect(exportHeadline(await read('export.strict', 'strict-closed-file'))).toBe(
      'sound: authenticated: 5 record signatures verified; deletion checked against an outside checkpoint; waived: blob-bytes',
    );
    expect(exportHeadline(await read('export.strict', 'strict-blob-bytes'))).toBe(
      'authenticated: 5 record signatures verified; deletion checked against an outside checkpoint; NOT established under strict: blob-bytes',
    );
  });

  it('a closed file without case blocks: the cases step established nothing', async () => {
    const report = await read('export.established', 'closed-no-case');
    expect(steps(report).slice(5, 8)).toEqual([
      "log pass: the root over 2 sealed runs is the header's",
      "anchors pass: the header's checkpoint is the outside checkpoint's (size 2)",
      'cases not-checked: the file carries no case block; blob bytes are never in the file',
    ]);
  });

  it('a framing member this reader does not know, keyed and anchored', async () => {
    const report = await read('export.sound', 'unknown-framing-member', {
      options: vector('export.sound', 'anchored-full').options,
    });
    expect(steps(report)[0]).toBe('lines pass: 13 lines read; 1 framing member this reader does not know');
    expect(exportHeadline(report)).toBe(
      'sound, over the members this reader knows: authenticated: 7 record signatures verified; deletion checked against an outside checkpoint',
    );
  });

  it('findings: the refusing step names where and what, and how many more', async () => {
    const report = await read('export.findings', 'run-b-filed-under-a');
    expect(steps(report)[3]).toBe(
      `runs refuse: line 3, run ${RUN_A}: a record's own body names another run than its block (and 1 more finding)`,
    );
    expect(report.steps[3]).toMatchObject({ code: 'record-run-mismatch', findings: 2 });
    expect(exportHeadline(report)).toBe(
      `NOT sound, 2 findings; the first: line 3, run ${RUN_A}: a record's own body names another run than its block [record-run-mismatch]`,
    );
  });

  it('no header, an unknown canon, no line at all: nothing after the header was read', async () => {
    const missing = await read('export.findings', 'header-missing');
    const notRead = 'not read: the reader stopped at the header';
    expect(steps(missing)).toEqual([
      'lines pass: 12 lines read',
      'header refuse: line 1: the first line is not an export or disclosure header',
      ...['records', 'runs', 'signatures', 'log', 'anchors', 'cases', 'trailer', 'graders'].map(
        (id) => `${id} not-checked: ${notRead}`,
      ),
    ]);
    const canon = await read('export.sound', 'unknown-canon');
    expect(steps(canon).slice(0, 3)).toEqual([
      'lines pass: 13 lines read',
      'header not-checked: canon 2 is not one this reader implements',
      'records not-checked: not read: the header names a canon this reader does not implement',
    ]);
    expect(exportHeadline(canon)).toBe(
      'unverifiable: the header names a canon this reader does not implement; nothing below it was judged',
    );
    const empty = await verifyExport([]);
    expect(steps(empty).slice(0, 2)).toEqual([
      'lines not-checked: the input holds no line',
      'header refuse: line 0: the first line is not an export or disclosure header',
    ]);
  });

  it('each item not checked is listed under the step that would have established it', async () => {
    const owned = async (group: string, name: string, over = {}) =>
      (await read(group, name, over)).steps
        .filter((s) => s.notChecked.length > 0)
        .map((s) => `${s.id}: ${s.notChecked}`);
    // why: steps.ts OWNER each entry (record-signatures, unsigned-records, deletion, the anchor items, open-runs, the case items, unreadable-runs, unknown-members, rest-of-file) → ""
    expect(await owned('export.unchecked', 'unsigned-without-keys')).toEqual([
      'signatures: record-signatures,unsigned-records',
      'log: open-runs',
      'anchors: deletion',
      'cases: case-contents,blob-bytes',
    ]);
    expect(await owned('export.sound', 'anchored-prefix')).toContain('anchors: anchor-prefix-only');
    expect(await owned('export.sound', 'disclosure-anchor-other-size')).toContain(
      'anchors: anchor-not-compared,deletion',
    );
    expect(await owned('export.reference-readings', 'unreadable-run')).toContain('trailer: unreadable-runs');
    expect(await owned('export.sound', 'unknown-framing-member')).toContain('lines: unknown-members');
    expect(await owned('export.sound', 'unknown-canon')).toEqual(['header: rest-of-file']);
  });

  it('a file that carries no run: each step over records says it found none, and nothing passes on nothing', async () => {
    // why: steps.ts established records/runs/signatures `r.records > 0` → true and → `>= 0`, `r.records === 0 && …` → false, `!has('record-signatures')` → has, and log `sealed > 0` → true/`>= 0`, `sealed === 0 && …` → false
    const empty = await verifyExport(writeExport({ origin: 'example.com/log', runs: [] }).lines);
    expect(steps(empty)).toEqual([
      'lines pass: 2 lines read',
      'header pass: an export of version 1 whose checkpoint holds 0 leaves',
      'records not-checked: the file carries no record',
      'runs not-checked: no run carries a record',
      'signatures not-checked: the file carries no record signature',
      'log not-checked: no sealed run: the log covers nothing this file carries',
      'anchors not-checked: deletion NOT checked: no checkpoint from outside the file',
      'cases not-checked: the file carries no case block; blob bytes are never in the file',
      "trailer pass: the trailer's counts match the file",
      'graders not-checked: no grader verdict given',
    ]);
  });

  it('a disclosure package that carries no sealed run proves no path', async () => {
    // why: steps.ts established log (disclosure) `sealed > 0` → true and → `>= 0`, `sealed === 0 && 'the package carries no sealed run'` → false / ""
    const lines = writeExport({
      origin: 'example.com/log',
      runs: [],
      disclosure: { cases: [], runs: [] },
    }).lines;
    expect(steps(await verifyExport(lines))[5]).toBe('log not-checked: the package carries no sealed run');
  });

  it('records beside a checkpoint of size zero: the log covers none of them', async () => {
    // why: steps.ts established log (export) `sealed > 0` → true and → `>= 0`, `sealed === 0 && 'no sealed run: …'` → false / ""
    const report = await read('export.findings', 'checkpoint-size-zero');
    expect(steps(report).slice(2, 6)).toEqual([
      'records pass: each record hashes over its canonical bytes and agrees with its body (2 records)',
      'runs pass: each chain links from seq 1 to its last record (1 run)',
      'signatures not-checked: record signatures NOT checked: no record keys',
      'log not-checked: no sealed run: the log covers nothing this file carries; no root covers the tail of an open run (1 open run)',
    ]);
  });

  it('a cosigned note anchor and witness keys, without record keys: the signatures step names the witness alone', async () => {
    // why: steps.ts established signatures `r.witnesses.length > 0` → false, `cosigned by …` → "", `(w) => printable(w.name)` → () => undefined
    const { keys, ...unkeyed } = vector('export.sound', 'cosigned-anchor').options;
    expect(keys).toBeDefined();
    const report = await read('export.sound', 'cosigned-anchor', { options: unkeyed });
    expect(steps(report)[4]).toBe(
      'signatures not-checked: cosigned by test-witness; record signatures NOT checked: no record keys',
    );
  });

  it('a checkpoint of one leaf is said in the singular', async () => {
    // why: steps.ts established header plural(r.logSize, 'leaf', 'leaves') 'leaf' → ""
    expect(steps(await read('export.sound', 'run-dropped-no-anchor'))[1]).toBe(
      'header pass: an export of version 1 whose checkpoint holds 1 leaf',
    );
  });

  it('a finding over the whole log (no line, run or anchor): the step gives its message bare', async () => {
    // why: steps.ts stepsOf `where === ''` → false, its '' → "Stryker was here!" (both sides)
    expect(steps(await read('export.findings', 'root-edited'))[5]).toBe(
      'log refuse: the Merkle root rebuilt from this export does not match its header',
    );
  });

  it('the writer names a run it could not read: the trailer step says so', async () => {
    // why: steps.ts established trailer `has('unreadable-runs') && …` → false, 'unreadable-runs' → "", its words → ""
    expect(steps(await read('export.reference-readings', 'unreadable-run'))[8]).toBe(
      "trailer pass: the trailer's counts match the file; the writer names runs it could not read",
    );
  });

  it('a note cosigned by two witnesses: the signatures step names both, with and without record keys', async () => {
    // why: steps.ts established signatures `.join(', ')` → join("") in both branches (with and without record signatures verified)
    const { options } = vector('export.sound', 'cosigned-anchor');
    const second = { name: 'second-witness', seed: new Uint8Array(32).fill(7) };
    const note = cosign(options.anchors[0].note, second, options.now - 60);
    const twice = {
      ...options,
      anchors: [{ note }],
      witnessKeys: [
        ...options.witnessKeys,
        formatVerifierKey(cosignatureVerifier(second.name, keyPairFromSeed(second.seed).publicKey)),
      ],
    };
    expect(steps(await read('export.sound', 'cosigned-anchor', { options: twice }))[4]).toBe(
      `${keyed}; cosigned by test-witness, second-witness`,
    );
    const { keys, ...unkeyed } = twice;
    expect(keys).toBeDefined();
    expect(steps(await read('export.sound', 'cosigned-anchor', { options: unkeyed }))[4]).toBe(
      'signatures not-checked: cosigned by test-witness, second-witness; record signatures NOT checked: no record keys',
    );
  });

  it('an outside checkpoint of the first two leaves of three is said in the plural', async () => {
    // why: steps.ts established anchors plural(prefix.size, 'leaf', 'leaves') 'leaves' → ""
    const runs = [1, 2, 3].map((n) => sealedRun(`run_01J8${String(n).padStart(22, '0')}`));
    const { lines, hashes } = writeExport({ origin: 'example.com/log', runs });
    const seals = hashes.slice(0, 2).map((chain) => unhex(chain.at(-1) as string));
    const report = await verifyExport(lines, {
      anchors: [{ checkpoint: { origin: 'example.com/log', size: 2, root: rootHash(seals) } }],
    });
    expect(steps(report)[6]).toBe(
      'anchors pass: an outside checkpoint holds the first 2 leaves; the rest are held only to the header',
    );
  });
});
