import { utf8Strict } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_CODES,
  type ExportOptions,
  type ExportReport,
  ExportVerifier,
  FINDING_CODES,
  SIGNATURE_CODES,
  verifyAuditEntry,
  verifyExport,
  verifyLink,
  verifyRecordSignature,
} from '../src/index.js';
import { unhex } from './helpers.js';

const ledger = openLedger();
const doc = loadVectors('chain.json');
const keyMap = (keys: Record<string, string> | undefined) =>
  keys === undefined ? undefined : new Map(Object.entries(keys).map(([id, h]) => [id, unhex(h)]));

/** Vector options (hex and text) to verifier options (bytes). */
export function optionsOf(o: Record<string, any> = {}): ExportOptions {
  const out: ExportOptions = {};
  if (o.keys) out.keys = keyMap(o.keys)!;
  if (o.graderKeys) out.graderKeys = keyMap(o.graderKeys)!;
  if (o.witnessKeys) out.witnessKeys = o.witnessKeys;
  if (o.graderVerdicts) out.graderVerdicts = o.graderVerdicts.map((t: string) => utf8Strict.encode(t));
  if (o.anchors)
    out.anchors = o.anchors.map((a: any) =>
      'note' in a ? { note: a.note } : { checkpoint: { ...a.checkpoint, root: unhex(a.checkpoint.root) } },
    );
  for (const k of ['maxCheckpointAge', 'now', 'maxLineBytes'] as const) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

const findingCodes = (report: ExportReport) => report.findings.map((f) => f.code).sort();
const notCheckedCodes = (report: ExportReport) => [...new Set(report.notChecked.map((n) => n.code))].sort();

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
        const report = await verifyExport(v.lines, optionsOf(v.options));
        expect(report.status).toBe(v.expect.status);
        expect(findingCodes(report)).toEqual(v.expect.findings);
        expect(notCheckedCodes(report)).toEqual(v.expect.notChecked);
        expect(report.unaccounted).toEqual(v.expect.unaccounted ?? []);
        if (v.expect.report) expect(report).toMatchObject(v.expect.report);
      }),
    );
  }
});

describe('export.findings', () => {
  for (const v of doc['export.findings']) {
    it(v.name, () =>
      ledger.refuse('export.findings', v.name, async () => {
        const report = await verifyExport(v.lines, optionsOf(v.options));
        expect(report.status).toBe('findings');
        expect(findingCodes(report)).toEqual(v.expect.findings);
        expect(report.unaccounted).toEqual(v.expect.unaccounted ?? []);
      }),
    );
  }
});

describe('verifier options', () => {
  it('refuses a maximum age without a clock to judge it by (programmer error, thrown)', () => {
    expect(() => new ExportVerifier({ maxCheckpointAge: 60 })).toThrow(/bad-options/);
    expect(() => new ExportVerifier({ maxCheckpointAge: -1, now: 0 })).toThrow(/bad-options/);
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
  const findings = new Set(doc['export.findings'].flatMap((v: any) => v.expect.findings));
  it('finding codes', () => expect(FINDING_CODES.filter((c) => !findings.has(c))).toEqual([]));
  it('signature codes', () =>
    expect(SIGNATURE_CODES.filter((c) => !produced('chain.signatures').has(c))).toEqual([]));
  it('audit codes', () => expect(AUDIT_CODES.filter((c) => !produced('audit.hmac').has(c))).toEqual([]));
  it('link code', () => expect(produced('chain.links')).toEqual(new Set(['record-hash-mismatch'])));
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
