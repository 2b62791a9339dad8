import { type Transferable, Worker } from 'node:worker_threads';
import { hex, JsonFloat, SeamError, utf8Strict } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PassPlan, PassTarget } from '../src/export/pass.js';
import { writeUnread } from '../src/export/writer.js';
import { chainHash, type ExportReport, type VerifyExportOptions, verifyExport } from '../src/index.js';
import { optionsOf } from './helpers.js';

/**
 * Worker threads read the lines; this thread applies the readings in file order. The
 * claim is that the report does not depend on how many threads read: the same JSON,
 * finding for finding and in the same order, for 1, 2 and 4 workers.
 */
const doc = loadVectors('chain.json');
const GROUPS = [
  'export.sound',
  'export.findings',
  'export.graders',
  'export.reference-readings',
  'export.own-readings',
  'export.unchecked',
  'export.strict',
];
const WORKERS = [2, 4];

/** The report as JSON (bigints spelled), or the code of the SeamError the options raised. */
async function outcome(lines: unknown, options: VerifyExportOptions): Promise<string> {
  try {
    const report: ExportReport = await verifyExport(lines as string[], options);
    return JSON.stringify(report, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  } catch (error) {
    if (error instanceof SeamError) return `throws ${error.code}`;
    throw error;
  }
}

describe('the same report for 1, 2 and 4 workers', () => {
  for (const group of GROUPS)
    it(`every ${group} vector`, async () => {
      for (const v of doc[group]) {
        const alone = await outcome(v.lines, { ...optionsOf(v.options), workers: 1 });
        for (const workers of WORKERS)
          expect(
            await outcome(v.lines, { ...optionsOf(v.options), workers }),
            `${v.name}, ${workers} workers`,
          ).toBe(alone);
      }
    });

  // Files of several batches (a batch is 256 KiB), so that batches finish out of order.
  const seed = new Uint8Array(32).fill(7);
  const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
  const note = 'n'.repeat(900);
  // Each run's eighth record unsigned: a finding under keys (written unread, as writeExport refuses it).
  const written = writeUnread({
    origin: 'example.com/log',
    key: { keyId: 'k1', seed },
    runs: Array.from({ length: 6 }, (_, r) => ({
      run: `run_${String(r).padStart(26, '0')}`,
      sealed: r % 3 !== 2,
      records: Array.from({ length: 150 }, (_, i) => ({
        unsigned: i === 7,
        body: { epoch: 1, v: 1, kind: i === 0 ? 'RunAdmitted' : 'StepFinished', step: i, note },
      })),
    })),
  }).lines;

  it('a file of many batches, and that file damaged (line edits, drops, swaps, re-hashed raw edits)', async () => {
    expect(written.join('\n').length).toBeGreaterThan(4 * 256 * 1024);
    const files = fc.sample(damagedFile(written), { numRuns: 12, seed: 1202 });
    for (const [i, lines] of [written, ...files].entries()) {
      const options = i % 2 === 0 ? { keys } : {};
      const alone = await outcome(lines, { ...options, workers: 1 });
      for (const workers of WORKERS)
        expect(await outcome(lines, { ...options, workers }), `file ${i}, ${workers} workers`).toBe(alone);
    }
  }, 240_000);

  it('a file given as bytes, and lines given as strings, bytes and values that are no line', async () => {
    const bytes = utf8Strict.encode(written.slice(0, 400).join('\n'));
    expect(await outcome(bytes, { workers: 2 })).toBe(await outcome(bytes, {}));
    const mixed: unknown[] = written.slice(0, 300).map((l, i) => (i % 3 === 0 ? utf8Strict.encode(l) : l));
    mixed.splice(120, 0, 42, '', '   ');
    expect(await outcome(mixed, { workers: 4 })).toBe(await outcome(mixed, {}));
  });

  it('frames keep their float literals (a structured clone would not): report.canon is what the header says', async () => {
    const lines = [
      JSON.stringify({ kind: 'agentplane.export', version: 1, canon: 1 }).replace(':1}', ':1.5}'),
      ...written.slice(1, 200),
    ];
    const alone = await verifyExport(lines);
    expect([alone.status, alone.canon]).toEqual(['unverifiable', new JsonFloat(1.5)]);
    const parallel = await verifyExport(lines, { workers: 2 });
    expect(parallel.canon).toBeInstanceOf(JsonFloat);
    expect(parallel).toEqual(alone);
  });
});

describe('the workers option', () => {
  it('is a positive integer, and keys shared with threads are a Map', async () => {
    for (const workers of [0, -1, 1.5, Number.NaN, '2'])
      expect(await outcome(soundLines(), { workers: workers as number })).toBe('throws bad-options');
    const getOnly = { get: () => undefined } as unknown as ReadonlyMap<string, Uint8Array>;
    expect(await outcome(soundLines(), { workers: 2, keys: getOnly })).toBe('throws bad-options');
    expect(await outcome(soundLines(), { workers: 1, keys: getOnly })).not.toBe('throws bad-options');
  });
});

const soundLines = () => doc['export.sound'][0].lines as string[];

/** One damage to a file: a character changed, a line dropped, two swapped, or a raw edited and re-hashed. */
function damagedFile(lines: string[]): fc.Arbitrary<string[]> {
  const records = lines.flatMap((l, i) => (l.startsWith('{"seq"') ? [i] : []));
  return fc
    .tuple(
      fc.constantFrom('char', 'drop', 'swap', 'raw'),
      fc.nat(lines.length - 1),
      fc.nat(lines.length - 1),
      fc.nat(),
    )
    .map(([how, a, b, at]) => {
      const out = [...lines];
      if (how === 'char') {
        const line = out[a]!;
        const p = at % line.length;
        out[a] = `${line.slice(0, p)}${line[p] === '1' ? '2' : '1'}${line.slice(p + 1)}`;
      } else if (how === 'drop') out.splice(a, 1);
      else if (how === 'swap') [out[a], out[b]] = [out[b]!, out[a]!];
      else {
        const i = records[a % records.length]!;
        const record = JSON.parse(out[i]!);
        record.raw = record.raw.replace('"epoch":1', '"epoch":1.0');
        const prev = hex.decode(record.prev_hash);
        if (prev.ok) record.hash = hex.encode(chainHash(prev.value, utf8Strict.encode(record.raw)));
        out[i] = JSON.stringify(record);
      }
      return out;
    });
}

// The parallel pass beyond its report: batches of 256 KiB or 4,096 lines moved round the
// threads, and the threads themselves (spec/chain.md, "Parallel verification").
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

afterEach(() => vi.restoreAllMocks());

/** What the pass posted to a thread (a batch's size read before it was moved). */
interface Posted {
  thread: number;
  kind: string;
  pass: number;
  lines?: number;
  bytes?: number;
  /** The batch's buffers were transferred (detached here), not copied. */
  moved?: boolean;
  /** Readings applied when it was posted. */
  applied?: number;
}

/** A pass that never ends is a failure: long enough for threads started through tsx on a loaded machine. */
const HANG = 30_000;
const LINE = 'x'.repeat(64 * 1024); // four make a batch of exactly 256 KiB
const plan = (workers: number): PassPlan => ({ workers, maxLine: 1 << 20, keys: undefined });

/**
 * A fresh pass module, with every post to a thread recorded, the threads numbered in the
 * order they were first posted to, and what they sent back and how they ended recorded by
 * listeners added after the pool's own (so a pool listener that throws hides them).
 */
async function parallel() {
  vi.resetModules();
  const { pass } = await import('../src/export/pass.node.js');
  const threads: Worker[] = [];
  const posted: Posted[] = [];
  const replies: { thread: number; pass: number; id: number }[] = [];
  const exits = new Set<number>();
  const errors: unknown[] = [];
  const taken: number[] = [];
  const post = Worker.prototype.postMessage;
  vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
    this: Worker,
    message: { kind: string; pass: number; buffer?: ArrayBuffer; ends?: Int32Array },
    transfer?: readonly Transferable[],
  ) {
    if (!threads.includes(this)) {
      const n = threads.push(this) - 1;
      this.on('message', (m: { pass: number; id: number }) =>
        replies.push({ thread: n, pass: m.pass, id: m.id }),
      );
      this.on('exit', () => exits.add(n));
      this.on('error', (e) => errors.push(e));
    }
    const entry: Posted = { thread: threads.indexOf(this), kind: message.kind, pass: message.pass };
    if (message.buffer && message.ends)
      Object.assign(entry, {
        lines: message.ends.length,
        bytes: message.buffer.byteLength,
        applied: taken.length,
      });
    post.call(this, message, transfer);
    if (message.buffer && message.ends)
      entry.moved = message.buffer.byteLength === 0 && message.ends.byteLength === 0;
    posted.push(entry);
  });
  const ref = vi.spyOn(Worker.prototype, 'ref');
  const unref = vi.spyOn(Worker.prototype, 'unref');
  /** A pass target that takes every reading from a thread (and refuses a line to read itself). */
  const target: PassTarget = {
    push: () => {
      throw new Error('a line was read on the calling thread');
    },
    take: (size) => void taken.push(size),
  };
  const numbered = (ws: unknown[]) => ws.map((w) => threads.indexOf(w as Worker));
  return {
    pass: (lines: Iterable<unknown> | AsyncIterable<unknown>, workers: number) =>
      pass(target, lines, plan(workers)),
    threads,
    posted,
    replies,
    exits,
    errors,
    taken,
    refs: () => numbered(ref.mock.contexts),
    unrefs: () => numbered(unref.mock.contexts),
  };
}

