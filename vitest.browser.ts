import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { browserHost } from './packages/conformance/src/index.ts';

/**
 * Every package's own test files again, inside headless Chromium (vitest browser mode):
 * the vector suites record a browser ledger, and the report holds each group's browser
 * count equal to its Node count. Conventions:
 * - `*.node.test.ts` files are Node-only (a CLI, node:crypto as a reference backend,
 *   process streams) and do not run here.
 * - Test files may read their fixtures with node:fs/zlib/crypto/path/url: those imports
 *   resolve to small browser shims (tools/browser/node/) that read the host's files.
 *   Library code gets no such shim; Buffer and process stay undefined in the page.
 * Run by tools/browser-check.ts (needs /usr/bin/chromium, or CHROMIUM_PATH).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const host = browserHost(root);

// The page's node: imports go to the shims; the host's own (globalSetup, the config) stay Node's.
const shims: Record<string, string> = {
  'node:fs': fileURLToPath(new URL('./tools/browser/node/fs.ts', import.meta.url)),
  'node:zlib': fileURLToPath(new URL('./tools/browser/node/zlib.ts', import.meta.url)),
  'node:crypto': fileURLToPath(new URL('./tools/browser/node/crypto.ts', import.meta.url)),
  'node:url': fileURLToPath(new URL('./tools/browser/node/url.ts', import.meta.url)),
  'node:path': 'pathe',
};
const nodeShims: Plugin = {
  name: 'seam-node-shims',
  enforce: 'pre',
  resolveId(id, importer, options) {
    const shim = shims[id];
    return shim === undefined || options.ssr ? null : this.resolve(shim, importer, { skipSelf: true });
  },
};

// Node-only test files in packages other branches are editing, by package; each is to be
// renamed *.node.test.ts (and dropped from here) when those branches merge.
// conformance and cli (the seam command) are node-only by design, and so is store-redis
// (a Redis client over TCP, tested against a real server).
const packages = readdirSync(new URL('./packages', import.meta.url)).filter(
  (dir) => dir !== 'conformance' && dir !== 'cli' && dir !== 'store-redis',
);

export default defineConfig({
  test: {
    projects: packages.sort().map((dir) => ({
      plugins: [host.plugin, nodeShims],
      resolve: { conditions: ['source', ...defaultClientConditions] },
      define: { 'process.env.FC_SEED': JSON.stringify(process.env.FC_SEED) },
      test: {
        name: dir,
        root: fileURLToPath(new URL(`./packages/${dir}`, import.meta.url)),
        include: ['test/**/*.test.ts'],
        exclude: ['test/**/*.node.test.ts'],
        globalSetup: [fileURLToPath(new URL('./tools/reset-ledger.ts', import.meta.url))],
        setupFiles: [fileURLToPath(new URL('./tools/fast-check-seed.ts', import.meta.url))],
        provide: host.provide,
        testTimeout: 240_000,
        hookTimeout: 240_000,
        browser: {
          enabled: true,
          headless: true,
          screenshotFailures: false,
          // Fifteen projects' pages start at once on a 2-core machine: give each time to connect.
          connectTimeout: 240_000,
          provider: playwright({
            launchOptions: {
              executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
              args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
            },
          }),
          instances: [{ browser: 'chromium' as const }],
          commands: host.commands,
        },
      },
    })),
  },
});
