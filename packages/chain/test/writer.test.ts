import { createSha256, hex, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { writeUnread } from '../src/export/writer.js';
import { verifyExport, verifyRecordSignature, writeExport, ZERO_HASH } from '../src/index.js';
import { sealedRun } from './helpers.js';

// The writer changes with the reader: what it writes, the reader accepts.
describe('writeExport', () => {
  const run = 'run_01J80000000000000000000001';
  const lost = 'run_01J80000000000000000000002';
  const written = writeExport({
    origin: 'example.com/agentplane',
    runs: [sealedRun(run)],
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

// What writeExport writes, byte for byte.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

const ORIGIN = 'example.com/agentplane';

const RUN = 'run_01J80000000000000000000001';

const EMPTY = 'run_01J80000000000000000000002';

const admitted = { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: {} };

const concluded = { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' };

/** SHA-256(prev ‖ raw) in hex, computed here rather than by the module under test. */
const link = (prev: Uint8Array, raw: string) =>
  hex.encode(createSha256().update(prev).update(utf8Strict.encode(raw)).digest());

const bytesOf = (text: string) => {
  const bytes = hex.decode(text);
  if (!bytes.ok) throw new Error('bad hex in the test');
  return bytes.value;
};

describe('writer.ts: writeExport, what it writes', () => {
  // One sealed run of two records and one run with none (a file the reader refuses: run-empty).
  const written = writeUnread({
    origin: ORIGIN,
    runs: [
      { run: RUN, sealed: true, records: [{ body: admitted }, { body: concluded }] },
      { run: EMPTY, sealed: false, records: [] },
    ],
  });
  const first = JSON.parse(written.lines[2]!);
  const second = JSON.parse(written.lines[3]!);

  it("returns each run's chain hashes, in plan order, and nothing else", () => {
    // why: writer.ts:98:50 (`(c) => c.hashes` -> `() => undefined`), :108:28 (the hashes
    // start as `["Stryker was here"]`), :126:5 (`hashes.push(...)` dropped).
    const h1 = link(ZERO_HASH, first.raw);
    const h2 = link(bytesOf(h1), second.raw);
    expect(written.hashes).toEqual([[h1, h2], []]);
    expect([first.hash, second.hash]).toEqual([h1, h2]);
  });

  it('fills in chain_head on the RunConcluded only', () => {
    // why: writer.ts:111:9 (`body.kind === 'RunConcluded'` -> `true`: a chain_head on every record).
    expect(first.body).toEqual({ seq: 1, run: RUN, ...admitted });
    expect(second.body).toEqual({ seq: 2, run: RUN, ...concluded, chain_head: first.hash });
  });

  it('counts only the runs that have records as exported', () => {
    // why: writer.ts:90:24 (the filter dropped), :90:45 (`c.lines.length > 0` -> `true`, or `>= 0`):
    // each counts the empty run as exported.
    expect(JSON.parse(written.lines.at(-1)!)).toEqual({
      kind: 'agentplane.export.end',
      runs_requested: 2,
      runs_exported: 1,
      records: 2,
      cases: 0,
      unreadable: [],
    });
  });

  it("hashes and carries a record's given raw text instead of its canonical bytes", () => {
    // why: writer.ts:114:7 (`record.raw !== undefined` -> `false`: the raw ignored).
    const raw = '{"kind":"RunAdmitted", "spaced":true}';
    const line = writeUnread({
      origin: ORIGIN,
      runs: [{ run: RUN, sealed: false, records: [{ body: admitted, raw }] }],
    }).lines[2]!;
    const record = JSON.parse(line);
    expect([record.raw, record.hash]).toEqual([raw, link(ZERO_HASH, raw)]);
  });

  it('links a record to a given prev hash', () => {
    // why: writer.ts:150:7 (`!bytes.ok` -> `true`: every given prev refused as bad hex).
    const prev = 'ab'.repeat(32);
    const line = writeUnread({
      origin: ORIGIN,
      runs: [{ run: RUN, sealed: false, records: [{ body: admitted, prev }] }],
    }).lines[2]!;
    const record = JSON.parse(line);
    expect([record.prev_hash, record.hash]).toEqual([prev, link(bytesOf(prev), record.raw)]);
  });

  it('signs every record under the key, and none without one', () => {
    // why: writer.ts, the signature written (`key ? signRecord(...) : null`).
    const seed = new Uint8Array(32).fill(7);
    const plan = {
      origin: ORIGIN,
      runs: [{ run: RUN, sealed: true, records: [{ body: admitted }, { body: concluded }] }],
    };
    const lines = writeExport({ ...plan, key: { keyId: 'k1', seed } }).lines;
    const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
    for (const line of [lines[2]!, lines[3]!]) {
      const signed = JSON.parse(line);
      expect(verifyRecordSignature(signed.signature, bytesOf(signed.hash), keys)).toEqual({
        ok: true,
        value: { keyId: 'k1' },
      });
    }
    const unsigned = writeExport(plan)
      .lines.slice(2, 4)
      .map((l) => JSON.parse(l).signature);
    expect(unsigned).toEqual([null, null]);
  });
});
