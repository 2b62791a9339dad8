// One record line of an export: where it stands, its form, its bytes, its seq, its link and
// its signature (src/export/verifier.ts).
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
import { describe, expect, it } from 'vitest';
import {
  type ExportOptions,
  type ExportReport,
  ExportVerifier,
  mergeExportReports,
  verifyExportRange,
  writeExport,
} from '../src/index.js';

const step = { body: { kind: 'Step' } };

/** Header, the block of one open run r1 of `n` records, its records, the trailer. */
const openRun = (n: number) =>
  writeExport({
    origin: 'example.com/log',
    runs: [{ run: 'r1', sealed: false, records: Array.from({ length: n }, () => step) }],
  }).lines;

/** The lines with line `i` (0-based) parsed, changed by `change` and written back. */
function edit(lines: string[], i: number, change: (frame: Record<string, any>) => void): string[] {
  const frame = JSON.parse(lines[i]!);
  change(frame);
  return lines.map((line, j) => (j === i ? JSON.stringify(frame) : line));
}

function verify(lines: string[], options?: ExportOptions): ExportReport {
  const verifier = new ExportVerifier(options);
  for (const line of lines) verifier.push(line);
  return verifier.finish();
}

/** What the trailer says of a file that carries one record line more or fewer than it was written with. */
const recordsClaimed = (claimed: number, actual: number, line: number) => ({
  code: 'trailer-count-mismatch',
  message: `the trailer claims records ${claimed}, the file carries ${actual}`,
  line,
});

const malformed = (line: number) => ({
  code: 'record-malformed',
  message: 'the record line lacks a well-formed seq, body, prev_hash, hash or raw',
  line,
  run: 'r1',
});

describe('verifier.ts onRecord: where the record is and its form', () => {
  it('the reference: an open run of two records has no finding', () => {
    expect(verify(openRun(2))).toMatchObject({ status: 'sound', findings: [], records: 2 });
  });

  it('a record line straight after the header is record-outside-run on its line', () => {
    // why: verifier.ts:388:39 finding message → "", :388:81 `{ line: lineNo }` → `{}`
    const [header, , record, trailer] = openRun(1);
    expect(verify([header!, record!, trailer!]).findings).toEqual([
      { code: 'record-outside-run', message: 'a record line is not under a run block', line: 2 },
      {
        code: 'trailer-count-mismatch',
        message: 'the trailer claims runs_requested 1, the file carries 0',
        line: 3,
      },
      {
        code: 'trailer-count-mismatch',
        message: 'the trailer claims runs_exported 1, the file carries 0',
        line: 3,
      },
    ]);
  });

  it('a record without its raw is record-malformed, and still numbers and links the chain', () => {
    // why: verifier.ts:399:9 finding message → ""; :396:9 `!record.wellFormed || seq === null` → false,
    // `… || prev === null` → false, both `||` → `&&` (seq, prev_hash and hash are there, so only
    // wellFormed tells; the record would be judged and found a hash mismatch); :402:11 `seq !== null`
    // → false and → `seq === null` (the next record's seq 2 would jump from 0), :403:11 `hash !== null`
    // → false and → `hash === null` (the next record would not link to the unset hash)
    const lines = edit(openRun(2), 2, (r) => delete r.raw);
    expect(verify(lines).findings).toEqual([malformed(3)]);
  });

  it('a line with no seq and no hash between two records leaves the chain where it was', () => {
    // why: verifier.ts:402:11 `seq !== null` → true (the line's null seq would become the last seq, and
    // the next record jump from null to 2), :403:11 `hash !== null` → true (the null hash would become the
    // last hash, and the next record link to no predecessor)
    const [header, block, first, second, trailer] = openRun(2);
    const lines = [header!, block!, first!, '{"body":{}}', second!, trailer!];
    expect(verify(lines).findings).toEqual([malformed(4), recordsClaimed(2, 3, 6)]);
  });

  it('a part whose reading says well formed and lacks seq, prev_hash or hash is still record-malformed', async () => {
    // why: verifier.ts:396:31 `seq === null` → false, :396:47 `prev === null` → false, :396:64
    // `hash === null` → false. The reader never says well formed of such a line, but readings reach
    // the verifier from parts (mergeExportReports) as they were written, and each member is checked
    // again here: a missing one is a malformed record, never a judged one (nor a TypeError).
    const lines = openRun(1);
    const size = lines.reduce((n, line) => n + new TextEncoder().encode(line).length + 1, 0);
    const part = await verifyExportRange(lines, { range: { start: 0, end: size, fileSize: size } });
    expect(mergeExportReports([part]).findings).toEqual([]);
    for (const member of ['seq', 'prev', 'hash'] as const) {
      const edited = structuredClone(part);
      const reading = edited.lines[2]![2] as Record<string, unknown>;
      expect(reading.wellFormed).toBe(true);
      reading[member] = null;
      expect(mergeExportReports([edited]).findings, member).toEqual([malformed(3)]);
    }
  });
});

