import { defineConfig } from 'vitest/config';

// Runs the examples tools/doc-examples.ts extracted, against the packages' sources.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['.doc-examples/examples.test.ts'],
    testTimeout: 60_000,
  },
});
