import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Tests resolve sibling packages to their TypeScript sources (the "source" export
// condition), so a change in canonical is seen by did's tests without a rebuild.
// The built artifacts are exercised separately by tools/pack-check.ts.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // Under pnpm mutate the sources are rewritten in place, so a test of the built command
    // (the README command tests, the cli's built.node.test.ts) would see stale code: a
    // mutation run leaves them out; so does the bundle-cost test, since a bundle of
    // instrumented sources keeps every mutant's code reachable.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.SEAM_MUTATE
        ? [
            'test/readme-command.node.test.ts',
            'test/built.node.test.ts',
            'test/bundle.node.test.ts',
            // tlog-tiles' sweep of every log size 0..1,100 and around 256^2: a minute a run, and it
            // covers nearly every line of the reader, so it would run again for each of its mutants.
            'test/reference.test.ts',
          ]
        : []),
      // The node matrix (tools/node-matrix.ts) asks Node 22 and 24 what can differ between
      // runtimes. The harness held to bent vector files and to wrong package answers is the
      // same JavaScript on every runtime, and every verdict those replays ask for is asked of
      // each runtime by the package suites: once, on Node 20, is enough (about 100 s of CI).
      ...(process.env.SEAM_NODE_MATRIX
        ? ['test/replayers.disagree.node.test.ts', 'test/replayers.fake-packages.node.test.ts']
        : []),
    ],
    globalSetup: [fileURLToPath(new URL('./tools/reset-ledger.ts', import.meta.url))],
    setupFiles: [fileURLToPath(new URL('./tools/fast-check-seed.ts', import.meta.url))],
    // A hang detector, not a speed check: the vector loops take seconds alone, and turbo runs
    // the package suites side by side on CI's two cores.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
