import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupsOf } from './groups-of.js';
import type { LedgerLine, LedgerRuntime } from './ledger.js';
import { ledgerDir } from './ledger.node.js';
import { type Manifest, packageDir } from './manifest.node.js';
import { REPLAY_RUNTIMES, readRuntimeRuns, runtimeCells, runtimeNotes } from './runtime-replay.node.js';

export interface GroupRow {
  group: string;
  pkg: string;
  accepted: number;
  refused: number;
  failed: number;
  floor: number;
  interop: string;
  /** Checks the browser run made (equal to the Node count when ok), `node-only`, or `NOT RUN`. */
  browser: string;
  /** Cases the vector replay agreed on in Node, `-` for a group no published file holds, or `NOT RUN`. */
  replay: string;
  /** The same replay's count in each of REPLAY_RUNTIMES (equal to `replay` when ok), `-`, or `NOT RUN`. */
  runtimes: Record<string, string>;
  /** `not-run`: the group's suite could not run here (ledger.notRun), outside CI. */
  status: 'ok' | 'red' | 'skipped' | 'planned' | 'not-run';
}

export interface Report {
  rows: GroupRow[];
  /** Reasons the run is red; empty means green. */
  problems: string[];
  /** Loud notes that are not failures (interop absent outside CI, planned groups). */
  warnings: string[];
  skips: string[];
  /** Groups the browser run does not drive, each with the manifest's reason. */
  nodeOnly: string[];
  /** One line per runtime that replayed the vectors: its version, counts and time. */
  runtimes: string[];
}

const noRuntimes = (): Record<string, string> => Object.fromEntries(REPLAY_RUNTIMES.map((r) => [r, '-']));

/** The row of a group nothing checks on purpose (a named skip, or a planned group). */
const uncheckedRow = (group: string, pkg: string, status: 'skipped' | 'planned'): GroupRow => ({
  group,
  pkg,
  accepted: 0,
  refused: 0,
  failed: 0,
  floor: 0,
  interop: '-',
  browser: '-',
  replay: '-',
  runtimes: noRuntimes(),
  status,
});

export interface ReportOptions {
  /** A run without any browser ledger is red (CI), not only a warning. */
  requireBrowser?: boolean;
  /** A runtime (Node, Bun, Deno, workerd) that did not replay the vectors is red (CI), not only a warning. */
  requireRuntimes?: boolean;
}

interface Driven {
  accepted: number;
  refused: number;
  failed: number;
  interop: number;
  missing: boolean;
  /** Why the group's suite could not run, when a test said so. */
  notRun?: string;
}

/** Per-group counts of one runtime's ledger of one package. */
function tally(lines: LedgerLine[]): Map<string, Driven> {
  const driven = new Map<string, Driven>();
  for (const line of lines) {
    const g = driven.get(line.group) ?? { accepted: 0, refused: 0, failed: 0, interop: 0, missing: false };
    driven.set(line.group, g);
    if ('interopMissing' in line) {
      g.missing = true;
      continue;
    }
    if ('notRun' in line) {
      g.notRun = line.notRun;
      continue;
    }
    if (!line.ok) g.failed++;
    else if (line.kind === 'accept') g.accepted++;
    else g.refused++;
    if (line.ok && line.interop) g.interop++;
  }
  return driven;
}

function readLedger(packageRoot: string, runtime: LedgerRuntime): LedgerLine[] {
  const dir = ledgerDir(packageRoot, runtime);
  if (!existsSync(dir)) return [];
  const lines: LedgerLine[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line !== '') lines.push(JSON.parse(line) as LedgerLine);
    }
  }
  return lines;
}

/**
 * Build the report: per-group counts from every package's ledger, diffed both ways
 * against the manifest, floors asserted, skips checked against the vector files, and
 * the browser run's count of every group held equal to the Node run's.
 */
