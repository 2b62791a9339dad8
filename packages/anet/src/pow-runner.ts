/**
 * The default proof-of-work runner outside Node (`#pow-runner`): this thread, yielding
 * between slices. A page that can serve the worker module passes webWorkerPowRunner.
 */
import { inlinePowRunner, type PowRunner } from './pow.js';

export const defaultPowRunner: PowRunner = (task) => inlinePowRunner(task);
