import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installRuntimes } from './runtimes.ts';

/**
 * Packs every public package the way it would be published, installs the tarballs
 * into a scratch project with plain npm, and proves that each one loads both with
 * require() from CommonJS and with import from ESM, exposing the same names, that each
 * published subpath (`/verify`, `/open`, `/decode`, `/cli`...) imports from the tarball,
 * and that the installed `seam conformance` replays the shipped vectors with every case
 * agreeing, on the Node running this script and on pinned Node 22 and 24 runtimes.
 */
const root = join(import.meta.dirname, '..');
/** A floor on the cases the installed `seam conformance` replays (all of the shipped files' cases). */
const MIN_REPLAYED = 1390;
const scratch = mkdtempSync(join(tmpdir(), 'seam-pack-'));
const names: string[] = [];
/** Published subpaths to import (`name/sub`); the prebuilt browser files are checked in Chromium. */
const subpaths: string[] = [];
try {
  for (const dir of readdirSync(join(root, 'packages')).sort()) {
    const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    if (pkg.private) continue;
    execFileSync('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', scratch], {
      cwd: join(root, 'packages', dir),
      stdio: 'ignore',
    });
    names.push(pkg.name);
    const published = Object.keys(pkg.publishConfig?.exports ?? pkg.exports ?? {});
    for (const sub of published)
      if (sub !== '.' && sub !== './package.json' && !sub.endsWith('/browser'))
        subpaths.push(`${pkg.name}${sub.slice(1)}`);
  }
  const tarballs = readdirSync(scratch).filter((f) => f.endsWith('.tgz'));
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
         if (names.length === 0) throw new Error(sub + ': import gave no exports');
         console.log('pack-check: ' + sub + ' imports (' + names.length + ' exports)');
       }
     })().catch((e) => { console.error(e); process.exit(1); });`,
  );
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
