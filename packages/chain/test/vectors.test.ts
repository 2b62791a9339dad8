import { replayGroups } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { chainOps } from '../../cli/src/conformance/ops/chain.js';
import {
  AUDIT_CODES,
  ExportVerifier,
  FINDING_CODES,
  LINK_CODES,
  NOT_CHECKED_CODES,
  SIGNATURE_CODES,
  verifyExport,
} from '../src/index.js';

// vectors/chain.json replayed through its groups' op replayers (spec/harness.md, "chain").
/** The export groups of a chain file, in the file's order. */
const exportGroups = (doc: Record<string, unknown>) =>
  Object.keys(doc).filter((g) => g.startsWith('export.'));

const { doc } = replayGroups(it, describe, {
  file: 'chain.json',
  package: '@agent-seam/chain',
  ops: chainOps,
  groups: (doc) => ['chain.links', 'chain.signatures', 'audit.hmac', ...exportGroups(doc)],
});
const EXPORT_GROUPS = exportGroups(doc);

// The file itself: what each export group's cases promise, and a vector for every code.
describe('the export groups', () => {
  it('export.sound pins the not-checked codes of every case', () =>
    expect(doc['export.sound'].filter((v: any) => v.expect.notChecked === undefined)).toEqual([]));
  it('export.findings holds only cases with findings', () =>
    expect(doc['export.findings'].filter((v: any) => v.expect.status !== 'findings')).toEqual([]));
  // The newer groups hold both ways: a case refuses when it expects findings, an
  // unchecked strict verdict, or a configuration error.
  for (const group of EXPORT_GROUPS.filter((g) => g !== 'export.sound' && g !== 'export.findings'))
    it(`${group} holds both ways`, () => {
      const refusing = doc[group].filter(
        (v: any) => v.expect.error !== undefined || ['findings', 'unchecked'].includes(v.expect.status),
      );
      expect(refusing.length).toBeGreaterThan(0);
      expect(refusing.length).toBeLessThan(doc[group].length);
    });
});

describe('verifier options', () => {
  it('refuses a maximum age without a clock to judge it by (programmer error, thrown)', () => {
    expect(thrownSeamError(() => new ExportVerifier({ maxCheckpointAge: 60 })).code).toBe('bad-options');
    expect(thrownSeamError(() => new ExportVerifier({ maxCheckpointAge: -1, now: 0 })).message).toMatch(
      /bad-duration: maxCheckpointAge/,
    );
  });
  it('refuses a witness key that is not a vkey', () => {
    expect(thrownSeamError(() => new ExportVerifier({ witnessKeys: ['not-a-vkey'] })).code).toBe(
      'malformed-vkey',
    );
  });
});

describe('every refusal code is produced by a vector', () => {
  const produced = (group: string) =>
    new Set(
      doc[group].flatMap((v: any) =>
        typeof v.expect === 'string' && v.expect !== 'accept' ? [v.expect] : [],
      ),
    );
  const exportCases = EXPORT_GROUPS.flatMap((g) => doc[g]);
  const findings = new Set(exportCases.flatMap((v: any) => v.expect.findings ?? []));
  const notChecked = new Set(exportCases.flatMap((v: any) => v.expect.notChecked ?? []));
  it('finding codes', () => expect(FINDING_CODES.filter((c) => !findings.has(c))).toEqual([]));
  it('not-checked codes', () => expect(NOT_CHECKED_CODES.filter((c) => !notChecked.has(c))).toEqual([]));
  it('signature codes', () =>
    expect(SIGNATURE_CODES.filter((c) => !produced('chain.signatures').has(c))).toEqual([]));
  // Only a JavaScript value JSON cannot hold (a Date, a function, a cycle) has no rfc004
  // form, and a JSON vector cannot carry one: test/audit.test.ts pins that code.
  it('audit codes', () =>
    expect(AUDIT_CODES.filter((c) => !produced('audit.hmac').has(c))).toEqual(['audit-not-canonical']));
  // A link given something other than bytes has no JSON spelling: test/wire-types.test.ts pins not-bytes.
  it('link codes', () =>
    expect(LINK_CODES.filter((c) => !produced('chain.links').has(c))).toEqual(['not-bytes']));
});

describe('verifier lifecycle', () => {
  it('refuses lines after finish (programmer error, thrown)', () => {
    const verifier = new ExportVerifier();
    verifier.finish();
    expect(thrownSeamError(() => verifier.push('{}')).message).toMatch(/finished/);
    expect(thrownSeamError(() => verifier.finish()).message).toMatch(/finished/);
  });
  it('reports an empty input as missing its header', async () => {
    const report = await verifyExport([]);
    expect(report.status).toBe('findings');
    expect(report.findings.map((f) => f.code)).toEqual(['header-missing']);
  });
});