/** Waits (a turn of the event loop at a time) until `done` holds; a test's timeout ends a wait that never does. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

const summary = (posted: Posted[]) =>
  posted.map((p) =>
    p.kind === 'batch' ? [p.thread, p.kind, p.lines, p.bytes, p.moved] : [p.thread, p.kind],
  );

describe('pass.node.ts: batches', () => {
  it(
    'close at 256 KiB, go round the threads moved, not copied, and no empty batch ends the pass',
    async () => {
      // why: pass.node.ts:23:7 (`workers <= 1` -> true: read here), :31:7 (`+=` -> `-=`), :31:15
      // (`?? 0` -> `&& 0`), :32:11 (-> true, -> false, `||` -> `&&`, `size >= BATCH_BYTES` ->
      // false, `>`, `<`), :32:63 (the batch never reset), :38:9 (-> true and `>=`: an empty
      // batch sent last), :147:64 (the transfer list emptied: copied), :40:13 and :41:5 (no
      // end), :177:15 (end emptied: no 'end' posted, threads left held), :179:5 (the pass
      // never closed: threads left held), :68:27 and :69:5 (close emptied, the pass never
      // forgotten), :70:9 (-> false and `!==`), :70:68 (no unref), :58:40 (no ref).
      const p = await parallel();
      await p.pass(Array(8).fill(LINE), 2);
      expect(p.taken).toEqual(Array(8).fill(LINE.length));
      expect(summary(p.posted)).toEqual([
        [0, 'begin'],
        [1, 'begin'],
        [0, 'batch', 4, 256 * 1024, true],
        [1, 'batch', 4, 256 * 1024, true],
        [0, 'end'],
        [1, 'end'],
      ]);
      expect([p.refs(), p.unrefs()]).toEqual([
        [0, 1],
        [0, 1],
      ]);
    },
    HANG,
  );

  it(
    'close at 4,096 lines',
    async () => {
      // why: pass.node.ts:32:34 (`batch.length >= BATCH_LINES` -> false, `>`, `<`).
      const p = await parallel();
      await p.pass(Array(2 * 4096 + 1).fill('a'), 2);
      expect(p.taken).toEqual(Array(2 * 4096 + 1).fill(1));
      expect(p.posted.filter((b) => b.kind === 'batch').map((b) => b.lines)).toEqual([4096, 4096, 1]);
    },
    HANG,
  );

  it(
    'at most two per thread are out: the pass waits for the first before posting a fifth',
    async () => {
      // why: pass.node.ts:148:12 (-> false: every batch posted before any is applied, and `>`:
      // five out at once). The lines are an array, so nothing but the pass's own wait lets a
      // reading come back between two posts.
      const p = await parallel();
      await p.pass(Array(20 * 4).fill(LINE), 2);
      const out = p.posted
        .filter((b) => b.kind === 'batch')
        .map((b, k) => k + 1 - Math.floor((b.applied ?? 0) / 4));
      expect(Math.max(...out)).toBe(4);
      expect(p.taken).toHaveLength(80);
    },
    HANG,
  );
});

describe('pass.node.ts: the threads', () => {
  it(
    'a pass of 2 after one of 4 uses two of the four threads; no thread is started that is not needed',
    async () => {
      // why: pass.node.ts:57:12 (`<` -> `<=`: a fifth thread started), :59:12 (the slice dropped:
      // the second pass begins on, and posts round, all four).
      const p = await parallel();
      const started: Worker[] = [];
      const count = (w: Worker) => void started.push(w);
      process.on('worker', count);
      try {
        await p.pass(Array(16).fill(LINE), 4);
        expect(started).toHaveLength(4);
        const second = p.posted.length;
        await p.pass(Array(16).fill(LINE), 2);
        expect(started).toHaveLength(4);
        expect(summary(p.posted.slice(second)).map(([thread, kind]) => [thread, kind])).toEqual([
          [0, 'begin'],
          [1, 'begin'],
          [0, 'batch'],
          [1, 'batch'],
          [0, 'batch'],
          [1, 'batch'],
          [0, 'end'],
          [1, 'end'],
        ]);
      } finally {
        process.off('worker', count);
      }
    },
    HANG,
  );

  it(
    'are let go only when the last running pass ends',
    async () => {
      // why: pass.node.ts:70:9 (`this.passes.size === 0` -> true: a pass that ends lets the
      // threads go while another still waits on them).
      const p = await parallel();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      async function* held() {
        yield LINE;
        await gate;
        yield LINE;
      }
      const first = p.pass(held(), 2);
      await p.pass([LINE], 2);
      expect(p.unrefs()).toEqual([]);
      release();
      await first;
      expect(p.unrefs()).toEqual([0, 1]);
    },
    HANG,
  );

  it(
    'a reading that comes back while the pass is not waiting for one is kept for later',
    async () => {
      // why: pass.node.ts:122:5 (`this.wake?.()` -> `this.wake()`: arrive throws when no one waits).
      const p = await parallel();
      async function* slow() {
        for (let i = 0; i < 4; i++) yield LINE;
        await until(() => p.replies.length === 1);
        yield LINE;
      }
      await p.pass(slow(), 2);
      expect(p.taken).toEqual(Array(5).fill(LINE.length));
    },
    HANG,
  );

  it(
    'the readings of a pass that stopped early (its lines threw) are dropped when they come back',
    async () => {
      // why: pass.node.ts:75:66 (`?.arrive` -> `.arrive`: a reading for a pass no longer open throws).
      const p = await parallel();
      async function* failing() {
        for (let i = 0; i < 4; i++) yield LINE;
        throw new Error('the source failed');
      }
      await expect(p.pass(failing(), 2)).rejects.toThrow(new Error('the source failed'));
      await until(() => p.replies.length === 1);
      expect([p.taken, p.replies.map((r) => r.id)]).toEqual([[], [0]]);
    },
    HANG,
  );

  it(
    'a thread that stops while the pass reads its lines fails the pass, and the others are stopped',
    async () => {
      // why: pass.node.ts:127:5 (`this.wake?.()` -> `this.wake()`: fail throws when no one
      // waits, and the other threads are left running), :86:35 (`other !== thread` -> false
      // and `===`: the other threads left running).
      const p = await parallel();
      // A batch to each thread, each read (so each is running), then the third stopped; a
      // batch goes to it again after, which nothing will answer.
      async function* lines() {
        for (let i = 0; i < 12; i++) yield LINE;
        await until(() => p.replies.length === 3);
        void p.threads[2]!.terminate();
        await until(() => p.exits.has(2));
        for (let i = 0; i < 12; i++) yield LINE;
      }
      await expect(p.pass(lines(), 3)).rejects.toThrow(new Error('a reading thread stopped (exit code 1)'));
      await until(() => p.exits.size === 3);
    },
    HANG,
  );

  it(
    "a thread that throws fails the pass with the thread's error",
    async () => {
      // why: pass.node.ts:76:15 ('error' emptied: the error not listened to) and :76:24 (its
      // listener emptied): the pass fails only at the thread's exit, with the exit's error.
      const p = await parallel();
      async function* lines() {
        for (let i = 0; i < 4; i++) yield LINE;
        // A batch of a pass the thread never began: it has no reader for it and throws.
        p.threads[1]!.postMessage({
          kind: 'batch',
          pass: -100,
          id: 0,
          buffer: new ArrayBuffer(0),
          ends: new Int32Array(1),
        });
        await until(() => p.exits.has(1));
        for (let i = 0; i < 8; i++) yield LINE;
      }
      await expect(p.pass(lines(), 2)).rejects.toMatchObject({
        name: 'TypeError',
        message: "Cannot read properties of undefined (reading 'read')",
      });
      expect(p.errors).toHaveLength(1);
    },
    HANG,
  );
});
