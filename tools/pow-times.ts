import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { solvePow } from '../packages/anet/src/index.ts';
import { sha256 } from '../packages/canonical/src/index.ts';

/**
 * How long the registration proof of work (22 bits) takes a client: 50 seeds, solved on
 * Node (a worker thread, the default runner) and in headless Chromium (a Web Worker running
 * @agent-seam/anet/pow-worker), with the median and the 95th percentile of the solve times.
 * Usage: tsx --conditions=source tools/pow-times.ts [--seeds=50] [--only=node|chromium].
 * Not a test: the times depend on the machine and on luck (tries per solve are geometric).
 */
const root = join(import.meta.dirname, '..');
const count = Number(process.argv.find((a) => a.startsWith('--seeds='))?.slice(8) ?? 50);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const hub = 'bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaaa7q7y';
const aid = 'bafyreihnnooeomsi5widaw5oc2xiisivmuipzalyxxb7mybqwu4uj7ipay';
const seeds = Array.from({ length: count }, (_, i) => sha256(new TextEncoder().encode(`pow-times/${i}`)));

function summary(where: string, times: number[], tries: number[]): void {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const rate = tries.reduce((a, b) => a + b, 0) / (times.reduce((a, b) => a + b, 0) / 1000);
  console.log(
    `${where}: ${count} seeds, median ${(at(0.5) / 1000).toFixed(2)} s, p95 ${(at(0.95) / 1000).toFixed(2)} s, ` +
      `max ${(s.at(-1)! / 1000).toFixed(2)} s; ${Math.round(rate).toLocaleString('en')} hashes/s; median tries ${[...tries].sort((a, b) => a - b)[count >> 1]!.toLocaleString('en')}`,
  );
}

if (only !== 'chromium') {
  const times: number[] = [];
  const tries: number[] = [];
  for (const seed of seeds) {
    const start = performance.now();
    const found = await solvePow({ hub, aid, seed });
    times.push(performance.now() - start);
    tries.push(found.attempts);
  }
  summary(`Node ${process.version} (worker thread)`, times, tries);
}

if (only !== 'node') {
  const bundle = (entry: string, format: 'iife' | 'esm') =>
    build({
      entryPoints: [join(root, entry)],
      bundle: true,
      platform: 'browser',
      format,
      conditions: ['source'],
      write: false,
      logLevel: 'silent',
      globalName: format === 'iife' ? 'seamPow' : undefined,
    }).then((r) => r.outputFiles[0]!.text);
  const worker = await bundle('packages/anet/src/pow-worker.ts', 'iife');
  const page = await bundle('tools/browser/pow-page.ts', 'iife');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const tab = await browser.newPage();
    await tab.route('http://localhost/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pow</title>' }),
    );
    await tab.goto('http://localhost/');
    await tab.addScriptTag({ content: page });
    const agent = await tab.evaluate(() => navigator.userAgent);
    const out = (await tab.evaluate(([w, h, a, s]) => (globalThis as any).seamPow.solveAll(w, h, a, s), [
      worker,
      hub,
      aid,
      seeds.map((s) => Array.from(s)),
    ] as const)) as { times: number[]; tries: number[] };
    summary(`Chromium ${agent.match(/Chrome\/[\d.]+/)?.[0] ?? ''} (Web Worker)`, out.times, out.tries);
  } finally {
    await browser.close();
  }
}
process.exit(0);
