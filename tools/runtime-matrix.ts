import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { ConformanceReport } from '../packages/cli/src/conformance/run.ts';
import {
  REPLAY_RUNTIMES,
  type RuntimeRun,
  runtimeCells,
  runtimeNotes,
  runtimeRunsPath,
} from '../packages/conformance/src/index.ts';
import { REPORT_MARK } from './runtime/replay.ts';
import { installRuntimes, RUNTIMES } from './runtimes.ts';

/**
 * The published vectors replayed in Bun, Deno and workerd against the BUILT packages,
 * each group's count held equal to Node's (the report's bun/deno/workerd columns). One
 * artifact: the replay `seam conformance` runs in-process (tools/runtime/replay.ts),
 * bundled with the packages left as imports. Node, Bun and Deno run it as it is and
 * resolve the packages themselves, under their own export conditions (`bun`, `deno`,
 * `node`); for workerd it is bundled again as a Worker is (Wrangler's conditions
 * `workerd`, `worker`, `browser`), with the vector files embedded beside it, and run by
 * `workerd test`. Writes .conformance/runtimes.json for the report. In CI a runtime that
 * did not run is red; elsewhere it is said loudly.
 */
const root = join(import.meta.dirname, '..');
const scratch = join(root, '.conformance', 'runtime-matrix');
const vectorsDir = join(root, 'vectors');
const tsconfig = join(root, 'tsconfig.base.json'); // without it esbuild follows each package's tsconfig paths into src/
rmSync(runtimeRunsPath(root), { force: true });
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

// The CLI's replayers and the conformance runner are the harness, bundled in; every library
// package stays an import, resolved by the runtime from the repository's node_modules.
const harnessPackages = ['cli', 'conformance'];
const libraries = readdirSync(join(root, 'packages'))
  .filter((dir) => !harnessPackages.includes(dir))
  .sort();
