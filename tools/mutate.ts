// pnpm mutate --filter <pkg> [--all | --rest | --mutate <glob,...>] [--static] [--force] [--concurrency <n>] [--ignore-static] [--restore] [--summary]
//
// Runs Stryker (vitest runner) over one package and writes reports/mutation/<pkg>.md:
// the mutation score per file and every surviving mutant. Without --all it mutates the
// package's verify/open/decode path (VERIFY_PATHS); --rest mutates every other file of
// src/ (the issue's "everything else") and reports to reports/mutation/<pkg>.rest.md, so
// that the verify path's report stays as it is. Incremental: results are kept in
// node_modules/.cache/seam-mutate/<pkg>.incremental.json, so a rerun only retests
// mutants whose code or covering tests changed (--force reruns everything).
//
// Stryker 10 needs Node >= 22; it runs under the pinned node22 of tools/runtimes.ts.
// It mutates in place (the tests import ../../vitest.shared.ts by relative path), so a
// run killed hard would leave instrumented sources behind. Before Stryker starts, the
// files it will rewrite are copied to node_modules/.cache/seam-mutate/<pkg>/; they are
// put back when the run ends or is interrupted, and a later run (or --restore) puts
// them back first if a killed run left them there (over files that still hold Stryker's
// instrumentation only: a file edited since is kept). --mutate takes Stryker's line
// ranges too (`src/f.ts:10-20`); such a run reports to <pkg>.lines.md, counting only the
// mutants on those lines. --summary rewrites the report from
// the last results without running anything. --concurrency caps Stryker's test runners
// (default: the config's 2), for a machine whose cores are shared. --ignore-static skips
// static mutants (module-level constants, run against every test: most of the time of a
// run); the report counts them as ignored, outside the score. --static runs only those: Stryker
// mutates the module-level lines of the chosen files (every top-level statement but function
// and type declarations), runs each static mutant against every test of the package with the
// mutant switched on before the modules load, and the report (<pkg>[.rest].static.md) counts
// the static mutants alone. (A static mutant that one test happens to cover is otherwise run
// against that test only, after the module loaded, and reported as survived.)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { installRuntimes, RUNTIMES } from './runtimes.js';

/** The files of each package that judge attacker bytes (mutated by default). */
export const VERIFY_PATHS: Record<string, string[]> = {
  merkle: ['src/verify.ts', 'src/sizes.ts'],
  did: ['src/ed25519.ts', 'src/door-steps.ts', 'src/small-order.ts', 'src/base58.ts', 'src/did-key.ts'],
  envelope: [
    'src/envelope.ts',
    'src/signer-key.ts',
    'src/signed-bytes.ts',
    'src/claim.ts',
    'src/invite.ts',
    'src/relay.ts',
  ],
  wba: ['src/verify.ts', 'src/structured-fields.ts', 'src/content-digest.ts'],
  'coredet-cbor': ['src/decode.ts'],
  'tlog-note': ['src/open.ts', 'src/note.ts', 'src/keys.ts', 'src/checkpoint.ts', 'src/text.ts'],
  'tlog-tiles': [
    'src/proof-text.ts',
    'src/proof-verify.ts',
    'src/paths.ts',
    'src/reader.ts',
    'src/source.ts',
    'src/layout.ts',
    'src/tile-hashes.ts',
    'src/bundle.ts',
    'src/trust-options.ts',
  ],
  cryptobox: [
    'src/box-frame.ts',
    'src/box-v1.ts',
    'src/box-v2.ts',
    'src/payload.ts',
    'src/sealed-field.ts',
    'src/wrapped-key.ts',
  ],
  cardpub: [
    'src/card-envelope.ts',
    'src/domain-linkage.ts',
    'src/a2a-card.ts',
    'src/json-segment.ts',
    'src/origin.ts',
    'src/signed-bytes.ts',
  ],
  'hpke-seal': [
    'src/open-v1.ts',
    'src/open-v2.ts',
    'src/open-steps.ts',
    'src/sender-key.ts',
    'src/inner.ts',
    'src/envelope-wire.ts',
    'src/wire-map.ts',
    'src/dack.ts',
    'src/time-window.ts',
  ],
  chain: [
    'src/signature.ts',
    'src/audit.ts',
    'src/lines.ts',
    'src/json.ts',
    'src/rfc3339.ts',
    'src/grader.ts',
    'src/export/verifier.ts',
    'src/export/reading.ts',
    'src/export/frames.ts',
    'src/export/parts.ts',
    'src/export/anchors.ts',
    'src/export/log.ts',
    'src/export/witness.ts',
    'src/export/steps.ts',
    'src/export/headline.ts',
  ],
  'anet-identity': [
    'src/events.ts',
    'src/kel.ts',
    'src/key-state.ts',
    'src/pins.ts',
    'src/notice.ts',
    'src/key-set.ts',
    'src/resolver.ts',
    'src/cache.ts',
    'src/drive.ts',
    'src/aobj-envelope.ts',
  ],
  anet: [
    'src/http-request.ts',
    'src/relay-preimage.ts',
    'src/relay-verify.ts',
    'src/replay-window.ts',
    'src/signer.ts',
    'src/steps.ts',
    'src/pow.ts',
    'src/directory.ts',
    'src/objects.ts',
    'src/signed-object.ts',
    'src/task-messages.ts',
    'src/ledger.ts',
    'src/card.ts',
  ],
  // Its tests need a Redis server (SEAM_REDIS_URL or the redis-server binary).
  'store-redis': [
    'src/keys.ts',
    'src/replay-cache.ts',
    'src/pin-hashes.ts',
    'src/kel-pins.ts',
    'src/keystate-pins.ts',
    'src/relay-window.ts',
  ],
};

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, 'reports', 'mutation');
const cache = join(root, 'node_modules', '.cache', 'seam-mutate');

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}
const flag = (name: string) => process.argv.includes(name);

