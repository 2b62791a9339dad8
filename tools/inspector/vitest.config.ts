import { defineConfig } from 'vitest/config';

// The page is tested as a person uses it: headless Chromium against the built static
// folder (turbo builds it before this package's tests), so every test here is Node-side.
export default defineConfig({
  test: {
    include: ['test/**/*.node.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
