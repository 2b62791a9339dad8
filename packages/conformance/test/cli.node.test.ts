import { describe, expect, it, vi } from 'vitest';
import type { Report } from '../src/index.js';

// The seam-conformance command: what it asks of the report and how it exits. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

describe('the seam-conformance command (cli.ts)', () => {
  // The command runs at import: its three collaborators are replaced, so what it passes on,
  // prints and exits with is seen whole.
  async function runCli(ci: string | undefined, problems: string[]) {
    vi.resetModules();
    const build = vi.fn(() => ({ rows: [], problems, warnings: [], skips: [], nodeOnly: [], runtimes: [] }));
    vi.doMock('../src/paths.node.js', () => ({ repoRoot: () => '/repo', interopDir: () => '/interop' }));
    vi.doMock('../src/manifest.node.js', () => ({ readManifest: (root: string) => ({ root }) }));
    vi.doMock('../src/report.node.js', () => ({
      buildReport: build,
      formatReport: (r: Report) => `formatted with ${r.problems.length} problems`,
    }));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const savedCi = process.env.CI;
    const savedExit = process.exitCode;
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
    try {
      await import('../src/cli.js');
      return { calls: build.mock.calls, printed: log.mock.calls, exitCode: process.exitCode };
    } finally {
      process.exitCode = savedExit;
      if (savedCi === undefined) delete process.env.CI;
      else process.env.CI = savedCi;
      log.mockRestore();
      vi.doUnmock('../src/paths.node.js');
      vi.doUnmock('../src/manifest.node.js');
      vi.doUnmock('../src/report.node.js');
      vi.resetModules();
    }
  }
  it('requires the browser run and the runtime replay in CI, prints the report and exits 0 when green', async () => {
    // why: cli.ts:9:68 (options dropped), 9:86 (!CI), 9:87 (the CI string passed, not a
    // boolean), 10:1 (nothing printed), 11:20 (false and !==: green exits 1).
    expect(await runCli('true', [])).toEqual({
      calls: [['/repo', { root: '/repo' }, '/interop', { requireBrowser: true, requireRuntimes: true }]],
      printed: [['formatted with 0 problems']],
      exitCode: 0,
    });
  });
  it('requires neither outside CI, and exits 1 when red', async () => {
    // why: cli.ts:9:86 (!CI), 11:20 (true: red exits 0).
    expect(await runCli(undefined, ['p'])).toEqual({
      calls: [['/repo', { root: '/repo' }, '/interop', { requireBrowser: false, requireRuntimes: false }]],
      printed: [['formatted with 1 problems']],
      exitCode: 1,
    });
  });
});
