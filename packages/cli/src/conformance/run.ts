import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { casesLessData, groupsOf } from '@agent-seam/conformance';
import { Unreadable } from '../io.js';
import { type CaseCheck, type FileReplay, Mismatch } from './replay.js';

export interface GroupResult {
  pkg: string;
  file: string;
  group: string;
  /** Cases the file holds in this group. */
  cases: number;
  passed: number;
  failed: { name: string; why: string }[];
}

export interface ConformanceReport {
  /** Installed version of each package replayed. */
  versions: Record<string, string>;
  groups: GroupResult[];
  /** Groups a vector file holds that this seam has no replayer for (a newer file): never a pass. */
  unreplayed: { file: string; group: string }[];
  passed: number;
  failed: number;
}

const require = createRequire(import.meta.url);
const versionOf = (pkg: string): string =>
  JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version as string;

export function readDoc(dir: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    throw new Unreadable(`cannot read ${join(dir, file)}: --vectors names the directory of the vector files`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Unreadable(`${join(dir, file)} is not JSON`);
  }
}

/** Where a group's value sits in its file: the wire file keeps its `reject.*` groups under `reject`. */
export const groupPath = (layout: FileReplay['layout'], group: string): string[] =>
  layout === 'seam-wire' && group.startsWith('reject.') ? ['reject', group.slice(7)] : [group];

/** What a case that threw disagreed on: a Mismatch says it; anything else is shown as thrown. */
const whyOf = (error: unknown): string =>
  error instanceof Mismatch ? error.message : `threw ${(error as Error)?.message ?? String(error)}`;

/**
 * Every case of every group of the vector files in `dir`, run through the installed
 * packages. A case the replayer does not reach (its count differs from the file's) fails.
 */
export async function replayVectors(dir: string, replays: readonly FileReplay[]): Promise<ConformanceReport> {
  const report: ConformanceReport = { versions: {}, groups: [], unreplayed: [], passed: 0, failed: 0 };
  for (const replay of replays) {
    // biome-ignore lint/suspicious/noExplicitAny: vector files are untyped JSON.
    const doc = readDoc(dir, replay.file) as any;
    for (const [group, count] of groupsOf(doc, replay.layout)) {
      const entry = replay.groups[group];
      if (entry === undefined) {
        if (count > 0) report.unreplayed.push({ file: replay.file, group });
        continue;
      }
      report.versions[entry.pkg] ??= versionOf(entry.pkg);
      const value = groupPath(replay.layout, group).reduce((v, k) => v?.[k], doc);
      const result: GroupResult = {
        pkg: entry.pkg,
        file: replay.file,
        group,
        cases: count,
        passed: 0,
        failed: [],
      };
      const expected = casesLessData(value, count, entry.data);
      // What the cases share is read first (a group's keys, an envelope they all open): when
      // that disagrees, the whole group does, and the other files still run.
      let checks: CaseCheck[] = [];
      try {
        checks = entry.replay(value, doc);
      } catch (error) {
        result.failed.push({ name: '(group)', why: whyOf(error) });
      }
      for (const [name, check] of checks) {
        try {
          await check();
          result.passed++;
        } catch (error) {
          result.failed.push({ name, why: whyOf(error) });
        }
      }
      result.cases = expected;
      if (checks.length !== expected)
        result.failed.push({
          name: '(group)',
          why: `replayed ${checks.length} of the file's ${expected} cases`,
        });
      report.passed += result.passed;
      report.failed += result.failed.length;
      report.groups.push(result);
    }
  }
  return report;
}
