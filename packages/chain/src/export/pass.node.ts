// The pass on Node (selected by the `node` condition of `#pass`): with more than one
// worker, the lines' readings are taken on worker threads while this thread keeps the
// file's one state machine. Readings depend on their line alone, and they are applied
// here in file order, so the report is the single-threaded pass's, finding for finding.
import { Worker } from 'node:worker_threads';
import { type PassPlan, type PassTarget, pass as passHere } from './pass.js';
import { LineReader, lineBytes } from './reading.js';
import type { FromReader, ToReader, TravellingReading } from './reading-worker.node.js';

export type { PassPlan, PassTarget } from './pass.js';

/** A batch closes at this many bytes or lines: large enough to make a message cheap, small enough to bound memory. */
const BATCH_BYTES = 256 * 1024;
const BATCH_LINES = 4096;
/** Batches in flight per thread: one being read, one waiting, so no thread idles while this one applies. */
const IN_FLIGHT = 2;

export async function pass(
  target: PassTarget,
  lines: Iterable<unknown> | AsyncIterable<unknown>,
  plan: PassPlan,
): Promise<void> {
  if (plan.workers <= 1) return passHere(target, lines, plan);
  const run = new ParallelPass(target, plan, THREADS.take(plan.workers));
  try {
    let batch: (Uint8Array | null)[] = [];
    let size = 0;
    for await (const line of lines) {
      const bytes = lineBytes(line);
      batch.push(bytes);
      size += bytes?.length ?? 0;
      if (size >= BATCH_BYTES || batch.length >= BATCH_LINES) {
        await run.send(batch);
        batch = [];
        size = 0;
      }
    }
    if (batch.length > 0) await run.send(batch);
    await run.drain();
  } finally {
    run.end();
  }
}

/**
 * The reading threads of this process: started on first use and kept for the next pass
 * (starting one costs more than reading a small file), held open only while a pass is
 * running so that they never keep the process alive. A thread that fails fails every
 * pass running on it, and the next pass starts fresh ones.
 */
class ReadingThreads {
  private threads: Worker[] = [];
  readonly passes = new Map<number, ParallelPass>();
  private nextPass = 0;

  take(count: number): Worker[] {
    while (this.threads.length < count) this.threads.push(this.start());
    for (const thread of this.threads) thread.ref();
    return this.threads.slice(0, count);
  }

  open(run: ParallelPass): number {
    const id = this.nextPass++;
    this.passes.set(id, run);
    return id;
  }

  close(id: number): void {
    this.passes.delete(id);
    if (this.passes.size === 0) for (const thread of this.threads) thread.unref();
  }

  private start(): Worker {
    const thread = spawn();
    thread.on('message', ({ pass, id, readings }: FromReader) => this.passes.get(pass)?.arrive(id, readings));
    thread.on('error', (error) => this.lose(thread, error));
    thread.on('exit', (code) => this.lose(thread, new Error(`a reading thread stopped (exit code ${code})`)));
    return thread;
  }

  private lose(thread: Worker, error: unknown): void {
    if (!this.threads.includes(thread)) return;
    const lost = this.threads;
    this.threads = [];
    for (const run of this.passes.values()) run.fail(error);
    for (const other of lost) if (other !== thread) void other.terminate();
  }
}

const THREADS = new ReadingThreads();

/**
 * One pass's batches: sent round the threads, applied strictly in order (batch k once
 * every batch before it has been, whichever thread finishes first). Sending waits while
 * IN_FLIGHT batches per thread are out, which is the back-pressure on the file's reader.
 */
class ParallelPass {
  private readonly id: number;
  /** Frames come back as bytes and are read again here (see TravellingReading). */
  private readonly frames: LineReader;
  private sent = 0;
  private applied = 0;
  private readonly sizes = new Map<number, number[]>();
  private readonly arrived = new Map<number, TravellingReading[]>();
  private wake: (() => void) | null = null;
  private failure: unknown = null;

  constructor(
    private readonly target: PassTarget,
    plan: PassPlan,
    private readonly threads: Worker[],
  ) {
    this.id = THREADS.open(this);
    this.frames = new LineReader(plan.maxLine, undefined);
    const keys = plan.keys === undefined ? undefined : new Map(plan.keys);
    for (const thread of threads)
      thread.postMessage({ kind: 'begin', pass: this.id, maxLine: plan.maxLine, keys } satisfies ToReader);
  }

  arrive(id: number, readings: TravellingReading[]): void {
    this.arrived.set(id, readings);
    this.wake?.();
  }

  fail(error: unknown): void {
    this.failure ??= error;
    this.wake?.();
  }

  async send(lines: (Uint8Array | null)[]): Promise<void> {
    const id = this.sent++;
    const sizes = lines.map((line) => line?.length ?? 0);
    const buffer = new ArrayBuffer(sizes.reduce((a, b) => a + b, 0));
    const bytes = new Uint8Array(buffer);
    const ends = new Int32Array(lines.length);
    let at = 0;
    lines.forEach((line, i) => {
      if (line === null) ends[i] = -1;
      else {
        bytes.set(line, at);
        at += line.length;
        ends[i] = at;
      }
    });
    this.sizes.set(id, sizes);
    const batch: ToReader = { kind: 'batch', pass: this.id, id, buffer, ends };
    this.threads[id % this.threads.length]!.postMessage(batch, [buffer, ends.buffer]);
    while (this.sent - this.applied >= IN_FLIGHT * this.threads.length) await this.advance();
  }

  async drain(): Promise<void> {
    while (this.applied < this.sent) await this.advance();
  }

  /** Waits for the next batch in order, then applies it and every batch already there after it. */
  private async advance(): Promise<void> {
    while (!this.arrived.has(this.applied)) {
      if (this.failure !== null) throw this.failure;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    for (let readings = this.arrived.get(this.applied); readings; readings = this.arrived.get(this.applied)) {
      const sizes = this.sizes.get(this.applied)!;
      this.arrived.delete(this.applied);
      this.sizes.delete(this.applied);
      this.applied++;
      for (const [i, reading] of readings.entries())
        this.target.take(
          sizes[i]!,
          reading.type === 'frame-bytes' ? this.frames.read(reading.bytes) : reading,
        );
    }
  }

  end(): void {
    for (const thread of this.threads) thread.postMessage({ kind: 'end', pass: this.id } satisfies ToReader);
    THREADS.close(this.id);
  }
}

/**
 * A reading thread: the built module beside this one, or, when this module runs from the
 * TypeScript sources (the package's tests and benches), the source through tsx.
 */
function spawn(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./reading-worker.node.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'] });
}
