import { hex, SeamError } from '@agent-seam/canonical';
import { emptyRoot, inclusionProof, rootHash } from '@agent-seam/merkle';
import { ZERO_HASH } from '../digest.js';
import { CANON_PROFILE, canonicalOfObject, type JsonObject } from '../json.js';
import { chainHash } from '../record.js';
import { signRecord } from '../signature.js';
import { FRAME_KINDS, isOrigin, type UnreadableRun } from './frames.js';
import type { Finding } from './report.js';
import { MEMBER_OF, refuseWhatTheReaderRefuses } from './self-read.js';

/**
 * One record to write. `seq`, `run` and a RunConcluded's `chain_head` are filled in unless
 * given (and must then be what the reader expects); the raw bytes are the body's canonical
 * ones, linked to the predecessor, signed when the plan has a key.
 */
export interface RecordPlan {
  body: JsonObject;
}

export interface RunPlan {
  run: string;
  records: readonly RecordPlan[];
  /** Sealed runs take the next log position, in the order they appear. */
  sealed: boolean;
}

/**
 * A record as `writeUnread` also takes it, got wrong on purpose: left unsigned under a key,
 * raw bytes other than the canonical ones, or linked to another hash (hex) than the
 * predecessor's. Only the tests and the vector generator write such files, to hold the
 * reader to each finding; `writeExport` refuses these members.
 */
export interface UnreadRecordPlan extends RecordPlan {
  unsigned?: boolean;
  raw?: string;
  prev?: string;
}

/** A plan whose records may be got wrong on purpose (see `UnreadRecordPlan`). */
export interface UnreadPlan extends Omit<ExportPlan, 'runs'> {
  runs: readonly (Omit<RunPlan, 'records'> & { records: readonly UnreadRecordPlan[] })[];
}

