// Cases that kill the Stryker survivors of src/export/writer.ts and src/record.ts in the
// report of `pnpm mutate --filter chain --rest`. Each `it` names the mutants it kills
// (file:line:column as in the report); the equivalent ones are listed in spec/chain.md
// ("Outside the verify path ... (d)"). The command's cases (src/cli/main.ts) are in
// rest-d.mutants.node.test.ts.
import { createSha256, hex, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { writeUnread } from '../src/export/writer.js';
import { chainHash, verifyLink, verifyRecordSignature, writeExport, ZERO_HASH } from '../src/index.js';

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
          origin: ORIGIN,
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
      thrown(() => writeUnread({ origin: ORIGIN, runs: [{ run: RUN, sealed: false, records }] })),
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
    expect(thrown(write({ origin: ORIGIN, runs: [], disclosure: { cases: [], runs: [], at: 1n } }))).toEqual(
      bigint('disclosure'),
    );
    const runs = [
      { run: RUN, sealed: false, records: [] },
      { run: 2n, sealed: false, records: [] },
    ];
    expect(thrown(write({ origin: ORIGIN, runs }))).toEqual(bigint('runs[1]'));
    const unreadable = [
      { run: EMPTY, reason: 'gone' },
      { run: 3n, reason: 'gone' },
    ];
    expect(thrown(write({ origin: ORIGIN, runs: [], unreadable }))).toEqual(bigint('unreadable[1]'));
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
    expect(thrown(write({ origin: ORIGIN, runs: [], cases }))).toEqual({
      name: 'RangeError',
      code: undefined,
      message: 'this case cannot be written',
    });
  });
});

describe('record.ts: chainHash and verifyLink, each refusal whole', () => {
  it('chainHash: a raw that is not bytes', () => {
    // why: record.ts:11:57 ('bad-raw' emptied).
    expect(thrown(() => chainHash(ZERO_HASH, 'raw' as never))).toEqual({
      name: 'SeamError',
      code: 'bad-raw',
      message: 'bad-raw: raw is not a Uint8Array',
    });
  });

  it('verifyLink: an argument that is not bytes', () => {
    // why: record.ts:25:30 (the detail emptied).
    expect(verifyLink(ZERO_HASH, 'raw' as never, ZERO_HASH)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'raw is not a Uint8Array',
    });
    expect(verifyLink([0] as never, new Uint8Array(1), ZERO_HASH)).toMatchObject({
      detail: 'prev is not a Uint8Array',
    });
    expect(verifyLink(ZERO_HASH, new Uint8Array(1), null as never)).toMatchObject({
      detail: 'hash is not a Uint8Array',
    });
  });

  it('verifyLink: a hash that is not 32 bytes, with its detail', () => {
    // why: record.ts:26:38 (`hash.length !== DIGEST_SIZE` -> `false`: the mismatch then has no
    // detail), :27:41 (the detail emptied).
    expect(verifyLink(ZERO_HASH, new Uint8Array(0), new Uint8Array(31))).toEqual({
      ok: false,
      code: 'record-hash-mismatch',
      detail: 'hash is 31 bytes, not a 32-byte digest',
    });
    expect(verifyLink(new Uint8Array(33), new Uint8Array(0), ZERO_HASH)).toMatchObject({
      detail: 'prev is 33 bytes, not a 32-byte digest',
    });
    // A hash that does not link: the detail names what was computed, over how many bytes.
    expect(verifyLink(ZERO_HASH, new Uint8Array(3), ZERO_HASH)).toEqual({
      ok: false,
      code: 'record-hash-mismatch',
      detail: `SHA-256(prev ‖ raw) over these 3 bytes is ${hex.encode(chainHash(ZERO_HASH, new Uint8Array(3)).subarray(0, 8))}…, not the hash given`,
    });
  });
});
