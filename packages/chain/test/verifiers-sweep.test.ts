import { SeamError } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  ExportVerifier,
  mergeExportReports,
  parseGraderSidecar,
  readAnchor,
  signAuditEntry,
  signRecord,
  verifyAuditEntry,
  verifyExport,
  verifyExportRange,
  verifyKeyed,
  verifyLink,
  verifyRecordSignature,
  writeExport,
  ZERO_HASH,
} from '../src/index.js';
import * as verifyOnly from '../src/verify-only.js';
import { sealedRun, unhex } from './helpers.js';

// Every judging function this package exports, called with only what it requires, judges
// (a Verdict, or a report that says per step what it established); leaving out a required
// argument throws SeamError naming it, never a TypeError and never a judgement made without
// it. A verifier added to the verify entry without an entry here turns the first case red.

const seed = new Uint8Array(32).fill(3);
const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
const hash = new Uint8Array(32).fill(7);
const signature = signRecord(hash, 'k1', seed);
const entry = { action: 'read' };
const { lines, checkpoint } = writeExport({
  origin: 'example.com/log',
  key: { keyId: 'k1', seed },
  runs: [sealedRun('r1')],
});
const fileSize = lines.reduce((n, l) => n + l.length + 1, 0);

/** How each judging function judges with only what it requires, and each required argument left out. */
interface Sweep {
  judges: () => unknown;
  required: Record<string, { without: () => unknown; names: RegExp }>;
}

const SWEEP: Record<string, Sweep> = {
  verifyLink: { judges: () => verifyLink(ZERO_HASH, new Uint8Array(1), hash), required: {} },
  verifyRecordSignature: {
    judges: () => verifyRecordSignature(signature, hash, keys),
    required: {
      keys: { without: () => verifyRecordSignature(signature, hash, undefined as never), names: /\bkeys\b/ },
    },
  },
  verifyKeyed: {
    judges: () => verifyKeyed(signature, hash, keys),
    required: {
      keys: { without: () => verifyKeyed(signature, hash, undefined as never), names: /\bkeys\b/ },
    },
  },
  verifyAuditEntry: {
    judges: () => verifyAuditEntry({ ...entry, hmac: signAuditEntry(entry, 's') }, ['s']),
    required: {
      secrets: { without: () => verifyAuditEntry(entry, undefined as never), names: /\bsecrets\b/ },
    },
  },
  parseGraderSidecar: { judges: () => parseGraderSidecar(new Uint8Array([0x7b, 0x7d])), required: {} },
  readAnchor: { judges: () => readAnchor({ note: 'x' }), required: {} },
  verifyExport: { judges: () => verifyExport(lines), required: {} },
  ExportVerifier: {
    judges: () => {
      const verifier = new ExportVerifier();
      for (const line of lines) verifier.push(line);
      return verifier.finish();
    },
    required: {},
  },
  verifyExportRange: {
    judges: () => verifyExportRange(lines, { range: { start: 0, end: fileSize, fileSize } }),
    required: { range: { without: () => verifyExportRange(lines, undefined as never), names: /\brange\b/ } },
  },
  mergeExportReports: {
    judges: async () =>
      mergeExportReports([await verifyExportRange(lines, { range: { start: 0, end: fileSize, fileSize } })]),
    required: {
      parts: { without: () => mergeExportReports([]), names: /\bparts\b/ },
    },
  },
};

const judging = (name: string) => /^(verify|parse|read|merge)[A-Z]|^ExportVerifier$/.test(name);

describe('every judging function: judges with what it requires; without a required argument, a usage error naming it', () => {
  it('the sweep lists every judging function the verify entry exports', () => {
    const exported = Object.entries(verifyOnly)
      .filter(([name, value]) => typeof value === 'function' && judging(name))
      .map(([name]) => name)
      .sort();
    expect(exported).toEqual(Object.keys(SWEEP).sort());
  });

  for (const [name, sweep] of Object.entries(SWEEP)) {
    it(`${name} judges with only what it requires`, async () => {
      const judged = (await sweep.judges()) as { ok?: boolean; status?: string; steps?: unknown[] };
      expect(typeof judged === 'object' && judged !== null).toBe(true);
      if ('ok' in judged) expect(typeof judged.ok).toBe('boolean');
      else if ('status' in judged) expect(judged.steps?.length).toBe(10);
      else expect(judged).toMatchObject({ format: 'agent-seam/export-part/1' });
    });
    for (const [option, { without, names }] of Object.entries(sweep.required))
      it(`${name} without ${option}: a SeamError naming it`, async () => {
        let thrown: unknown;
        try {
          await without();
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(SeamError);
        expect((thrown as SeamError).message).toMatch(names);
      });
  }

  it("verifyExport with only the file: sound, yet the steps that need the caller's keys and checkpoint say not-checked, and strict: 'caller-material' will not call it sound", async () => {
    const report = await verifyExport(lines);
    expect(report.status).toBe('sound');
    const outcome = (id: string) => report.steps.find((s) => s.id === id)?.outcome;
    expect([outcome('signatures'), outcome('anchors')]).toEqual(['not-checked', 'not-checked']);
    expect((await verifyExport(lines, { strict: 'caller-material' })).status).toBe('unchecked');
    const anchors = [{ checkpoint: { ...checkpoint, root: unhex(checkpoint.root) } }];
    expect((await verifyExport(lines, { strict: 'caller-material', keys, anchors })).status).toBe('sound');
  });
});
