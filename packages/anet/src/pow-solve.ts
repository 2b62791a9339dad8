export { defaultPowRunner };

/** The client's solver with the platform's default runner (a worker thread on Node). */
import { defaultPowRunner } from '#pow-runner';
import { type PowChallenge, type PowFound, type SolvePowOptions, solvePowWith } from './pow.js';

/**
 * Find a nonce for `challenge` off the main thread where the platform allows it: Node
 * runs the slices on a worker thread; elsewhere give a `runner` (webWorkerPowRunner), or
 * the slices run on this thread, yielding between them.
 */
export const solvePow = (challenge: PowChallenge, options: SolvePowOptions = {}): Promise<PowFound> =>
  solvePowWith(challenge, options.runner ?? defaultPowRunner, options);