export interface ExportPlan {
  origin: string;
  runs: readonly RunPlan[];
  /** Whole case blocks (`case`, `deadlines`, `blobs`, `hold`; `hold: null` when none), written as given. */
  cases?: readonly JsonObject[];
  /** Record signing key: every record is signed (a reader given the key refuses an unsigned one). */
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
 * counts. It is the producer side the verifier is tested against, and it writes nothing
 * its own reader refuses: a plan that would make one (a malformed case, an unreadable
 * entry that is not `{run, reason}`, a record naming a case the file does not carry, a body
 * whose seq or run is not its own...) throws `SeamError('bad-plan')` naming the field.
 */
export function writeExport(plan: ExportPlan): WrittenExport {
  if (!isOrigin(plan.origin)) throw new SeamError('bad-plan', 'origin: not a log origin');
  if (plan.otherLeaves !== undefined && plan.disclosure === undefined)
    throw new SeamError(
      'bad-plan',
      'otherLeaves: a whole export carries every leaf of its log (only a disclosure package leaves some out)',
    );
  for (const [i, run] of plan.runs.entries()) onlyBodies(run.records, `runs[${i}].records`);
  // The frame kind is the writer's to write: a case plan naming one would write another frame.
  const kinded = (plan.cases ?? []).findIndex((c) => Object.hasOwn(c ?? {}, 'kind'));
  if (kinded !== -1)
    throw new SeamError('bad-plan', `cases[${kinded}].kind: a case block's kind is the writer's`);
  const { fields, ...written } = writeUnread(plan);
  refuseWhatTheReaderRefuses(written.lines, (f) => planField(f, fields, plan));
  return written;
}

/**
 * The file a plan describes, not read back, with the plan field each line was written from:
 * `writeExport` reads it back before it hands it out. The tests that need a file its
 * reader refuses (to hold the reader to each finding) write it with this, unexported.
 */
export function writeUnread(plan: UnreadPlan): WrittenExport & { fields: string[] } {
  const chains = plan.runs.map((run) => recordLines(run, plan.key));
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
  const lines = [lineOf(header, plan.disclosure ? 'disclosure' : 'origin')];
  /** The plan field each line was written from, by line index. */
  const fields = [plan.disclosure ? 'disclosure' : 'origin'];
  plan.runs.forEach((run, i) => {
    const block: JsonObject = { kind: FRAME_KINDS.run, run: run.run };
    const index = positions[i];
    if (index !== null && index !== undefined) {
      block.index = index;
      block.seal = hex.encode(seals[index]!);
      if (plan.disclosure) block.proof = inclusionProof(leaves, index).map((p) => hex.encode(p));
    }
    lines.push(lineOf(block, `runs[${i}]`), ...chains[i]!.lines);
    fields.push(`runs[${i}]`, ...chains[i]!.lines.map((_, j) => `runs[${i}].records[${j}]`));
  });
  for (const [i, u] of (plan.unreadable ?? []).entries()) {
    lines.push(lineOf({ kind: FRAME_KINDS.run, run: u.run }, `unreadable[${i}]`));
    fields.push(`unreadable[${i}]`);
  }
  for (const [i, c] of (plan.cases ?? []).entries()) {
    lines.push(lineOf({ kind: FRAME_KINDS.case, ...c }, `cases[${i}]`));
    fields.push(`cases[${i}]`);
  }
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
  fields.push('unreadable');
  return { lines, checkpoint, hashes: chains.map((c) => c.hashes), fields };
}

/** The plan field a finding about the written file is about. */
function planField(f: Finding, fields: readonly string[], plan: ExportPlan): string {
  const member = MEMBER_OF[f.code] ?? '';
  if (f.line !== undefined) return `${fields[f.line - 1]}${member}`;
  const run = plan.runs.findIndex((r) => r.run === f.run);
  if (run !== -1) return `runs[${run}]${member}`;
  return f.code === 'selection-case-missing' ? 'disclosure.cases' : 'the plan';
}

/** One run's record lines, its chain hashes, and its terminal hash (the seal, if sealed). */
export interface WrittenRun {
  lines: string[];
  hashes: string[];
  terminal: Uint8Array | null;
}

/**
 * The record lines of one run, its chain hashes and its terminal hash (the seal, if sealed),
 * for a caller writing a large file run by run. Read back under a block of their own they
 * must draw no finding from the reader (which case blocks the file carries is the caller's):
 * else `SeamError('bad-plan')` naming the record.
 */
export function writeRunRecords(run: RunPlan, key: ExportPlan['key']): WrittenRun {
  onlyBodies(run.records, 'records');
  const written = recordLines(run, key);
  const records = written.lines.length;
  const alone = [
    JSON.stringify({
      kind: FRAME_KINDS.header,
      version: 1,
      checkpoint: { origin: 'writer.check', size: 0, root: hex.encode(emptyRoot()) },
      canon: 1,
    }),
    lineOf({ kind: FRAME_KINDS.run, run: run.run }, 'run'),
    ...written.lines,
    JSON.stringify({
      kind: FRAME_KINDS.trailer,
      runs_requested: 1,
      runs_exported: records > 0 ? 1 : 0,
      records,
      cases: 0,
      unreadable: [],
    }),
  ];
  refuseWhatTheReaderRefuses(
    alone,
    (f) => `${f.line === 2 ? 'run' : `records[${(f.line ?? 3) - 3}]`}${MEMBER_OF[f.code] ?? ''}`,
    ['case-missing', 'run-empty'],
  );
  return written;
}

/** A record plan is its body: a member a writer would act on otherwise (an old `unsigned`, `raw` or `prev`) is refused. */
function onlyBodies(records: readonly RecordPlan[], field: string): void {
  if (!Array.isArray(records)) throw new SeamError('bad-plan', `${field}: not an array of records`);
  records.forEach((record, j) => {
    const other = Object.keys(record ?? {}).find((m) => m !== 'body');
    if (other !== undefined)
      throw new SeamError('bad-plan', `${field}[${j}].${other}: a record plan holds its body only`);
  });
}

function recordLines(run: UnreadPlan['runs'][number], key: ExportPlan['key']): WrittenRun {
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
    lines.push(
      lineOf(
        {
          seq: body.seq,
          body,
          prev_hash: hex.encode(prev),
          hash: hex.encode(hash),
          signature,
          // The given text itself: decoding its bytes again would drop a leading U+FEFF.
          raw: record.raw ?? new TextDecoder().decode(raw),
        },
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
