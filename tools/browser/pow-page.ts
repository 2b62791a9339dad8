/** The page side of tools/pow-times.ts: each seed solved on a Web Worker made from the bundled worker script. */
import { solvePowWith, webWorkerPowRunner } from '../../packages/anet/src/index.ts';

export async function solveAll(workerSource: string, hub: string, aid: string, seeds: number[][]) {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const runner = webWorkerPowRunner(() => new Worker(url) as never);
  const times: number[] = [];
  const tries: number[] = [];
  for (const seed of seeds) {
    const start = performance.now();
    const found = await solvePowWith({ hub, aid, seed: Uint8Array.from(seed) }, runner);
    times.push(performance.now() - start);
    tries.push(found.attempts);
  }
  runner.close();
  return { times, tries };
}
