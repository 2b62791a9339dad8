import { SeamError } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { type EntryPoint, holdVerdictShaped } from '../../../tools/wrong-types.ts';
import {
  AUDIT_CODES,
  chainHash,
  type ExportReport,
  ExportVerifier,
  FINDING_CODES,
  GRADER_SIDECAR_CODES,
  LINK_CODES,
  NOT_CHECKED_CODES,
  parseGraderSidecar,
  readAnchor,
  SIGNATURE_CODES,
  signAuditEntry,
  signGraderVerdict,
  signRecord,
  verifyAuditEntry,
  verifyExport,
  verifyKeyed,
  verifyLink,
  verifyRecordSignature,
  writeExport,
} from '../src/index.js';
import { optionsOf, thrown } from './helpers.js';

const doc = loadVectors('chain.json');
const named = (group: string, name: string) => doc[group].find((v: any) => v.name === name);
const base: string[] = named('export.sound', 'unkeyed').lines;

// Well-typed arguments beside the one under test.
const seed = new Uint8Array(32).fill(0x11);
const zeros = new Uint8Array(32);
const raw = new TextEncoder().encode('{"seq":1}');
const hash = chainHash(zeros, raw);
const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
const signature = signRecord(hash, 'k1', seed);
const entry = { id: 'e1', hmac: signAuditEntry({ id: 'e1' }, 'secret') };

/** A report: one of the four statuses, every code from the closed lists. */
function expectReport(report: ExportReport): void {
  expect(['sound', 'findings', 'unverifiable', 'unchecked']).toContain(report.status);
  for (const f of report.findings) expect(FINDING_CODES).toContain(f.code);
  for (const n of report.notChecked) expect(NOT_CHECKED_CODES).toContain(n.code);
}

const signatureCodes = [...SIGNATURE_CODES, 'not-bytes'];

/** Every entry point that judges wire input, with the wire argument it is fed any value for. */
const VERDICT_ENTRY_POINTS: EntryPoint[] = [
  ['verifyLink(prev)', (x) => verifyLink(x as never, raw, hash), LINK_CODES],
  ['verifyLink(raw)', (x) => verifyLink(zeros, x as never, hash), LINK_CODES],
  ['verifyLink(hash)', (x) => verifyLink(zeros, raw, x as never), LINK_CODES],
  ['verifyRecordSignature(value)', (x) => verifyRecordSignature(x, hash, keys), signatureCodes],
  ['verifyRecordSignature(hash)', (x) => verifyRecordSignature(signature, x as never, keys), signatureCodes],
  ['verifyKeyed(value)', (x) => verifyKeyed(x, hash, keys), signatureCodes],
  ['verifyKeyed(input)', (x) => verifyKeyed(signature, x as never, keys), signatureCodes],
  ['verifyAuditEntry(entry)', (x) => verifyAuditEntry(x, ['secret']), AUDIT_CODES],
  ['parseGraderSidecar(bytes)', (x) => parseGraderSidecar(x as never), GRADER_SIDECAR_CODES],
  ['readAnchor(anchor)', (x) => readAnchor(x as never), ['bad-anchor']],
];

const REPORT_ENTRY_POINTS: [string, (x: unknown) => Promise<ExportReport> | ExportReport][] = [
  ['verifyExport(lines)', (x) => verifyExport(x as never)],
  [
    'verifyExport: one line of the file',
    (x) => verifyExport([...base.slice(0, 2), x as string, ...base.slice(2)]),
  ],
  [
    'ExportVerifier.push(line)',
    (x) => {
      const verifier = new ExportVerifier();
      for (const line of base.slice(0, 3)) verifier.push(line);
      verifier.push(x as string);
      return verifier.finish();
    },
  ],
  ['a grader sidecar file', (x) => verifyExport(base, { graderVerdicts: [x as Uint8Array] })],
];

describe('wire arguments of any JavaScript type are refused, never thrown on', () => {
  const anyValue = fc.oneof(fc.anything(), fc.uint8Array({ maxLength: 64 }), fc.string({ maxLength: 64 }));
  holdVerdictShaped(VERDICT_ENTRY_POINTS, anyValue, 300);
  for (const [name, entry] of REPORT_ENTRY_POINTS)
    it(name, () =>
      fc.assert(
        fc.asyncProperty(anyValue, async (x) => expectReport(await entry(x))),
        { numRuns: 200 },
      ),
    );
  // Anchors are the auditor's configuration: a bad one is a SeamError naming it, never a TypeError.
  it('an anchor of any type given to the verifier', () =>
    fc.assert(
      fc.property(fc.anything(), (x) => {
        try {
          new ExportVerifier({ anchors: [x as never] });
        } catch (error) {
          expect(error).toBeInstanceOf(SeamError);
          expect((error as SeamError).code).toBe('bad-anchor');
        }
      }),
      { numRuns: 300 },
    ));
});

