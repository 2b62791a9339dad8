import { checkListProblems, explainVerdict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import {
  AUDIT_CHECKS,
  AUDIT_CODES,
  EXPORT_CHECKS,
  explainReport,
  FINDING_CODES,
  LINK_CHECKS,
  LINK_CODES,
  RECORD_SIGNATURE_CHECKS,
  SIGNATURE_CODES,
  signAuditEntry,
  signRecord,
  verifyAuditEntry,
  verifyExport,
  verifyLink,
  verifyRecordSignature,
  writeExport,
} from '../src/index.js';
import { sealedRun, unhex } from './helpers.js';

const run = 'run_01J80000000000000000000001';
const recordSeed = new Uint8Array(32).fill(5);
const { lines, checkpoint } = writeExport({
  origin: 'example.com/agentplane',
  key: { keyId: 'r1', seed: recordSeed },
  runs: [sealedRun(run)],
  cases: [],
});
const outcomes = (results: ReturnType<typeof explainReport>) =>
  Object.fromEntries(results.map((r) => [r.id, r.code ?? r.outcome]));

describe('EXPORT_CHECKS', () => {
  it('lists every finding code once, in the order FINDING_CODES gives the steps', () => {
    expect(checkListProblems(EXPORT_CHECKS, FINDING_CODES)).toEqual([]);
    expect(EXPORT_CHECKS.flatMap((c) => c.codes)).toEqual([...FINDING_CODES]);
  });

  it('a keyed, anchored export: every step that had something to establish passes', async () => {
    const keys = new Map([['r1', keyPairFromSeed(recordSeed).publicKey]]);
    const anchors = [{ checkpoint: { ...checkpoint, root: unhex(checkpoint.root) } }];
    const results = explainReport(await verifyExport(lines, { keys, anchors }));
    expect(outcomes(results)).toEqual({
      ...Object.fromEntries(EXPORT_CHECKS.map((c) => [c.id, 'pass'])),
      cases: 'not-checked',
      graders: 'not-checked',
    });
    expect(results.find((r) => r.id === 'signatures')?.detail).toBe(
      '2 record signatures verified under the keys given',
    );
    expect(results.find((r) => r.id === 'cases')?.detail).toBe(
      'the file carries no case block; blob bytes are never in the file',
    );
  });

  it('the same export without keys or an outside checkpoint: those steps say not-checked, never pass', async () => {
    const results = explainReport(await verifyExport(lines));
    expect(outcomes(results)).toMatchObject({
      signatures: 'not-checked',
      anchors: 'not-checked',
      log: 'pass',
    });
    expect(results.find((r) => r.id === 'signatures')?.detail).toBe(
      'record signatures NOT checked: no record keys',
    );
    expect(results.find((r) => r.id === 'anchors')?.detail).toBe(
      'deletion NOT checked: no checkpoint from outside the file',
    );
  });

  it('a body edited beside its hashed bytes and a trailer cut off: those two steps refuse', async () => {
    const edited = lines.map((line) => line.replace('"capability":"x"', '"capability":"y"'));
    expect(edited).not.toEqual(lines);
    const results = explainReport(await verifyExport(edited.slice(0, -1)));
    expect(outcomes(results)).toMatchObject({
      records: 'record-body-mismatch',
      trailer: 'trailer-missing',
      runs: 'pass',
      header: 'pass',
    });
  });

  it('no header: the reader stops, so every step after it is not checked', async () => {
    const results = explainReport(await verifyExport(lines.slice(1)));
    expect(outcomes(results)).toEqual({
      lines: 'pass',
      header: 'header-missing',
      ...Object.fromEntries(EXPORT_CHECKS.slice(2).map((c) => [c.id, 'not-checked'])),
    });
  });
});

const seed = new Uint8Array(32).fill(3);
const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
const hash = new Uint8Array(32).fill(7);

it('a record signature and an audit entry the order cases start from verify', () => {
  expect(verifyRecordSignature(signRecord(hash, 'k1', seed), hash, keys).ok).toBe(true);
  const entry = { action: 'read' };
  expect(verifyAuditEntry({ ...entry, hmac: signAuditEntry(entry, 's') }, ['s']).ok).toBe(true);
});

holdChecksToVerifier('verifyLink', LINK_CHECKS, LINK_CODES, {
  'bytes > link': () => verifyLink('prev' as never, new Uint8Array(1), new Uint8Array(5)),
});

holdChecksToVerifier('verifyRecordSignature', RECORD_SIGNATURE_CHECKS, [...SIGNATURE_CODES, 'not-bytes'], {
  'hash > hash-length': () => verifyRecordSignature(null, 'short' as never, keys),
  'hash-length > present': () => verifyRecordSignature(null, new Uint8Array(31), keys),
  'present > spelling': 'a signature that is absent has no spelling to judge',
  'spelling > key': () => verifyRecordSignature({ key_id: 'k9', signature: 'xyz' }, hash, keys),
  'key > signature': () => verifyRecordSignature({ key_id: 'k9', signature: '00'.repeat(64) }, hash, keys),
});

holdChecksToVerifier('verifyAuditEntry', AUDIT_CHECKS, AUDIT_CODES, {
  'secret > entry': () => verifyAuditEntry(5, ['']),
  'entry > hmac-present': () => verifyAuditEntry([], ['s']),
  'hmac-present > hmac-spelling': 'an hmac that is absent has no spelling to judge',
  // A member that is no JSON value (a Date) has no rfc004 canonical form.
  'hmac-spelling > canonical': () => verifyAuditEntry({ hmac: 'sha1:00', at: new Date(0) }, ['s']),
  'canonical > hmac': () => verifyAuditEntry({ hmac: `sha256:${'00'.repeat(32)}`, at: new Date(0) }, ['s']),
});

describe('module-level check lists (static mutants, `pnpm mutate --filter chain --rest --static`)', () => {
  it("the export's steps: the spec's ids in its order, each with a title of its own", () => {
    // why: export/checks.ts, each step id ('signatures', 'log', 'anchors', 'cases', 'graders')
    // → "" and each title → "": the explain layer shows both to a person, and no case read them.
    // The ids are the steps of spec/chain.md ("Steps, as implemented").
    expect(EXPORT_CHECKS.map((c) => c.id)).toEqual([
      'lines',
      'header',
      'records',
      'runs',
      'signatures',
      'log',
      'anchors',
      'cases',
      'trailer',
      'graders',
    ]);
    const titles = EXPORT_CHECKS.map((c) => c.title);
    expect(titles.filter((t) => t.trim() === '')).toEqual([]);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('an export of an unknown canon: the lines were read; the header and every step after it established nothing', async () => {
    const unknownCanon = [lines[0]!.replace('"canon":1', '"canon":99'), ...lines.slice(1)];
    expect(unknownCanon[0]).not.toBe(lines[0]);
    const report = await verifyExport(unknownCanon);
    expect(report.status).toBe('unverifiable');
    const results = explainReport(report);
    expect(outcomes(results)).toEqual({
      lines: 'pass',
      ...Object.fromEntries(EXPORT_CHECKS.slice(1).map((c) => [c.id, 'not-checked'])),
    });
    expect(results[1]!.detail).toBe('canon 99 is not one this reader implements');
    expect(results[2]!.detail).toBe('not read: the header names a canon this reader does not implement');
  });

  it('a record signature that does not verify is explained at the signature step', () => {
    // why: checks.ts:27 the hash-length prefix 'the hash' → "" (a bad signature was put at
    // hash-length), :40 the signature step's prefixes ['Ed25519'] → [] (no step claimed it: the
    // explanation threw). The pairs above only ever explain the earlier step of a pair.
    const verdict = verifyRecordSignature(signRecord(new Uint8Array(32).fill(8), 'k1', seed), hash, keys);
    expect(verdict).toMatchObject({ ok: false, code: 'signature-invalid' });
    const refused = explainVerdict(RECORD_SIGNATURE_CHECKS, verdict).find((r) => r.outcome === 'refuse');
    expect(refused?.id).toBe('signature');
  });
});

// explainReport: what a report says about each step.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

describe('checks.ts: explainReport', () => {
  const seed = new Uint8Array(32).fill(3);
  const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
  const { lines } = writeExport({
    origin: 'example.com/agentplane',
    key: { keyId: 'k1', seed },
    runs: [sealedRun('run_01J80000000000000000000001')],
  });

  it('a step with findings refuses with its first code and how many it found', async () => {
    // why: steps.ts: the refusing step's outcome and its detail (the first finding, where it is,
    // and how many more).
    // Both records' bodies edited beside their hashed raw bytes (the raw holds them escaped).
    const edited = lines.map((line) =>
      line
        .replace('"capability":"x"', '"capability":"y"')
        .replace('"outcome":"succeeded"', '"outcome":"failed"'),
    );
    const report = await verifyExport(edited, { keys });
    const records = explainReport(report).find((r) => r.id === 'records');
    expect(records).toEqual({
      id: 'records',
      title: EXPORT_CHECKS.find((c) => c.id === 'records')!.title,
      outcome: 'refuse',
      code: 'record-body-mismatch',
      detail: `line 3, run run_01J80000000000000000000001: ${report.findings[0]!.message} (and 1 more finding)`,
    });
    expect(report.findings[0]!.code).toBe('record-body-mismatch');
  });
});
