import { hex, SeamError, utf8Strict } from '@agent-seam/canonical';
import type { ExportOptions, GraderClaim } from '../src/index.js';

/** Hex from a vector file as bytes; a malformed value is a broken vector, so it throws. */
export function unhex(text: string): Uint8Array {
  const bytes = hex.decode(text);
  if (!bytes.ok) throw new Error('bad hex in vector');
  return bytes.value;
}

export const keyMap = (keys: Record<string, string> | undefined) =>
  keys === undefined ? undefined : new Map(Object.entries(keys).map(([id, h]) => [id, unhex(h)]));

/** Vector options (hex and text) to verifier options (bytes). */
export function optionsOf(o: Record<string, any> = {}): ExportOptions {
  const out: ExportOptions = {};
  if (o.keys) out.keys = keyMap(o.keys)!;
  if (o.graderKeys) out.graderKeys = keyMap(o.graderKeys)!;
  if (o.witnessKeys) out.witnessKeys = o.witnessKeys;
  if (o.graderVerdicts) out.graderVerdicts = o.graderVerdicts.map((t: string) => utf8Strict.encode(t));
  if (o.anchors)
    out.anchors = o.anchors.map((a: any) =>
      'note' in a ? { note: a.note } : { checkpoint: { ...a.checkpoint, root: unhex(a.checkpoint.root) } },
    );
  for (const k of ['maxCheckpointAge', 'now', 'maxLineBytes', 'strict', 'allowUnchecked'] as const)
    if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** The SeamError `run` throws, for asserting its code and message (any other throw, or none, fails the case). */
export { thrownSeamError as thrown } from '../../../tools/thrown.ts';

/** The SeamError a promise rejects with, for asserting its code and message (any other outcome fails the case). */
export async function rejected(run: () => Promise<unknown>): Promise<SeamError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SeamError) return error;
    throw error;
  }
  throw new Error('expected a SeamError');
}

/** The smallest complete run: admitted, then concluded `succeeded`. */
export const ADMITTED_AND_SUCCEEDED = [
  { body: { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: {} } },
  { body: { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' } },
];

/** `run`, sealed, holding the smallest complete run's two records. */
export const sealedRun = (run: string) => ({ run, sealed: true, records: ADMITTED_AND_SUCCEEDED });

/** How the reader records a line that parses but is not a record: nothing linked, hashed or signed. */
export const notWellFormed = (seq: number | null) => ({
  unknown: [],
  seq,
  prev: null,
  hash: null,
  wellFormed: false,
  linked: false,
  rawFinding: null,
  hashed: null,
  signature: 'missing',
});

/** A grader's signing seed and a claim it may sign, for the sidecar tests. */
export const GRADER_SEED = new Uint8Array(32).fill(0x47);
export const GRADER_CLAIM: GraderClaim = {
  run: 'run_01J80000000000000000000001',
  last_seq: 1,
  last_hash: 'ab'.repeat(32),
  open: true,
  content: new Uint8Array([1, 2, 3]),
};
