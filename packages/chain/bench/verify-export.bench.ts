// verifyExport over a generated export written to a temp dir and streamed back from disk:
// ~100 MB / 100k signed records, verified once without keys (chains, canonical bytes, the
// log) and once with keys (one Ed25519 verification per record on top). Plus side-by-side
// ratios for the per-record primitives. Nothing generated here is committed.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createSha256, hex, sha256 } from '@agent-seam/canonical';
import {
  chainHash,
  DEFAULT_MAX_LINE_BYTES,
  ExportVerifier,
  recordSigningInput,
  signRecord,
  splitLines,
  verifyLink,
  verifyRecordSignature,
  writeRunRecords,
} from '@agent-seam/chain';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { rootHash } from '@agent-seam/merkle';
import { compare } from '../../../tools/bench.js';

const RECORDS = Number(process.env.SEAM_BENCH_RECORDS ?? 100_000);
const PER_RUN = 100;
const seed = new Uint8Array(32).fill(0x11);
const key = { keyId: 'bench', seed };
const publicKey = keyPairFromSeed(seed).publicKey;
const padding = 'x'.repeat(380); // with raw and body both carrying it, ~1 KB per record line

async function generate(
  path: string,
  count: number,
  signed: boolean,
): Promise<{ bytes: number; records: number }> {
  const body = createWriteStream(`${path}.body`);
  const seals: Uint8Array[] = [];
  let runs = 0;
  for (let written = 0; written < count; written += PER_RUN, runs++) {
    const run = `run_01J8${String(runs).padStart(22, '0')}`;
    const records = Array.from({ length: PER_RUN }, (_, i) => ({
      body: {
        epoch: 1,
        v: 1,
        kind: i === 0 ? 'RunAdmitted' : 'StepFinished',
        step: i,
        output: { note: padding, i },
      },
    }));
    const out = writeRunRecords({ run, sealed: true, records }, signed ? key : undefined);
    seals.push(out.terminal!);
    const block = JSON.stringify({
      kind: 'agentplane.export.run',
      run,
      index: runs,
      seal: hex.encode(out.terminal!),
    });
    if (!body.write(`${block}\n${out.lines.join('\n')}\n`))
      await new Promise<void>((r) => body.once('drain', () => r()));
  }
  body.end();
  await finished(body);
  const file = createWriteStream(path);
  const checkpoint = { origin: 'bench.example/log', size: seals.length, root: hex.encode(rootHash(seals)) };
  file.write(`${JSON.stringify({ kind: 'agentplane.export', version: 1, checkpoint, canon: 1 })}\n`);
  for await (const chunk of createReadStream(`${path}.body`))
    if (!file.write(chunk)) await new Promise<void>((r) => file.once('drain', () => r()));
  const trailer = {
    kind: 'agentplane.export.end',
    runs_requested: runs,
    runs_exported: runs,
    records: runs * PER_RUN,
    cases: 0,
    unreadable: [],
  };
  file.end(`${JSON.stringify(trailer)}\n`);
  await finished(file);
  rmSync(`${path}.body`);
  return { bytes: statSync(path).size, records: runs * PER_RUN };
}

async function measure(
  label: string,
  path: string,
  records: number,
  bytes: number,
  withKeys: boolean,
): Promise<number> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const start = performance.now();
  const verifier = new ExportVerifier(withKeys ? { keys: new Map([['bench', publicKey]]) } : {});
  for await (const line of splitLines(
    createReadStream(path, { highWaterMark: 1 << 20 }),
    DEFAULT_MAX_LINE_BYTES,
  ))
    verifier.push(line);
  const report = verifier.finish();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (report.status !== 'sound') throw new Error(`bench export did not verify: ${report.findings[0]?.code}`);
  console.log(
    `  ${label.padEnd(34)} ${(bytes / 1e6).toFixed(1).padStart(6)} MB  ${(bytes / 1e6 / seconds).toFixed(1).padStart(5)} MB/s  ` +
      `${String(Math.round(records / seconds)).padStart(6)} records/s  ${seconds.toFixed(1)} s  ` +
      `peak RSS ${(peak / 1e6).toFixed(0)} MB (+${((peak - baseline) / 1e6).toFixed(0)} MB during the pass)`,
  );
  return records / seconds;
}

const dir = mkdtempSync(join(tmpdir(), 'seam-chain-bench-'));
try {
  console.log('\nverifyExport (streamed from disk)');
  const big = join(dir, 'export.jsonl');
  const b = await generate(big, RECORDS, true);
  await measure(`${b.records} signed records, no keys`, big, b.records, b.bytes, false);
  await measure(`${b.records} signed records, with keys`, big, b.records, b.bytes, true);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Per-record primitives against the bare operations they wrap.
const raw = new TextEncoder().encode(JSON.stringify({ epoch: 1, kind: 'StepFinished', note: padding, v: 1 }));
const prev = sha256(raw);
const hash = chainHash(prev, raw);
const signature = signRecord(hash, 'bench', seed);
const sigBytes = hex.decode(signature.signature);
const keys = new Map([['bench', publicKey]]);
const input = recordSigningInput(hash);
compare('record link (~0.5 KB raw)', { name: 'verifyLink', run: () => verifyLink(prev, raw, hash) }, [
  {
    name: 'SHA-256(prev ‖ raw), no comparison',
    run: () => createSha256().update(prev).update(raw).digest(),
  },
]);
compare(
  'record signature',
  { name: 'verifyRecordSignature', run: () => verifyRecordSignature(signature, hash, keys) },
  [
    {
      name: 'verifyEd25519 on the prepared input',
      run: () => sigBytes.ok && verifyEd25519(publicKey, input, sigBytes.value),
    },
  ],
);
