import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, transform } from 'esbuild';
import { chromium } from 'playwright-core';
import { probes } from './browser/bundle-probes.ts';
import {
  type BundleSpec,
  browserBuild,
  browserSpecifier,
  bundleName,
  bundlePath,
  readSpecs,
  root,
  shippedBundle,
  specifier,
  specsFile,
} from './browser-bundle.ts';

/**
 * The prebuilt browser bundles (tools/browser-bundle.ts), held to two promises:
 *
 * 1. No signing or key-generation code. Each package's whole root entry is bundled too,
 *    unminified, as the control. Every runtime export of the root that the shipped entry
 *    leaves out (the signers, the key generators, the writers) and every third-party
 *    identifier named in tools/bundles.json (noble's `eddsa`, which builds its signer)
 *    must be declared in the control bundle and in no declaration of the entry's bundle;
 *    each named module must contribute bytes to the control and none to the entry; each
 *    named string (an error only signing code throws) must be in the minified control and
 *    not in the shipped file. The control proves each probe can fire.
 * 2. Size. The shipped file must be exactly what a fresh build gives, and within its
 *    budget, minified and minified then gzip -9. The budget table in the root README
 *    must match tools/bundles.json.
 *
 * `--write` sets every budget to the landed size rounded up to the next 100 bytes and
 * rewrites the README table.
 */
const writeMode = process.argv.includes('--write');
const failures: string[] = [];
const fail = (message: string): void => {
  failures.push(message);
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');
/** A top-level declaration of `name` in unminified esbuild output (which renames clashes `name2`). */
const declares = (code: string, name: string): boolean =>
  new RegExp(`(?:^|[^.\\w$])(?:function\\*?|class|var|let|const)\\s+${escapeRegExp(name)}\\d*\\b`).test(code);

/** `@noble/curves/abstract/edwards.js`, `packages/did/src/primitives.ts`: a module as people name it. */
const moduleName = (input: string) => input.replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
/** The package a module belongs to. */
const packageOf = (module: string) =>
  module.startsWith('packages/')
    ? `@agent-seam/${module.split('/')[1]}`
    : module.split('/').slice(0, 2).join('/');

function contributions(metafile: Metafile): Map<string, number> {
  const output = Object.values(metafile.outputs)[0]!;
  return new Map(
    Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [moduleName(input), bytesInOutput]),
  );
}
const exportsOf = (metafile: Metafile): string[] => Object.values(metafile.outputs)[0]!.exports;

async function unminified(dir: string, entry: string) {
  const result = await build(browserBuild(dir, entry, false));
  return { code: result.outputFiles![0]!.text, metafile: result.metafile! };
}

const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Measured {
  dir: string;
  spec: BundleSpec;
  min: number;
  gzip: number;
  /** The three packages contributing most bytes to the minified bundle. */
  largest: string;
}

