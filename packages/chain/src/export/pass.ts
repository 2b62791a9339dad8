import type { TrustedKeys } from '../signature.js';
import type { LineReading } from './reading.js';

/** What a pass needs besides the lines: how many threads may read them, and the reader's options. */
export interface PassPlan {
  workers: number;
  maxLine: number;
  keys: TrustedKeys | undefined;
}

/** The verifier as a pass feeds it: a line to read here, or a line read elsewhere. */
export interface PassTarget {
  push(line: string | Uint8Array): void;
  take(size: number, reading: LineReading): void;
}

/**
 * One pass over the lines, in order, on this thread. This is the portable pass (browsers,
 * Deno, Bun, Workers): `workers` was checked when the options were read and is not used
 * here, since the verdict does not depend on it (spec/chain.md, "Parallel verification").
 */
export async function pass(
  target: PassTarget,
  lines: Iterable<unknown> | AsyncIterable<unknown>,
  _plan: PassPlan,
): Promise<void> {
  for await (const line of lines) target.push(line as string | Uint8Array);
}