describe('the type checks, one by one', () => {
  it('verifyLink: not-bytes for any argument that is not a Uint8Array', () => {
    expect(verifyLink('00' as never, raw, hash)).toMatchObject({ ok: false, code: 'not-bytes' });
    expect(verifyLink(zeros, '{"seq":1}' as never, hash)).toMatchObject({ ok: false, code: 'not-bytes' });
    expect(verifyLink(zeros, raw, [...hash] as never)).toMatchObject({ ok: false, code: 'not-bytes' });
    expect(verifyLink(zeros, raw, hash)).toEqual({ ok: true, value: true });
  });
  it('verifyRecordSignature: not-bytes for a hash that is not bytes, signature-invalid for one not 32 bytes', () => {
    expect(verifyRecordSignature(signature, 'ab' as never, keys)).toMatchObject({ code: 'not-bytes' });
    expect(verifyRecordSignature(signature, hash.subarray(1), keys)).toMatchObject({
      code: 'signature-invalid',
    });
    expect(verifyRecordSignature(signature, hash, keys)).toEqual({ ok: true, value: { keyId: 'k1' } });
  });
  it('verifyKeyed: not-bytes for a signing input that is not bytes', () =>
    expect(verifyKeyed(signature, null as never, keys)).toMatchObject({ ok: false, code: 'not-bytes' }));
  it('parseGraderSidecar: not-bytes for a file that is not bytes; inside an export, a grader-format finding', async () => {
    expect(parseGraderSidecar('{}' as never)).toMatchObject({ ok: false, code: 'not-bytes' });
    const report = await verifyExport(base, { graderVerdicts: ['{}' as never] });
    expect(report.findings.map((f) => f.code)).toEqual(['grader-format']);
  });
  it('readAnchor: bad-anchor for an anchor or a checkpoint that is not an object', () => {
    expect(readAnchor(null as never)).toMatchObject({ ok: false, code: 'bad-anchor' });
    expect(readAnchor({ checkpoint: null } as never)).toMatchObject({ ok: false, code: 'bad-anchor' });
  });
  it('verifyAuditEntry: audit-not-object for an entry that is not a plain object', () => {
    for (const value of [new Map(Object.entries(entry)), [entry], 'entry', null])
      expect(verifyAuditEntry(value, ['secret'])).toMatchObject({ ok: false, code: 'audit-not-object' });
    expect(verifyAuditEntry(entry, ['secret'])).toEqual({ ok: true, value: { secretIndex: 0 } });
  });
  it('verifyExport: a whole file as one string or one Uint8Array is split into its lines', async () => {
    const asLines = await verifyExport(base);
    const text = `${base.join('\n')}\n`;
    for (const file of [text, new TextEncoder().encode(text)]) {
      const report = await verifyExport(file);
      expect(report.status).toBe('sound');
      expect({ ...report, lines: 0, bytes: 0 }).toEqual({ ...asLines, lines: 0, bytes: 0 });
    }
  });
  it('verifyExport: something that is neither lines nor a file is one refused line', async () => {
    for (const value of [42, null, { lines: base }]) {
      const report = await verifyExport(value as never);
      expect(report.findings.map((f) => f.code)).toEqual(['header-missing']);
    }
  });
  it('ExportVerifier.push: a line that is not a string or bytes is line-not-bytes', () => {
    const verifier = new ExportVerifier();
    for (const line of base.slice(0, -1)) verifier.push(line);
    verifier.push(7 as never);
    verifier.push(base.at(-1)!);
    expect(verifier.finish().findings).toMatchObject([{ code: 'line-not-bytes', line: base.length }]);
  });
});