async function check(dir: string, spec: BundleSpec): Promise<Measured> {
  const name = specifier(dir, spec);
  const entry = await unminified(dir, spec.source);
  const control = await unminified(dir, 'src/index.ts');

  // 1. Signing code absent (each probe shown to fire on the control).
  const entryExports = new Set(exportsOf(entry.metafile));
  const rootExports = exportsOf(control.metafile);
  for (const e of entryExports)
    if (!rootExports.includes(e)) fail(`${name} exports ${e}, which the package root does not`);
  const leftOut = rootExports.filter((e) => !entryExports.has(e));
  for (const identifier of [...leftOut, ...spec.absent]) {
    if (!declares(control.code, identifier))
      fail(`${name}: probe for ${identifier} does not fire on the package root's bundle`);
    if (declares(entry.code, identifier)) fail(`${name}: its bundle declares ${identifier}`);
  }
  const entryModules = contributions(entry.metafile);
  const controlModules = contributions(control.metafile);
  for (const module of spec.absentModules) {
    if (!((controlModules.get(module) ?? 0) > 0))
      fail(`${name}: probe for module ${module} does not fire on the package root's bundle`);
    if ((entryModules.get(module) ?? 0) > 0)
      fail(`${name}: ${module} contributes ${entryModules.get(module)} B to its bundle`);
  }

  // 2. The shipped file is a fresh build, within budget.
  const file = bundlePath(dir, spec);
  const shipped = await shippedBundle(dir, spec);
  if (!existsSync(file)) fail(`${name}: ${file} is missing (pnpm build writes it)`);
  else if (Buffer.compare(readFileSync(file), shipped.bytes) !== 0)
    fail(`${name}: dist/browser/${bundleName(spec)}.min.js is not what a fresh build gives (rebuild)`);
  const shippedText = new TextDecoder().decode(shipped.bytes);
  const controlMin = new TextDecoder().decode(
    (await build(browserBuild(dir, 'src/index.ts', true))).outputFiles![0]!.contents,
  );
  for (const text of spec.absentText) {
    if (!controlMin.includes(text))
      fail(`${name}: probe for "${text}" does not fire on the package root's bundle`);
    if (shippedText.includes(text)) fail(`${name}: its bundle contains "${text}"`);
  }
  const min = shipped.bytes.length;
  const gzip = gzipSize(shipped.bytes);
  if (!writeMode) {
    if (min > spec.budget.min) fail(`${name}: ${min} B minified, over its budget of ${spec.budget.min} B`);
    if (gzip > spec.budget.gzip) fail(`${name}: ${gzip} B gzipped, over its budget of ${spec.budget.gzip} B`);
  }

  const byPackage = new Map<string, number>();
  for (const [module, bytes] of contributions(shipped.metafile))
    byPackage.set(packageOf(module), (byPackage.get(packageOf(module)) ?? 0) + bytes);
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([, b]) => b > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, b]) => `${k} ${kB(b)}`)
      .join(', ');
  console.log(
    `bundle-check: ${name.padEnd(28)} ${kB(min).padStart(8)} min (budget ${kB(spec.budget.min)}), ${kB(gzip).padStart(8)} gzip (budget ${kB(spec.budget.gzip)})`,
  );
  console.log(`  by package: ${top(byPackage, 6)}`);
  console.log(`  largest modules: ${top(contributions(shipped.metafile), 4)}`);
  console.log(
    `  absent (and present in the package root): ${[...leftOut, ...spec.absent].join(', ') || 'nothing left out'}` +
      `${spec.absentModules.length > 0 ? `; modules ${spec.absentModules.join(', ')}` : ''}` +
      `${spec.absentText.length > 0 ? `; text ${spec.absentText.map((t) => `"${t}"`).join(', ')}` : ''}`,
  );
  return { dir, spec, min, gzip, largest: top(byPackage, 3) };
}

const README = join(root, 'README.md');
const START = '<!-- bundle-budgets:start -->';
const END = '<!-- bundle-budgets:end -->';
/**
 * The README table: entry, file, the sizes landed at the last `--write` with their largest
 * contributors, and the budgets. The budget cells are checked against tools/bundles.json;
 * the landed cells are what `--write` measured (the run's output says today's).
 */
const tableRow = (m: Measured) =>
  `| \`${specifier(m.dir, m.spec)}\` | \`dist/browser/${bundleName(m.spec)}.min.js\` | ${kB(m.min)} | ${kB(m.gzip)} | ${kB(m.spec.budget.min)} / ${kB(m.spec.budget.gzip)} | ${m.largest} |`;
const TABLE_HEAD = [
  '| Entry point | Prebuilt file | Minified | gzip -9 | Budget (min / gzip) | Largest contributors (minified) |',
  '|---|---|--:|--:|--:|---|',
];
const budgetTable = (measured: Measured[]) =>
  [START, ...TABLE_HEAD, ...measured.map(tableRow), END].join('\n');
/** Entry, file and budget cells of each row: what the check holds equal to tools/bundles.json. */
const checkedCells = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(' | ');
      return [cells[0], cells[1], cells[4]].join(' | ');
    })
    .join('\n');

