import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildReport,
  type CheckRecord,
  formatReport,
  type Manifest,
  type Report,
  type ReportOptions,
} from '../src/index.js';
import { temp, withEnv } from './scratch.js';

// What buildReport reads from a scratch repository and how formatReport prints it. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

// A scratch repository: vector files, package ledgers (per runtime, with extra files beside
// them), and optionally an interop directory, so buildReport reads real files.
interface ScratchPackage {
  node?: object[];
  browser?: object[];
  /** Extra files in the Node ledger directory. */
  extra?: Record<string, string>;
}
function scratchRepo(files: Record<string, unknown>, packages: Record<string, ScratchPackage>): string {
  const root = temp('report');
  mkdirSync(join(root, 'vectors'));
  for (const [path, doc] of Object.entries(files)) writeFileSync(join(root, path), JSON.stringify(doc));
  for (const [dir, p] of Object.entries(packages)) {
    const write = (runtime: 'node' | 'browser', lines: object[]) => {
      const at = join(root, 'packages', dir, '.conformance', runtime);
      mkdirSync(at, { recursive: true });
      writeFileSync(join(at, '1.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    };
    if (p.node !== undefined) write('node', p.node);
    if (p.browser !== undefined) write('browser', p.browser);
    for (const [name, text] of Object.entries(p.extra ?? {}))
      writeFileSync(join(root, 'packages', dir, '.conformance', 'node', name), text);
  }
  return root;
}
const pass = (group: string, kind: CheckRecord['kind'] = 'accept', interop = false): CheckRecord => ({
  group,
  kind,
  name: 'x',
  ok: true,
  interop,
});
const fail = (group: string): CheckRecord => ({
  group,
  kind: 'accept',
  name: 'x',
  ok: false,
  interop: false,
});
const missing = (group: string) => ({ group, interopMissing: true });
const row = (group: string, fields: Partial<Report['rows'][number]>): Report['rows'][number] => ({
  group,
  pkg: '@agent-seam/pkg',
  accepted: 0,
  refused: 0,
  failed: 0,
  floor: 1,
  interop: '-',
  browser: 'NOT RUN',
  replay: 'NOT RUN',
  runtimes: { bun: 'NOT RUN', deno: 'NOT RUN', workerd: 'NOT RUN' },
  status: 'ok',
  ...fields,
});
const noBrowser = 'no browser ledger: the in-browser vector suite DID NOT RUN';
const noRuntimes =
  'no runtime replay: the vector replay in Node, bun, deno, workerd DID NOT RUN (tsx tools/runtime-matrix.ts)';
const report = (
  root: string,
  packages: Manifest['packages'],
  interopRoot: string | null = null,
  files: Partial<Pick<Manifest, 'vectorFiles' | 'interopFiles'>> = {},
  options?: ReportOptions,
) =>
  withEnv({ CI: undefined }, () =>
    buildReport(root, { packages, vectorFiles: [], interopFiles: [], ...files }, interopRoot, options),
  );

describe('buildReport: interop columns', () => {
  it('says ran N, NOT RUN (a warning outside CI) or none (red) per interop group', () => {
    // why: report.node.ts:62:100 (a group never noted missing read as missing: a warning, not
    // red), 65:19 (a noted absence read as a failure), 71:9 and 71:34 (interop checks not
    // counted, or counted down), 170:13, 170:14 (?? as &&), 170:50, 171:18 (false), 171:49,
    // 172:25, 173:25, 175:25, 177:24, 150:18 and 152:17 (a plain row's '-' and 'ok').
    const root = scratchRepo(
      {},
      {
        pkg: {
          node: [
            pass('ran', 'accept', true),
            pass('ran', 'refuse'),
            pass('absent'),
            missing('absent'),
            pass('none'),
            pass('plain'),
          ],
        },
      },
    );
    const r = report(root, {
      '@agent-seam/pkg': {
        groups: {
          ran: { floor: 2, interop: true },
          absent: { floor: 1, interop: true },
          none: { floor: 1, interop: true },
          plain: { floor: 1 },
        },
      },
    });
    expect(r.rows).toEqual([
      row('ran', { accepted: 1, refused: 1, floor: 2, interop: 'ran 1' }),
      row('absent', { accepted: 1, interop: 'NOT RUN' }),
      row('none', { accepted: 1, interop: 'none', status: 'red' }),
      row('plain', { accepted: 1 }),
    ]);
    expect(r.problems).toEqual(['@agent-seam/pkg: none is declared interop but no interop check ran']);
    expect(r.warnings).toEqual([
      noBrowser,
      noRuntimes,
      'absent: interop data absent, the comparison with third-party vectors DID NOT RUN',
    ]);
  });
});

describe('buildReport: red rows', () => {
  it('marks a group without checks, a failed check and a missed floor red, one line each', () => {
    // why: report.node.ts:155:11 (|| as &&) and 155:30 (false): a group whose only line is an
    // interop-absence note made no checks; 155:30 (total - failed): one pass and one failure
    // are not "no checks"; 158:19, 158:37, 158:66, 158:75, 158:89 (the no-checks row);
    // 163:22 and 167:22 (the red status of a failure and of a missed floor).
    const root = scratchRepo(
      {},
      { pkg: { node: [missing('noted'), pass('half'), fail('half'), pass('low')] } },
    );
    const r = report(root, {
      '@agent-seam/pkg': {
        groups: {
          noted: { floor: 0, interop: true },
          bare: { floor: 1 },
          half: { floor: 1 },
          low: { floor: 3 },
        },
      },
    });
    expect(r.rows).toEqual([
      row('noted', { floor: 0, interop: 'none', browser: '-', status: 'red' }),
      row('bare', { browser: '-', status: 'red' }),
      row('half', { accepted: 1, failed: 1, status: 'red' }),
      row('low', { accepted: 1, floor: 3, status: 'red' }),
    ]);
    expect(r.problems).toEqual([
      '@agent-seam/pkg: declared group noted produced no checks',
      '@agent-seam/pkg: declared group bare produced no checks',
      '@agent-seam/pkg: 1 failed check(s) in half',
      '@agent-seam/pkg: low made 1 checks, below its floor 3',
    ]);
  });
});

describe('buildReport: the browser run', () => {
  it('counts a run with any browser ledger as run, and holds each group to its Node count', () => {
    // why: report.node.ts:132:22 (every: a package whose groups are all node-only has no
    // browser ledger), 133:7 (a warning although the browser ran), 104:30 (nodeOnly list),
    // 190:31, 190:60, 192:14 (a group the browser never drove has no tally: no ?. throws),
    // 187:24, 194:24, 198:24 (the red status of each browser rule).
    const root = scratchRepo(
      {},
      {
        pkg: {
          node: [pass('alpha'), pass('beta'), pass('tool'), pass('flaky')],
          browser: [pass('alpha'), pass('tool'), pass('flaky'), fail('flaky')],
        },
        other: { node: [pass('cli')] },
      },
    );
    const r = report(root, {
      '@agent-seam/pkg': {
        groups: {
          alpha: { floor: 1 },
          beta: { floor: 1 },
          tool: { floor: 1, nodeOnly: 'spawns a process' },
          flaky: { floor: 1 },
        },
      },
      '@agent-seam/other': { groups: { cli: { floor: 1, nodeOnly: 'runs the CLI' } } },
    });
    expect(r.rows).toEqual([
      row('alpha', { accepted: 1, browser: '1' }),
      row('beta', { accepted: 1, browser: '0', status: 'red' }),
      row('tool', { accepted: 1, browser: 'node-only', status: 'red' }),
      row('flaky', { accepted: 1, browser: '1', status: 'red' }),
      row('cli', { pkg: '@agent-seam/other', accepted: 1, browser: 'node-only' }),
    ]);
    expect(r.problems).toEqual([
      '@agent-seam/pkg: beta made 0 checks in the browser, 1 in Node',
      '@agent-seam/pkg: tool is declared node-only but ran in the browser',
      '@agent-seam/pkg: 1 failed check(s) in flaky in the browser',
    ]);
    expect(r.warnings).toEqual([noRuntimes]);
    expect(r.nodeOnly).toEqual([
      'tool (@agent-seam/pkg): spawns a process',
      'cli (@agent-seam/other): runs the CLI',
    ]);
  });
});

describe('buildReport: files, skips and planned groups', () => {
  it('reads declared vector and interop files, says which are missing, and skips non-ledger files', () => {
    // why: report.node.ts:115:9 and 116:24 (a missing vector file read anyway / unnamed),
    // 118:7 (all three: interop files read with no interop dir, or never read), 118:29,
    // 119:44, 121:11 (both), 121:29, 122:26; 80:22 (both) and 81:31 (a non-.jsonl file in the
    // ledger directory parsed as ledger lines); 211:64 (the skip's case count), 33:96, 40:12,
    // 41:12, 212:47 (the skipped row); 214:45, 215:7, 216:21, 217:42 (a planned group).
    const root = scratchRepo(
      { 'vectors/v.json': { alpha: [1], beta: [1, 2], gamma: [1] } },
      { pkg: { node: [pass('alpha')], extra: { 'README.txt': 'not a ledger line\n' } } },
    );
    const interop = temp('interop');
    writeFileSync(join(interop, 'i.json'), JSON.stringify({ third: [1, 2, 3] }));
    const packages: Manifest['packages'] = {
      '@agent-seam/pkg': {
        groups: { alpha: { floor: 1 } },
        skips: [{ group: 'beta', reason: 'not ours' }],
        planned: ['gamma'],
      },
    };
    const files: Pick<Manifest, 'vectorFiles' | 'interopFiles'> = {
      vectorFiles: [
        { path: 'vectors/v.json', layout: 'top-level' },
        { path: 'vectors/gone.json', layout: 'top-level' },
      ],
      interopFiles: [
        { path: 'i.json', layout: 'top-level' },
        { path: 'absent.json', layout: 'top-level' },
      ],
    };
    const unchecked = (group: string, status: 'skipped' | 'planned') =>
      row(group, {
        floor: 0,
        browser: '-',
        replay: '-',
        runtimes: { bun: '-', deno: '-', workerd: '-' },
        status,
      });
    const r = report(root, packages, interop, files);
    expect(r.rows).toEqual([
      row('alpha', { accepted: 1 }),
      unchecked('beta', 'skipped'),
      unchecked('gamma', 'planned'),
    ]);
    expect(r.problems).toEqual([
      'vector file vectors/gone.json is declared in the manifest but missing',
      'interop file absent.json is declared in the manifest but missing',
      'group third is in the vector files but no package claims it',
    ]);
    expect(r.warnings).toEqual([noBrowser, noRuntimes, 'gamma (@agent-seam/pkg) is not yet driven']);
    expect(r.skips).toEqual(['beta (@agent-seam/pkg) SKIPPED ON PURPOSE, 2 cases present: not ours']);
    // Without interop data the interop files are not read at all.
    expect(report(root, packages, null, files).problems).toEqual([
      'vector file vectors/gone.json is declared in the manifest but missing',
    ]);
  });
});

describe('formatReport', () => {
  it('prints the aligned table, the totals, every note and the verdict', () => {
    // why: report.node.ts:227:18..227:93 (the header), 230:19 and 230:35 (the scope dropped),
    // 236:5 (all four), 236:18, 236:25, 236:32 (status spelling), 238:29, 238:39, 238:70,
    // 239:16, 240:5 (trimStart), 241:12, 242:13, 244:15, 244:53 (layout), 246:40, 246:50,
    // 246:55 (all three: only numeric browser counts are summed), 248:5, 249:5, 249:28,
    // 249:47, 249:54 (all three), 249:67 (groups that are ok), 251:42, 253:45, 254:45, 256:5,
    // 258:9 (the verdict) and 261:47 (failed checks summed).
    const r: Report = {
      rows: [
        row('alpha', {
          accepted: 3,
          refused: 2,
          floor: 5,
          interop: 'ran 1',
          browser: '5',
          replay: '4',
          runtimes: { bun: '4', deno: '3', workerd: 'NOT RUN' },
        }),
        row('beta', {
          pkg: '@agent-seam/other',
          accepted: 1,
          failed: 2,
          browser: 'node-only',
          replay: '-',
          runtimes: { bun: '-', deno: '-', workerd: '-' },
          status: 'red',
        }),
        row('gamma', { floor: 0, browser: '-', replay: '2', runtimes: {}, status: 'skipped' }),
      ],
      problems: ['p1', 'p2'],
      warnings: ['w1'],
      skips: ['s1'],
      nodeOnly: ['n1'],
      runtimes: ['bun 1.4.5: 4 cases agree, 0 disagree, in 1 groups (0.5 s)'],
    };
    expect(formatReport(r)).toBe(
      [
        'group  package  accepted  refused  floor  interop  browser    replay  bun  deno  workerd  status',
        '-----  -------  --------  -------  -----  -------  ---------  ------  ---  ----  -------  -------',
        'alpha  pkg      3         2        5      ran 1    5          4       4    3     NOT RUN  ok',
        'beta   other    1         0        1      -        node-only  -       -    -     -        RED',
        'gamma  pkg      0         0        0      -        -          2       -    -     -        SKIPPED',
        '',
        '6 checks in 1 groups; 5 made again in the browser',
        '6 vector cases replayed in Node; again 4 in bun, 3 in deno, 0 in workerd',
        'runtime: bun 1.4.5: 4 cases agree, 0 disagree, in 1 groups (0.5 s)',
        'skip: s1',
        'node-only: n1',
        'WARNING: w1',
        'RED: p1',
        'RED: p2',
        'conformance: RED (2 problems)',
        'conformance: 6 passed, 2 failed',
      ].join('\n'),
    );
  });
});