await build({
  entryPoints: [join(root, 'tools', 'runtime', 'replay.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: join(scratch, 'harness.mjs'),
  external: libraries.flatMap((dir) => [`@agent-seam/${dir}`, `@agent-seam/${dir}/*`]),
  tsconfig,
  logLevel: 'warning',
});
writeFileSync(
  join(scratch, 'main.mjs'),
  `import { replay } from './harness.mjs';\nawait replay(${JSON.stringify(vectorsDir)});\n`,
);

// workerd has no require.resolve: the versions the replay prints come from the packages'
// package.json files, embedded at the paths this returns.
const requireResolve: Plugin = {
  name: 'workerd-require-resolve',
  setup(b) {
    b.onResolve({ filter: /^node:module$/ }, () => ({ path: 'node:module', namespace: 'workerd-shim' }));
    b.onLoad({ filter: /.*/, namespace: 'workerd-shim' }, () => ({
      contents: `export const createRequire = () => ({ resolve: (id) => '/bundle/node_modules/' + id });`,
    }));
  },
};
const worker = await build({
  stdin: {
    contents: `import { replay } from './harness.mjs';\nexport default { test: () => replay('/bundle/vectors') };\n`,
    resolveDir: scratch,
  },
  bundle: true,
  platform: 'browser',
  conditions: ['workerd', 'worker', 'browser'],
  format: 'esm',
  outfile: join(scratch, 'worker.mjs'),
  external: ['node:*'],
  plugins: [requireResolve],
  tsconfig,
  absWorkingDir: root,
  metafile: true,
  logLevel: 'error',
});
// The harness reads files through workerd's Node compatibility; library code must need none.
for (const [path, input] of Object.entries(worker.metafile.inputs)) {
  const builtIns = input.imports.filter((i) => i.path.startsWith('node:')).map((i) => i.path);
  if (path.startsWith('packages/') && builtIns.length > 0)
    throw new Error(`runtime-matrix: ${path} imports ${builtIns.join(', ')} in the Workers bundle`);
}
const embed = (name: string, kind: 'esModule' | 'text', file: string) =>
  `(name = ${JSON.stringify(name)}, ${kind} = embed ${JSON.stringify(relative(scratch, file))})`;
const modules = [
  embed('worker.mjs', 'esModule', join(scratch, 'worker.mjs')),
  ...readdirSync(vectorsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => embed(`vectors/${f}`, 'text', join(vectorsDir, f))),
  ...libraries.map((dir) =>
    embed(
      `node_modules/@agent-seam/${dir}/package.json`,
      'text',
      join(root, 'packages', dir, 'package.json'),
    ),
  ),
];
// The compatibility date is the pinned workerd's own release date (1.YYYYMMDD.n).
const released = /@1\.(\d{4})(\d{2})(\d{2})\./.exec(RUNTIMES.workerd)!;
writeFileSync(
  join(scratch, 'workerd.capnp'),
  `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [(name = "replay", worker = .replay)]);
const replay :Workerd.Worker = (
  modules = [
    ${modules.join(',\n    ')}
  ],
  compatibilityDate = "${released[1]}-${released[2]}-${released[3]}",
);
`,
);

/** Runs the replay in one runtime and reads its report from the marked line. */
function replayIn(
  runtime: string,
  bin: string,
  args: string[],
  env: Record<string, string> = {},
): RuntimeRun {
  const said = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const version = /v?\d[\w.-]*/.exec(said.stdout ?? '')?.[0] ?? 'unknown';
  const started = performance.now();
  const ran = spawnSync(bin, args, {
    cwd: scratch,
    env: { ...process.env, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 180_000,
    maxBuffer: 64 << 20,
  });
  const seconds = (performance.now() - started) / 1000;
  const output = `${ran.stdout ?? ''}\n${ran.stderr ?? ''}`;
  const line = output.split('\n').find((l) => l.startsWith(REPORT_MARK));
  if (ran.status !== 0 || line === undefined) {
    const why = ran.error?.message ?? `exited ${ran.status ?? ran.signal} without a report`;
    return { runtime, outcome: 'crashed', why: `${why}: ${output.trim().slice(-600)}` };
  }
  const report = JSON.parse(line.slice(REPORT_MARK.length)) as ConformanceReport;
  for (const g of report.groups)
    for (const f of g.failed.slice(0, 5))
      console.error(`runtime-matrix: ${runtime}: ${g.group} / ${f.name}: ${f.why}`);
  const groups = Object.fromEntries(
    report.groups.map((g) => [g.group, { passed: g.passed, failed: g.failed.length }]),
  );
  return { runtime, outcome: 'replayed', version, seconds, groups };
}

const runs: RuntimeRun[] = [replayIn('node', process.execPath, ['main.mjs'])];
let binaries: string[] = [];
let notHere = 'the pinned runtimes are Linux x64 builds';
try {
  binaries = installRuntimes(undefined, REPLAY_RUNTIMES);
} catch (error) {
  notHere = `npm could not install ${REPLAY_RUNTIMES.map((r) => RUNTIMES[r]).join(', ')}: ${(error as Error).message}`;
}
const [bun, deno, workerd] = binaries;
if (bun === undefined || deno === undefined || workerd === undefined) {
  for (const runtime of REPLAY_RUNTIMES) runs.push({ runtime, outcome: 'not-run', why: notHere });
} else {
  runs.push(
    replayIn('bun', bun, ['--no-install', 'main.mjs']),
    // No update check: the only network here is the npm registry.
    replayIn('deno', deno, ['run', '--allow-read', '--no-lock', 'main.mjs'], {
      DENO_NO_UPDATE_CHECK: '1',
      DENO_NO_PROMPT: '1',
    }),
    replayIn('workerd', workerd, ['test', 'workerd.capnp']),
  );
}
writeFileSync(runtimeRunsPath(root), `${JSON.stringify(runs, null, 1)}\n`);

const notes = runtimeNotes(runs, !!process.env.CI);
const groups = new Set(runs.flatMap((r) => (r.outcome === 'replayed' ? Object.keys(r.groups) : [])));
const problems = [...notes.problems, ...[...groups].flatMap((g) => runtimeCells(g, runs).problems)];
for (const line of notes.lines) console.log(`runtime-matrix: ${line}`);
for (const warning of notes.warnings) console.warn(`WARNING: runtime-matrix: ${warning}`);
for (const problem of problems) console.error(`RED: runtime-matrix: ${problem}`);
if (problems.length > 0) process.exitCode = 1;
else
  console.log(
    `runtime-matrix: every group made Node's count in ${runs.filter((r) => r.outcome === 'replayed' && r.runtime !== 'node').length} more runtimes`,
  );