/** Each entry's case, picked from vectors/ (tools/browser/bundle-probes.ts runs it). */
async function probeVectors(): Promise<Record<string, unknown>> {
  const vectors = (file: string) => JSON.parse(readFileSync(join(root, 'vectors', file), 'utf8'));
  const named = <T extends { name: string }>(list: T[], name: string) => list.find((c) => c.name === name)!;
  const wire = vectors('wire_vectors.json');
  const cbor = vectors('coredet_cbor.json');
  const hpke = vectors('hpke_seal.json')['hpke.roundtrip'];
  // The recipient holds its private key; the open-only entry has no key derivation, so
  // the key comes from the package root (held to RFC 9180 by hpke-seal's own tests).
  const { deriveKeyPair } = await import('@agent-seam/hpke-seal');
  const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
  // A tlog-proof is judged under trusted keys; the verify-only entry has no vkey reader, so the
  // keys are read by the package that owns them and handed over as hex fields.
  const { parseVerifierKey } = await import('@agent-seam/tlog-note');
  const tiles = vectors('tlog_tiles.json');
  const keyOf = (vkey: string) => {
    const key = parseVerifierKey(vkey);
    if (!key.ok) throw new Error(`bundle-check: a tlog_tiles.json vkey does not parse (${key.code})`);
    const { name, type, keyId, publicKey } = key.value;
    return {
      name,
      type,
      keyId: Buffer.from(keyId).toString('hex'),
      publicKey: Buffer.from(publicKey).toString('hex'),
    };
  };
  // The accepted case whose witnesses' times are judged (a clock is required once a witness is trusted).
  const proofCase = tiles['tlog-proof'].accept.find((c: any) => c.name === 'witness-times-judged');
  return {
    canonical: wire.canonical[0],
    did: { accept: wire.reject.ed25519.accept[0], refuse: wire.reject.ed25519.refuse[0] },
    envelope: { send: wire.relay.send[0], message: named(wire.reject.message, 'tampered-text') },
    cardpub: wire['cardpub.freshness'].accept[0],
    wba: wire.webBotAuth,
    'tlog-note': vectors('tlog_note.json')['tlog.note'][0],
    chain: named(vectors('chain.json')['export.sound'], 'unkeyed'),
    merkle: vectors('merkle.json')['merkle.proofs'].inclusion[1],
    'tlog-tiles': {
      proof: proofCase.proof,
      origin: tiles['tlog-proof'].origin,
      leafHash: proofCase.leafHash,
      size: proofCase.size,
      now: proofCase.now,
      maxAge: proofCase.maxAge,
      quorum: {
        log: keyOf(proofCase.quorum.log),
        witnesses: proofCase.quorum.witnesses.map(keyOf),
        atLeast: proofCase.quorum.atLeast,
      },
      path: tiles['tlog-tiles.paths'].accept[1],
    },
    'coredet-cbor': { cid: cbor['cid.compute'][0], refuse: cbor['cbor.refuse'].find((c: any) => c.hex) },
    cryptobox: vectors('cryptobox.json')['box.roundtrip'][0],
    'hpke-seal': {
      ...named(hpke.accept, 'base-64-bytes'),
      recipientPrivateKeyHex: Buffer.from(deriveKeyPair(hexBytes(hpke.recipientIkm)).privateKey).toString(
        'hex',
      ),
    },
    'anet-identity': {
      nowMs: vectors('anet_identity.json')['anet.kel'].nowMs,
      accept: vectors('anet_identity.json')['anet.kel'].accept[0],
      refuse: named(
        vectors('anet_identity.json')['anet.kel'].refuse,
        'v2-rotation-signed-by-the-stolen-current-key',
      ),
    },
    anet: {
      nowMs: vectors('anet.json')['anet.objects'].nowMs,
      kel: vectors('anet.json')['anet.objects'].kels.agent,
      accept: named(vectors('anet.json')['anet.objects'].accept, 'receipt'),
      refuse: named(vectors('anet.json')['anet.objects'].refuse, 'signature-flipped'),
    },
  };
}

/** 3. Each entry runs its case in Node: imported by its subpath, and its prebuilt file by `<subpath>/browser`. */
async function probeInNode(dir: string, spec: BundleSpec, vector: unknown): Promise<void> {
  const name = specifier(dir, spec);
  const probe = probes[dir];
  if (probe === undefined) return fail(`${name}: tools/browser/bundle-probes.ts has no probe`);
  for (const imported of [name, browserSpecifier(dir, spec)]) {
    const mismatches = await probe(await import(imported), vector).catch((e) => [`threw ${e}`]);
    for (const m of mismatches) fail(`${imported} in Node: ${m}`);
    if (mismatches.length === 0) console.log(`bundle-check: ${imported} runs its vector in Node`);
  }
}

/**
 * 4. Each prebuilt file runs its case in Chromium: a page from a 127.0.0.1 static server
 * loads it by its own `<script type="module">`, as a page without a bundler would.
 */
