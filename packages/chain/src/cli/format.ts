import type { ExportReport } from '../index.js';

/** Identifiers come from the file: printed bare only when plainly printable, else JSON-quoted. */
const printable = (id: string) => (/^[\x21-\x7e]{1,200}$/.test(id) ? id : JSON.stringify(id));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The human-readable report: one line per finding, then what was and was not established. */
export function formatReport(file: string, report: ExportReport, graderFiles: readonly string[]): string {
  const out: string[] = [];
  const kind =
    report.kind === 'disclosure' ? 'disclosure package' : report.kind === 'export' ? 'export' : 'file';
  out.push(
    `${file}: ${kind}, ${plural(report.runs, 'run')} (${report.sealedRuns} sealed, ${report.openRuns} open), ` +
      `${plural(report.records, 'record')}, ${plural(report.cases, 'case')}`,
  );
  for (const f of report.findings) {
    const where = [
      f.line !== undefined ? `line ${f.line}` : '',
      f.run !== undefined ? `run ${printable(f.run)}` : '',
      f.anchor !== undefined ? `anchor ${f.anchor + 1}` : '',
    ]
      .filter((w) => w !== '')
      .join(', ');
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
  if (report.strict !== undefined)
    out.push(
      `strict: ${report.strict.unchecked.length > 0 ? `not checked: ${report.strict.unchecked.join(', ')}` : 'everything required was checked'}` +
        (report.strict.waived.length > 0 ? `; waived: ${report.strict.waived.join(', ')}` : ''),
    );
  const verdict =
    report.status === 'sound'
      ? report.unaccounted.length > 0
        ? 'sound, over the members this reader knows'
        : 'sound'
      : report.status === 'unverifiable'
        ? 'unverifiable (unknown canon)'
        : report.status === 'unchecked'
          ? `not sound under --strict (${plural(report.strict?.unchecked.length ?? 0, 'item')} not checked)`
          : plural(report.findings.length, 'finding');
  out.push(
    `${plural(report.runs, 'run')}, ${plural(report.records, 'record')}, ${plural(report.cases, 'case')}: ${verdict}`,
  );
  return `${out.join('\n')}\n`;
}