describe('time options follow the convention (Date or Unix seconds; durations in seconds)', () => {
  const cosigned = named('export.sound', 'cosigned-anchor');
  const stale = named('export.findings', 'stale-witness');

  it('a millisecond count for now throws bad-instant naming now', () => {
    const error = thrown(
      () => new ExportVerifier({ ...optionsOf(cosigned.options), now: 1_700_000_660_000 }),
    );
    expect(error.code).toBe('bad-instant');
    expect(error.message).toMatch(/now is 1700000660000, which looks like milliseconds/);
  });
  it('a maximum age that is not seconds throws bad-duration naming maxCheckpointAge', () => {
    const error = thrown(
      () => new ExportVerifier({ ...optionsOf(cosigned.options), maxCheckpointAge: Number.NaN }),
    );
    expect(error.code).toBe('bad-duration');
    expect(error.message).toContain('maxCheckpointAge');
  });
  it('a Date and the same Unix seconds give the same report (fresh and stale)', async () => {
    for (const v of [cosigned, stale]) {
      const options = optionsOf(v.options);
      const bySeconds = await verifyExport(v.lines, options);
      const byDate = await verifyExport(v.lines, { ...options, now: new Date(v.options.now * 1000) });
      expect(byDate).toEqual(bySeconds);
      expect(bySeconds.status).toBe(v.expect.status);
    }
  });
  it('a stale or ahead witness says by how much', async () => {
    const report = await verifyExport(stale.lines, optionsOf(stale.options));
    expect(report.findings[0]!.message).toBe(
      'witness test-witness is stale: its latest cosignature is 7200 s old, 3600 s past the maximum age of 3600 s',
    );
    const ahead = named('export.findings', 'witness-ahead');
    const early = await verifyExport(ahead.lines, optionsOf(ahead.options));
    expect(early.findings[0]!.message).toBe(
      "witness test-witness is ahead of this reader's clock: its latest cosignature is 7200 s in the future (allowed skew 3600 s)",
    );
  });
});

describe('configuration errors are SeamErrors naming the option, never TypeErrors', () => {
  const cases: [string, unknown, string][] = [
    ['options null', null, 'bad-options: the options are not an object'],
    ['keys not a Map', { keys: { k1: 'ab' } }, 'bad-options: keys is not a Map'],
    ['graderKeys null', { graderKeys: null }, 'bad-options: graderKeys is not a Map'],
    ['anchors not an array', { anchors: { note: '' } }, 'bad-options: anchors is not an array'],
    ['witnessKeys not an array', { witnessKeys: 'w+1+2' }, 'bad-options: witnessKeys is not an array'],
    [
      'a witness key not a string',
      { witnessKeys: [7] },
      'not-a-string: witnessKeys[0] is not a well-formed vkey',
    ],
    ['maxLineBytes zero', { maxLineBytes: 0 }, 'bad-options: maxLineBytes is not a positive integer'],
  ];
  for (const [name, options, message] of cases)
    it(name, () =>
      expect(thrownSeamError(() => new ExportVerifier(options as never)).message).toContain(message),
    );
  it('verifyRecordSignature with keys that are not a Map', () =>
    expect(thrownSeamError(() => verifyRecordSignature(signature, hash, {} as never)).message).toContain(
      'bad-keys: keys is not a Map',
    ));
  it('verifyAuditEntry with secrets that are not a list of strings or bytes', () => {
    expect(thrownSeamError(() => verifyAuditEntry(entry, 'secret' as never)).message).toContain(
      'secrets is not an array',
    );
    expect(thrownSeamError(() => verifyAuditEntry(entry, ['secret', 7] as never)).message).toContain(
      'secrets[1] is not a string',
    );
  });
});

describe('signing functions name the offending field', () => {
  const cases: [string, () => unknown, string][] = [
    [
      'audit entry member',
      () => signAuditEntry({ id: 'e', render: () => 1 }, 's'),
      'entry.render is a function, which has no JSON spelling',
    ],
    ['audit entry', () => signAuditEntry([] as never, 's'), 'entry is not a JSON object'],
    ['audit secret', () => signAuditEntry({ id: 'e' }, 7 as never), 'secret is not a string or a Uint8Array'],
    ['grader claim', () => signGraderVerdict(null as never, 'g', seed), 'claim is not'],
    [
      'grader claim.run',
      () => signGraderVerdict({ run: 1 } as never, 'g', seed),
      'claim.run is not a string',
    ],
    ['record hash', () => signRecord(hash.subarray(1), 'k1', seed), 'hash is not a 32-byte chain hash'],
    ['record seed', () => signRecord(hash, 'k1', seed.subarray(1)), 'seed is not a 32-byte Ed25519 seed'],
    ['record keyId', () => signRecord(hash, '', seed), 'keyId is not a non-empty string'],
    ['chain raw', () => chainHash(zeros, 'x' as never), 'raw is not a Uint8Array'],
    [
      'writer body',
      () =>
        writeExport({
          origin: 'o',
          runs: [{ run: 'r', sealed: false, records: [{ body: { contextId: undefined } }] }],
        }),
      'records[0].body.contextId is undefined, which has no JSON spelling',
    ],
    [
      'writer sealed run',
      () => writeExport({ origin: 'o', runs: [{ run: 'r', sealed: true, records: [] }] }),
      'runs[0] is sealed',
    ],
  ];
  for (const [name, f, words] of cases)
    it(name, () => {
      expect(thrownSeamError(f).message).toContain(words);
    });
});
