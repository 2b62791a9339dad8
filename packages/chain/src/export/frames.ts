import { hex } from '@agent-seam/canonical';
import { isObject, type JsonObject, safeInt } from '../json.js';
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

/** A 64-character lowercase hex digest, as bytes; null otherwise. */
export function digestOf(value: unknown): Uint8Array | null {
  if (typeof value !== 'string' || value.length !== 64) return null;
  const bytes = hex.decode(value);
  return bytes.ok ? bytes.value : null;
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
  /** Both present (sealed), both absent (open), or `malformed` when only one parses. */
  position: { index: number; seal: Uint8Array } | 'open' | 'malformed';
  proof?: Uint8Array[] | 'malformed';
}

export function runBlockOf(
  frame: JsonObject,
  line: number,
  disclosure: boolean,
  out: UnaccountedMember[],
): RunBlock | null {
  if (typeof frame.run !== 'string' || frame.run === '') return null;
  const known = disclosure ? ['kind', 'run', 'index', 'seal', 'proof'] : ['kind', 'run', 'index', 'seal'];
  noteUnknown(frame, known, line, '', out);
  const hasIndex = Object.hasOwn(frame, 'index');
  const hasSeal = Object.hasOwn(frame, 'seal');
  let position: RunBlock['position'] = 'open';
  if (hasIndex || hasSeal) {
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

export interface Trailer {
  runsRequested: number;
  runsExported: number;
  records: number;
  cases: number;
  unreadable: string[];
}

export function trailerOf(frame: JsonObject, line: number, out: UnaccountedMember[]): Trailer | null {
  const runsRequested = safeInt(frame.runs_requested);
  const runsExported = safeInt(frame.runs_exported);
  const records = safeInt(frame.records);
  const cases = safeInt(frame.cases);
  const unreadable = frame.unreadable;
  if (runsRequested === null || runsExported === null || records === null || cases === null) return null;
  if (!Array.isArray(unreadable) || !unreadable.every((r) => typeof r === 'string')) return null;
  noteUnknown(
    frame,
    ['kind', 'runs_requested', 'runs_exported', 'records', 'cases', 'unreadable'],
    line,
    '',
    out,
  );
  return { runsRequested, runsExported, records, cases, unreadable: unreadable as string[] };
}

export interface CaseBlock {
  id: string;
  hold: 'ok' | 'missing' | 'malformed';
}

const CASE_BLOCK_MEMBERS = ['kind', 'case', 'deadlines', 'blobs', 'hold'];
const CASE_MEMBERS = ['id', 'kind', 'status', 'correlation', 'state', 'version', 'opened_at', 'runs'];
const HOLD_MEMBERS = ['placed_at', 'reason', 'by'];
const ACTOR_MEMBERS = ['actor', 'basis'];

/** The case block; `hold` is required because a restore without it loses the legal hold. */
export function caseBlockOf(frame: JsonObject, line: number, out: UnaccountedMember[]): CaseBlock | null {
  const body = frame.case;
  if (!isObject(body) || typeof body.id !== 'string' || body.id === '') return null;
  if (!Array.isArray(frame.deadlines) || !Array.isArray(frame.blobs)) return null;
  noteUnknown(frame, CASE_BLOCK_MEMBERS, line, '', out);
  noteUnknown(body, CASE_MEMBERS, line, 'case', out);
  if (!Object.hasOwn(frame, 'hold')) return { id: body.id, hold: 'missing' };
  const hold = frame.hold;
  const by = isObject(hold) ? hold.by : undefined;
  const wellFormed =
    isObject(hold) &&
    typeof hold.placed_at === 'string' &&
    typeof hold.reason === 'string' &&
    isObject(by) &&
    typeof by.actor === 'string' &&
    typeof by.basis === 'string';
  if (!wellFormed) return { id: body.id, hold: 'malformed' };
  noteUnknown(hold, HOLD_MEMBERS, line, 'hold', out);
  noteUnknown(by, ACTOR_MEMBERS, line, 'hold.by', out);
  return { id: body.id, hold: 'ok' };
}
