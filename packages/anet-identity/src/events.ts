/**
 * One key event and its signed wrapper, read from their bytes: the tables KeyEvent and
 * SignedEvent of seed 002 (version 2, tag `anet.kel/2`) and the untagged event of
 * ANetCore v0.15 (FACTS 9), each a closed key space. The rules that need no other
 * event live here; the log's rules (order, chain, keys, signatures) in kel.ts.
 */
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { type CborValue, decodeObject, defineObject, type ObjectSchema } from '@agent-seam/coredet-cbor';
import { KEL_TAG_V2 } from './limits.js';

export type KelVersion = 'v0.15' | 'v2';
/** icp, rot and dip in both versions; ixn and drt only in v0.15. */
export type EventType = 'icp' | 'rot' | 'dip' | 'ixn' | 'drt';

/** A key event's fields as the log's rules read them. */
export interface KeyEvent {
  type: EventType;
  seq: number;
  /** Absent in the inception (the AID is the inception's CID). */
  aid?: string;
  prev?: string;
  keys: Uint8Array[];
  /** SHA-256 of the next public key (icp and rot). */
  nextDigest?: Uint8Array;
  /** Unix milliseconds; 0 where a v0.15 event leaves it out (unknown). */
  timestampMs: number;
  /** Version 2: the witness hub AIDs named (0 or 1). */
  witnesses?: string[];
  /** Version 2: 0 hub, 1 agent (icp and rot). */
  kind?: number;
  /** Version 2: an emergency rotation (rot only). */
  emergency?: boolean;
}

/** The wrapper as received: the event's exact bytes, its signature and its claimed id. */
export interface SignedEventParts {
  eventBytes: Uint8Array;
  signature: Uint8Array;
  id: string;
}

const SIGNED_EVENT = defineObject({
  keys: {
    1: { name: 'event', type: 'map', presence: 'required' },
    2: { name: 'sig', type: 'bytes', presence: 'required' },
    3: { name: 'id', type: 'text', presence: 'required' },
  },
  keySpace: 'closed',
  reserved: [4],
});

const COMMON = {
  1: { name: 'aid', type: 'text', presence: 'optional' },
  2: { name: 'seq', type: 'uint', presence: 'required' },
  3: { name: 'prev', type: 'text', presence: 'optional' },
  4: { name: 'type', type: 'text', presence: 'required' },
  5: { name: 'keys', type: 'array', presence: 'required' },
  6: { name: 'next', type: 'bytes', presence: 'optional' },
  7: { name: 'threshold', type: 'uint', presence: 'required' },
} as const;

const EVENT_V015 = defineObject({
  keys: { ...COMMON, 8: { name: 'timestamp', type: 'uint', presence: 'optional' } },
  keySpace: 'closed',
});

const EVENT_V2 = defineObject({
  keys: {
    0: { name: 'tag', type: 'text', presence: 'required' },
    ...COMMON,
    8: { name: 'timestamp', type: 'uint', presence: 'required' },
    9: { name: 'witnesses', type: 'array', presence: 'optional' },
    11: { name: 'kind', type: 'uint', presence: 'optional' },
    12: { name: 'emergency', type: 'bool', presence: 'optional' },
  },
  keySpace: 'closed',
  retired: [10],
  reserved: Array.from({ length: 51 }, (_, i) => 13 + i),
});

const SCHEMAS: Record<KelVersion, ObjectSchema> = { 'v0.15': EVENT_V015, v2: EVENT_V2 };
const TYPES: Record<KelVersion, readonly string[]> = {
  'v0.15': ['icp', 'rot', 'dip', 'ixn', 'drt'],
  v2: ['icp', 'rot', 'dip'],
};
const KEY_LENGTH = 32;

/** The signed wrapper of one event: a closed map {1: event map, 2: 64-byte signature, 3: id}. */
export function readSignedEvent(bytes: Uint8Array): Verdict<SignedEventParts, 'bad-signed-event'> {
  const decoded = decodeObject(SIGNED_EVENT, bytes);
  if (!decoded.ok) return fail('bad-signed-event', `${decoded.code}: ${decoded.detail ?? ''}`.trim());
  const signature = decoded.value.fields.sig as Uint8Array;
  if (signature.length !== 64)
    return fail('bad-signed-event', `the signature is ${signature.length} bytes, not 64`);
  return ok({ eventBytes: decoded.value.raw.event!, signature, id: decoded.value.fields.id as string });
}

