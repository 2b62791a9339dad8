import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { installRuntimes } from './runtimes.ts';

/**
 * Every package's test suite again under the pinned Node 22 and 24 runtimes. The Node
 * build of the Ed25519 door runs OpenSSL's equation, and each Node line ships its own
 * OpenSSL, so "identical verdicts" is a claim per runtime. The ledger is off for these
 * runs: the report counts the checks of the main run once. SEAM_NODE_MATRIX leaves out the
 * two suites that hold the conformance harness to bent inputs (vitest.shared.ts says why).
 */
const root = join(import.meta.dirname, '..');
const nodes = installRuntimes();
if (nodes.length === 0) {
  const message = 'node-matrix: the pinned runtimes are Linux x64 builds; the matrix DID NOT RUN here';
  if (process.env.CI) throw new Error(message);
  console.warn(`WARNING: ${message}`);
  process.exit(0);
}
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const packages = readdirSync(join(root, 'packages')).sort();
for (const node of nodes) {
  const version = execFileSync(node, ['--version']).toString().trim();
  for (const dir of packages) {
    console.log(`node-matrix: ${version} @agent-seam/${dir}`);
    execFileSync(node, [vitest, 'run', '--config', '../../vitest.shared.ts', '--reporter=dot'], {
      cwd: join(root, 'packages', dir),
      env: { ...process.env, SEAM_LEDGER: 'off', SEAM_NODE_MATRIX: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
}
console.log(`node-matrix: ${packages.length} package suites passed on ${nodes.length} more runtimes`);
