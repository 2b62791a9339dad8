import type { ExportReport, NotCheckedCode } from './report.js';
import { plural, printable, whereOf } from './words.js';

/**
 * The one line that says what a verification established, in the file's terms: the
 * first finding when there are any; otherwise whether the records were authenticated
 * (record keys), whether deletion was checked (a checkpoint from outside the file), and,
 * where the caller gave a note anchor or a grader verdict, whether a witness and the
 * grader were. What was not established says so in capitals, and `(waived)` when the
 * caller waived it by name. `seam export verify` and `seam-verify-export` print it first.
 */
export function exportHeadline(report: ExportReport): string {
  if (report.status === 'unverifiable')
    return 'unverifiable: the header names a canon this reader does not implement; nothing below it was judged';
  const first = report.findings[0];
  if (first !== undefined) {
    const where = whereOf(first);
    return `NOT sound, ${plural(report.findings.length, 'finding')}; the first: ${where === '' ? '' : `${where}: `}${first.message} [${first.code}]`;
  }
  const listed = new Set(report.notChecked.map((n) => n.code));
  const waived = new Set(report.strict?.waived ?? []);
  const said = new Set<NotCheckedCode>();
  const not = (code: NotCheckedCode, text: string) => {
    said.add(code);
    return `${text}${waived.has(code) ? ' (waived)' : ''}`;
  };
  const clauses: string[] = [];
  if (listed.has('record-signatures'))
    clauses.push(not('record-signatures', 'consistent, NOT authenticated: no record keys'));
  else if (report.recordSignaturesVerified > 0)
    clauses.push(`authenticated: ${plural(report.recordSignaturesVerified, 'record signature')} verified`);
  if (listed.has('deletion'))
    clauses.push(
      not(
        'deletion',
        report.anchors.length === 0
          ? 'deletion NOT checked: no outside checkpoint'
          : 'deletion NOT checked: no outside checkpoint could be compared',
      ),
    );
  else {
    const prefix = report.anchors.find((a) => a.status === 'prefix-matched');
    if (report.anchors.some((a) => a.status === 'matched'))
      clauses.push(
        report.kind === 'disclosure'
          ? 'paths proved against an outside checkpoint'
          : 'deletion checked against an outside checkpoint',
      );
    else if (prefix !== undefined)
      clauses.push(
        `deletion checked for the first ${plural(prefix.size ?? 0, 'leaf', 'leaves')} of ${report.logSize} (an older outside checkpoint)`,
      );
  }
  if (listed.has('witness-cosignatures'))
    clauses.push(not('witness-cosignatures', 'anchor NOT witnessed: no witness keys'));
  else if (report.witnesses.length > 0)
    clauses.push(`witnessed by ${report.witnesses.map((w) => printable(w.name)).join(', ')}`);
  if (listed.has('witness-freshness'))
    clauses.push(not('witness-freshness', 'witness freshness NOT judged: no cosignature verified'));
  if (listed.has('grader-signature'))
    clauses.push(not('grader-signature', 'grader verdicts NOT authenticated: no grader keys'));
  else if (report.graderVerdicts.some((g) => g.signature === 'verified'))
    clauses.push(
      `${plural(report.graderVerdicts.filter((g) => g.signature === 'verified').length, 'grader verdict')} authenticated`,
    );
  // Under strict, the other items it judged and found unchecked (or waived) are named too.
  const rest = (report.strict?.unchecked ?? []).filter((c) => !said.has(c));
  if (rest.length > 0) clauses.push(`NOT established under strict: ${rest.join(', ')}`);
  const restWaived = (report.strict?.waived ?? []).filter((c) => !said.has(c));
  if (restWaived.length > 0) clauses.push(`waived: ${restWaived.join(', ')}`);
  const unestablished = clauses.some((c) => c.includes('NOT '));
  const head = unestablished
    ? ''
    : report.unaccounted.length > 0
      ? 'sound, over the members this reader knows: '
      : 'sound: ';
  return `${head}${clauses.length > 0 ? clauses.join('; ') : 'nothing to authenticate'}`;
}
