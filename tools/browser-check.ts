import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

/**
 * Principle 9, checked: every package's built output bundles for the browser platform
 * (so no Node built-in slipped into library code), a smoke suite over the published
 * vectors runs inside headless Chromium against the BUILT packages, and then every
 * package's own test files run in Chromium (vitest browser mode, vitest.browser.ts),
 * writing the browser ledgers whose per-group counts the report holds equal to Node's.
 * Needs /usr/bin/chromium (or CHROMIUM_PATH); .ci/run installs Debian's chromium.
 */
const root = join(import.meta.dirname, '..');
const SMOKE_FLOOR = 69;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without it esbuild applies each package's tsconfig paths (to src/) to imports inside dist/.
const tsconfig = join(root, 'tsconfig.base.json');

// conformance and cli (the seam command) are node-only by design, and so is store-redis (a
// Redis client over TCP); every other package must run in a browser.
const libraries = readdirSync(join(root, 'packages'))
  .filter((dir) => dir !== 'conformance' && dir !== 'cli' && dir !== 'store-redis')
  .sort();
for (const dir of libraries) {
  await build({
    entryPoints: [join(root, 'packages', dir, 'dist', 'index.js')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    tsconfig,
  });
  console.log(`browser-check: @agent-seam/${dir} bundles for the browser`);
}

// The smoke suite imports the packages by name; they resolve through their exports to the
// built dist/ (esbuild, like a user's bundler, does not ask for the "source" condition).
const bundle = await build({
  entryPoints: [join(root, 'tools', 'browser', 'smoke.ts')],
  bundle: true,
  platform: 'browser',
  format: 'iife',
  globalName: 'seamSmoke',
  write: false,
  logLevel: 'silent',
  tsconfig,
});
const vectors = (file: string) => JSON.parse(readFileSync(join(root, 'vectors', file), 'utf8'));

if (!existsSync(executablePath)) {
  // Same rule as the interop data: absent outside CI is said loudly, absent in CI is red.
  const message = `browser-check: no Chromium at ${executablePath}; the in-browser smoke suite DID NOT RUN (apt-get install chromium)`;
  if (process.env.CI) throw new Error(message);
  console.warn(`WARNING: ${message}`);
  process.exit(0);
}

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const runVectorSuite = () =>
  execFileSync(process.execPath, [vitest, 'run', '--config', 'vitest.browser.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setContent('<!doctype html><title>agent-seam smoke</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const results = (await page.evaluate((data) => (globalThis as any).seamSmoke.runSmoke(data), {
    wire: vectors('wire_vectors.json'),
  })) as { name: string; ok: boolean; detail?: string }[];
  const failed = results.filter((r) => !r.ok);
  for (const r of failed) console.error(`browser-check: FAILED ${r.name}${r.detail ? `: ${r.detail}` : ''}`);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  console.log(
    `browser-check: ${results.length - failed.length} of ${results.length} smoke checks passed in ${userAgent}`,
  );
  if (errors.length > 0 || failed.length > 0 || results.length < SMOKE_FLOOR) {
    for (const e of errors) console.error(`browser-check: page error ${e}`);
    if (results.length < SMOKE_FLOOR)
      console.error(`browser-check: ${results.length} checks, below the floor ${SMOKE_FLOOR}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
if (process.exitCode !== 1) {
  console.log('browser-check: every package suite in Chromium (vitest browser mode)');
  runVectorSuite();
}
