/**
 * The default proof-of-work runner outside Node (`#pow-runner`): this thread, yielding
 * between slices. A page that can serve the worker module passes webWorkerPowRunner.
 */
export { inlinePowRunner as defaultPowRunner } from './pow.js';
