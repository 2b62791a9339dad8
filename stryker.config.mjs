// Stryker, run per package from that package's directory by tools/mutate.ts (pnpm mutate),
// which picks the files to mutate and keeps a copy of src/ aside for the case of a killed run.
// In place: the package's tests import siblings by relative paths (../../vitest.shared.ts),
// which a sandbox copy of one package would break.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = basename(process.cwd());

export default {
  testRunner: 'vitest',
  plugins: [fileURLToPath(import.meta.resolve('@stryker-mutator/vitest-runner'))],
  // The cli's tests run the command in-process in a working directory of files
  // (process.chdir), which worker threads cannot do; forked processes can.
  vitest: {
    configFile: '../../vitest.shared.ts',
    related: false,
    ...(pkg === 'cli' ? { pool: 'forks' } : {}),
  },
  mutate: ['src/**/*.ts'],
  inPlace: true,
  // Vitest does not type-check, so only the mutated files need rewriting.
  disableTypeChecks: false,
  coverageAnalysis: 'perTest',
  concurrency: 2, // the machine's cores
  timeoutMS: 20_000,
  // canonical's instrumented suite (3,270 mutants) outran Stryker's 5-minute default for the
  // first, coverage-measuring run on a loaded machine.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  // Kept locally (git-ignored): a rerun retests only what changed since the last run here.
  // tools/mutate.ts writes reports/mutation/<pkg>.md from it.
  incrementalFile: fileURLToPath(
    new URL(`./node_modules/.cache/seam-mutate/${pkg}.incremental.json`, import.meta.url),
  ),
  reporters: ['progress-append-only'],
  thresholds: { high: 95, low: 85, break: null },
  cleanTempDir: 'always',
  tempDirName: '.stryker-tmp',
};
