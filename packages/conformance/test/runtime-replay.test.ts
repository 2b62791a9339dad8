import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildReport,
  formatReport,
  type Manifest,
  type RuntimeRun,
  runtimeCells,
  runtimeNotes,
  runtimeRunsPath,
} from '../src/index.js';

// The runtime matrix's columns: Node's replay of the published vectors is the reference,
// and Bun, Deno and workerd must each make its count in every group.

const replayed = (
  runtime: string,
  groups: Record<string, [passed: number, failed?: number]>,
): RuntimeRun => ({
  runtime,
  outcome: 'replayed',
  version: '1.0.0',
  seconds: 1.25,
  groups: Object.fromEntries(
    Object.entries(groups).map(([g, [passed, failed = 0]]) => [g, { passed, failed }]),
  ),
});
const counts = { alpha: [2] as [number], beta: [1] as [number] };
const agreeing = (): RuntimeRun[] => ['node', 'bun', 'deno', 'workerd'].map((r) => replayed(r, counts));

/** A scratch repository whose one package drove both groups in Node and in the browser. */
function reportWith(runs: RuntimeRun[] | null, requireRuntimes = false) {
  const root = mkdtempSync(join(tmpdir(), 'seam-runtimes-'));
  mkdirSync(join(root, 'vectors'));
  mkdirSync(join(root, '.conformance'));
  writeFileSync(join(root, 'vectors', 'v.json'), JSON.stringify({ alpha: [1, 2], beta: [3], gamma: [4] }));
  for (const runtime of ['node', 'browser']) {
    const dir = join(root, 'packages', 'pkg', '.conformance', runtime);
    mkdirSync(dir, { recursive: true });
    const line = (group: string) =>
      JSON.stringify({ group, kind: 'accept', name: 'x', ok: true, interop: false });
    writeFileSync(join(dir, '1.jsonl'), `${['alpha', 'beta', 'gamma'].map(line).join('\n')}\n`);
  }
  if (runs !== null) writeFileSync(runtimeRunsPath(root), JSON.stringify(runs));
  const manifest: Manifest = {
    packages: {
      '@agent-seam/pkg': { groups: { alpha: { floor: 1 }, beta: { floor: 1 }, gamma: { floor: 1 } } },
    },
    vectorFiles: [{ path: 'vectors/v.json', layout: 'top-level' }],
    interopFiles: [],
  };
  return buildReport(root, manifest, null, { requireRuntimes });
}

