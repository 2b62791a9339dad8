// verifyExport over a generated export written to a temp dir and streamed back from disk:
// ~139 MB / 100k signed records (SEAM_BENCH_RECORDS to change), verified without keys
// (chains, canonical bytes, the log) and with keys (one Ed25519 verification per record
// on top), on this thread and on 2 worker threads, each pass three times (the machine is
// shared: ranges, not single numbers). Then the targets as ratios in this one process:
// MB/s without keys, records/s with keys against the bare door's verifications/s, the
// 2-worker speed-ups; the command's time against the library call's; and side-by-side
// ratios for the per-record primitives. Nothing generated here is committed.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createSha256, hex, sha256, unwrap } from '@agent-seam/canonical';
import {
  chainHash,
  DEFAULT_MAX_LINE_BYTES,
  recordSigningInput,
  signRecord,
  splitLines,
  verifyExport,
  verifyLink,
  verifyRecordSignature,
  writeRunRecords,
} from '@agent-seam/chain';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { rootHash } from '@agent-seam/merkle';
import { compare, opsPerSecond } from '../../../tools/bench.js';

const RECORDS = Number(process.env.SEAM_BENCH_RECORDS ?? 100_000);
const REPEATS = 3;
const PER_RUN = 100;
const seed = new Uint8Array(32).fill(0x11);
const key = { keyId: 'bench', seed };
const publicKey = keyPairFromSeed(seed).publicKey;
const keys = new Map([['bench', publicKey]]);
const padding = 'x'.repeat(380); // with raw and body both carrying it, ~1.4 KB per record line

async function generate(
  path: string,
  count: number,
): Promise<{ bytes: number; records: number; anchor: string }> {
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
    const out = writeRunRecords({ run, sealed: true, records }, key);
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
  return {
    bytes: statSync(path).size,
    records: runs * PER_RUN,
    anchor: `${checkpoint.origin}:${checkpoint.size}:${checkpoint.root}`,
  };
}

interface Pass {
  seconds: number;
  /** Process CPU time (every thread), seconds. */
  cpu: number;
  peakRss: number;
}

async function pass(path: string, withKeys: boolean, workers: number): Promise<Pass> {
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const lines = splitLines(createReadStream(path, { highWaterMark: 1 << 20 }), DEFAULT_MAX_LINE_BYTES);
  const report = await verifyExport(lines, { workers, ...(withKeys ? { keys } : {}) });
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sample);
  if (report.status !== 'sound') throw new Error(`bench export did not verify: ${report.findings[0]?.code}`);
  return {
    seconds,
    cpu: (used.user + used.system) / 1e6,
    peakRss: Math.max(peak, process.memoryUsage().rss),
  };
}

