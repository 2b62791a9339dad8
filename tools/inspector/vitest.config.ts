import { defineConfig } from 'vitest/config';

// The page is tested as a person uses it: headless Chromium against the built static
// folder (turbo builds it before this package's tests), so every test here is Node-side.
// Node-side helpers (signing a note around a refused checkpoint) read the packages'
// sources, as every package's tests do; the page itself is bundled from their builds.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.node.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