describe('the runtime columns of the report', () => {
  it('is green when every runtime makes Node’s count in every replayed group', () => {
    const r = reportWith(agreeing(), true);
    expect(r.problems).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.rows.map((row) => [row.group, row.replay, row.runtimes, row.status])).toEqual([
      ['alpha', '2', { bun: '2', deno: '2', workerd: '2' }, 'ok'],
      ['beta', '1', { bun: '1', deno: '1', workerd: '1' }, 'ok'],
      // No replayer holds it (the runs do not name it): not compared, and said so.
      ['gamma', '-', { bun: '-', deno: '-', workerd: '-' }, 'ok'],
    ]);
    expect(r.runtimes).toEqual([
      'node 1.0.0: 3 cases agree, 0 disagree, in 2 groups (1.3 s)',
      'bun 1.0.0: 3 cases agree, 0 disagree, in 2 groups (1.3 s)',
      'deno 1.0.0: 3 cases agree, 0 disagree, in 2 groups (1.3 s)',
      'workerd 1.0.0: 3 cases agree, 0 disagree, in 2 groups (1.3 s)',
    ]);
    expect(formatReport(r)).toContain(
      '3 vector cases replayed in Node; again 3 in bun, 3 in deno, 3 in workerd',
    );
  });

  it('is red when a runtime’s count of a group differs from Node’s, on that row only', () => {
    const runs = agreeing();
    runs[2] = replayed('deno', { alpha: [1], beta: [1] });
    const r = reportWith(runs);
    expect(r.problems).toEqual(['@agent-seam/pkg: alpha replayed 1 cases in deno, 2 in Node']);
    expect(r.rows.map((row) => [row.group, row.runtimes.deno, row.status])).toEqual([
      ['alpha', '1', 'red'],
      ['beta', '1', 'ok'],
      ['gamma', '-', 'ok'],
    ]);
    expect(formatReport(r)).toContain('conformance: RED (1 problems)');
  });

  it('is red when a runtime left a replayed group out altogether', () => {
    const runs = agreeing();
    runs[3] = replayed('workerd', { alpha: [2] });
    expect(reportWith(runs).problems).toEqual([
      '@agent-seam/pkg: beta replayed 0 cases in workerd, 1 in Node',
    ]);
  });

  it('is red when a case disagrees in a runtime, or in Node itself', () => {
    const runs = agreeing();
    runs[1] = replayed('bun', { alpha: [2, 1], beta: [1] });
    runs[0] = replayed('node', { alpha: [2], beta: [1, 2] });
    expect(reportWith(runs).problems).toEqual([
      '@agent-seam/pkg: 1 case(s) of alpha disagree in bun',
      '@agent-seam/pkg: 2 case(s) of beta disagree in the Node replay',
    ]);
  });

  it('is red in CI when a runtime did not run, and says so loudly elsewhere', () => {
    const runs: RuntimeRun[] = [
      ...agreeing().slice(0, 2),
      { runtime: 'deno', outcome: 'not-run', why: 'the pinned runtimes are Linux x64 builds' },
    ];
    const missing = [
      'deno: the vector replay DID NOT RUN: the pinned runtimes are Linux x64 builds',
      'workerd: the vector replay DID NOT RUN',
    ];
    const ci = reportWith(runs, true);
    expect(ci.problems).toEqual(missing);
    expect(ci.rows[0]?.runtimes).toEqual({ bun: '2', deno: 'NOT RUN', workerd: 'NOT RUN' });
    const local = reportWith(runs, false);
    expect(local.problems).toEqual([]);
    expect(local.warnings).toEqual(missing);
  });

  it('is red in CI when the matrix did not run at all, and every cell says NOT RUN', () => {
    const message =
      'no runtime replay: the vector replay in Node, bun, deno, workerd DID NOT RUN (tsx tools/runtime-matrix.ts)';
    const ci = reportWith(null, true);
    expect(ci.problems).toEqual([message]);
    expect(ci.rows.map((row) => [row.replay, row.runtimes])).toEqual(
      Array(3).fill(['NOT RUN', { bun: 'NOT RUN', deno: 'NOT RUN', workerd: 'NOT RUN' }]),
    );
    expect(reportWith(null, false).warnings).toEqual([message]);
  });

  it('is red everywhere when a runtime crashed, and compares nothing without Node’s replay', () => {
    const crashed: RuntimeRun = {
      runtime: 'node',
      outcome: 'crashed',
      why: 'exited 1 without a report: boom',
    };
    const r = reportWith([crashed, ...agreeing().slice(1)], false);
    expect(r.problems).toEqual(['node: the vector replay crashed: exited 1 without a report: boom']);
    expect(r.rows[0]?.replay).toBe('NOT RUN');
    expect(r.rows[0]?.runtimes).toEqual({ bun: 'NOT RUN', deno: 'NOT RUN', workerd: 'NOT RUN' });
  });
});

describe('runtimeCells and runtimeNotes (what the matrix tool judges its own run by)', () => {
  it('give the same verdict as the report, without a manifest', () => {
    const runs = agreeing();
    runs[1] = replayed('bun', { alpha: [3], beta: [1] });
    expect(runtimeCells('alpha', runs)).toEqual({
      replay: '2',
      runtimes: { bun: '3', deno: '2', workerd: '2' },
      problems: ['alpha replayed 3 cases in bun, 2 in Node'],
    });
    expect(runtimeNotes(runs, true).problems).toEqual([]);
    expect(runtimeNotes(runs.slice(0, 3), true).problems).toEqual(['workerd: the vector replay DID NOT RUN']);
  });
});
