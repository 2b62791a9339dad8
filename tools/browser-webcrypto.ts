import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

/**
 * The WebCrypto door, measured before it is trusted: every input the repository has for
 * the Ed25519 door (tools/browser/webcrypto.ts) is judged in headless Chromium by the
 * noble door and by the same door over WebCrypto's equation, and by WebCrypto alone.
 * Prints the verdict table (red if any door verdict differs) and verifies per second.
 * Usage: tsx tools/browser-webcrypto.ts [--ms=1000]. Needs ../shared/interop.
 */
const root = join(import.meta.dirname, '..');
const ms = Number(process.argv.find((a) => a.startsWith('--ms='))?.slice(5) ?? 1000);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const interop = process.env.SEAM_INTEROP_DIR ?? join(root, '..', 'shared', 'interop');
if (!existsSync(interop)) throw new Error(`webcrypto: interop data missing at ${interop}`);

const sources = {
  wire: JSON.parse(readFileSync(join(root, 'vectors', 'wire_vectors.json'), 'utf8')),
  rfc8032: JSON.parse(
    readFileSync(join(interop, 'standards/ed25519-rfc8032/rfc8032-7.1-ed25519.json'), 'utf8'),
  ),
  supercop: gunzipSync(readFileSync(join(interop, 'standards/ed25519-rfc8032/supercop-sign.input.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean),
};
const bundle = await build({
  entryPoints: [join(root, 'tools', 'browser', 'webcrypto.ts')],
  bundle: true,
  platform: 'browser',
  format: 'iife',
  globalName: 'seamWebCrypto',
  conditions: ['source'],
  write: false,
  logLevel: 'silent',
});

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  // WebCrypto needs a secure context: serve the page from http://localhost.
  await page.route('http://localhost/', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>webcrypto door</title>' }),
  );
  await page.goto('http://localhost/');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  console.log(`webcrypto: ${await page.evaluate(() => navigator.userAgent)}`);
  const rows = (await page.evaluate((s) => (globalThis as any).seamWebCrypto.verdictTable(s), sources)) as {
    family: string;
    cases: number;
    accepted: number;
    doorDiffers: string[];
    bareDiffers: string[];
  }[];
  console.log('\nfamily            cases  accepted  door verdicts differing  bare WebCrypto differing');
  for (const r of rows)
    console.log(
      `${r.family.padEnd(17)} ${String(r.cases).padStart(5)}  ${String(r.accepted).padStart(8)}  ${String(r.doorDiffers.length).padStart(23)}  ${String(r.bareDiffers.length).padStart(24)}`,
    );
  for (const r of rows)
    for (const d of r.doorDiffers) console.error(`webcrypto: DOOR VERDICT DIFFERS ${r.family}/${d}`);
  for (const r of rows) for (const d of r.bareDiffers) console.log(`  bare: ${r.family}/${d}`);
  const total = rows.reduce((n, r) => n + r.cases, 0);
  const differing = rows.reduce((n, r) => n + r.doorDiffers.length, 0);
  console.log(`\nwebcrypto: ${total - differing} of ${total} door verdicts identical (noble vs WebCrypto)`);
  if (differing > 0) process.exitCode = 1;

  const rates = (await page.evaluate((t) => (globalThis as any).seamWebCrypto.benchmark(t), ms)) as {
    name: string;
    perSecond: number;
  }[];
  const base = rates[0]!.perSecond;
  console.log('\nverifies per second in Chromium (ratio to the noble door, one signer)');
  for (const r of rates)
    console.log(
      `  ${r.name.padEnd(56)} ${r.perSecond.toFixed(0).padStart(8)}/s  ${(r.perSecond / base).toFixed(2)}x`,
    );
} finally {
  await browser.close();
}
