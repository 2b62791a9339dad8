import { plural, printable, whereOf } from '../export/words.js';
import { CALLER_MATERIAL, type ExportReport, exportHeadline } from '../index.js';

/**
 * The human-readable report: the headline (what was established, or the first finding)
 * first, then the file's shape, one line per finding, what was and was not established,
 * and a last line with the counts and the verdict.
 */
export function formatReport(file: string, report: ExportReport, graderFiles: readonly string[]): string {
  const out: string[] = [`${file}: ${exportHeadline(report)}`];
  const kind =
    report.kind === 'disclosure' ? 'disclosure package' : report.kind === 'export' ? 'export' : 'file';
  out.push(
    `${kind}: ${plural(report.runs, 'run')} (${report.sealedRuns} sealed, ${report.openRuns} open), ` +
      `${plural(report.records, 'record')}, ${plural(report.cases, 'case')}`,
  );
  for (const f of report.findings) {
    const where = whereOf(f);
    out.push(`finding: ${where === '' ? '' : `${where}: `}${f.message} [${f.code}]`);
  }
  if (report.status === 'unverifiable')
    out.push(
      'unverifiable: unknown canon — the header names a canonical form this reader does not implement',
    );
  if (report.kind === 'disclosure' && report.logSize !== undefined)
    out.push(
      `package: the log holds ${plural(report.logSize, 'leaf', 'leaves')}; this package proves ${report.provenLeaves ?? 0}`,
    );
  for (const a of report.anchors)
    out.push(
      `anchor ${a.anchor + 1}: ${a.status}${a.size !== undefined ? ` (size ${a.size})` : ''}${a.cosignedBy.length > 0 ? `, cosigned by ${a.cosignedBy.join(', ')}` : ''}`,
    );
  for (const g of report.graderVerdicts) {
    const name = graderFiles[g.sidecar] ?? `#${g.sidecar + 1}`;
    out.push(
      g.holds
        ? `grader verdict ${name}: holds — binds run ${printable(g.run ?? '')} through seq ${g.lastSeq}, signature ${g.signature}`
        : `grader verdict ${name}: refused (${g.component})`,
    );
  }
  if (report.recordSignaturesVerified > 0)
    out.push(`${plural(report.recordSignaturesVerified, 'record signature')} verified`);
  // Each item carries its name: the name --allow-unchecked waives it by.
  for (const n of report.notChecked)
    out.push(
      `not checked: ${n.message}${n.runs ? ` (${n.runs.map(printable).join(', ')})` : ''} [${n.code}]`,
    );
  for (const u of report.unaccounted)
    out.push(`not accounted for: line ${u.line} carries member ${JSON.stringify(u.member)}`);
  // The open-run count is said once: as a not-checked item when there are any.
  if (report.status !== 'unverifiable' && report.openRuns === 0) out.push('open runs: 0');
  if (report.strict !== undefined && report.strict.waived.length > 0)
    out.push(`waived by name: ${report.strict.waived.join(', ')}`);
  out.push(
    `${plural(report.runs, 'run')}, ${plural(report.records, 'record')}, ${plural(report.cases, 'case')}: ${verdictWord(report)}`,
  );
  return `${out.join('\n')}\n`;
}

/** The verdict in a few words: never `sound` for a file whose records or deletion were not established. */
function verdictWord(report: ExportReport): string {
  if (report.status === 'findings') return plural(report.findings.length, 'finding');
  if (report.status === 'unverifiable') return 'unverifiable (unknown canon)';
  if (report.status === 'unchecked')
    return `NOT established: ${(report.strict?.unchecked ?? []).join(', ')} (waive by name with --allow-unchecked)`;
  const waived = new Set(report.strict?.waived ?? []);
  const unestablished = CALLER_MATERIAL.filter(
    (c) => !waived.has(c) && report.notChecked.some((n) => n.code === c),
  );
  if (unestablished.length > 0) return `consistent; not established: ${unestablished.join(', ')}`;
  const over = report.unaccounted.length > 0 ? ', over the members this reader knows' : '';
  return waived.size > 0 ? `sound${over}, waiving ${[...waived].join(', ')}` : `sound${over}`;
}