const pkg = option('--filter')?.replace(/^@agent-seam\//, '');
if (!pkg || !existsSync(join(root, 'packages', pkg, 'src'))) {
  console.error(
    'usage: pnpm mutate --filter <package> [--all | --rest | --mutate <glob,...>] [--force] [--restore]',
  );
  process.exit(2);
}
const pkgDir = join(root, 'packages', pkg);
const backup = join(cache, pkg);

function listSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('src', f));
}

/** Stryker's instrumentation names, present in every file it has rewritten. */
const INSTRUMENTED = /stryMutAct_9fa48|stryNS_9fa48/;

/**
 * Puts back the originals a previous (possibly killed) run copied aside: only over files
 * that still hold Stryker's instrumentation. A file edited since (or restored by git) is
 * newer than its copy and stays as it is.
 */
function restore(): void {
  if (existsSync(backup)) {
    for (const file of listSources(join(backup, 'src'))) {
      const current = join(pkgDir, file);
      // A file removed since the killed run stays removed.
      if (!existsSync(current)) continue;
      const text = readFileSync(current, 'utf8');
      if (INSTRUMENTED.test(text)) cpSync(join(backup, file), current);
      else if (text !== readFileSync(join(backup, file), 'utf8'))
        console.log(`mutate: kept ${pkg}/${file} as it is (not instrumented; its copy is older)`);
    }
    rmSync(backup, { recursive: true, force: true });
  }
  rmSync(join(pkgDir, '.stryker-tmp'), { recursive: true, force: true });
  for (const f of readdirSync(pkgDir)) if (/^stryker-setup-.*\.js$/.test(f)) rmSync(join(pkgDir, f));
}

restore();
if (flag('--restore')) process.exit(0);

/** Every source file outside the verify path (all of src/ for a package without one). */
const rest = () =>
  listSources(join(pkgDir, 'src'))
    .filter((f) => !(VERIFY_PATHS[pkg] ?? []).includes(f))
    .sort();

const mutate = flag('--all')
  ? ['src/**/*.ts']
  : flag('--rest')
    ? rest()
    : (option('--mutate')?.split(',') ?? VERIFY_PATHS[pkg]);
if (!mutate) {
  console.error(`no verify path is listed for ${pkg} in tools/mutate.ts: pass --all, --rest or --mutate`);
  process.exit(2);
}
const globs: string[] = mutate;
const staticOnly = flag('--static');

if (flag('--summary')) summarize();
else run();

