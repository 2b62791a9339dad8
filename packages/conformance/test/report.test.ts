import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, groupsOf, type Manifest, type ReportOptions } from '../src/index.js';

// A scratch repository with one package's ledgers, so each red rule can be shown to fire.
function scratch(
  ledger: object[],
  manifest: Manifest,
  vectors: object = { alpha: [1, 2], beta: [3] },
  browser?: object[],
  options?: ReportOptions,
) {
  const root = mkdtempSync(join(tmpdir(), 'seam-report-'));
  mkdirSync(join(root, 'tools'));
  mkdirSync(join(root, 'vectors'));
  writeFileSync(join(root, 'vectors', 'v.json'), JSON.stringify(vectors));
  const write = (runtime: 'node' | 'browser', lines: object[]) => {
    const dir = join(root, 'packages', 'pkg', '.conformance', runtime);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '1.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  };
  write('node', ledger);
  if (browser !== undefined) write('browser', browser);
  return buildReport(root, manifest, null, options);
}
const check = (group: string, ok = true, kind = 'accept') => ({ group, kind, name: 'x', ok, interop: false });
const manifest = (pkg: Manifest['packages'][string]): Manifest => ({
  packages: { '@agent-seam/pkg': pkg },
  vectorFiles: [{ path: 'vectors/v.json', layout: 'top-level' }],
  interopFiles: [],
});

describe('conformance report', () => {
  it('is green when every declared group meets its floor and every file group is claimed', () => {
    const r = scratch(
      [check('alpha'), check('alpha', true, 'refuse'), check('beta')],
      manifest({
        groups: { alpha: { floor: 2 }, beta: { floor: 1 } },
      }),
    );
    expect(r.problems).toEqual([]);
    expect(formatReport(r).split('\n').slice(-2)).toEqual([
      'conformance: GREEN',
      'conformance: 3 passed, 0 failed',
    ]);
    expect(r.rows.map((x) => [x.group, x.accepted, x.refused])).toEqual([
      ['alpha', 1, 1],
      ['beta', 1, 0],
    ]);
  });
  it('is red for a declared group without checks', () => {
    const r = scratch([check('alpha')], manifest({ groups: { alpha: { floor: 1 }, beta: { floor: 0 } } }));
    expect(r.problems).toEqual(['@agent-seam/pkg: declared group beta produced no checks']);
  });
  it('is red for a driven group the manifest does not declare', () => {
    const r = scratch(
      [check('alpha'), check('beta'), check('gamma')],
      manifest({
        groups: { alpha: { floor: 1 }, beta: { floor: 1 } },
      }),
    );
    expect(r.problems).toEqual(['@agent-seam/pkg: drove group gamma, which the manifest does not declare']);
  });
  it('is red for a group in the vector files that nobody claims', () => {
    const r = scratch([check('alpha')], manifest({ groups: { alpha: { floor: 1 } } }));
    expect(r.problems).toEqual(['group beta is in the vector files but no package claims it']);
  });
  it('is red below the floor and on a failed check', () => {
    const r = scratch(
      [check('alpha'), check('beta', false)],
      manifest({
        groups: { alpha: { floor: 2 }, beta: { floor: 0 } },
      }),
    );
    expect(r.problems).toEqual([
      '@agent-seam/pkg: alpha made 1 checks, below its floor 2',
      '@agent-seam/pkg: 1 failed check(s) in beta',
    ]);
  });
  it('asserts that a skipped group exists and is non-empty', () => {
    const ok = scratch(
      [check('alpha')],
      manifest({ groups: { alpha: { floor: 1 } }, skips: [{ group: 'beta', reason: 'r' }] }),
    );
    expect(ok.problems).toEqual([]);
    expect(ok.skips[0]).toContain('beta');
    const bad = scratch(
      [check('alpha'), check('beta')],
      manifest({
        groups: { alpha: { floor: 1 }, beta: { floor: 1 } },
        skips: [{ group: 'delta', reason: 'r' }],
      }),
    );
    expect(bad.problems).toEqual([
      '@agent-seam/pkg: skips delta, but no vector file holds that group with cases',
    ]);
  });
  it('is red when a declared interop comparison did not run in CI', () => {
    const saved = process.env.CI;
    process.env.CI = 'true';
    try {
      const r = scratch(
        [check('alpha'), check('beta'), { group: 'alpha', interopMissing: true }],
        manifest({
          groups: { alpha: { floor: 1, interop: true }, beta: { floor: 1 } },
        }),
      );
      expect(r.problems).toEqual(['@agent-seam/pkg: alpha is declared interop but no interop check ran']);
    } finally {
      if (saved === undefined) delete process.env.CI;
      else process.env.CI = saved;
    }
  });
  it('says a suite that could not run DID NOT RUN: loudly outside CI, red in CI', () => {
    const saved = process.env.CI;
    const ledger = [check('alpha'), { group: 'beta', notRun: 'no Redis server (set SEAM_REDIS_URL)' }];
    const decl = manifest({ groups: { alpha: { floor: 1 }, beta: { floor: 3, nodeOnly: 'a server' } } });
    try {
      delete process.env.CI;
      const quiet = scratch(ledger, decl);
      expect(quiet.problems).toEqual([]);
      expect(quiet.warnings).toContain('beta DID NOT RUN: no Redis server (set SEAM_REDIS_URL)');
      expect(quiet.rows.map((r) => [r.group, r.status, r.browser])).toEqual([
        ['alpha', 'ok', 'NOT RUN'],
        ['beta', 'not-run', 'node-only'],
      ]);
      expect(formatReport(quiet)).toMatch(/beta .* NOT-RUN/);
      process.env.CI = 'true';
      expect(scratch(ledger, decl).problems).toEqual([
        '@agent-seam/pkg: beta DID NOT RUN: no Redis server (set SEAM_REDIS_URL)',
      ]);
      // A group whose checks ran is judged by them, whatever a notRun line says.
      const ran = scratch([check('alpha'), check('beta'), { group: 'beta', notRun: 'x' }], decl);
      expect(ran.problems).toEqual(['@agent-seam/pkg: beta made 1 checks, below its floor 3']);
    } finally {
      if (saved === undefined) delete process.env.CI;
      else process.env.CI = saved;
    }
  });
  it('holds the browser count of each group equal to its Node count', () => {
    const node = [check('alpha'), check('alpha', true, 'refuse'), check('beta')];
    const decl = manifest({ groups: { alpha: { floor: 2 }, beta: { floor: 1 } } });
    const same = scratch(node, decl, undefined, node);
    expect(same.problems).toEqual([]);
    expect(same.rows.map((r) => [r.group, r.browser])).toEqual([
      ['alpha', '2'],
      ['beta', '1'],
    ]);
    const fewer = scratch(node, decl, undefined, [check('alpha'), check('beta')]);
    expect(fewer.problems).toEqual(['@agent-seam/pkg: alpha made 1 checks in the browser, 2 in Node']);
    const failed = scratch(node, decl, undefined, [check('alpha'), check('alpha', false), check('beta')]);
    expect(failed.problems).toEqual([
      '@agent-seam/pkg: 1 failed check(s) in alpha in the browser',
      '@agent-seam/pkg: alpha made 1 checks in the browser, 2 in Node',
    ]);
    const undeclared = scratch(node, decl, undefined, [...node, check('gamma')]);
    expect(undeclared.problems).toEqual([
      '@agent-seam/pkg: drove group gamma, which the manifest does not declare',
    ]);
  });
  it('shows a node-only group with its reason, and is red if the browser drove it', () => {
    const node = [check('alpha'), check('beta')];
    const decl = manifest({ groups: { alpha: { floor: 1 }, beta: { floor: 1, nodeOnly: 'spawns a CLI' } } });
    const ok = scratch(node, decl, undefined, [check('alpha')]);
    expect(ok.problems).toEqual([]);
    expect(ok.rows.map((r) => r.browser)).toEqual(['1', 'node-only']);
    expect(formatReport(ok)).toContain('node-only: beta (@agent-seam/pkg): spawns a CLI');
    const bad = scratch(node, decl, undefined, node);
    expect(bad.problems).toEqual(['@agent-seam/pkg: beta is declared node-only but ran in the browser']);
  });
  it('says loudly when the browser suite did not run, and is red when it is required', () => {
    const node = [check('alpha'), check('beta')];
    const decl = manifest({ groups: { alpha: { floor: 1 }, beta: { floor: 1 } } });
    const absent = scratch(node, decl);
    expect(absent.problems).toEqual([]);
    expect(absent.warnings).toEqual([
      'no browser ledger: the in-browser vector suite DID NOT RUN',
      'no runtime replay: the vector replay in Node, bun, deno, workerd DID NOT RUN (tsx tools/runtime-matrix.ts)',
    ]);
    expect(absent.rows.map((r) => r.browser)).toEqual(['NOT RUN', 'NOT RUN']);
    const required = scratch(node, decl, undefined, undefined, { requireBrowser: true });
    expect(required.problems).toEqual(['no browser ledger: the in-browser vector suite DID NOT RUN']);
  });
  it('reads the upstream wire layout, splitting reject into reject.<group>', () => {
    const g = groupsOf(
      {
        note: 'x',
        canonical: [1, 2],
        relay: { seedA: 'aa', send: [1], listen: [1, 2] },
        reject: { message: [1], rejectNote: 'x' },
      },
      'seam-wire',
    );
    expect([...g]).toEqual([
      ['canonical', 2],
      ['relay', 3],
      ['reject.message', 1],
    ]);
  });
});
