import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { writeUnread } from '../src/export/writer.js';
import {
  AUDIT_CODES,
  type ExportPlan,
  FINDING_CODES,
  type FindingCode,
  GRADER_SIDECAR_CODES,
  type GraderClaim,
  type RecordPlan,
  type RunPlan,
  SIGNATURE_CODES,
  signAuditEntry,
  signGraderVerdict,
  signRecord,
  writeExport,
  writeRunRecords,
} from '../src/index.js';

// Writers refuse what readers refuse: for every way the reader refuses a file, sidecar,
// entry or signature, either a plan (or claim) a caller can hand the writer that would
// produce it, which the writer must refuse naming the field, or why no caller can ask it.

const ORIGIN = 'example.com/log';
const admitted = { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: {} };
const concluded = { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' };
const run = (records: RecordPlan[], extra: Partial<RunPlan> = {}): RunPlan => ({
  run: 'r1',
  sealed: true,
  records,
  ...extra,
});
const plan = (extra: Partial<ExportPlan> = {}): ExportPlan => ({
  origin: ORIGIN,
  runs: [run([{ body: admitted }, { body: concluded }])],
  ...extra,
});
const caseBlock = (extra: object = {}) => ({
  case: { id: 'c1', runs: ['r1'] },
  deadlines: [],
  blobs: [],
  hold: null,
  ...extra,
});
let deep: unknown = 1;
for (let i = 0; i < 2000; i++) deep = [deep];

/** A plan the writer is asked to write, the field its refusal names, and the code the reader would give. */
interface Asked {
  write: () => unknown;
  field: string;
}
type Entry = Asked | { impossible: string };

const byConstruction = (what: string) => ({ impossible: `the writer ${what}` });

const EXPORT: Record<FindingCode, Entry> = {
  'line-not-json': {
    write: () => writeExport(plan({ runs: [run([{ body: { ...admitted, deep } }])] })),
    field: 'runs[0].records[0]',
  },
  'line-too-long': {
    write: () =>
      writeExport(plan({ runs: [run([{ body: { ...admitted, note: 'n'.repeat(16 * 1024 * 1024) } }])] })),
    field: 'runs[0].records[0]',
  },
  'line-not-object': byConstruction('writes each line from an object'),
  'line-not-bytes': byConstruction('returns each line as a string'),
  'frame-unknown-kind': {
    write: () => writeExport(plan({ cases: [{ ...caseBlock(), kind: 'elsewhere' }] })),
    field: 'cases[0].kind',
  },
  'header-missing': byConstruction('writes the header first (a case plan cannot name another kind)'),
  'header-version-unknown': byConstruction('writes version 1'),
  'header-malformed': {
    write: () => writeExport(plan({ origin: 'not an origin', disclosure: { cases: [], runs: [] } })),
    field: 'origin',
  },
  'header-repeated': byConstruction('writes one header (a case plan cannot name another kind)'),
  'checkpoint-incoherent': byConstruction("computes the checkpoint's root over the leaves it writes"),
  'record-outside-run': byConstruction('writes every record under its run block'),
  'record-malformed': {
    write: () => writeExport(plan({ runs: [run([{ body: { ...admitted, seq: 1.5 } }])] })),
    field: 'runs[0].records[0]',
  },
  'record-hash-mismatch': byConstruction('hashes the bytes it carries'),
  'record-not-canonical': byConstruction('carries the canonical bytes of the body (a plan gives no raw)'),
  'record-body-mismatch': byConstruction(
    'writes the body its canonical bytes came from (a value with no JSON spelling is refused first)',
  ),
  'record-seq-mismatch': byConstruction("writes the line's seq from the body's"),
  'signature-member-missing': byConstruction(
    'writes a signature member on every record (null without a key)',
  ),
  'run-block-malformed': {
    write: () => writeExport(plan({ runs: [run([{ body: admitted }], { run: '' })] })),
    field: 'runs[0].run',
  },
  'run-first-seq': {
    write: () => writeExport(plan({ runs: [run([{ body: { ...admitted, seq: 2 } }])] })),
    field: 'runs[0].records[0].body.seq',
  },
  'record-seq-gap': {
    write: () => writeExport(plan({ runs: [run([{ body: admitted }, { body: { ...concluded, seq: 3 } }])] })),
    field: 'runs[0].records[1].body.seq',
  },
  'record-prev-mismatch': byConstruction('links each record to its predecessor (a plan gives no prev)'),
  'record-run-mismatch': {
    write: () => writeExport(plan({ runs: [run([{ body: { ...admitted, run: 'r2' } }])] })),
    field: 'runs[0].records[0].body.run',
  },
  'chain-head-mismatch': {
    write: () =>
      writeExport(
        plan({ runs: [run([{ body: admitted }, { body: { ...concluded, chain_head: 'ee'.repeat(32) } }])] }),
      ),
    field: 'runs[0].records[1].body.chain_head',
  },
  // Signatures are judged under keys; the writer signs every record under the plan's key.
  'signature-absent': byConstruction(
    'signs every record when the plan has a key (a plan cannot mark one unsigned)',
  ),
  'signature-malformed': byConstruction('writes signatures it made'),
  'signature-unknown-key': byConstruction("signs under the plan's own key id"),
  'signature-invalid': byConstruction('signs the hash it writes'),
  'anchor-not-cosigned': { impossible: "anchors and witness keys are the reader's input, not the file's" },
  'witness-stale': { impossible: "anchors and witness keys are the reader's input, not the file's" },
  'witness-ahead': { impossible: "anchors and witness keys are the reader's input, not the file's" },
  'run-position-malformed': byConstruction('writes index and seal together'),
  'run-duplicate': {
    write: () => writeExport(plan({ runs: [run([{ body: admitted }]), run([{ body: admitted }])] })),
    field: 'runs[1].run',
  },
  'index-duplicate': byConstruction('gives each sealed run the next position'),
  'seal-mismatch': byConstruction('seals each run with its terminal hash'),
  'positions-not-contiguous': byConstruction('numbers the positions 0..n'),
  'log-incomplete': {
    write: () => writeExport(plan({ otherLeaves: [new Uint8Array(32)] })),
    field: 'otherLeaves',
  },
  'root-mismatch': byConstruction('roots the header over the leaves it writes'),
  'proof-missing': byConstruction('writes a path on every sealed run of a package'),
  'proof-invalid': byConstruction('computes each path over the leaves it roots'),
  'package-run-unplaced': {
    write: () =>
      writeExport(
        plan({
          runs: [run([{ body: admitted }, { body: concluded }], { sealed: false })],
          disclosure: { cases: [], runs: [] },
        }),
      ),
    field: 'runs[0].sealed',
  },
  'anchor-origin-mismatch': { impossible: "anchors are the reader's input, not the file's" },
  'anchor-beyond-file': { impossible: "anchors are the reader's input, not the file's" },
  'anchor-root-mismatch': { impossible: "anchors are the reader's input, not the file's" },
  'anchor-prefix-mismatch': { impossible: "anchors are the reader's input, not the file's" },
  'case-malformed': {
    write: () => writeExport(plan({ cases: [caseBlock({ case: { runs: ['r1'] } })] })),
    field: 'cases[0]',
  },
  'case-hold-missing': {
    write: () => {
      const { hold: _hold, ...holdless } = caseBlock();
      return writeExport(plan({ cases: [holdless] }));
    },
    field: 'cases[0].hold',
  },
  'case-hold-malformed': {
    write: () => writeExport(plan({ cases: [caseBlock({ hold: { reason: 'litigation' } })] })),
    field: 'cases[0].hold',
  },
  'case-missing': {
    write: () => writeExport(plan({ runs: [run([{ body: { ...admitted, case: 'c9' } }])] })),
    field: 'runs[0].records[0].body.case',
  },
  'selection-case-missing': {
    write: () => writeExport(plan({ disclosure: { cases: ['c9'], runs: [] } })),
    field: 'disclosure.cases',
  },
  'frame-out-of-order': byConstruction('writes the case layer after every run block'),
  'run-empty': {
    write: () => writeExport(plan({ runs: [run([], { sealed: false })] })),
    field: 'runs[0].records',
  },
  'trailer-missing': byConstruction('writes the trailer last'),
  'trailer-malformed': {
    write: () => writeExport(plan({ unreadable: [{ run: 'r2', reason: 2 as unknown as string }] })),
    field: 'unreadable',
  },
  'trailer-count-mismatch': byConstruction('counts what it writes'),
  'line-after-trailer': byConstruction('writes nothing after the trailer'),
  // A sidecar is signGraderVerdict's, judged below.
  'grader-format': { impossible: 'a sidecar is written by signGraderVerdict (see its sweep below)' },
  'grader-run': { impossible: 'a sidecar names its run; which export it sits beside is the reader’s input' },
  'grader-soundness': { impossible: 'a sidecar is bound to the export the reader is given' },
  'grader-last-seq': { impossible: 'a sidecar is bound to the export the reader is given' },
  'grader-last-hash': { impossible: 'a sidecar is bound to the export the reader is given' },
  'grader-open': { impossible: 'a sidecar is bound to the export the reader is given' },
  'grader-signature': { impossible: 'signGraderVerdict signs what it writes under its own key' },
};

describe('writeExport refuses every plan whose file its reader would refuse, naming the field', () => {
  it('every finding code is either asked of the writer below, or says why no plan can ask it', () => {
    expect(Object.keys(EXPORT).sort()).toEqual([...FINDING_CODES].sort());
  });
  for (const [code, entry] of Object.entries(EXPORT))
    if ('write' in entry)
      it(code, () => {
        const error = thrown(entry.write);
        expect(error.code).toBe('bad-plan');
        expect(error.message.startsWith(`bad-plan: ${entry.field}: `), error.message).toBe(true);
      });

  it('the unreadable entries of the issue: a run id where {run, reason} belongs', () => {
    expect(thrown(() => writeExport(plan({ unreadable: ['run_x' as never] }))).message).toBe(
      'bad-plan: unreadable[0].run: its own reader would refuse the file written: the run block names no run [run-block-malformed]',
    );
  });

  it('a plan the reader accepts is written, and a record member other than its body is refused', () => {
    expect(() => writeExport(plan({ cases: [caseBlock()] }))).not.toThrow();
    for (const member of ['unsigned', 'raw', 'prev'])
      expect(
        thrown(() => writeExport(plan({ runs: [run([{ body: admitted, [member]: 1 } as RecordPlan])] })))
          .message,
      ).toBe(`bad-plan: runs[0].records[0].${member}: a record plan holds its body only`);
  });

  it('writeRunRecords refuses a run whose records its reader would refuse, naming the record', () => {
    expect(thrown(() => writeRunRecords(run([{ body: { ...admitted, seq: 2 } }]), undefined)).message).toBe(
      "bad-plan: records[0].body.seq: its own reader would refuse the file written: the run's first record is seq 2, not 1 [run-first-seq]",
    );
    expect(thrown(() => writeRunRecords(run([{ body: admitted }], { run: '' }), undefined)).message).toMatch(
      /^bad-plan: run\.run: /,
    );
    // Which case blocks the file carries is the caller's: a case named is no refusal here.
    expect(() => writeRunRecords(run([{ body: { ...admitted, case: 'c9' } }]), undefined)).not.toThrow();
  });
});

describe('the other writers refuse what their readers refuse, naming the field', () => {
  const claim: GraderClaim = {
    run: 'r1',
    last_seq: 1,
    last_hash: 'ab'.repeat(32),
    open: true,
    content: new Uint8Array([1]),
  };
  const seed = new Uint8Array(32).fill(3);
  // parseGraderSidecar's grader-format names the member; signGraderVerdict refuses each it writes from the claim.
  const sidecar: [keyof GraderClaim, unknown, string][] = [
    ['run', 1, 'claim.run'],
    ['last_seq', 0, 'claim.last_seq'],
    ['last_hash', 'AB'.repeat(32), 'claim.last_hash'],
    ['open', 'yes', 'claim.open'],
    ['content', 'cGFzcw==', 'claim.content'],
  ];
  it(`signGraderVerdict (${GRADER_SIDECAR_CODES.join(', ')}): each member the reader holds to its type`, () => {
    for (const [member, value, field] of sidecar)
      expect(thrown(() => signGraderVerdict({ ...claim, [member]: value }, 'g1', seed)).message).toContain(
        field,
      );
    expect(thrown(() => signGraderVerdict(claim, '', seed)).code).toBe('bad-key-id');
  });

  it(`signAuditEntry (${AUDIT_CODES.join(', ')}): an entry that is no object, no rfc004 form, no secret`, () => {
    expect(thrown(() => signAuditEntry([] as never, 's')).code).toBe('audit-not-object');
    expect(thrown(() => signAuditEntry({ at: new Date(0) }, 's')).message).toContain('entry.at');
    expect(thrown(() => signAuditEntry({ a: 1 }, '')).code).toBe('audit-no-secret');
  });

  it(`signRecord (${SIGNATURE_CODES.join(', ')}): a hash that is not 32 bytes, a key id that is not one`, () => {
    expect(thrown(() => signRecord(new Uint8Array(31), 'k1', seed)).code).toBe('bad-hash');
    expect(thrown(() => signRecord(new Uint8Array(32), '', seed)).code).toBe('bad-key-id');
  });
});

// Each writeExport refusal, compared whole.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

const AGENTPLANE = 'example.com/agentplane';

const RUN = 'run_01J80000000000000000000001';

const EMPTY = 'run_01J80000000000000000000002';

describe('writer.ts: writeExport, each refusal whole', () => {
  const bigint = (field: string) => ({
    name: 'SeamError',
    code: 'unsupported-type',
    message: `unsupported-type: ${field} holds a bigint (or a cycle), which a JSON line cannot spell`,
  });
  const write = (plan: object) => () => writeExport(plan as Parameters<typeof writeExport>[0]);

  it('a sealed run with no record', () => {
    // why: writer.ts:60:27 ('empty-sealed-run' emptied).
    expect(
      thrown(
        write({
          origin: AGENTPLANE,
          runs: [
            { run: RUN, sealed: false, records: [] },
            { run: EMPTY, sealed: true, records: [] },
          ],
        }),
      ),
    ).toEqual({
      name: 'SeamError',
      code: 'empty-sealed-run',
      message: 'empty-sealed-run: runs[1] is sealed but has no record',
    });
  });

  it('a prev that is not lowercase hex', () => {
    // why: writer.ts:150:38 ('bad-hex' emptied).
    const records = [{ body: admitted }, { body: concluded, prev: 'AB'.repeat(32) }];
    expect(
      thrown(() => writeUnread({ origin: AGENTPLANE, runs: [{ run: RUN, sealed: false, records }] })),
    ).toEqual({
      name: 'SeamError',
      code: 'bad-hex',
      message: 'bad-hex: records[1].prev is not lowercase hex',
    });
  });

  it('a bigint in the header, a run block or an unreadable block, each named', () => {
    // why: writer.ts:69:33 ('origin or disclosure' emptied), :78:30 (`runs[${i}]` emptied),
    // :81:62 (`unreadable[${i}]` emptied).
    expect(thrown(write({ origin: 1n, runs: [] }))).toEqual({
      name: 'SeamError',
      code: 'bad-plan',
      message: 'bad-plan: origin: not a log origin',
    });
    expect(
      thrown(write({ origin: AGENTPLANE, runs: [], disclosure: { cases: [], runs: [], at: 1n } })),
    ).toEqual(bigint('disclosure'));
    const runs = [
      { run: RUN, sealed: false, records: [] },
      { run: 2n, sealed: false, records: [] },
    ];
    expect(thrown(write({ origin: AGENTPLANE, runs }))).toEqual(bigint('runs[1]'));
    const unreadable = [
      { run: EMPTY, reason: 'gone' },
      { run: 3n, reason: 'gone' },
    ];
    expect(thrown(write({ origin: AGENTPLANE, runs: [], unreadable }))).toEqual(bigint('unreadable[1]'));
  });

  it("passes on an error of a value's own toJSON as it is", () => {
    // why: writer.ts:140:9 (`!(error instanceof TypeError)` -> `false`: every error of
    // JSON.stringify turned into unsupported-type).
    const cases = [
      {
        case: {
          toJSON: () => {
            throw new RangeError('this case cannot be written');
          },
        },
      },
    ];
    expect(thrown(write({ origin: AGENTPLANE, runs: [], cases }))).toEqual({
      name: 'RangeError',
      code: undefined,
      message: 'this case cannot be written',
    });
  });
});
