/**
 * `@agent-seam/anet/pow-worker`: the body of a Web Worker that solves proof-of-work slices
 * (webWorkerPowRunner posts a PowTask, this answers with solvePowRange's result).
 */
import { type PowTask, solvePowRange } from './pow.js';

interface WorkerScope {
  onmessage: ((event: { data: PowTask }) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (event) => scope.postMessage(solvePowRange(event.data));