export function buildReport(
  root: string,
  manifest: Manifest,
  interopRoot: string | null,
  options: ReportOptions = {},
): Report {
  const problems: string[] = [];
  const warnings: string[] = [];
  const skips: string[] = [];
  const nodeOnly: string[] = [];
  const rows: GroupRow[] = [];
  const runs = readRuntimeRuns(root);
  const runtimeRuns = runtimeNotes(runs, options.requireRuntimes === true);

  // Every group that appears in a vector file, with its case count.
  const fileGroups = new Map<string, number>();
  const addFile = (path: string, layout: Parameters<typeof groupsOf>[1]) => {
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    for (const [g, n] of groupsOf(doc, layout)) fileGroups.set(g, Math.max(fileGroups.get(g) ?? 0, n));
  };
  for (const f of manifest.vectorFiles) {
    const path = join(root, f.path);
    if (existsSync(path)) addFile(path, f.layout);
    else problems.push(`vector file ${f.path} is declared in the manifest but missing`);
  }
  if (interopRoot !== null) {
    for (const f of manifest.interopFiles) {
      const path = join(interopRoot, f.path);
      if (existsSync(path)) addFile(path, f.layout);
      else problems.push(`interop file ${f.path} is declared in the manifest but missing`);
    }
  }

  const claimed = new Set<string>();
  const ledgers = Object.keys(manifest.packages).map((pkg) => {
    const dir = join(root, 'packages', packageDir(pkg));
    return { node: tally(readLedger(dir, 'node')), browser: tally(readLedger(dir, 'browser')) };
  });
  // No browser ledger anywhere: the browser suite did not run (said loudly, red when required).
  const browserRan = ledgers.some((l) => l.browser.size > 0);
  if (!browserRan) {
    const message = 'no browser ledger: the in-browser vector suite DID NOT RUN';
    if (options.requireBrowser) problems.push(message);
    else warnings.push(message);
  }
  problems.push(...runtimeRuns.problems);
  warnings.push(...runtimeRuns.warnings);
  for (const [index, [pkg, decl]] of Object.entries(manifest.packages).entries()) {
    const { node: driven, browser } = ledgers[index]!;
    for (const [group, gd] of Object.entries(decl.groups)) {
      claimed.add(group);
      const d = driven.get(group);
      const cells = runtimeCells(group, runs);
      const row: GroupRow = {
        group,
        pkg,
        accepted: d?.accepted ?? 0,
        refused: d?.refused ?? 0,
        failed: d?.failed ?? 0,
        floor: gd.floor,
        interop: '-',
        browser: '-',
        replay: cells.replay,
        runtimes: cells.runtimes,
        status: cells.problems.length === 0 ? 'ok' : 'red',
      };
      // The replay in each runtime is judged apart from the package tests: it needs none of them.
      for (const p of cells.problems) problems.push(`${pkg}: ${p}`);
      const total = row.accepted + row.refused;
      if (d?.notRun !== undefined && total + row.failed === 0) {
        // Its suite needs something absent here: loud outside CI, red in CI.
        const message = `${group} DID NOT RUN: ${d.notRun}`;
        if (process.env.CI) problems.push(`${pkg}: ${message}`);
        else warnings.push(message);
        rows.push({
          ...row,
          status: process.env.CI ? 'red' : 'not-run',
          browser: gd.nodeOnly === undefined ? '-' : 'node-only',
        });
        continue;
      }
      if (d === undefined || total + row.failed === 0) {
        // One line says it all; floor and interop lines would only repeat it.
        problems.push(`${pkg}: declared group ${group} produced no checks`);
        rows.push({ ...row, status: 'red', interop: gd.interop ? 'none' : '-', browser: '-' });
        continue;
      }
      if (row.failed > 0) {
        problems.push(`${pkg}: ${row.failed} failed check(s) in ${group}`);
        row.status = 'red';
      }
      if (total < gd.floor) {
        problems.push(`${pkg}: ${group} made ${total} checks, below its floor ${gd.floor}`);
        row.status = 'red';
      }
      if (gd.interop) {
        if ((d?.interop ?? 0) > 0) row.interop = `ran ${d?.interop}`;
        else if (d?.missing && !process.env.CI) {
          row.interop = 'NOT RUN';
          warnings.push(`${group}: interop data absent, the comparison with third-party vectors DID NOT RUN`);
        } else {
          row.interop = 'none';
          problems.push(`${pkg}: ${group} is declared interop but no interop check ran`);
          row.status = 'red';
        }
      }
      // The browser run makes exactly the Node run's checks, unless the group is Node-only.
      const inBrowser = browser.get(group);
      if (gd.nodeOnly !== undefined) {
        row.browser = 'node-only';
        nodeOnly.push(`${group} (${pkg}): ${gd.nodeOnly}`);
        if (inBrowser !== undefined) {
          problems.push(`${pkg}: ${group} is declared node-only but ran in the browser`);
          row.status = 'red';
        }
      } else if (browserRan) {
        const browserTotal = (inBrowser?.accepted ?? 0) + (inBrowser?.refused ?? 0);
        row.browser = String(browserTotal);
        if ((inBrowser?.failed ?? 0) > 0) {
          problems.push(`${pkg}: ${inBrowser?.failed} failed check(s) in ${group} in the browser`);
          row.status = 'red';
        }
        if (browserTotal !== total) {
          problems.push(`${pkg}: ${group} made ${browserTotal} checks in the browser, ${total} in Node`);
          row.status = 'red';
        }
      } else row.browser = 'NOT RUN';
      rows.push(row);
    }
    for (const group of new Set([...driven.keys(), ...browser.keys()])) {
      if (!(group in decl.groups))
        problems.push(`${pkg}: drove group ${group}, which the manifest does not declare`);
    }
    for (const skip of decl.skips ?? []) {
      claimed.add(skip.group);
      const n = fileGroups.get(skip.group);
      if (!n) problems.push(`${pkg}: skips ${skip.group}, but no vector file holds that group with cases`);
      skips.push(`${skip.group} (${pkg}) SKIPPED ON PURPOSE, ${n ?? 0} cases present: ${skip.reason}`);
      rows.push(uncheckedRow(skip.group, pkg, 'skipped'));
    }
    for (const group of decl.planned ?? []) {
      claimed.add(group);
      warnings.push(`${group} (${pkg}) is not yet driven`);
      rows.push(uncheckedRow(group, pkg, 'planned'));
    }
  }
  for (const group of fileGroups.keys()) {
    if (!claimed.has(group)) problems.push(`group ${group} is in the vector files but no package claims it`);
  }
  return { rows, problems, warnings, skips, nodeOnly, runtimes: runtimeRuns.lines };
}