const range = (xs: number[], digits = 1) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${sorted[0]!.toFixed(digits)}–${sorted.at(-1)!.toFixed(digits)}`;
};

async function measure(
  label: string,
  path: string,
  size: { bytes: number; records: number },
  withKeys: boolean,
  workers: number,
  beforeEach?: () => void,
): Promise<Pass[]> {
  const passes: Pass[] = [];
  for (let i = 0; i < REPEATS; i++) {
    beforeEach?.();
    passes.push(await pass(path, withKeys, workers));
  }
  const mbs = passes.map((p) => size.bytes / 1e6 / p.seconds);
  const rps = passes.map((p) => size.records / p.seconds);
  const perCpu = passes.map((p) => size.bytes / 1e6 / p.cpu);
  console.log(
    `  ${label.padEnd(22)} ${range(mbs).padStart(11)} MB/s  ${range(rps, 0).padStart(13)} records/s  ` +
      `cpu ${range(
        passes.map((p) => p.cpu),
        2,
      )} s (${range(perCpu)} MB per cpu-s)  ` +
      `peak RSS ${range(
        passes.map((p) => p.peakRss / 1e6),
        0,
      )} MB`,
  );
  return passes;
}

// The command as a user runs it: seam (packages/cli, when built) or else seam-verify-export,
// whose main `seam export verify` calls; a spawned process, so its start-up is counted.
const SEAM = join(import.meta.dirname, '..', '..', 'cli', 'dist', 'bin.js');
const COMMAND = existsSync(SEAM)
  ? { name: 'seam export verify', argv: [SEAM, 'export', 'verify'] }
  : { name: 'seam-verify-export', argv: [join(import.meta.dirname, '..', 'dist', 'cli', 'bin.js')] };

/**
 * One spawned run over the file and its checkpoint as an outside anchor. Without keys,
 * seam export verify exits 3 (the records not authenticated); seam-verify-export 0.
 */
function commandSeconds(path: string, anchor: string, withKeys: boolean): number {
  const keyArgs = withKeys ? ['--key', `bench=${hex.encode(publicKey)}`] : [];
  const start = performance.now();
  const r = spawnSync(process.execPath, [...COMMAND.argv, path, anchor, '--jobs', '1', ...keyArgs]);
  const seconds = (performance.now() - start) / 1000;
  const expected = withKeys || COMMAND.name === 'seam-verify-export' ? 0 : 3;
  if (r.status !== expected) throw new Error(`${COMMAND.name} exited ${r.status}: ${r.stderr}`);
  return seconds;
}

/** The command's wall time over the library's, pass by pass, interleaved (1 thread each). */
async function commandOverhead(path: string, anchor: string, withKeys: boolean): Promise<string> {
  const ratios: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const library = (await pass(path, withKeys, 1)).seconds;
    ratios.push(commandSeconds(path, anchor, withKeys) / library);
  }
  return range(ratios, 2);
}

/** Process CPU seconds per call of `run`, over `count` calls after a warm-up. */
function cpuPerCall(run: () => unknown, count: number): number {
  for (let i = 0; i < count / 10; i++) run();
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6 / count;
}

const dir = mkdtempSync(join(tmpdir(), 'seam-chain-bench-'));
try {
  const path = join(dir, 'export.jsonl');
  const size = await generate(path, RECORDS);
  await verifyExport(['{}'], { workers: 2 }); // start the reading threads outside the timing
  console.log(
    `\nverifyExport, streamed from disk: ${(size.bytes / 1e6).toFixed(1)} MB, ${size.records} signed records, ` +
      `${REPEATS} passes each (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  const bare = await measure('no keys, 1 thread', path, size, false, 1);
  const bare2 = await measure('no keys, 2 workers', path, size, false, 2);

  // The bare door is measured right before each keyed pass, so that each pass is held to
  // the door's speed at that moment: a machine whose speed drifts (load, clock) moved a
  // door measured once, after all passes, by up to 25% between runs.
  // The door verifies distinct records' signatures in turn, as the export does: one signature
  // verified over and over ran up to 4% faster here (the branch predictor, I expect, learns OpenSSL's data-dependent branches).
  const signed = Array.from({ length: 1024 }, (_, i) => {
    const hash = chainHash(new Uint8Array(32), Uint8Array.of(i & 0xff, i >> 8));
    return {
      input: recordSigningInput(hash),
      signature: unwrap(hex.decode(signRecord(hash, 'bench', seed).signature)),
    };
  });
  let next = 0;
  const verifyOnce = () => {
    const record = signed[next++ & 1023]!;
    return verifyEd25519(publicKey, record.input, record.signature);
  };
  const doorRates: number[] = [];
  const doorCpus: number[] = [];
  const keyed = await measure('with keys, 1 thread', path, size, true, 1, () => {
    doorRates.push(opsPerSecond(verifyOnce));
    doorCpus.push(cpuPerCall(verifyOnce, 5000));
  });
  const keyed2 = await measure('with keys, 2 workers', path, size, true, 2);
  const rate = (passes: Pass[]) => passes.map((p) => size.records / p.seconds);
  const best = (xs: number[]) => Math.max(...xs);
  const ratios = (a: number[], b: number[]) =>
    range(
      a.map((x, i) => x / b[i]!),
      2,
    );
  console.log(
    `\n  the bare door before each keyed pass: ${range(doorRates, 0)} verifications/s, ${range(
      doorCpus.map((c) => c * 1e6),
      0,
    )} µs cpu each (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    `  with keys, 1 thread / the bare door:      ${ratios(rate(keyed), doorRates)}x (target >= 0.80x)`,
  );
  console.log(
    `    in cpu time (door cpu / cpu per record): ${range(
      keyed.map((p, i) => doorCpus[i]! / (p.cpu / size.records)),
      2,
    )}x`,
  );
  console.log(`  speed-up at 2 workers, no keys:           ${ratios(rate(bare2), rate(bare))}x`);
  console.log(
    `  speed-up at 2 workers, with keys:         ${ratios(rate(keyed2), rate(keyed))}x (target >= 1.7x; best passes ${(best(rate(keyed2)) / best(rate(keyed))).toFixed(2)}x)`,
  );
  // On a loaded machine a wall-clock speed-up says more about the neighbours than the pass:
  // the cpu the 2-worker pass adds (copying batches, cloning readings) bounds it on 2 free cores.
  console.log(
    `  cpu with 2 workers / on 1 thread:         no keys ${ratios(
      bare2.map((p) => p.cpu),
      bare.map((p) => p.cpu),
    )}x, with keys ${ratios(
      keyed2.map((p) => p.cpu),
      keyed.map((p) => p.cpu),
    )}x`,
  );
  console.log(
    `\n  ${COMMAND.name} FILE --jobs 1 (spawned) / the library call: no keys ${await commandOverhead(path, size.anchor, false)}x, ` +
      `with keys ${await commandOverhead(path, size.anchor, true)}x the time`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Per-record primitives against the bare operations they wrap.
const raw = new TextEncoder().encode(JSON.stringify({ epoch: 1, kind: 'StepFinished', note: padding, v: 1 }));
const prev = sha256(raw);
const hash = chainHash(prev, raw);
const signature = signRecord(hash, 'bench', seed);
const sigBytes = hex.decode(signature.signature);
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
