import { SeamError, utf8Strict } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_CODES,
  type ExportReport,
  ExportVerifier,
  FINDING_CODES,
  LINK_CODES,
  NOT_CHECKED_CODES,
  SIGNATURE_CODES,
  verifyAuditEntry,
  verifyExport,
  verifyLink,
  verifyRecordSignature,
} from '../src/index.js';
import { keyMap, optionsOf, unhex } from './helpers.js';

const ledger = openLedger();
const doc = loadVectors('chain.json');
const findingCodes = (report: ExportReport) => report.findings.map((f) => f.code).sort();
const notCheckedCodes = (report: ExportReport) => [...new Set(report.notChecked.map((n) => n.code))].sort();

/** Everything a vector pins about a report: codes, not-checked items and their counts, hand-written fields. */
async function expectReport(v: any): Promise<void> {
  const report = await verifyExport(v.lines, optionsOf(v.options));
  expect(report.status).toBe(v.expect.status);
  expect(findingCodes(report)).toEqual(v.expect.findings);
  if (v.expect.notChecked) expect(notCheckedCodes(report)).toEqual(v.expect.notChecked);
  for (const [code, count] of Object.entries(v.expect.notCheckedCounts ?? {}))
    expect(report.notChecked.find((n) => n.code === code)?.count).toBe(count);
  expect(report.unaccounted).toEqual(v.expect.unaccounted ?? []);
  if (v.expect.report) expect(report).toMatchObject(v.expect.report);
  if (v.expect.steps)
    expect(Object.fromEntries(report.steps.map((s) => [s.id, s.outcome]))).toEqual(v.expect.steps);
}

/** A configuration the verifier must refuse by throwing, before reading a line. */
function expectOptionsError(v: any): void {
  let thrown: unknown;
  try {
    new ExportVerifier(optionsOf(v.options));
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(SeamError);
  expect((thrown as SeamError).code).toBe(v.expect.error);
}

const EXPORT_GROUPS = [
  'export.sound',
  'export.findings',
  'export.graders',
  'export.reference-readings',
  'export.own-readings',
  'export.unchecked',
  'export.strict',
  'export.established',
];

describe('chain.links', () => {
  for (const v of doc['chain.links']) {
    const verdict = () => verifyLink(unhex(v.prev), utf8Strict.encode(v.raw), unhex(v.hash));
    it(v.name, () =>
      v.expect === 'accept'
        ? ledger.accept('chain.links', v.name, () => expect(verdict()).toEqual({ ok: true, value: true }))
        : ledger.refuse('chain.links', v.name, () =>
            expect(verdict()).toMatchObject({ ok: false, code: v.expect }),
          ),
    );
  }
});

describe('chain.signatures', () => {
  for (const v of doc['chain.signatures']) {
    const verdict = () => verifyRecordSignature(v.signature, unhex(v.hash), keyMap(v.keys)!);
    it(v.name, () =>
      v.expect === 'accept'
        ? ledger.accept('chain.signatures', v.name, () =>
            expect(verdict()).toEqual({ ok: true, value: { keyId: v.signature.key_id } }),
          )
        : ledger.refuse('chain.signatures', v.name, () =>
            expect(verdict()).toMatchObject({ ok: false, code: v.expect }),
          ),
    );
  }
});

describe('audit.hmac', () => {
  for (const v of doc['audit.hmac']) {
    const entry = v.entryJson !== undefined ? JSON.parse(v.entryJson) : v.entry;
    const verdict = () => verifyAuditEntry(entry, v.secrets);
    it(v.name, () =>
      typeof v.expect === 'object'
        ? ledger.accept('audit.hmac', v.name, () => expect(verdict()).toEqual({ ok: true, value: v.expect }))
        : ledger.refuse('audit.hmac', v.name, () =>
            expect(verdict()).toMatchObject({ ok: false, code: v.expect }),
          ),
    );
  }
});

describe('export.sound', () => {
  for (const v of doc['export.sound']) {
    it(v.name, () =>
      ledger.accept('export.sound', v.name, async () => {
        expect(v.expect.notChecked).toBeDefined();
        await expectReport(v);
      }),
    );
  }
});

describe('export.findings', () => {
  for (const v of doc['export.findings']) {
    it(v.name, () =>
      ledger.refuse('export.findings', v.name, async () => {
        expect(v.expect.status).toBe('findings');
        await expectReport(v);
      }),
    );
  }
});

// The newer groups hold both ways: a case refuses when it expects findings, an
// unchecked strict verdict, or a configuration error.
for (const group of EXPORT_GROUPS.slice(2))
  describe(group, () => {
    for (const v of doc[group]) {
      const refuses = v.expect.error !== undefined || ['findings', 'unchecked'].includes(v.expect.status);
      const check = () => (v.expect.error !== undefined ? expectOptionsError(v) : expectReport(v));
      it(v.name, () => (refuses ? ledger.refuse(group, v.name, check) : ledger.accept(group, v.name, check)));
    }
  });

describe('every new group holds both ways', () => {
  for (const group of EXPORT_GROUPS.slice(2))
    it(group, () => {
      const refusing = doc[group].filter(
        (v: any) => v.expect.error !== undefined || ['findings', 'unchecked'].includes(v.expect.status),
      );
      expect(refusing.length).toBeGreaterThan(0);
      expect(refusing.length).toBeLessThan(doc[group].length);
    });
});

describe('verifier options', () => {
  it('refuses a maximum age without a clock to judge it by (programmer error, thrown)', () => {
    expect(() => new ExportVerifier({ maxCheckpointAge: 60 })).toThrow(/bad-options/);
    expect(() => new ExportVerifier({ maxCheckpointAge: -1, now: 0 })).toThrow(
      /bad-duration: maxCheckpointAge/,
    );
  });
  it('refuses a witness key that is not a vkey', () => {
    expect(() => new ExportVerifier({ witnessKeys: ['not-a-vkey'] })).toThrow(/malformed-vkey/);
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
    expect(() => verifier.push('{}')).toThrow(/finished/);
    expect(() => verifier.finish()).toThrow(/finished/);
  });
  it('reports an empty input as missing its header', async () => {
    const report = await verifyExport([]);
    expect(report.status).toBe('findings');
    expect(report.findings.map((f) => f.code)).toEqual(['header-missing']);
  });
});