export function formatReport(report: Report): string {
  const header = [
    'group',
    'package',
    'accepted',
    'refused',
    'floor',
    'interop',
    'browser',
    'replay',
    ...REPLAY_RUNTIMES,
    'status',
  ];
  const body = report.rows.map((r) => [
    r.group,
    r.pkg.replace('@agent-seam/', ''),
    String(r.accepted),
    String(r.refused),
    String(r.floor),
    r.interop,
    r.browser,
    r.replay,
    ...REPLAY_RUNTIMES.map((runtime) => r.runtimes[runtime] ?? '-'),
    r.status === 'ok' ? 'ok' : r.status.toUpperCase(),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
  const checks = report.rows.reduce((n, r) => n + r.accepted + r.refused, 0);
  const summed = (cell: (r: GroupRow) => string | undefined) =>
    report.rows.reduce((n, r) => n + (Number(cell(r)) || 0), 0);
  const inRuntimes = REPLAY_RUNTIMES.map((runtime) => `${summed((r) => r.runtimes[runtime])} in ${runtime}`);
  out.push(
    '',
    `${checks} checks in ${report.rows.filter((r) => r.status === 'ok').length} groups; ${summed((r) => r.browser)} made again in the browser`,
    `${summed((r) => r.replay)} vector cases replayed in Node; again ${inRuntimes.join(', ')}`,
  );
  for (const line of report.runtimes) out.push(`runtime: ${line}`);
  for (const s of report.skips) out.push(`skip: ${s}`);
  for (const n of report.nodeOnly) out.push(`node-only: ${n}`);
  for (const w of report.warnings) out.push(`WARNING: ${w}`);
  for (const p of report.problems) out.push(`RED: ${p}`);
  out.push(
    report.problems.length === 0
      ? 'conformance: GREEN'
      : `conformance: RED (${report.problems.length} problems)`,
  );
  // The plain closing line CI readers look for: attributed vector checks that passed and failed.
  const failed = report.rows.reduce((n, r) => n + r.failed, 0);
  out.push(`conformance: ${checks} passed, ${failed} failed`);
  return out.join('\n');
}
