/**
 * The default proof-of-work runner on Node (`#pow-runner`, node condition): each slice
 * runs on a worker thread (pow-thread.node), so the event loop stays free while a
 * registration is solved. The thread is kept between slices and holds the process only
 * while a slice runs.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PowFound, PowRunner, PowTask } from './pow.js';

const fromSource = import.meta.url.endsWith('.ts');
/** tsx's loader API as a file URL, found from here (the thread's working directory may be anywhere). */
const tsxApi = () =>
  new URL('dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')))
    .href;

/** A runner over one worker thread; `close()` ends it. */
export function threadPowRunner(): PowRunner & { close(): void } {
  let worker: Worker | undefined;
  let pending: { resolve: (found: PowFound | null) => void; reject: (error: unknown) => void } | undefined;
  const settle = (outcome: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    pending = undefined;
    worker?.unref();
    if (p !== undefined) outcome(p);
  };
  const start = () => {
    const w = fromSource
      ? // From the TypeScript sources (tests): the thread registers tsx, then loads the .ts thread.
        new Worker(
          `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./pow-thread.node.ts', import.meta.url).href)}); });`,
          { eval: true, execArgv: ['--conditions=source'] },
        )
      : new Worker(new URL('./pow-thread.node.js', import.meta.url));
    w.on('message', (found: PowFound | null) => settle((p) => p.resolve(found)));
    w.on('error', (error) => {
      worker = undefined;
      settle((p) => p.reject(error));
    });
    return w;
  };
  const one = (task: PowTask) =>
    new Promise<PowFound | null>((resolve, reject) => {
      worker ??= start();
      pending = { resolve, reject };
      worker.ref();
      worker.postMessage(task);
    });
  // One slice at a time on the thread; concurrent solves queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();
  const run = (task: PowTask) => {
    const next = queue.then(() => one(task));
    queue = next.catch(() => undefined);
    return next;
  };
  return Object.assign(run, {
    close: () => {
      void worker?.terminate();
      worker = undefined;
    },
  });
}

let shared: ReturnType<typeof threadPowRunner> | undefined;

/** Each slice on one shared worker thread, started on first use. */
export const defaultPowRunner: PowRunner = (task) => {
  shared ??= threadPowRunner();
  return shared(task);
};
