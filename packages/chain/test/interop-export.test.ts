import { readFileSync } from 'node:fs';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { type ExportReport, verifyExport } from '../src/index.js';
import { unhex } from './helpers.js';

const ledger = openLedger();
const linesOf = (path: string) => {
  const file = interopPath(path);
  return file === null ? null : readFileSync(file, 'utf8').split('\n');
};
const codes = (report: ExportReport) => [...new Set(report.findings.map((f) => f.code))].sort();

describe('agentplane golden export (21c6b42)', () => {
  const lines = linesOf('agentplane/golden/export.jsonl');
  const x = loadInterop('agentplane/extracted_vectors.json');
  const G = 'export.agentplane-golden';
  if (lines === null || x === null) {
    it('interop data absent', () => ledger.interopMissing(G));
    return;
  }
  const cp = x.golden_export_chain.checkpoint;
  const anchor = { checkpoint: { origin: cp.origin, size: cp.size, root: unhex(cp.root) } };

  it('verifies sound, with deletion and signatures reported as not checked', () =>
    ledger.accept(
      G,
      'unsigned-no-anchor',
      async () => {
        const report = await verifyExport(lines);
        expect(report.status).toBe('sound');
        expect([report.runs, report.records, report.cases, report.sealedRuns, report.openRuns]).toEqual([
          1, 3, 1, 1, 0,
        ]);
        expect(report.notChecked.map((n) => n.code).sort()).toEqual([
          'blob-bytes',
          'case-contents',
          'deletion',
          'record-signatures',
          'unsigned-records',
        ]);
        expect(report.notChecked.find((n) => n.code === 'unsigned-records')?.count).toBe(3);
        expect(report.unaccounted).toEqual([]);
      },
      { interop: true },
    ));

  it('matches the checkpoint recorded beside it (outside anchor)', () =>
    ledger.accept(
      G,
      'anchored',
      async () => {
        const report = await verifyExport(lines, { anchors: [anchor] });
        expect(report.status).toBe('sound');
        expect(report.anchors).toEqual([
          { anchor: 0, origin: 'agentplane', size: 1, status: 'matched', cosignedBy: [] },
        ]);
        expect(report.notChecked.map((n) => n.code)).not.toContain('deletion');
      },
      { interop: true },
    ));

  // The signed golden export is the same bytes plus the signatures extracted beside it.
  const signed = lines.map((line) => {
    if (line === '' || line.includes('"kind":"agentplane')) return line;
    const record = JSON.parse(line);
    const sig = x.golden_export_chain.records.find((r: any) => r.seq === record.seq).signature;
    return line.replace('"signature":null', `"signature":{"key_id":"golden-record","signature":"${sig}"}`);
  });
  const keys = new Map([['golden-record', unhex(x.golden_fixture_inputs.record_key.public_hex)]]);

  it('verifies the signed variant under the golden record key', () =>
    ledger.accept(
      G,
      'signed',
      async () => {
        const report = await verifyExport(signed, { keys, anchors: [anchor] });
        expect(report.status).toBe('sound');
        expect(report.recordSignaturesVerified).toBe(3);
      },
      { interop: true },
    ));

  it('refuses the unsigned file once keys are supplied (stripping is no way to pass)', () =>
    ledger.refuse(
      G,
      'unsigned-under-keys',
      async () => {
        const report = await verifyExport(lines, { keys });
        expect(codes(report)).toEqual(['signature-absent']);
        expect(report.findings).toHaveLength(3);
      },
      { interop: true },
    ));

  it('refuses a different root at the same size', () =>
    ledger.refuse(
      G,
      'anchor-other-root',
      async () => {
        const other = { checkpoint: { ...anchor.checkpoint, root: unhex(x.golden_export_chain.seal) } };
        const report = await verifyExport(lines, { anchors: [other] });
        expect(codes(report)).toEqual(['anchor-root-mismatch']);
      },
      { interop: true },
    ));
});

describe('agentplane older exports (report what differs)', () => {
  const G = 'export.agentplane-older';
  const e4d = linesOf('agentplane/golden/older/export.at-e4d894d.jsonl');
  const o815 = linesOf('agentplane/golden/older/export.at-815d185.jsonl');
  if (e4d === null || o815 === null) {
    it('interop data absent', () => ledger.interopMissing(G));
    return;
  }
  it('e4d894d: attestation instead of signature, no hold on the case block', () =>
    ledger.refuse(
      G,
      'e4d894d',
      async () => {
        const report = await verifyExport(e4d);
        expect(report.status).toBe('findings');
        expect(codes(report)).toEqual(['case-hold-missing', 'signature-member-missing']);
        expect(
          report.findings.filter((f) => f.code === 'signature-member-missing').map((f) => f.line),
        ).toEqual([3, 4, 5]);
        expect(report.unaccounted).toEqual([3, 4, 5].map((line) => ({ line, member: 'attestation' })));
      },
      { interop: true },
    ));
  it('815d185: attestation instead of signature, no case layer at all (and none named)', () =>
    ledger.refuse(
      G,
      '815d185',
      async () => {
        const report = await verifyExport(o815);
        expect(codes(report)).toEqual(['signature-member-missing']);
        expect(report.findings).toHaveLength(3);
        expect([report.runs, report.records, report.cases, report.sealedRuns]).toEqual([1, 3, 0, 1]);
      },
      { interop: true },
    ));
});
