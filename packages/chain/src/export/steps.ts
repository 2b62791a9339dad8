import { EXPORT_CHECKS } from './checks.js';
import {
  CALLER_MATERIAL,
  type ExportReport,
  type ExportStep,
  type ExportStepId,
  type NotCheckedCode,
} from './report.js';
import { plural, printable, whereOf } from './words.js';

/** The step each not-checked item belongs to: the one that would have established it. */
const OWNER: Record<NotCheckedCode, ExportStepId> = {
  'record-signatures': 'signatures',
  'unsigned-records': 'signatures',
  'witness-cosignatures': 'signatures',
  'witness-freshness': 'signatures',
  'grader-signature': 'graders',
  deletion: 'anchors',
  'anchor-prefix-only': 'anchors',
  'anchor-not-compared': 'anchors',
  'open-runs': 'log',
  'case-contents': 'cases',
  'blob-bytes': 'cases',
  'unreadable-runs': 'trailer',
  'unknown-members': 'lines',
  'rest-of-file': 'header',
};

const CALLER: readonly NotCheckedCode[] = CALLER_MATERIAL;

type Unstepped = Omit<ExportReport, 'steps'>;

/**
 * What each step established, from the report's own members. A step with findings
 * refuses; one that established nothing, or lacked material only the caller has, is
 * `not-checked` (what it read is then only consistent); the others pass.
 */
export function stepsOf(report: Unstepped): ExportStep[] {
  const has = (code: NotCheckedCode) => report.notChecked.some((n) => n.code === code);
  const stopped = report.status === 'unverifiable' || has('rest-of-file');
  return EXPORT_CHECKS.map(({ id: checkId, codes }): ExportStep => {
    const id = checkId as ExportStepId;
    const notChecked = [...new Set(report.notChecked.map((n) => n.code))].filter((c) => OWNER[c] === id);
    const found = report.findings.filter((f) => (codes as readonly string[]).includes(f.code));
    const first = found[0];
    if (first !== undefined) {
      const where = whereOf(first);
      const more = found.length > 1 ? ` (and ${plural(found.length - 1, 'more finding')})` : '';
      return {
        id,
        outcome: 'refuse',
        detail: `${where === '' ? '' : `${where}: `}${first.message}${more}`,
        code: first.code,
        findings: found.length,
        notChecked,
      };
    }
    const said =
      stopped && id !== 'lines' && id !== 'header'
        ? { established: null, missing: [`not read: ${stoppedWhy(report)}`] }
        : established(id, report, has);
    const lacking = notChecked.some((c) => CALLER.includes(c));
    const outcome = said.established === null || lacking ? 'not-checked' : 'pass';
    const detail = [said.established, ...said.missing].filter((d) => d !== null).join('; ');
    return { id, outcome, detail, findings: 0, notChecked };
  });
}

const stoppedWhy = (report: Unstepped) =>
  report.status === 'unverifiable'
    ? 'the header names a canon this reader does not implement'
    : 'the reader stopped at the header';

/** What a step established (null: nothing), and what it says it did not. */
interface Said {
  established: string | null;
  missing: string[];
}

function established(id: ExportStepId, r: Unstepped, has: (c: NotCheckedCode) => boolean): Said {
  const said = (established: string | null, ...missing: (string | false)[]): Said => ({
    established,
    missing: missing.filter((m): m is string => m !== false),
  });
  switch (id) {
    case 'lines':
      return said(
        r.lines > 0 ? `${plural(r.lines, 'line')} read` : null,
        r.lines === 0 && 'the input holds no line',
        has('unknown-members') &&
          `${plural(r.unaccounted.length, 'framing member')} this reader does not know`,
      );
    case 'header':
      if (r.status === 'unverifiable')
        return said(null, `canon ${printable(String(r.canon))} is not one this reader implements`);
      return said(
        r.kind === null
          ? null
          : `${r.kind === 'disclosure' ? 'a disclosure package' : 'an export'} of version 1 whose checkpoint holds ${plural(r.logSize ?? 0, 'leaf', 'leaves')}`,
      );
    case 'records':
      return said(
        r.records > 0
          ? `each record hashes over its canonical bytes and agrees with its body (${plural(r.records, 'record')})`
          : null,
        r.records === 0 && 'the file carries no record',
      );
    case 'runs':
      return said(
        r.records > 0 ? `each chain links from seq 1 to its last record (${plural(r.runs, 'run')})` : null,
        r.records === 0 && 'no run carries a record',
      );
    case 'signatures':
      return said(
        r.recordSignaturesVerified > 0
          ? `${plural(r.recordSignaturesVerified, 'record signature')} verified under the keys given${r.witnesses.length > 0 ? `; cosigned by ${r.witnesses.map((w) => printable(w.name)).join(', ')}` : ''}`
          : r.witnesses.length > 0
            ? `cosigned by ${r.witnesses.map((w) => printable(w.name)).join(', ')}`
            : null,
        has('record-signatures') && 'record signatures NOT checked: no record keys',
        r.records === 0 && !has('record-signatures') && 'the file carries no record signature',
        has('witness-cosignatures') && "the note anchor's cosignatures NOT checked: no witness keys",
        has('witness-freshness') && 'witness freshness NOT judged: no cosignature verified',
      );
    case 'log': {
      const sealed = r.sealedRuns;
      const open =
        has('open-runs') && `no root covers the tail of an open run (${plural(r.openRuns, 'open run')})`;
      if (r.kind === 'disclosure')
        return said(
          sealed > 0
            ? `${plural(r.provenLeaves ?? 0, 'inclusion path')} proved against the header's root`
            : null,
          sealed === 0 && 'the package carries no sealed run',
          open,
        );
      return said(
        sealed > 0 ? `the root over ${plural(sealed, 'sealed run')} is the header's` : null,
        sealed === 0 && 'no sealed run: the log covers nothing this file carries',
        open,
      );
    }
    case 'anchors': {
      const matched = r.anchors.find((a) => a.status === 'matched');
      const prefix = r.anchors.find((a) => a.status === 'prefix-matched');
      return said(
        matched !== undefined
          ? `the header's checkpoint is the outside checkpoint's (size ${matched.size})`
          : prefix !== undefined
            ? `an outside checkpoint holds the first ${plural(prefix.size ?? 0, 'leaf', 'leaves')}; the rest are held only to the header`
            : null,
        has('deletion') &&
          (r.anchors.length === 0
            ? 'deletion NOT checked: no checkpoint from outside the file'
            : 'deletion NOT checked: no outside checkpoint could be compared'),
      );
    }
    case 'cases':
      return said(
        r.cases > 0 ? `every case a record names has its block (${plural(r.cases, 'case block')})` : null,
        r.cases === 0 && 'the file carries no case block',
        has('case-contents') && "the blocks' contents are covered by no hash",
        has('blob-bytes') && 'blob bytes are never in the file',
      );
    case 'trailer':
      return said(
        `the trailer's counts match the file`,
        has('unreadable-runs') && 'the writer names runs it could not read',
      );
    case 'graders': {
      const held = r.graderVerdicts.filter((g) => g.holds);
      const signed = held.filter((g) => g.signature === 'verified').length;
      return said(
        held.length > 0
          ? `${plural(held.length, 'grader verdict')} bound to a run${signed > 0 ? `, ${signed} signed under the grader keys given` : ''}`
          : null,
        r.graderVerdicts.length === 0 && 'no grader verdict given',
        has('grader-signature') && 'grader signatures NOT checked: no grader keys',
      );
    }
  }
}
