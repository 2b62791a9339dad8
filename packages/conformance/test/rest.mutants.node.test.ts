import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  browserHost,
  buildReport,
  type CheckRecord,
  formatReport,
  groupsOf,
  interopDir,
  interopPath,
  type LedgerLine,
  loadInterop,
  loadVectors,
  type Manifest,
  openLedger,
  packageDir,
  type Report,
  type ReportOptions,
  readManifest,
  recordingLedger,
  repoRoot,
} from '../src/index.js';

// Cases for the mutants Stryker's --rest run left alive in the runner (the files outside any
// verify path). Each `why` names the mutant(s) it kills as file.ts:line:column of that report.

/** Run `f` with environment variables set (undefined deletes), restoring them afterwards. */
function withEnv<T>(vars: Record<string, string | undefined>, f: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const put = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  put(vars);
  try {
    return f();
  } finally {
    put(saved);
  }
}

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), `seam-${prefix}-`));

describe('recordingLedger', () => {
  const recorder = () => {
    const lines: LedgerLine[] = [];
    return { lines, ledger: recordingLedger((line) => lines.push(line)) };
  };

  it('records a passing accept check once, after its body ran', () => {
    // why: ledger.ts:47:76, 49:5, 55:13, 56:35, 59:9, 62:11, 77:14, 80:10, 81:17 (no record,
    // an empty record, a body never run, a passing check recorded as failed, accept misnamed).
    const { lines, ledger } = recorder();
    let ran = false;
    const result = ledger.accept('g', 'n', () => {
      ran = true;
    });
    expect(result).toBeUndefined();
    expect(ran).toBe(true);
    expect(lines).toEqual([{ group: 'g', kind: 'accept', name: 'n', ok: true, interop: false }]);
  });
  it('records a refuse check and its interop flag only when the option says true', () => {
    // why: ledger.ts:56:76 (all four: true, false, !==, options.interop without options),
    // 56:97, 82:17 (refuse misnamed).
    const { lines, ledger } = recorder();
    ledger.refuse('g', 'a', () => {}, { interop: true });
    ledger.refuse('g', 'b', () => {}, {});
    ledger.refuse('g', 'c', () => {});
    expect(lines).toEqual([
      { group: 'g', kind: 'refuse', name: 'a', ok: true, interop: true },
      { group: 'g', kind: 'refuse', name: 'b', ok: true, interop: false },
      { group: 'g', kind: 'refuse', name: 'c', ok: true, interop: false },
    ]);
  });
  it('records a throwing body as a failed check and re-throws its error', () => {
    // why: ledger.ts:64:23 (the error swallowed and the check recorded as passing), 65:16.
    const { lines, ledger } = recorder();
    const boom = new Error('boom');
    expect(() =>
      ledger.accept('g', 'n', () => {
        throw boom;
      }),
    ).toThrow(boom);
    expect(lines).toEqual([{ group: 'g', kind: 'accept', name: 'n', ok: false, interop: false }]);
  });
  it('settles an async body only when its promise settles, failed on rejection', async () => {
    // why: ledger.ts:68:11 (true: a sync result has no .then; false: recorded as passing before
    // the promise settled, and a rejection recorded as a pass), 68:38.
    const { lines, ledger } = recorder();
    let release = () => {};
    const pending = ledger.accept(
      'g',
      'late',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    expect(pending).toBeInstanceOf(Promise);
    expect(lines).toEqual([]);
    release();
    await pending;
    const boom = new Error('boom');
    await expect(ledger.refuse('g', 'rejected', () => Promise.reject(boom))).rejects.toBe(boom);
    expect(lines).toEqual([
      { group: 'g', kind: 'accept', name: 'late', ok: true, interop: false },
      { group: 'g', kind: 'refuse', name: 'rejected', ok: false, interop: false },
    ]);
  });
  it('notes a group whose interop data was absent', () => {
    // why: ledger.ts:83:21, 83:38, 83:63.
    const { lines, ledger } = recorder();
    ledger.interopMissing('g');
    expect(lines).toEqual([{ group: 'g', interopMissing: true }]);
  });
  it('notes a group whose suite could not run, with why', () => {
    const { lines, ledger } = recorder();
    ledger.notRun('g', 'no server');
    expect(lines).toEqual([{ group: 'g', notRun: 'no server' }]);
  });
});

describe('openLedger (Node)', () => {
  it('appends one JSON line per check to <package>/.conformance/node/<pid>.jsonl', () => {
    // why: ledger.node.ts:12:72, 13:7 (ledgerEnabled() / false), 14:37, 15:26, 16:18, 16:31
    // (the nested directory needs recursive), 17:26, 17:80.
    const pkg = temp('ledger');
    withEnv({ SEAM_LEDGER: undefined }, () => {
      const ledger = openLedger(pkg);
      ledger.accept('g', 'a', () => {});
      ledger.interopMissing('g');
    });
    const dir = join(pkg, '.conformance', 'node');
    expect(readdirSync(dir)).toEqual([`${process.pid}.jsonl`]);
    expect(readFileSync(join(dir, `${process.pid}.jsonl`), 'utf8')).toBe(
      '{"group":"g","kind":"accept","name":"a","ok":true,"interop":false}\n{"group":"g","interopMissing":true}\n',
    );
  });
  it('records nothing under SEAM_LEDGER=off, and the checks still run', () => {
    // why: ledger.node.ts:6:45 (always enabled), 6:73 ('' instead of 'off'), 13:7 (true: never
    // records, seen by the case above).
    const pkg = temp('ledger-off');
    let ran = false;
    withEnv({ SEAM_LEDGER: 'off' }, () => {
      openLedger(pkg).accept('g', 'a', () => {
        ran = true;
      });
    });
    expect(ran).toBe(true);
    expect(existsSync(join(pkg, '.conformance'))).toBe(false);
  });
});

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

describe('groupsOf', () => {
  it('counts only array or object values under keys that are not notes', () => {
    // why: vectors.node.ts:27:38, 27:59 (both), 27:84 (a string or null value taken as a
    // group), 28:34 (all eight), 28:40, 28:47, 28:53, 28:63 (endsWith as startsWith), 28:85,
    // 28:91 (a note key taken as a group), 39:9 (&&: notes with arrays and non-group values
    // both kept), 40:9 (reject split outside the seam-wire layout).
    const g = groupsOf(
      {
        _: [1],
        note: [1],
        fooNote: [1],
        $schema: [1],
        Notebook: [1],
        text: 'abc',
        nothing: null,
        cases: { accept: [1, 2], refuse: [3], casesNote: [4], label: 'x' },
        reject: { m: [1] },
      },
      'top-level',
    );
    expect([...g]).toEqual([
      ['Notebook', 1],
      ['cases', 3],
      ['reject', 1],
    ]);
  });
  it('splits seam-wire reject into sub-groups, skipping notes and non-group values', () => {
    // why: vectors.node.ts:42:13 (|| : a note sub-key with an array, and a plain value, kept).
    const g = groupsOf({ reject: { m: [1, 2], rejectNote: [1], count: 3 } }, 'seam-wire');
    expect([...g]).toEqual([['reject.m', 2]]);
  });
  it('names the single group of a single: layout after the prefix, counting any document', () => {
    // why: vectors.node.ts:33:7 (false / endsWith: the document read as top-level), 33:37,
    // 34:13, 34:26 (the group named with its prefix), 37:7 (&&) and 37:34, 54:7 (&&) and 54:36
    // (a null document read with Object.entries throws).
    expect([...groupsOf({ accept: [1, 2], refuse: [3] }, 'single:sig')]).toEqual([['sig', 3]]);
    expect([...groupsOf([1, 2], 'single:list')]).toEqual([['list', 2]]);
    expect([...groupsOf(null, 'single:empty')]).toEqual([['empty', 0]]);
    expect([...groupsOf(null, 'top-level')]).toEqual([]);
  });
});

describe('vector and interop reads (Node)', () => {
  it('loads a published vector file from the repository', () => {
    // why: vectors.node.ts:7:55.
    const root = repoRoot();
    expect(loadVectors('merkle.json')).toEqual(
      JSON.parse(readFileSync(join(root, 'vectors', 'merkle.json'), 'utf8')),
    );
  });
  it('resolves and parses interop files under SEAM_INTEROP_DIR, null when the data is absent', () => {
    // why: vectors.node.ts:12:62, 14:10 (all three), 19:66, 21:10 (all three); paths.node.ts:23:7
    // (true: absence outside CI throws).
    const dir = temp('interop');
    writeFileSync(join(dir, 'x.json'), '{"a":[1]}');
    withEnv({ SEAM_INTEROP_DIR: dir, CI: undefined }, () => {
      expect(interopDir()).toBe(dir);
      expect(interopPath('x.json')).toBe(join(dir, 'x.json'));
      expect(loadInterop('x.json')).toEqual({ a: [1] });
    });
    withEnv({ SEAM_INTEROP_DIR: join(dir, 'nope'), CI: undefined }, () => {
      expect(interopDir()).toBeNull();
      expect(interopPath('x.json')).toBeNull();
      expect(loadInterop('x.json')).toBeNull();
    });
  });
  it('refuses absent interop data in CI, naming where it looked', () => {
    // why: paths.node.ts:23:7 (false: absence in CI passes as null), 23:39.
    const gone = join(temp('interop'), 'nope');
    withEnv({ SEAM_INTEROP_DIR: gone, CI: 'true' }, () => {
      expect(() => interopDir()).toThrow(
        new Error(`conformance: interop data missing at ${gone} (required in CI)`),
      );
    });
  });
  it('finds the repository root upwards, and names the start when there is none', () => {
    // why: paths.node.ts:10:37.
    expect(repoRoot(join(repoRoot(), 'packages', 'conformance', 'src'))).toBe(repoRoot());
    const lonely = temp('no-root');
    expect(() => repoRoot(lonely)).toThrow(new Error(`conformance: no tools/manifest.json above ${lonely}`));
  });
});

describe('manifest', () => {
  it('reads tools/manifest.json and maps a scoped name to its directory, only at the start', () => {
    // why: manifest.node.ts:33:54 (readManifest), 38:58 (the scope stripped anywhere in a name).
    const root = temp('manifest');
    mkdirSync(join(root, 'tools'));
    writeFileSync(join(root, 'tools', 'manifest.json'), '{"packages":{},"vectorFiles":[],"interopFiles":[]}');
    expect(readManifest(root)).toEqual({ packages: {}, vectorFiles: [], interopFiles: [] });
    expect(packageDir('@agent-seam/did')).toBe('did');
    expect(packageDir('x@agent-seam/did')).toBe('x@agent-seam/did');
  });
});

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

describe('browserHost: rest', () => {
  const root = repoRoot();
  function serve(host: ReturnType<typeof browserHost>) {
    let handler: ((req: { url?: string }, res: unknown) => void) | undefined;
    (host.plugin.configureServer as (server: unknown) => void)({
      middlewares: {
        use: (_prefix: string, h: typeof handler) => {
          handler = h;
        },
      },
    });
    return (url: string) => {
      const res = {
        statusCode: 200,
        headers: {} as Record<string, string>,
        ended: false,
        body: undefined as unknown,
        setHeader(name: string, value: string) {
          res.headers[name] = value;
        },
        end(b?: unknown) {
          res.ended = true;
          res.body = b;
        },
      };
      handler!({ url }, res);
      return { status: res.statusCode, headers: res.headers, ended: res.ended, body: res.body };
    };
  }
  const q = (endpoint: string, path: string) => `/${endpoint}?path=${encodeURIComponent(path)}`;

  it('labels what it serves, ends every refusal, and serves a file only at /file', () => {
    // why: browser-host.node.ts:38:25, 38:41, 45:25, 45:41 (content types), 49:11 (a 404 never
    // ended), 37:13 (a file served at /dir).
    const get = serve(browserHost(root));
    const file = join(root, 'vectors', 'merkle.json');
    const served = get(q('file', file));
    expect([served.status, served.headers, served.ended]).toEqual([
      200,
      { 'content-type': 'application/octet-stream' },
      true,
    ]);
    const listed = get(q('dir', join(root, 'vectors')));
    expect([listed.status, listed.headers]).toEqual([200, { 'content-type': 'application/json' }]);
    expect(get(q('dir', file))).toEqual({ status: 404, headers: {}, ended: true, body: undefined });
  });
  it('starts without interop data outside CI', () => {
    // why: browser-host.node.ts:26:50 (a made-up readable root resolved with realpath throws).
    const host = withEnv({ SEAM_INTEROP_DIR: join(temp('interop'), 'nope'), CI: undefined }, () =>
      browserHost(root),
    );
    expect(host.provide.seamInterop).toBeNull();
  });
  it('rewrites import.meta only in test modules that use it', () => {
    // why: browser-host.node.ts:56:12 (the $ anchor: a .tsx or queried id taken as a test
    // module), 56:66 (every test module rewritten, even without import.meta).
    const transform = browserHost(root).plugin.transform as (code: string, id: string) => string | null;
    const test = join(root, 'packages', 'x', 'test');
    expect(transform('import.meta.dirname', join(test, 'a.tsx'))).toBeNull();
    expect(transform('const x = 1;', join(test, 'a.test.ts'))).toBeNull();
  });
  it('writes no ledger file for an empty batch, joins a batch without separators, names an unknown test file', () => {
    // why: browser-host.node.ts:64:9 (an empty batch creates the directory and an empty file),
    // 68:96 (lines of one batch joined with text between them), 67:76 (no testPath: the file
    // named after the directory, not "unknown").
    const host = browserHost(root);
    const empty = temp('host-empty');
    host.commands.seamLedger(
      { project: { config: { root: empty } }, testPath: join(empty, 'a.ts') } as never,
      [],
    );
    expect(existsSync(join(empty, '.conformance'))).toBe(false);
    const project = temp('host-batch');
    const line = pass('g');
    host.commands.seamLedger({ project: { config: { root: project } } } as never, [line, line]);
    const dir = join(project, '.conformance', 'browser');
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(names[0]!.endsWith('_unknown.jsonl')).toBe(true);
    expect(readFileSync(join(dir, names[0]!), 'utf8')).toBe(`${JSON.stringify(line)}\n`.repeat(2));
  });
});

// The browser build, driven from Node: XMLHttpRequest is replaced by a fake host serving a
// table of URLs, and vitest's inject/afterAll and vitest/browser's commands by recorders, so
// the same modules the Chromium suite loads run here and are asserted whole.
class FakeRequest {
  static routes: Record<string, { status: number; text: string }> = {};
  static sent: [string, string, boolean, string][] = [];
  status = 0;
  responseText = '';
  private target: [string, string, boolean] = ['', '', true];
  private mime = '';
  open(method: string, url: string, async: boolean) {
    this.target = [method, url, async];
  }
  overrideMimeType(mime: string) {
    this.mime = mime;
  }
  send() {
    FakeRequest.sent.push([...this.target, this.mime]);
    const route = FakeRequest.routes[this.target[1]] ?? { status: 404, text: '' };
    this.status = route.status;
    this.responseText = route.text;
  }
}
const route = (endpoint: 'file' | 'dir', path: string) =>
  `/@seam/${endpoint}?path=${encodeURIComponent(path)}`;

async function browserModules(context: { root: string; interop: string | null; ledger: boolean }) {
  vi.resetModules();
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  const hooks: (() => unknown)[] = [];
  const handed: LedgerLine[][] = [];
  vi.doMock('vitest', async (original) => ({
    ...(await original<typeof import('vitest')>()),
    inject: (key: string) =>
      ({ seamRoot: context.root, seamInterop: context.interop, seamLedger: context.ledger })[key],
    afterAll: (hook: () => unknown) => hooks.push(hook),
  }));
  vi.doMock('vitest/browser', () => ({
    commands: { seamLedger: async (lines: LedgerLine[]) => void handed.push(lines) },
  }));
  try {
    return { modules: await import('../src/index.browser.js'), hooks, handed };
  } finally {
    vi.doUnmock('vitest');
    vi.doUnmock('vitest/browser');
  }
}

describe('the browser build, driven from Node', () => {
  afterAll(() => vi.unstubAllGlobals());
  const reset = () => {
    FakeRequest.routes = {};
    FakeRequest.sent = [];
  };
  it('reads host bytes with a synchronous binary GET, null on 404, an error on any other status', async () => {
    // why: host-files.browser.ts:12:73, 14:16, 14:23, 14:78 (async), 16:28, 17:3 (never sent),
    // 18:7 (all three), 19:7 (all three), 20:21, 23:19 (false and >=: bytes left zero),
    // 28:25, 28:66.
    reset();
    const { modules } = await browserModules({ root: '/repo', interop: null, ledger: true });
    FakeRequest.routes[route('file', '/a b')] = { status: 200, text: '\uf7ffA\uf780' };
    FakeRequest.routes[route('file', '/broken')] = { status: 500, text: '' };
    expect(modules.hostFile('/a b')).toEqual(new Uint8Array([0xff, 0x41, 0x80]));
    expect(FakeRequest.sent).toEqual([
      ['GET', '/@seam/file?path=%2Fa%20b', false, 'text/plain; charset=x-user-defined'],
    ]);
    expect(modules.hostFile('/gone')).toBeNull();
    expect(() => modules.hostFile('/broken')).toThrow(new Error('conformance: host file /broken: HTTP 500'));
  });
  it('lists a host directory, null when it does not exist', async () => {
    // why: host-files.browser.ts:31:62, 32:21, 33:10 (all three).
    reset();
    const { modules } = await browserModules({ root: '/repo', interop: null, ledger: true });
    const entries = [{ name: 'v.json', directory: false }];
    FakeRequest.routes[route('dir', '/repo/vectors')] = { status: 200, text: JSON.stringify(entries) };
    expect(modules.hostDir('/repo/vectors')).toEqual(entries);
    expect(modules.hostDir('/repo/none')).toBeNull();
  });
  it('loads vectors from the injected root and interop files from the injected interop dir', async () => {
    // why: context.browser.ts:16:25, 16:46, 17:27, 17:55; vectors.browser.ts:8:55, 13:62,
    // 15:10 (all three), 15:32, 20:66, 22:10 (all three); host-files.browser.ts:37:48, 39:7
    // (all three), 39:39.
    reset();
    const { modules } = await browserModules({ root: '/repo', interop: '/interop', ledger: true });
    FakeRequest.routes[route('file', '/repo/vectors/v.json')] = { status: 200, text: '{"a":[1]}' };
    FakeRequest.routes[route('file', '/interop/x.json')] = { status: 200, text: '{"b":2}' };
    expect([modules.repoRoot(), modules.interopDir()]).toEqual(['/repo', '/interop']);
    expect(modules.loadVectors('v.json')).toEqual({ a: [1] });
    expect(modules.interopPath('x.json')).toBe('/interop/x.json');
    expect(modules.loadInterop('x.json')).toEqual({ b: 2 });
    expect(() => modules.loadVectors('gone.json')).toThrow(
      new Error('conformance: no file /repo/vectors/gone.json on the host'),
    );
    const absent = await browserModules({ root: '/repo', interop: null, ledger: true });
    expect(absent.modules.interopPath('x.json')).toBeNull();
    expect(absent.modules.loadInterop('x.json')).toBeNull();
  });
  it('hands the page ledger to the host once the file is done, and records nothing when off', async () => {
    // why: context.browser.ts:18:30, 18:52; ledger.browser.ts:17:38, 18:7 (all three), 19:31,
    // 20:12, 21:26.
    const on = await browserModules({ root: '/repo', interop: null, ledger: true });
    expect(on.modules.ledgerEnabled()).toBe(true);
    const ledger = on.modules.openLedger();
    ledger.accept('g', 'n', () => {});
    expect(on.hooks).toHaveLength(1);
    await on.hooks[0]!();
    expect(on.handed).toEqual([[{ group: 'g', kind: 'accept', name: 'n', ok: true, interop: false }]]);
    const off = await browserModules({ root: '/repo', interop: null, ledger: false });
    let ran = false;
    off.modules.openLedger().accept('g', 'n', () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(off.hooks).toEqual([]);
  });
});
