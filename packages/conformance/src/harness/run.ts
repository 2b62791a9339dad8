import { casesLessData, groupsOf, type Layout } from '../groups-of.js';
import type { Implementation } from './implementation.js';
import { disagreement, type Hello, type Outcome } from './protocol.js';
import type { CaseSteps, OpGroup } from './replay.js';

/** The transport failed (timeout, crash, garbage, wrong id, overlong line): never a pass. */
export class ProtocolBreak extends Error {
  constructor(
    message: string,
    /** True when the request was never written: the implementation had broken before it. */
    readonly notAsked = false,
  ) {
    super(message);
  }
}

/** A vector file as the harness reads it. */
export interface VectorDoc {
  file: string;
  layout: Layout;
  doc: unknown;
}

export interface HarnessGroup {
  file: string;
  group: string;
  pkg: string;
  /** The implementation claims the group in its hello. */
  declared: boolean;
  cases: number;
  agreed: number;
  disagreed: { name: string; why: string }[];
  skipped: { name: string; reason: string }[];
  broken: { name: string; why: string }[];
  /** Cases never asked because the implementation had broken the protocol before them. */
  notAsked: number;
  /** Cases of an undeclared group answered with something other than a skip. */
  answeredUndeclared: string[];
  status: 'ok' | 'red' | 'not implemented';
}

export interface HarnessReport {
  hello: Hello | null;
  groups: HarnessGroup[];
  /** Groups the vector files hold whose replay has no ops yet: never green for an implementation. */
  noOps: { file: string; group: string; cases: number }[];
  /** Declared groups that no file holds or that have no ops. */
  declaredWithoutOps: string[];
  /** Why the implementation could not be judged, or broke the protocol (exit 4). */
  broken: string | null;
  agreed: number;
  disagreed: number;
  exit: 0 | 1 | 4;
}

/** Where a group's value sits in its file: the wire file keeps its `reject.*` groups under `reject`. */
export const groupValue = (doc: unknown, layout: Layout, group: string): unknown => {
  const path = layout === 'seam-wire' && group.startsWith('reject.') ? ['reject', group.slice(7)] : [group];
  // biome-ignore lint/suspicious/noExplicitAny: vector files are untyped JSON.
  return path.reduce((v: any, k) => v?.[k], doc);
};

export type CaseVerdict =
  | { agrees: true }
  | { agrees: false; why: string }
  | { skipped: string }
  | { broken: string; notAsked: boolean };

/** Ask every step of a case; the first step that differs decides. */
export async function askCase(
  impl: Implementation,
  group: string,
  kase: CaseSteps,
  nextId: () => number,
): Promise<CaseVerdict & { answered: boolean }> {
  let answered = false;
  if (kase.unreadable !== undefined)
    return { agrees: false, why: `the replayer could not read the case: ${kase.unreadable}`, answered };
  for (const [i, s] of kase.steps.entries()) {
    let got: Outcome;
    try {
      got = await impl.answer({ id: nextId(), group, case: kase.name, op: s.op, args: s.args });
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      return { broken: message, notAsked: error instanceof ProtocolBreak && error.notAsked, answered };
    }
    if ('skipped' in got) return { skipped: got.skipped, answered };
    answered = true;
    const why = disagreement(got, s.expect);
    if (why !== null) return { agrees: false, why: `${s.op} (step ${i + 1}) ${why}`, answered };
  }
  return { agrees: true, answered };
}

/** Counter of request ids, from 1. */
export const idCounter = (): (() => number) => {
  let id = 0;
  return () => ++id;
};

/**
 * Replay every op group of the files through an implementation, applying the protocol's
 * rules: a declared group answered with nothing but skips is red, an undeclared group
 * answered is red, a case that disagrees is red, a broken transport is exit 4.
 */
export async function runHarness(
  impl: Implementation,
  files: readonly VectorDoc[],
  opGroups: readonly OpGroup[],
): Promise<HarnessReport> {
  const report: HarnessReport = {
    hello: null,
    groups: [],
    noOps: [],
    declaredWithoutOps: [],
    broken: null,
    agreed: 0,
    disagreed: 0,
    exit: 0,
  };
  try {
    report.hello = await impl.hello();
  } catch (error) {
    report.broken = `no hello: ${(error as Error)?.message ?? String(error)}`;
    report.exit = 4;
    return report;
  }
  const declared = new Set(report.hello.groups);
  const nextId = idCounter();
  const seen = new Set<string>();
  for (const { file, layout, doc } of files) {
    for (const [group, count] of groupsOf(doc, layout)) {
      const op = opGroups.find((g) => g.file === file && g.group === group);
      if (op === undefined) {
        if (count > 0) report.noOps.push({ file, group, cases: count });
        continue;
      }
      seen.add(group);
      report.groups.push(
        await runGroup(impl, op, groupValue(doc, layout, group), count, declared.has(group), nextId),
      );
    }
  }
  report.declaredWithoutOps = [...declared].filter((g) => !seen.has(g));
  for (const g of report.groups) {
    report.agreed += g.agreed;
    report.disagreed += g.disagreed.length;
    if (g.broken.length > 0) report.broken ??= `${g.group}/${g.broken[0]!.name}: ${g.broken[0]!.why}`;
  }
  const red = report.groups.some((g) => g.status === 'red') || report.declaredWithoutOps.length > 0;
  report.exit = report.broken !== null ? 4 : red ? 1 : 0;
  return report;
}

async function runGroup(
  impl: Implementation,
  op: OpGroup,
  value: unknown,
  count: number,
  declared: boolean,
  nextId: () => number,
): Promise<HarnessGroup> {
  const row: HarnessGroup = {
    file: op.file,
    group: op.group,
    pkg: op.pkg,
    declared,
    cases: casesLessData(value, count, op.data),
    agreed: 0,
    disagreed: [],
    skipped: [],
    broken: [],
    notAsked: 0,
    answeredUndeclared: [],
    status: 'ok',
  };
  let cases: CaseSteps[] = [];
  try {
    cases = op.replay(value);
  } catch (error) {
    row.disagreed.push({
      name: '(group)',
      why: `the replayer could not read the group: ${(error as Error).message}`,
    });
  }
  if (cases.length !== row.cases)
    row.disagreed.push({ name: '(group)', why: `replayed ${cases.length} of the file's ${row.cases} cases` });
  for (const kase of cases) {
    const verdict = await askCase(impl, op.group, kase, nextId);
    if (!declared && verdict.answered) row.answeredUndeclared.push(kase.name);
    if ('broken' in verdict) {
      if (verdict.notAsked) row.notAsked++;
      else row.broken.push({ name: kase.name, why: verdict.broken });
    } else if ('skipped' in verdict) row.skipped.push({ name: kase.name, reason: verdict.skipped });
    else if (verdict.agrees) row.agreed++;
    else if (declared) row.disagreed.push({ name: kase.name, why: verdict.why });
  }
  const answeredNothing = row.agreed + row.disagreed.length === 0;
  if (!declared)
    row.status = row.answeredUndeclared.length > 0 || row.broken.length > 0 ? 'red' : 'not implemented';
  else if (row.disagreed.length > 0 || row.broken.length > 0 || row.notAsked > 0 || answeredNothing)
    row.status = 'red';
  return row;
}
