import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The runtimes besides Node that replay the published vectors (the replayers of `seam
 * conformance`, over the built packages). Node's replay is the reference: each of these
 * must make exactly its count in every group.
 */
export const REPLAY_RUNTIMES = ['bun', 'deno', 'workerd'] as const;

/** Cases of one vector group that agreed and disagreed in one runtime's replay. */
export interface GroupReplay {
  passed: number;
  failed: number;
}

/** What one runtime's replay came to: counts per group, or why it has none. */
export type RuntimeRun =
  | {
      runtime: string;
      outcome: 'replayed';
      /** What the runtime's binary says its version is. */
      version: string;
      seconds: number;
      groups: Record<string, GroupReplay>;
    }
  /** `not-run`: the runtime is not to be had here (red in CI); `crashed`: it ran and gave no report (always red). */
  | { runtime: string; outcome: 'not-run' | 'crashed'; why: string };

/** Where the runtime matrix writes its runs (every runtime's, Node's first), for the report. */
export const runtimeRunsPath = (root: string): string => join(root, '.conformance', 'runtimes.json');

/** The runs of the last matrix run, or null when it has not run here. */
export function readRuntimeRuns(root: string): RuntimeRun[] | null {
  const path = runtimeRunsPath(root);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as RuntimeRun[]) : null;
}

const replayed = (runs: readonly RuntimeRun[], runtime: string) => {
  const run = runs.find((r) => r.runtime === runtime);
  return run?.outcome === 'replayed' ? run : undefined;
};

/** One group's cells: Node's replayed count and each runtime's, with what is red about them. */
export interface RuntimeCells {
  /** Cases Node's replay agreed on, `-` for a group no published vector file holds, or `NOT RUN`. */
  replay: string;
  /** Each runtime's count (held equal to Node's), `-`, or `NOT RUN`. */
  runtimes: Record<string, string>;
  problems: string[];
}

export function runtimeCells(group: string, runs: readonly RuntimeRun[] | null): RuntimeCells {
  const cells = (replay: string, each: (runtime: string) => string): RuntimeCells => ({
    replay,
    runtimes: Object.fromEntries(REPLAY_RUNTIMES.map((r) => [r, each(r)])),
    problems: [],
  });
  const node = runs === null ? undefined : replayed(runs, 'node');
  if (runs === null || node === undefined) return cells('NOT RUN', () => 'NOT RUN');
  const reference = node.groups[group];
  // Third-party groups travel in no published file, so no replayer holds them.
  if (reference === undefined) return cells('-', () => '-');
  const result = cells(String(reference.passed), (runtime) => {
    const run = replayed(runs, runtime);
    return run === undefined ? 'NOT RUN' : String(run.groups[group]?.passed ?? 0);
  });
  if (reference.failed > 0)
    result.problems.push(`${reference.failed} case(s) of ${group} disagree in the Node replay`);
  for (const runtime of REPLAY_RUNTIMES) {
    const run = replayed(runs, runtime);
    if (run === undefined) continue;
    const got = run.groups[group] ?? { passed: 0, failed: 0 };
    if (got.failed > 0) result.problems.push(`${got.failed} case(s) of ${group} disagree in ${runtime}`);
    if (got.passed !== reference.passed)
      result.problems.push(
        `${group} replayed ${got.passed} cases in ${runtime}, ${reference.passed} in Node`,
      );
  }
  return result;
}

/** What is red or loud about the runs as a whole, and one line per runtime that replayed. */
export interface RuntimeNotes {
  problems: string[];
  warnings: string[];
  lines: string[];
}

/**
 * A runtime without a replay is said loudly, and is red when `required` (CI); one that
 * crashed is red everywhere.
 */
export function runtimeNotes(runs: readonly RuntimeRun[] | null, required: boolean): RuntimeNotes {
  const notes: RuntimeNotes = { problems: [], warnings: [], lines: [] };
  const notRun = (message: string) => (required ? notes.problems : notes.warnings).push(message);
  if (runs === null) {
    notRun(
      `no runtime replay: the vector replay in Node, ${REPLAY_RUNTIMES.join(', ')} DID NOT RUN (tsx tools/runtime-matrix.ts)`,
    );
    return notes;
  }
  for (const runtime of ['node', ...REPLAY_RUNTIMES]) {
    const run = runs.find((r) => r.runtime === runtime);
    if (run === undefined) notRun(`${runtime}: the vector replay DID NOT RUN`);
    else if (run.outcome !== 'replayed') {
      if (run.outcome === 'crashed') notes.problems.push(`${runtime}: the vector replay crashed: ${run.why}`);
      else notRun(`${runtime}: the vector replay DID NOT RUN: ${run.why}`);
    } else {
      const counts = Object.values(run.groups);
      const sum = (key: keyof GroupReplay) => counts.reduce((n, g) => n + g[key], 0);
      notes.lines.push(
        `${runtime} ${run.version}: ${sum('passed')} cases agree, ${sum('failed')} disagree, in ${counts.length} groups (${run.seconds.toFixed(1)} s)`,
      );
    }
  }
  return notes;
}