describe('verifier.ts onRecord: bytes, numbering and link', () => {
  it('a hash the raw bytes do not reproduce is record-hash-mismatch', () => {
    // why: verifier.ts:408:41 finding message → ""
    const lines = edit(openRun(1), 2, (r) => (r.hash = 'ab'.repeat(32)));
    expect(verify(lines).findings).toEqual([
      {
        code: 'record-hash-mismatch',
        message: 'the raw bytes were altered after they were written',
        line: 3,
        run: 'r1',
      },
    ]);
  });

  it("a line's seq other than its hashed body's is record-seq-mismatch; the chain counts the body's", () => {
    // why: verifier.ts:415:42 finding message → ""
    const lines = edit(openRun(1), 2, (r) => (r.seq = 2));
    expect(verify(lines).findings).toEqual([
      {
        code: 'record-seq-mismatch',
        message: "the line's seq differs from its hashed body's",
        line: 3,
        run: 'r1',
      },
    ]);
  });

  it('a run that starts at its second record is run-first-seq and does not link', () => {
    // why: verifier.ts:421:34 finding message → "", :425:41 finding message → ""
    const [header, block, , second, trailer] = openRun(2);
    expect(verify([header!, block!, second!, trailer!]).findings).toEqual([
      { code: 'run-first-seq', message: "the run's first record is seq 2, not 1", line: 3, run: 'r1' },
      {
        code: 'record-prev-mismatch',
        message: 'the record does not link to its predecessor',
        line: 3,
        run: 'r1',
      },
      recordsClaimed(2, 1, 4),
    ]);
  });

  it('a record cut from the middle is record-seq-gap on the next, naming both seqs', () => {
    // why: verifier.ts:423:35 finding message → ""
    const [header, block, first, , third, trailer] = openRun(3);
    expect(verify([header!, block!, first!, third!, trailer!]).findings).toEqual([
      { code: 'record-seq-gap', message: 'seq jumps from 1 to 3', line: 4, run: 'r1' },
      {
        code: 'record-prev-mismatch',
        message: 'the record does not link to its predecessor',
        line: 4,
        run: 'r1',
      },
      recordsClaimed(3, 2, 5),
    ]);
  });
});

describe('verifier.ts onRecord: the signature member', () => {
  it('a record line without a signature member is signature-member-missing', () => {
    // why: verifier.ts:435:9 finding message → ""
    const lines = edit(openRun(1), 2, (r) => delete r.signature);
    expect(verify(lines).findings).toEqual([
      {
        code: 'signature-member-missing',
        message: 'the record line carries no signature member (null means unsigned)',
        line: 3,
        run: 'r1',
      },
    ]);
  });

  it('an unsigned record is signature-absent when record keys are supplied', () => {
    // why: verifier.ts:443:39 finding message → ""
    const keys = new Map([['k1', new Uint8Array(32).fill(1)]]);
    expect(verify(openRun(1)).findings).toEqual([]);
    expect(verify(openRun(1), { keys }).findings).toEqual([
      { code: 'signature-absent', message: "the record's signature is absent", line: 3, run: 'r1' },
    ]);
  });
});