const isKey = (v: unknown): v is Uint8Array => v instanceof Uint8Array && v.length === KEY_LENGTH;

/** Why an event breaks a rule of its own table, or null. */
function eventRule(version: KelVersion, e: KeyEvent): string | null {
  const establishment = e.type === 'icp' || e.type === 'rot';
  if (e.type === 'icp' ? e.aid !== undefined : e.aid === undefined)
    return e.type === 'icp' ? 'an inception carries no aid' : 'the aid is missing';
  if (e.type === 'icp' ? e.prev !== undefined : e.prev === undefined)
    return e.type === 'icp' ? 'an inception carries no prev' : 'prev is missing';
  if (e.type !== 'ixn' && e.type !== 'drt' && e.keys.length !== 1)
    return `a ${e.type} carries exactly one key`;
  if (establishment && e.nextDigest === undefined) return `a ${e.type} commits to the next key`;
  if (e.type === 'dip' && e.nextDigest !== undefined) return 'a deactivation commits to no next key';
  if (e.nextDigest !== undefined && e.nextDigest.length !== KEY_LENGTH)
    return 'the next-key digest is not 32 bytes';
  if (version === 'v0.15') return null;
  if (e.timestampMs === 0) return 'the timestamp is zero';
  if ((e.witnesses?.length ?? 0) > 1) return 'more than one witness is named';
  if (establishment ? e.kind === undefined || e.kind > 1 : e.kind !== undefined)
    return establishment ? 'the kind is not 0 (hub) or 1 (agent)' : 'a deactivation carries no kind';
  if (e.type === 'dip' && e.witnesses !== undefined) return 'a deactivation names no witness';
  if (e.emergency !== undefined && (e.type !== 'rot' || !e.emergency))
    return 'emergency is only written on a rotation, and only as true';
  return null;
}

/** The fields of one event, or why its bytes break the version's table. */
export function readEvent(version: KelVersion, bytes: Uint8Array): Verdict<KeyEvent, 'bad-event'> {
  const decoded = decodeObject(SCHEMAS[version], bytes);
  if (!decoded.ok) return fail('bad-event', `${decoded.code}: ${decoded.detail ?? ''}`.trim());
  const f = decoded.value.fields as Record<string, CborValue>;
  if (version === 'v2' && f.tag !== KEL_TAG_V2) return fail('bad-event', `key 0 is not ${KEL_TAG_V2}`);
  if (!TYPES[version].includes(f.type as string))
    return fail('bad-event', 'the type is not one this version names');
  if (f.threshold !== 1) return fail('bad-event', 'the threshold is not 1');
  if (typeof f.seq !== 'number' || (f.timestamp !== undefined && typeof f.timestamp !== 'number'))
    return fail('bad-event', 'seq or timestamp beyond 2^53');
  const keys = f.keys as CborValue[];
  if (!keys.every(isKey)) return fail('bad-event', 'a key is not a 32-byte string');
  const witnesses = f.witnesses as CborValue[] | undefined;
  if (witnesses !== undefined && !witnesses.every((w) => typeof w === 'string' && w !== ''))
    return fail('bad-event', 'a witness is not a non-empty text');
  const event: KeyEvent = {
    type: f.type as EventType,
    seq: f.seq,
    keys: keys as Uint8Array[],
    timestampMs: (f.timestamp as number | undefined) ?? 0,
  };
  if (f.aid !== undefined) event.aid = f.aid as string;
  if (f.prev !== undefined) event.prev = f.prev as string;
  if (f.next !== undefined) event.nextDigest = f.next as Uint8Array;
  if (witnesses !== undefined) event.witnesses = witnesses as string[];
  if (f.kind !== undefined) event.kind = typeof f.kind === 'number' ? f.kind : Number.MAX_SAFE_INTEGER;
  if (f.emergency !== undefined) event.emergency = f.emergency as boolean;
  const broken = eventRule(version, event);
  return broken === null ? ok(event) : fail('bad-event', broken);
}

/** The version a log is written in, read from its first event's key 0 (never from the caller). */
export function versionOf(firstEvent: unknown): Verdict<KelVersion, 'bad-version'> {
  const event = firstEvent instanceof Map ? firstEvent.get(1) : undefined;
  if (!(event instanceof Map) || !event.has(0)) return ok('v0.15');
  return event.get(0) === KEL_TAG_V2
    ? ok('v2')
    : fail('bad-version', 'key 0 of the first event is not a known tag');
}
