import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installRuntimes } from './runtimes.ts';

/**
 * Packs every public package the way it would be published, installs the tarballs
 * into a scratch project with plain npm, and proves that each one loads both with
 * require() from CommonJS and with import from ESM, exposing the same names, on the
 * Node running this script and on pinned Node 22 and 24 runtimes from the registry.
 */
const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'seam-pack-'));
const names: string[] = [];
try {
  for (const dir of readdirSync(join(root, 'packages')).sort()) {
    const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    if (pkg.private) continue;
    execFileSync('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', scratch], {
      cwd: join(root, 'packages', dir),
      stdio: 'ignore',
    });
    names.push(pkg.name);
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
     })().catch((e) => { console.error(e); process.exit(1); });`,
  );
  const nodes = [process.execPath, ...installRuntimes()];
  for (const node of nodes) {
    console.log(`pack-check: ${execFileSync(node, ['--version']).toString().trim()}`);
    execFileSync(node, ['check.cjs'], { cwd: scratch, stdio: 'inherit' });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
