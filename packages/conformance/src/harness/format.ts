import type { HarnessReport } from './run.js';

/** The report of a run through an implementation, as `seam conformance --impl` prints it. */
export function formatHarness(r: HarnessReport): string {
  const lines: string[] = [];
  if (r.hello !== null)
    lines.push(
      `implementation: ${r.hello.name} ${r.hello.version} (${r.hello.language}), declares ${r.hello.groups.length} groups`,
    );
  const rows = r.groups.map((g) => [
    g.pkg,
    g.file,
    g.group,
    g.status === 'not implemented'
      ? 'not implemented'
      : `${g.agreed}/${g.cases}${g.status === 'red' ? '  RED' : ''}`,
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(0, ...rows.map((row) => row[i]!.length)));
  for (const row of rows)
    lines.push(row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  '));
  for (const g of r.groups) {
    for (const d of g.disagreed) lines.push(`disagrees: ${g.group} / ${d.name}: ${d.why}`);
    for (const b of g.broken) lines.push(`broken: ${g.group} / ${b.name}: ${b.why}`);
    if (g.notAsked > 0)
      lines.push(`not asked: ${g.group}: ${g.notAsked} cases (the implementation had broken the protocol)`);
    if (g.declared && g.agreed + g.disagreed.length === 0 && g.broken.length + g.notAsked === 0)
      lines.push(`RED: ${g.group} is declared but the implementation answered none of its cases`);
    if (g.answeredUndeclared.length > 0)
      lines.push(
        `RED: ${g.group} is not declared but the implementation answered ${g.answeredUndeclared.length} of its cases (first: ${g.answeredUndeclared[0]})`,
      );
    if (g.declared) for (const s of g.skipped) lines.push(`skip: ${g.group} / ${s.name}: ${s.reason}`);
  }
  for (const d of r.declaredWithoutOps)
    lines.push(`RED: ${d} is declared but no vector file holds it as a group with ops`);
  for (const n of r.noOps)
    lines.push(`no ops yet: ${n.file} ${n.group} (${n.cases} cases, judged only in-process)`);
  if (r.broken !== null) lines.push(`BROKEN: ${r.broken}`);
  const implemented = r.groups.filter((g) => g.declared).length;
  lines.push(
    `conformance --impl: ${r.agreed} cases in ${implemented} declared groups agree, ${r.disagreed} disagree; ${r.groups.length - implemented} groups not implemented, ${r.noOps.length} groups with no ops yet${r.broken === null ? '' : '; the implementation BROKE the protocol'}`,
  );
  return lines.join('\n');
}
