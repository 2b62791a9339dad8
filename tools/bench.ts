import { performance } from 'node:perf_hooks';

export interface Contender {
  name: string;
  run: () => unknown;
}

/** Operations per second of `run`, measured over at least `ms` milliseconds after a warm-up. */
export function opsPerSecond(run: () => unknown, ms = 1000): number {
  warmUp(run, ms / 4);
  return measure(run, ms, batchSize(run));
}

function warmUp(run: () => unknown, ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) run();
}

/**
 * Calls per clock read: reading the clock costs tens of nanoseconds, as much as a fast
 * operation, and counted with every call it pulls every ratio of fast operations toward 1.
 * The batch doubles until it takes at least 0.2 ms.
 */
function batchSize(run: () => unknown): number {
  let n = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < n; i++) run();
    if (performance.now() - start >= 0.2) return n;
    n *= 2;
  }
}

/** Operations per second of `run` over at least `ms` milliseconds, `batch` calls per clock read, no warm-up. */
function measure(run: () => unknown, ms: number, batch: number): number {
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < batch; i++) run();
    ops += batch;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Side-by-side comparison in one process, reported as ratios to the first contender
 * (ours); absolute numbers vary by machine. The time is cut into `rounds` rounds; in
 * each, every contender runs for its share, in an order that reverses every round. A
 * ratio is taken within a round, so a change of load or a garbage collection that
 * lands on one contender moves one round's ratio, not the result: the median over the
 * rounds is printed, with the range.
 */
export function compare(title: string, ours: Contender, anchors: Contender[], ms = 1000, rounds = 5): void {
  const all = [ours, ...anchors];
  for (const c of all) warmUp(c.run, ms / 4);
  const batches = all.map((c) => batchSize(c.run));
  const hz: number[][] = all.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const order = all.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) hz[i]!.push(measure(all[i]!.run, ms / rounds, batches[i]!));
  }
  printRatios(title, ours, anchors, hz, rounds);
}

/** The median rate of each contender, and each anchor's ratio round by round (see compare). */
function printRatios(
  title: string,
  ours: { name: string },
  anchors: { name: string }[],
  hz: number[][],
  rounds: number,
): void {
  console.log(`\n${title}`);
  const rate = (i: number) => median(hz[i]!).toPrecision(4).padStart(12);
  console.log(`  ${ours.name.padEnd(44)} ${rate(0)} ops/s`);
  anchors.forEach((a, k) => {
    const ratios = hz[0]!.map((base, r) => base / hz[k + 1]![r]!);
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} over ${rounds} rounds`;
    console.log(
      `  ${a.name.padEnd(44)} ${rate(k + 1)} ops/s   ours/this = ${median(ratios).toFixed(2)}x (${range})`,
    );
  });
}

export interface AsyncContender {
  name: string;
  /**
   * One operation, awaited when it answers with a promise (or a batch of them: then every
   * contender of the comparison runs the same batch).
   */
  run: () => unknown;
}

/** Awaited operations per second of `run` over at least `ms` milliseconds, one after the other. */
async function measureAsync(run: () => unknown, ms: number): Promise<number> {
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    await run();
    ops++;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
}

/**
 * `compare` for operations that answer with a promise (a store across the network): the
 * same rounds in alternating order, each operation awaited before the next. Returns each
 * contender's median rate, for a caller that reports a cost per operation.
 */
export async function compareAsync(
  title: string,
  ours: AsyncContender,
  anchors: AsyncContender[],
  ms = 1000,
  rounds = 5,
): Promise<number[]> {
  const all = [ours, ...anchors];
  for (const c of all) await measureAsync(c.run, ms / 4);
  const hz: number[][] = all.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const order = all.map((_, i) => i);
    if (r % 2) order.reverse();
    for (const i of order) hz[i]!.push(await measureAsync(all[i]!.run, ms / rounds));
  }
  printRatios(title, ours, anchors, hz, rounds);
  return hz.map(median);
}
