import { performance } from 'node:perf_hooks';

export interface Contender {
  name: string;
  run: () => unknown;
}

/** Operations per second of `run`, measured over at least `ms` milliseconds after a warm-up. */
export function opsPerSecond(run: () => unknown, ms = 1000): number {
  const warmEnd = performance.now() + ms / 4;
  while (performance.now() < warmEnd) run();
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    run();
    ops++;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
}

/**
 * Side-by-side comparison in one process: each contender is measured in turn and
 * reported as a ratio to the first one (ours). Ratios, not absolute times, are what
 * the closing notes quote; absolute numbers vary by machine.
 */
export function compare(title: string, ours: Contender, anchors: Contender[], ms = 1000): void {
  const base = opsPerSecond(ours.run, ms);
  console.log(`\n${title}`);
  console.log(`  ${ours.name.padEnd(44)} ${base.toPrecision(4).padStart(12)} ops/s`);
  for (const a of anchors) {
    const hz = opsPerSecond(a.run, ms);
    console.log(
      `  ${a.name.padEnd(44)} ${hz.toPrecision(4).padStart(12)} ops/s   ours/this = ${(base / hz).toFixed(2)}x`,
    );
  }
}
