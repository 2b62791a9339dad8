import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { installRuntimes } from './runtimes.ts';

/**
 * Packs the workspace the way a user does (`pnpm -r pack`: every public package, and no
 * private one), installs the tarballs into a scratch project outside the repository with
 * plain npm, and proves that each one loads both with require() from CommonJS and with
 * import from ESM, exposing the same names; that each published entry's declarations
 * export exactly the values its code does (a verify-only .d.ts naming a signer its code
 * leaves out type-checks an import that fails at run time); that each published subpath
 * (`/verify`, `/open`, `/decode`, `/cli`...) imports; that the installed commands run
 * outside a repository (`seam-conformance` says what it needs in one line, never a stack
 * trace; `seam note key` makes a vkey from a public key); and that the installed
 * `seam conformance` replays the shipped vectors with every case agreeing, on the Node
 * running this script and on pinned Node 22 and 24 runtimes.
 */
const root = join(import.meta.dirname, '..');
/** A floor on the cases the installed `seam conformance` replays (all of the shipped files' cases). */
const MIN_REPLAYED = 1697;
const scratch = mkdtempSync(join(tmpdir(), 'seam-pack-'));
const names: string[] = [];
/** Published subpaths to import (`name/sub`); the prebuilt browser files are checked in Chromium. */
const subpaths: string[] = [];
try {
  execFileSync('npx', ['-y', 'pnpm@12.4.2', '-r', 'pack', '--pack-destination', scratch], {
    cwd: root,
    stdio: 'ignore',
  });
  for (const dir of readdirSync(join(root, 'packages')).sort()) {
    const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    if (pkg.private) continue;
    names.push(pkg.name);
    const published = Object.keys(pkg.publishConfig?.exports ?? pkg.exports ?? {});
    for (const sub of published)
      if (sub !== '.' && sub !== './package.json' && !sub.endsWith('/browser'))
        subpaths.push(`${pkg.name}${sub.slice(1)}`);
  }
  const tarballs = readdirSync(scratch).filter((f) => f.endsWith('.tgz'));
  // What `pnpm -r pack` packed is exactly the public packages: a private one (the Inspector)
  // packed would be one `pnpm -r publish` away from the registry.
  const packed = tarballs
    .map((t) =>
      JSON.parse(execFileSync('tar', ['-xOzf', join(scratch, t), 'package/package.json']).toString()),
    )
    .map((pkg) => `${pkg.name}${pkg.private ? ' (private)' : ''}`)
    .sort();
  if (packed.join() !== [...names].sort().join())
    throw new Error(`pnpm -r pack packed ${packed.join(', ')}; the public packages are ${names.join(', ')}`);
  console.log(`pack-check: pnpm -r pack packs the ${names.length} public packages and nothing else`);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  const specs = tarballs.map((t) => `./${t}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: scratch,
    stdio: 'inherit',
  });
  writeFileSync(
    join(scratch, 'check.cjs'),
    `const names = ${JSON.stringify(names)};
     (async () => {
       for (const name of names) {
         const viaRequire = Object.keys(require(name)).sort();
         const viaImport = Object.keys(await import(name)).filter((k) => k !== 'default' && k !== 'module.exports').sort();
         if (viaRequire.length === 0) throw new Error(name + ': require() gave no exports');
         if (viaRequire.join() !== viaImport.join()) throw new Error(name + ': require and import disagree');
         console.log('pack-check: ' + name + ' loads by require() and import (' + viaRequire.length + ' exports)');
       }
       for (const sub of ${JSON.stringify(subpaths)}) {
         const names = Object.keys(await import(sub));
         // A -worker entry is a worker's script (new Worker(...)): it loads, and exports nothing.
         if (sub.endsWith('-worker')) {
           if (names.length > 0) throw new Error(sub + ': a worker script exports ' + names.join());
           console.log('pack-check: ' + sub + ' loads as a worker script');
           continue;
         }
         if (names.length === 0) throw new Error(sub + ': import gave no exports');
         console.log('pack-check: ' + sub + ' imports (' + names.length + ' exports)');
       }
     })().catch((e) => { console.error(e); process.exit(1); });`,
  );
  declarationsMatchCode(scratch, [...names, ...subpaths]);
  commandsOutsideTheRepository(scratch);
  const nodes = [process.execPath, ...installRuntimes()];
  for (const node of nodes) {
    console.log(`pack-check: ${execFileSync(node, ['--version']).toString().trim()}`);
    execFileSync(node, ['check.cjs'], { cwd: scratch, stdio: 'inherit' });
    // The command a user runs after `npm install @agent-seam/cli`: exit 0 only when every case agrees.
    const replay = execFileSync(
      node,
      [join('node_modules', '@agent-seam', 'cli', 'dist', 'bin.js'), 'conformance'],
      {
        cwd: scratch,
      },
    ).toString();
    const summary = replay.trimEnd().split('\n').at(-1)!;
    const agreed = Number(
      /^conformance: (\d+) cases in \d+ groups agree, 0 disagree$/.exec(summary)?.[1] ?? 0,
    );
    if (agreed < MIN_REPLAYED) throw new Error(`seam conformance from the tarballs: ${summary}`);
    console.log(`pack-check: installed seam ${summary}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Each entry's declarations, as the installed package resolves them, export exactly the
 * values its code exports at run time: no signer a verify-only entry leaves out, under any
 * name, and nothing its code has that its types hide.
 */
function declarationsMatchCode(dir: string, specifiers: string[]): void {
  const file = join(dir, 'types-check.mts');
  writeFileSync(file, specifiers.map((s, i) => `import * as m${i} from '${s}';\nvoid m${i};\n`).join(''));
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const runtime = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const out = {}; for (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(await import(s)).sort(); console.log(JSON.stringify(out));`,
      ],
      { cwd: dir },
    ).toString(),
  ) as Record<string, string[]>;
  const problems: string[] = [];
  source.statements.filter(ts.isImportDeclaration).forEach((statement, i) => {
    const specifier = specifiers[i]!;
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (module === undefined) {
      problems.push(`${specifier}: no declarations resolve`);
      return;
    }
    const values = checker
      .getExportsOfModule(module)
      .filter((s) => {
        const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((s) => s.name)
      .sort();
    const code = runtime[specifier]!;
    const onlyTyped = values.filter((n) => !code.includes(n));
    const onlyRun = code.filter((n) => !values.includes(n));
    if (onlyTyped.length > 0 || onlyRun.length > 0)
      problems.push(
        `${specifier}: its types export ${onlyTyped.join(', ') || 'nothing'} its code does not, its code ${onlyRun.join(', ') || 'nothing'} its types do not`,
      );
  });
  if (problems.length > 0)
    throw new Error(`pack-check: declarations and code disagree\n${problems.join('\n')}`);
  console.log(
    `pack-check: the declarations of ${specifiers.length} entries export exactly what their code does`,
  );
}

/** The installed commands, run from a directory that is no repository, as a user runs them. */
function commandsOutsideTheRepository(dir: string): void {
  const bin = (pkg: string, file: string) => join(dir, 'node_modules', '@agent-seam', pkg, 'dist', file);
  // seam-conformance reads a repository's ledgers: outside one it says so, in one line.
  const conformance = spawnSync(process.execPath, [bin('conformance', 'cli.js')], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (
    conformance.status !== 2 ||
    /\n\s+at /.test(conformance.stderr) ||
    conformance.stderr.trim().includes('\n')
  )
    throw new Error(
      `seam-conformance outside a repository exited ${conformance.status} with:\n${conformance.stderr}`,
    );
  // seam note key makes the vkey of a public key given as seam export verify's --witness-key takes it.
  const publicKey = 'oJql9HpnWYAv+VX43C0qFKXJnSO+l/hkEn/5ODRVpPA='; // the test witness's, seed 0x22 * 32
  const vkey = spawnSync(
    process.execPath,
    [bin('cli', 'bin.js'), 'note', 'key', '--name', 'w1.example', '--public-key', publicKey, '--witness'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (vkey.status !== 0 || !/^w1\.example\+[0-9a-f]{8}\+[A-Za-z0-9+/]+=*\n$/.test(vkey.stdout))
    throw new Error(`seam note key --public-key exited ${vkey.status}: ${vkey.stdout}${vkey.stderr}`);
  console.log('pack-check: seam-conformance and seam note key --public-key run outside the repository');
}
