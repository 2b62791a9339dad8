import { digestOf } from '../digest.js';
import { isObject, type JsonObject, safeInt } from '../json.js';
import { rfc3339Seconds } from '../rfc3339.js';
import type { UnaccountedMember } from './report.js';

/** Top-level `kind` values that make a line a frame; a line without `kind` is a record. */
export const FRAME_KINDS = {
  header: 'agentplane.export',
  disclosure: 'agentplane.disclosure',
  run: 'agentplane.export.run',
  case: 'agentplane.export.case',
  trailer: 'agentplane.export.end',
} as const;

/** Collects members of a framing object this reader does not know (they bound, not fail, the verdict). */
export function noteUnknown(
  object: JsonObject,
  known: readonly string[],
  line: number,
  path: string,
  out: UnaccountedMember[],
): void {
  for (const member of Object.keys(object))
    if (!known.includes(member)) out.push({ line, member: path === '' ? member : `${path}.${member}` });
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

const WHITE_SPACE = /[\s\u0085\u180e]/u;

/** An origin names a log: non-empty, at most 255 UTF-8 bytes, no white space, `+` or control characters. */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || WHITE_SPACE.test(value) || value.includes('+'))
    return false;
  for (let i = 0; i < value.length; i++)
    if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return false;
  return new TextEncoder().encode(value).length <= 255;
}

/** `{origin, size, root}` with a hex root; null when any member is missing or misspelt. */
export function checkpointOf(
  value: unknown,
  line: number,
  path: string,
  out: UnaccountedMember[],
): Checkpoint | null {
  if (!isObject(value)) return null;
  const size = safeInt(value.size);
  const root = digestOf(value.root);
  if (!isOrigin(value.origin) || size === null || root === null) return null;
  noteUnknown(value, ['origin', 'size', 'root'], line, path, out);
  return { origin: value.origin, size, root };
}

export interface RunBlock {
  run: string;
  /** Both present (sealed), both absent or null (open), or `malformed` when only one parses. */
  position: { index: number; seal: Uint8Array } | 'open' | 'malformed';
  proof?: Uint8Array[] | 'malformed';
}

/** A member that is absent or `null`: the reference reads the two alike on a run block. */
const given = (frame: JsonObject, member: string) => Object.hasOwn(frame, member) && frame[member] !== null;

export function runBlockOf(
  frame: JsonObject,
  line: number,
  disclosure: boolean,
  out: UnaccountedMember[],
): RunBlock | null {
  if (typeof frame.run !== 'string' || frame.run === '') return null;
  const known = disclosure ? ['kind', 'run', 'index', 'seal', 'proof'] : ['kind', 'run', 'index', 'seal'];
  noteUnknown(frame, known, line, '', out);
  let position: RunBlock['position'] = 'open';
  if (given(frame, 'index') || given(frame, 'seal')) {
    const index = safeInt(frame.index);
    const seal = digestOf(frame.seal);
    position = index !== null && seal !== null ? { index, seal } : 'malformed';
  }
  const block: RunBlock = { run: frame.run, position };
  if (disclosure && Object.hasOwn(frame, 'proof')) {
    const proof = Array.isArray(frame.proof) ? frame.proof.map(digestOf) : null;
    block.proof = proof === null || proof.some((p) => p === null) ? 'malformed' : (proof as Uint8Array[]);
  }
  return block;
}

/** A run the writer could not read, and why (the reason is the writer's own words). */
export interface UnreadableRun {
  run: string;
  reason: string;
}

export interface Trailer {
  runsRequested: number;
  runsExported: number;
  records: number;
  cases: number;
  unreadable: UnreadableRun[];
}

export function trailerOf(frame: JsonObject, line: number, out: UnaccountedMember[]): Trailer | null {
  const runsRequested = safeInt(frame.runs_requested);
  const runsExported = safeInt(frame.runs_exported);
  const records = safeInt(frame.records);
  const cases = safeInt(frame.cases);
  if (runsRequested === null || runsExported === null || records === null || cases === null) return null;
  const entries = frame.unreadable;
  if (!Array.isArray(entries)) return null;
  const unreadable: UnreadableRun[] = [];
  for (const entry of entries) {
    if (!isObject(entry) || typeof entry.run !== 'string' || typeof entry.reason !== 'string') return null;
    unreadable.push({ run: entry.run, reason: entry.reason });
  }
  noteUnknown(
    frame,
    ['kind', 'runs_requested', 'runs_exported', 'records', 'cases', 'unreadable'],
    line,
    '',
    out,
  );
  for (const [i, entry] of entries.entries())
    noteUnknown(entry as JsonObject, ['run', 'reason'], line, `unreadable.${i}`, out);
  return { runsRequested, runsExported, records, cases, unreadable };
}

export interface CaseBlock {
  id: string;
  /** `none` is an explicit null: the case is not under hold. */
  hold: 'placed' | 'none' | 'missing' | 'malformed';
}

const CASE_BLOCK_MEMBERS = ['kind', 'case', 'deadlines', 'blobs', 'hold'];
const CASE_MEMBERS = ['id', 'kind', 'status', 'correlation', 'state', 'version', 'opened_at', 'runs'];
const HOLD_MEMBERS = ['placed_at', 'reason', 'by'];
const ACTOR_MEMBERS = ['actor', 'basis'];
/** How the operator who placed a hold was known to the plane. */
const HOLD_BASES: readonly unknown[] = ['authenticated', 'asserted', 'connected'];

const exactly = (object: JsonObject, members: readonly string[]) =>
  Object.keys(object).length === members.length && members.every((m) => Object.hasOwn(object, m));

/**
 * A non-null hold, member by member: exactly placed_at (an RFC 3339 instant), reason
 * and by (exactly a non-blank actor and a known basis). Unlike other framing, an
 * unknown member here is not passed over: a restore re-places the hold from exactly
 * these members, so a hold it cannot fully read is malformed.
 */
function holdWellFormed(hold: unknown): boolean {
  if (!isObject(hold) || !exactly(hold, HOLD_MEMBERS)) return false;
  if (typeof hold.placed_at !== 'string' || rfc3339Seconds(hold.placed_at) === null) return false;
  if (typeof hold.reason !== 'string') return false;
  const by = hold.by;
  if (!isObject(by) || !exactly(by, ACTOR_MEMBERS)) return false;
  if (typeof by.actor !== 'string' || by.actor.trim() === '') return false;
  return HOLD_BASES.includes(by.basis);
}

/** The case block; `hold` is required (null allowed) because a restore without it loses the legal hold. */
export function caseBlockOf(frame: JsonObject, line: number, out: UnaccountedMember[]): CaseBlock | null {
  const body = frame.case;
  if (!isObject(body) || typeof body.id !== 'string' || body.id === '') return null;
  if (!Array.isArray(frame.deadlines) || !Array.isArray(frame.blobs)) return null;
  noteUnknown(frame, CASE_BLOCK_MEMBERS, line, '', out);
  noteUnknown(body, CASE_MEMBERS, line, 'case', out);
  if (!Object.hasOwn(frame, 'hold')) return { id: body.id, hold: 'missing' };
  if (frame.hold === null) return { id: body.id, hold: 'none' };
  return { id: body.id, hold: holdWellFormed(frame.hold) ? 'placed' : 'malformed' };
}
