import { hex, SeamError } from '@agent-seam/canonical';
import { inclusionProof, rootHash } from '@agent-seam/merkle';
import { ZERO_HASH } from '../digest.js';
import { CANON_PROFILE, canonicalOfObject, type JsonObject } from '../json.js';
import { chainHash } from '../record.js';
import { signRecord } from '../signature.js';
import { FRAME_KINDS, type UnreadableRun } from './frames.js';

/** One record to write. `seq`, `run` and a RunConcluded's `chain_head` are filled in unless given. */
export interface RecordPlan {
  body: JsonObject;
  /** Leave the record unsigned even when the run has a key. */
  unsigned?: boolean;
  /** Bytes to hash and carry instead of the canonical ones (a writer with another serialiser). */
  raw?: string;
  /** Link to this hash (hex) instead of the predecessor's. */
  prev?: string;
}

export interface RunPlan {
  run: string;
  records: readonly RecordPlan[];
  /** Sealed runs take the next log position, in the order they appear. */
  sealed: boolean;
}

export interface ExportPlan {
  origin: string;
  runs: readonly RunPlan[];
  /** Whole case blocks (`case`, `deadlines`, `blobs`, `hold`; `hold: null` when none), written as given. */
  cases?: readonly JsonObject[];
  /** Record signing key; every record not marked unsigned is signed. */
  key?: { keyId: string; seed: Uint8Array };
  /** Write a disclosure package with this selection, inclusion paths on sealed blocks. */
  disclosure?: { cases: string[]; runs: string[] };
  /** Seals of sealed runs the log holds and this file does not carry (appended after the carried ones). */
  otherLeaves?: readonly Uint8Array[];
  /** Runs the writer could not read: named in the trailer with a reason, their blocks written empty. */
  unreadable?: readonly UnreadableRun[];
}

export interface WrittenExport {
  lines: string[];
  checkpoint: { origin: string; size: number; root: string };
  /** Per run in plan order: the chain hashes of its records. */
  hashes: string[][];
}

/**
 * Writes an export (or a disclosure package) from a plan: canonical raw bytes, the
 * chain, optional record signatures, the log over sealed runs and the trailer's
 * counts. It is the producer side the verifier is tested against.
 */
export function writeExport(plan: ExportPlan): WrittenExport {
  const chains = plan.runs.map((run) => writeRunRecords(run, plan.key));
  const seals: Uint8Array[] = [];
  const positions = chains.map((chain, i) => {
    if (!plan.runs[i]!.sealed) return null;
    if (chain.terminal === null)
      throw new SeamError('empty-sealed-run', `runs[${i}] is sealed but has no record`);
    seals.push(chain.terminal);
    return seals.length - 1;
  });
  const leaves = [...seals, ...(plan.otherLeaves ?? [])];
  const checkpoint = { origin: plan.origin, size: leaves.length, root: hex.encode(rootHash(leaves)) };
  const header: JsonObject = plan.disclosure
    ? { kind: FRAME_KINDS.disclosure, version: 1, checkpoint, canon: 1, selection: plan.disclosure }
    : { kind: FRAME_KINDS.header, version: 1, checkpoint, canon: 1 };
  const lines = [lineOf(header, 'origin or disclosure')];
  plan.runs.forEach((run, i) => {
    const block: JsonObject = { kind: FRAME_KINDS.run, run: run.run };
    const index = positions[i];
    if (index !== null && index !== undefined) {
      block.index = index;
      block.seal = hex.encode(seals[index]!);
      if (plan.disclosure) block.proof = inclusionProof(leaves, index).map((p) => hex.encode(p));
    }
    lines.push(lineOf(block, `runs[${i}]`), ...chains[i]!.lines);
  });
  for (const [i, u] of (plan.unreadable ?? []).entries())
    lines.push(lineOf({ kind: FRAME_KINDS.run, run: u.run }, `unreadable[${i}]`));
  for (const [i, c] of (plan.cases ?? []).entries())
    lines.push(lineOf({ kind: FRAME_KINDS.case, ...c }, `cases[${i}]`));
  const runsRequested = plan.runs.length + (plan.unreadable?.length ?? 0);
  lines.push(
    lineOf(
      {
        kind: FRAME_KINDS.trailer,
        runs_requested: runsRequested,
        runs_exported: chains.filter((c) => c.lines.length > 0).length,
        records: chains.reduce((n, c) => n + c.lines.length, 0),
        cases: plan.cases?.length ?? 0,
        unreadable: (plan.unreadable ?? []).map(({ run, reason }) => ({ run, reason })),
      },
      'unreadable',
    ),
  );
  return { lines, checkpoint, hashes: chains.map((c) => c.hashes) };
}

/** The record lines of one run, its chain hashes and its terminal hash (the seal, if sealed). */
export function writeRunRecords(
  run: RunPlan,
  key: ExportPlan['key'],
): { lines: string[]; hashes: string[]; terminal: Uint8Array | null } {
  let prev = ZERO_HASH;
  const lines: string[] = [];
  const hashes: string[] = [];
  run.records.forEach((record, i) => {
    const body: JsonObject = { seq: i + 1, run: run.run, ...record.body };
    if (body.kind === 'RunConcluded' && !('chain_head' in record.body)) body.chain_head = hex.encode(prev);
    if (record.prev !== undefined) prev = unhex(record.prev, `records[${i}].prev`);
    const raw =
      record.raw !== undefined
        ? new TextEncoder().encode(record.raw)
        : canonicalOfObject(body, CANON_PROFILE, `records[${i}].body`);
    const hash = chainHash(prev, raw);
    const signature = key && !record.unsigned ? signRecord(hash, key.keyId, key.seed) : null;
    // The given text itself: decoding its bytes again would drop a leading U+FEFF.
    const rawText = record.raw ?? new TextDecoder().decode(raw);
    lines.push(
      lineOf(
        { seq: body.seq, body, prev_hash: hex.encode(prev), hash: hex.encode(hash), signature, raw: rawText },
        `records[${i}]`,
      ),
    );
    hashes.push(hex.encode(hash));
    prev = hash;
  });
  return { lines, hashes, terminal: run.records.length > 0 ? prev : null };
}

/**
 * One line of the file. JSON.stringify writes it (the members in the order given); a bigint,
 * which it has no spelling for, is the caller's value to fix, so it is refused by name.
 */
function lineOf(value: object, field: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new SeamError(
      'unsupported-type',
      `${field} holds a bigint (or a cycle), which a JSON line cannot spell`,
    );
  }
}

function unhex(text: string, field: string): Uint8Array {
  const bytes = hex.decode(text);
  if (!bytes.ok) throw new SeamError('bad-hex', `${field} is not lowercase hex`);
  return bytes.value;
}