/** Runs Stryker with src/ copied aside; the copy is put back however the run ends. */
function run(): void {
  // Stryker only rewrites the files it mutates (type checks stay on, see stryker.config.mjs),
  // all of them under src/: copy src/ aside whole.
  mkdirSync(backup, { recursive: true });
  for (const file of listSources(join(pkgDir, 'src'))) cpSync(join(pkgDir, file), join(backup, file));
  const stryker = join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  const targets = staticOnly ? globs.flatMap(moduleLevelRanges) : globs;
  const args = [stryker, 'run', join(root, 'stryker.config.mjs'), '--mutate', targets.join(',')];
  if (flag('--force')) args.push('--force');
  const concurrency = option('--concurrency');
  if (concurrency !== undefined) args.push('--concurrency', concurrency);
  if (flag('--ignore-static') && !staticOnly) args.push('--ignoreStatic');
  const child = spawn(node22(), args, {
    cwd: pkgDir,
    stdio: 'inherit',
    env: { ...process.env, SEAM_MUTATE: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  process.on('exit', restore);
  child.on('exit', (code) => {
    restore();
    if (code !== 0) process.exit(code ?? 1);
    summarize();
  });
}

/** The pinned Node 22 (Stryker 10 needs Node >= 22), installed on first use. */
function node22(): string {
  const dir = join(tmpdir(), 'seam-runtimes');
  const bin = join(dir, 'node_modules', 'node22', 'bin', 'node');
  if (!existsSync(bin)) {
    console.log(`installing ${RUNTIMES.node22} for Stryker`);
    installRuntimes(dir);
  }
  return bin;
}

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  static?: boolean;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/** Writes reports/mutation/<pkg>.md from the incremental file (a mutation-testing report). */
function summarize(): void {
  const report = JSON.parse(readFileSync(join(cache, `${pkg}.incremental.json`), 'utf8')) as {
    files: Record<string, { source: string; mutants: Mutant[] }>;
  };
  // Only the mutants this run made (files, and lines where a target names a range): the
  // incremental file keeps older results too.
  for (const [f, file] of Object.entries(report.files)) {
    const targets = globs.map(target).filter((t) => matches(f, t.glob));
    if (targets.length === 0) delete report.files[f];
    else file.mutants = file.mutants.filter((m) => targets.some((t) => t.holds(m.location.start.line)));
  }
  if (staticOnly)
    for (const file of Object.values(report.files)) file.mutants = file.mutants.filter((m) => m.static);
  const selection = flag('--all')
    ? ' --all'
    : flag('--rest')
      ? ' --rest'
      : option('--mutate')
        ? ` --mutate ${option('--mutate')}`
        : '';
  const detected = new Set(['Killed', 'Timeout']);
  const undetected = new Set(['Survived', 'NoCoverage']);
  const lines = [
    `# Mutation report: @agent-seam/${pkg}`,
    '',
    `Reproduce: \`pnpm mutate --filter ${pkg}${selection}${staticOnly ? ' --static' : flag('--ignore-static') ? ' --ignore-static' : ''} --force\` (Stryker 10.1.1, vitest runner).`,
    `Mutated: ${globs.map((m) => `\`${m}\``).join(', ')}${staticOnly ? ' (their static mutants only: module-level code, each run against every test)' : ''}.`,
    '',
    '| file | mutants | killed | timeout | survived | no coverage | score |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const survivors: string[] = [];
  let total = { killed: 0, timeout: 0, survived: 0, noCoverage: 0 };
  for (const [path, file] of Object.entries(report.files).sort()) {
    const count = (s: string) => file.mutants.filter((m) => m.status === s).length;
    const row = {
      killed: count('Killed'),
      timeout: count('Timeout'),
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
    };
    total = {
      killed: total.killed + row.killed,
      timeout: total.timeout + row.timeout,
      survived: total.survived + row.survived,
      noCoverage: total.noCoverage + row.noCoverage,
    };
    const name = relative(pkgDir, join(pkgDir, path));
    // Counted like the total: a mutant that errored before any test judged it is in neither.
    const judged = Object.values(row).reduce((a, b) => a + b, 0);
    lines.push(`| ${name} | ${judged} | ${Object.values(row).join(' | ')} | ${score(row)} |`);
    const sourceLines = file.source.split('\n');
    for (const m of file.mutants.filter((x) => undetected.has(x.status))) {
      const { start, end } = m.location;
      const original =
        start.line === end.line
          ? (sourceLines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
          : `${(sourceLines[start.line - 1] ?? '').slice(start.column - 1)} ...`;
      const short = (t: string) => esc(t.replace(/\s+/g, ' ').slice(0, 70));
      survivors.push(
        `| ${name}:${start.line}:${start.column} | ${m.status} | ${m.mutatorName} | \`${short(original)}\` | \`${short(m.replacement ?? '')}\` |`,
      );
    }
  }
  const all = Object.values(report.files).flatMap((f) => f.mutants);
  lines.push(
    `| **total** | ${all.filter((m) => detected.has(m.status) || undetected.has(m.status)).length} | ${Object.values(total).join(' | ')} | **${score(total)}** |`,
  );
  const ignored = all.filter((m) => m.status === 'Ignored').length;
  if (ignored > 0)
    lines.push(
      '',
      `${ignored} static mutants were not run (\`--ignore-static\`) and are outside the score and the counts.`,
    );
  lines.push('', `## Survivors (${survivors.length})`, '');
  if (survivors.length > 0) {
    lines.push('| where | status | mutator | original | replacement |', '| --- | --- | --- | --- | --- |');
    lines.push(...survivors);
  } else lines.push('None.');
  lines.push(
    '',
    `Equivalent mutants, with the reason each cannot be killed, are listed in spec/${pkg}.md.`,
    '',
  );
  // A run over line ranges reports beside the whole path's report, not over it.
  const ranged = globs.some((g) => target(g).glob !== g) ? '.lines' : '';
  const reportName = `${pkg}${flag('--rest') ? '.rest' : ''}${ranged}${staticOnly ? '.static' : ''}.md`;
  writeFileSync(join(reports, reportName), lines.join('\n'));
  console.log(
    `mutation score ${pkg}: ${score(total)} (${survivors.length} undetected) -> reports/mutation/${reportName}`,
  );
}

