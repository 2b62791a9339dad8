import { utf8Strict } from '@agent-seam/canonical';
import {
  type ExportOptions,
  type ExportReport,
  verifyAuditEntry,
  verifyExport,
  verifyLink,
  verifyRecordSignature,
} from '@agent-seam/chain';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: options travel as untyped JSON, as the vector file spells them.
type Json = Record<string, any>;

/** Trusted keys by key id, each hex. */
const keyMap = (keys: Json) => new Map(Object.keys(keys).map((id) => [id, bytesArg(keys, id)]));

/** The request's verifier options (hex and text, as the file spells them) as the verifier takes them. */
function optionsOf(o: Json): ExportOptions {
  const out: ExportOptions = {};
  if (o.keys) out.keys = keyMap(o.keys);
  if (o.graderKeys) out.graderKeys = keyMap(o.graderKeys);
  if (o.witnessKeys) out.witnessKeys = o.witnessKeys;
  if (o.graderVerdicts) out.graderVerdicts = o.graderVerdicts.map((t: string) => utf8Strict.encode(t));
  if (o.anchors)
    out.anchors = o.anchors.map((a: Json) =>
      'note' in a
        ? { note: a.note }
        : { checkpoint: { ...a.checkpoint, root: bytesArg(a.checkpoint, 'root') } },
    );
  for (const k of ['maxCheckpointAge', 'now', 'maxLineBytes', 'strict', 'allowUnchecked'] as const)
    if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** Members of the report a request can ask for that are answered as codes, not as the report holds them. */
const DERIVED: Record<string, (report: ExportReport, args: Json) => unknown> = {
  findings: (r) => r.findings.map((f) => f.code).sort(),
  notChecked: (r) => [...new Set(r.notChecked.map((n) => n.code))].sort(),
  notCheckedCounts: (r, args) =>
    Object.fromEntries(
      (args.countsOf as string[]).map((code) => [
        code,
        r.notChecked.find((n) => n.code === code)?.count ?? null,
      ]),
    ),
  steps: (r) => Object.fromEntries(r.steps.map((s) => [s.id, s.outcome])),
};

/** Members answered as the report holds them (null when absent). */
const AS_HELD = new Set([
  'status',
  'kind',
  'strict',
  'unaccounted',
  'runs',
  'records',
  'cases',
  'sealedRuns',
  'openRuns',
  'logSize',
  'provenLeaves',
  'recordSignaturesVerified',
  'anchors',
  'graderVerdicts',
  'witnesses',
]);

const member = (report: ExportReport, name: string, args: Json): unknown => {
  if (Object.hasOwn(DERIVED, name)) return DERIVED[name]!(report, args);
  if (!AS_HELD.has(name)) throw new Error(`args.answer names ${name}, not a member of the report`);
  return (report as unknown as Json)[name] ?? null;
};

/** The report's members the request names; a configuration the verifier refuses answers its code. */
async function verifyExportOp(args: Json): Promise<Outcome> {
  let report: ExportReport;
  try {
    report = await verifyExport(
      'exportHex' in args ? bytesArg(args, 'exportHex') : (args.lines as string[]),
      optionsOf(args.options),
    );
  } catch (error) {
    return fromWriter(() => {
      throw error;
    });
  }
  return {
    ok: true,
    value: Object.fromEntries((args.answer as string[]).map((m) => [m, member(report, m, args)])),
  };
}

/** The ops of @agent-seam/chain (spec/harness.md, "chain"). */
export const chainOps: OpTable = {
  'chain.verifyLink': (args) =>
    fromVerdict(verifyLink(bytesArg(args, 'prevHex'), bytesArg(args, 'rawHex'), bytesArg(args, 'hashHex'))),
  'chain.verifyRecordSignature': (args) =>
    fromVerdict(verifyRecordSignature(args.signature, bytesArg(args, 'hashHex'), keyMap(args.keys as Json))),
  // An entry given as text is read as JSON reads it (a number beyond a double is infinite).
  'chain.verifyAuditEntry': (args) =>
    fromVerdict(
      verifyAuditEntry(
        typeof args.entryJson === 'string' ? JSON.parse(args.entryJson) : args.entry,
        args.secrets as string[],
      ),
    ),
  'chain.verifyExport': verifyExportOp,
};