async function probeInChromium(vectors: Record<string, unknown>): Promise<void> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    const message = `bundle-check: no Chromium at ${executablePath}; the bundles DID NOT RUN in a browser`;
    if (process.env.CI) return fail(message);
    return console.warn(`WARNING: ${message}`);
  }
  const probesJs = (
    await transform(readFileSync(join(root, 'tools', 'browser', 'bundle-probes.ts'), 'utf8'), {
      loader: 'ts',
    })
  ).code;
  const files = new Map<string, string>(
    Object.entries(specs).map(([dir, spec]) => [`/${dir}/${bundleName(spec)}.min.js`, bundlePath(dir, spec)]),
  );
  const scripts = [...files.keys()].map(
    (url) => `<script type="module">
import * as entry from '${url}';
import { probes } from '/probes.js';
const vectors = await (await fetch('/vectors.json')).json();
const dir = '${url.split('/')[1]}';
globalThis.report(dir, await probes[dir](entry, vectors[dir]).catch((e) => ['threw ' + e]));
</script>`,
  );
  const page = `<!doctype html><title>agent-seam bundles</title><script>
globalThis.results = {}; globalThis.report = (dir, mismatches) => { globalThis.results[dir] = mismatches; };
addEventListener('error', (e) => { globalThis.results['page error'] = [String(e.message)]; });
</script>${scripts.join('')}`;
  const served = (path: string): [string, string | Uint8Array] | undefined => {
    if (path === '/') return ['text/html', page];
    if (path === '/probes.js') return ['text/javascript', probesJs];
    if (path === '/vectors.json') return ['application/json', JSON.stringify(vectors)];
    const file = files.get(path);
    return file === undefined ? undefined : ['text/javascript', readFileSync(file)];
  };
  const server = createServer((request, response) => {
    const found = served(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    response.writeHead(found ? 200 : 404, { 'content-type': found?.[0] ?? 'text/plain' });
    response.end(found?.[1] ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const tab = await browser.newPage();
    tab.on('pageerror', (e) => fail(`page error in Chromium: ${e}`));
    await tab.goto(`http://127.0.0.1:${port}/`);
    // A bundle that fails to load never reports; after the wait it is named as silent.
    await tab
      .waitForFunction((n) => Object.keys((globalThis as any).results).length >= n, files.size, {
        timeout: 30_000,
      })
      .catch(() => undefined);
    const results = (await tab.evaluate(() => (globalThis as any).results)) as Record<string, string[]>;
    for (const dir of Object.keys(specs))
      if (results[dir] === undefined) fail(`${dir} bundle in Chromium: loaded or ran to no report`);
    const userAgent = await tab.evaluate(() => navigator.userAgent);
    for (const [dir, mismatches] of Object.entries(results)) {
      for (const m of mismatches) fail(`${dir} bundle in Chromium: ${m}`);
      if (mismatches.length === 0)
        console.log(
          `bundle-check: ${[...files.keys()].find((f) => f.startsWith(`/${dir}/`))} runs its vector in ${userAgent}`,
        );
    }
  } finally {
    await browser.close();
    server.close();
  }
}

const specs = readSpecs();
const measured: Measured[] = [];
for (const [dir, spec] of Object.entries(specs)) measured.push(await check(dir, spec));
const vectors = await probeVectors();
for (const [dir, spec] of Object.entries(specs)) await probeInNode(dir, spec, vectors[dir]);
await probeInChromium(vectors);

const readme = readFileSync(README, 'utf8');
const tableAt = readme.indexOf(START);
const tableEnd = readme.indexOf(END);
if (writeMode) {
  const roundUp = (n: number) => Math.ceil(n / 100) * 100;
  for (const m of measured) m.spec.budget = { min: roundUp(m.min), gzip: roundUp(m.gzip) };
  const doc = JSON.parse(readFileSync(specsFile, 'utf8'));
  doc.bundles = specs;
  writeFileSync(specsFile, `${JSON.stringify(doc, null, 2)}\n`);
  // In the repository's own JSON style, so `biome check` stays green after a --write.
  execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', specsFile], {
    stdio: 'ignore',
  });
  if (tableAt < 0 || tableEnd < 0) throw new Error(`README.md has no ${START} ... ${END} section`);
  writeFileSync(
    README,
    readme.slice(0, tableAt) + budgetTable(measured) + readme.slice(tableEnd + END.length),
  );
  console.log(
    'bundle-check: budgets set at the landed sizes (tools/bundles.json) and the README table rewritten',
  );
} else if (
  tableAt < 0 ||
  checkedCells(readme.slice(tableAt, tableEnd + END.length)) !== checkedCells(budgetTable(measured))
)
  fail('the budget table in README.md does not match tools/bundles.json (tsx tools/bundle-check.ts --write)');

for (const f of failures) console.error(`bundle-check: FAILED ${f}`);
if (failures.length > 0) process.exit(1);
console.log(
  `bundle-check: ${measured.length} prebuilt bundles, each a fresh build${writeMode ? '' : ' within its budget'}, none holding code it leaves out`,
);