/**
 * The lines of `file` that run when its module loads, as Stryker ranges (`file:from-to`):
 * every top-level statement but function, interface and type declarations, the static
 * members of classes, and the functions of the file that those lines call (transitively).
 * Stryker keeps the mutants that lie inside a range. (A function of another file called at
 * load is not followed: no verify path file has one.)
 */
function moduleLevelRanges(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(pkgDir, file), 'utf8'), ts.ScriptTarget.Latest);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const range = (node: ts.Node) => `${file}:${line(node.getStart(source))}-${line(node.getEnd())}`;
  const functions = new Map<string, ts.FunctionDeclaration>();
  for (const node of source.statements)
    if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, node);
  const isStatic = (member: ts.ClassElement) =>
    ts.isClassStaticBlockDeclaration(member) ||
    (ts.isPropertyDeclaration(member) &&
      (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword));
  const atLoad: ts.Node[] = source.statements.flatMap((node): ts.Node[] => {
    if (ts.isClassDeclaration(node)) return node.members.filter(isStatic);
    const declaresOnly =
      ts.isFunctionDeclaration(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isImportDeclaration(node) ||
      ts.isExportDeclaration(node);
    return declaresOnly ? [] : [node];
  });
  // The file's functions called by name from code that runs at load run at load too.
  const called = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && !ts.isFunctionDeclaration(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const target = functions.get(node.expression.text);
      if (target !== undefined && !atLoad.includes(target)) {
        atLoad.push(target);
        called(target);
      }
    }
    ts.forEachChild(node, called);
  };
  for (const node of [...atLoad]) called(node);
  return atLoad.map(range);
}

function score(r: { killed: number; timeout: number; survived: number; noCoverage: number }): string {
  const valid = r.killed + r.timeout + r.survived + r.noCoverage;
  return valid === 0 ? 'n/a' : `${((100 * (r.killed + r.timeout)) / valid).toFixed(2)}%`;
}

/**
 * A `--mutate` target: a plain path or `src/**\/*.ts`, optionally with Stryker's line range
 * (`src/f.ts:10-20`), which keeps the mutants that start on those lines.
 */
function target(text: string): { glob: string; holds: (line: number) => boolean } {
  const range = /^(.*):(\d+)-(\d+)$/.exec(text);
  if (range === null) return { glob: text, holds: () => true };
  const [, glob, from, to] = range;
  return { glob: glob!, holds: (line) => line >= Number(from) && line <= Number(to) };
}

/** The globs this tool passes are plain paths or `src/**\/*.ts`. */
function matches(file: string, glob: string): boolean {
  return glob.includes('*')
    ? file.startsWith(glob.slice(0, glob.indexOf('*'))) && file.endsWith('.ts')
    : file === glob;
}

function esc(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'");
}
