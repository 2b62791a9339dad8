/** The worker thread of the Node proof-of-work runner: one slice per message. */
import { parentPort } from 'node:worker_threads';
import { type PowTask, solvePowRange } from './pow.js';

parentPort!.on('message', (task: PowTask) => parentPort!.postMessage(solvePowRange(task)));
