import { utf8Strict } from '@agent-seam/canonical';
import {
  type ExportOptions,
  ExportVerifier,
  verifyAuditEntry,
  verifyExport,
  verifyLink,
  verifyRecordSignature,
} from '@agent-seam/chain';
import {
  accepted,
  bytesOf,
  type Case,
  cases,
  type FileReplay,
  holds,
  refused,
  same,
  throwsCode,
} from './replay.js';

const pkg = '@agent-seam/chain';

const keyMap = (keys: Record<string, string>) =>
  new Map(Object.entries(keys).map(([id, h]) => [id, bytesOf(h)]));

/** The file's options (hex and text) as the verifier takes them (bytes). */
function optionsOf(o: Case = {}): ExportOptions {
  const out: ExportOptions = {};
  if (o.keys) out.keys = keyMap(o.keys);
  if (o.graderKeys) out.graderKeys = keyMap(o.graderKeys);
  if (o.witnessKeys) out.witnessKeys = o.witnessKeys;
  if (o.graderVerdicts) out.graderVerdicts = o.graderVerdicts.map((t: string) => utf8Strict.encode(t));
  if (o.anchors)
    out.anchors = o.anchors.map((a: Case) =>
      'note' in a ? { note: a.note } : { checkpoint: { ...a.checkpoint, root: bytesOf(a.checkpoint.root) } },
    );
  for (const k of ['maxCheckpointAge', 'now', 'maxLineBytes', 'strict', 'allowUnchecked'] as const)
    if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** Everything a case pins about the report: status, findings, not-checked items and counts, named members. */
async function reports(c: Case): Promise<void> {
  const e = c.expect;
  // A configuration the verifier refuses by throwing, before it reads a line.
  if (e.error !== undefined) return throwsCode(() => new ExportVerifier(optionsOf(c.options)), e.error);
  const report = await verifyExport(c.lines, optionsOf(c.options));
  same(report.status, e.status, 'status');
  same(report.findings.map((f) => f.code).sort(), e.findings, 'findings');
  if (e.notChecked)
    same([...new Set(report.notChecked.map((n) => n.code))].sort(), e.notChecked, 'not checked');
  for (const [code, count] of Object.entries(e.notCheckedCounts ?? {}))
    same(report.notChecked.find((n) => n.code === code)?.count, count, `not checked ${code}`);
  same(report.unaccounted, e.unaccounted ?? [], 'unaccounted');
  if (e.report) holds(report, e.report, 'report');
  if (e.steps) same(Object.fromEntries(report.steps.map((s) => [s.id, s.outcome])), e.steps, 'steps');
}

const exportGroup = { pkg, replay: (g: Case[]) => cases(g, reports) };
/** A verdict the case says is `accept` (value as given) or refused with its code. */
const verdictIs = (v: { ok: boolean; code?: string; value?: unknown }, expect: unknown, value: unknown) =>
  typeof expect === 'string' && expect !== 'accept' ? refused(v, expect) : accepted(v, value);

export const chain: FileReplay = {
  file: 'chain.json',
  layout: 'top-level',
  groups: {
    'chain.links': {
      pkg,
      replay: (g) =>
        cases(g, (c) =>
          verdictIs(verifyLink(bytesOf(c.prev), utf8Strict.encode(c.raw), bytesOf(c.hash)), c.expect, true),
        ),
    },
    'chain.signatures': {
      pkg,
      replay: (g) =>
        cases(g, (c) =>
          verdictIs(verifyRecordSignature(c.signature, bytesOf(c.hash), keyMap(c.keys)), c.expect, {
            keyId: c.signature?.key_id,
          }),
        ),
    },
    'audit.hmac': {
      pkg,
      replay: (g) =>
        cases(g, (c) =>
          verdictIs(
            verifyAuditEntry(c.entryJson !== undefined ? JSON.parse(c.entryJson) : c.entry, c.secrets),
            c.expect,
            c.expect,
          ),
        ),
    },
    'export.sound': exportGroup,
    'export.findings': exportGroup,
    'export.graders': exportGroup,
    'export.reference-readings': exportGroup,
    'export.own-readings': exportGroup,
    'export.unchecked': exportGroup,
    'export.strict': exportGroup,
    'export.established': exportGroup,
  },
};
