/**
 * Key event log replay, v0.15 and version 2 side by side (the version is read from the
 * log's first event). One state per event; the identity's AID is the CID of the
 * inception's bytes. Every signature goes through the Ed25519 door, so the same steps
 * run synchronously or through the asynchronous door.
 */
import {
  bytesEqual,
  fail,
  type Instant,
  ok,
  SeamError,
  sha256,
  unixMillis,
  type Verdict,
} from '@agent-seam/canonical';
import { cid, decode, encode } from '@agent-seam/coredet-cbor';
import { askDoor, type DoorSteps, throughDoor, throughDoorAsync } from '@agent-seam/did';
import {
  type EventType,
  type KelVersion,
  type KeyEvent,
  readEvent,
  readSignedEvent,
  versionOf,
} from './events.js';
import { CLOCK_SKEW_MS, MAX_KEL_BYTES, MAX_KEL_EVENTS } from './limits.js';

/** Every refusal of `replayKel`, in the order the checks are made (KEL_CHECKS). */
export const KEL_CODES = [
  'not-bytes',
  'kel-too-large',
  'bad-kel-encoding',
  'bad-event-count',
  'bad-version',
  'bad-signed-event',
  'bad-event',
  'bad-event-id',
  'bad-event-order',
  'bad-chain',
  'bad-timestamp',
  'bad-witness',
  'bad-prerotation',
  'bad-event-sig',
  'event-from-future',
] as const;
export type KelCode = (typeof KEL_CODES)[number];

export type KeyStatus = 'active' | 'rotated' | 'deactivated';
export type RetiredBy = 'rotation' | 'emergency-rotation' | 'deactivation';

/** The identity after one event: the key that signs for it, and whether a later event retired it. */
export interface KeyState {
  seq: number;
  /** The event's id: the CID of its bytes (the AID for the inception). */
  id: string;
  type: EventType;
  /** The Ed25519 key that signs for the identity at this state. */
  key: Uint8Array;
  /** The event's timestamp, Unix milliseconds (0: a v0.15 event that left it out). */
  timestampMs: number;
  status: KeyStatus;
  /** The timestamp of the rot or dip that retired this state; 0 while it is not retired. */
  supersededAtMs: number;
  retiredBy?: RetiredBy;
}

export interface ReplayedKel {
  version: KelVersion;
  aid: string;
  /** One state per event, in order; `states[seq]`. */
  states: readonly KeyState[];
  tip: KeyState;
  /** Version 2: what the inception fixed. */
  kind?: 'hub' | 'agent';
  /** Version 2: the witness hub the log designates (agents, once named). */
  witness?: string;
  deactivated: boolean;
}

export interface KelLimits {
  /** Default 65536 bytes (SealedInner key 10). */
  maxBytes?: number;
  /** Default 256 events. */
  maxEvents?: number;
}

export interface ReplayKelOptions extends KelLimits {
  /** The verifier's clock: no version-2 event may lie more than 5 minutes after it. */
  now: Instant;
}

function limit(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new SeamError('bad-argument', `${name} must be a non-negative integer`);
  return value;
}

/** The caller's limits, checked (a bound that is not a number would silently lift it). */
export function kelLimits(options: KelLimits | undefined): Required<KelLimits> {
  return {
    maxBytes: limit(options?.maxBytes, MAX_KEL_BYTES, 'maxBytes'),
    maxEvents: limit(options?.maxEvents, MAX_KEL_EVENTS, 'maxEvents'),
  };
}

/** What replay carries from one event to the next. */
interface Walk {
  version: KelVersion;
  aid: string;
  states: KeyState[];
  /** The key that signs for the identity now. */
  current: Uint8Array;
  /** SHA-256 of the next key, as the last icp or rot committed (an ixn or drt never counts). */
  committed: Uint8Array;
  /** The first state no rot or dip has retired yet. */
  firstUnretired: number;
  kind?: 'hub' | 'agent';
  witness?: string;
}

/** Version 2's witness rules: the kind the inception fixed, and the one witness an agent names. */
function witnessRule(walk: Walk, event: KeyEvent): string | null {
  const kind = event.kind === undefined ? undefined : event.kind === 0 ? 'hub' : 'agent';
  if (event.type === 'icp') walk.kind = kind;
  else if (kind !== undefined && kind !== walk.kind) return 'the kind differs from the inception';
  const named = event.witnesses?.[0];
  if (walk.kind === 'hub') return named === undefined ? null : 'a hub names no witness';
  if (named !== undefined) {
    if (named === walk.aid) return 'an identity cannot witness itself';
    if (walk.witness !== undefined && named !== walk.witness)
      return 'a witness other than the one already named';
    walk.witness = named;
  }
  if (event.type === 'rot' && walk.witness === undefined)
    return "an agent's first rotation names its witness";
  return null;
}

/** The key that must sign the event, and the pre-rotation rule it must keep (null: kept). */
function signerOf(walk: Walk, event: KeyEvent): { key: Uint8Array; broken: string | null } {
  const revealed = event.keys[0]!;
  if (event.type === 'icp') return { key: revealed, broken: null };
  const reveals = event.type === 'rot' || (event.type === 'dip' && walk.version === 'v2');
  if (reveals && !bytesEqual(sha256(revealed), walk.committed))
    return {
      key: revealed,
      broken: 'the key revealed is not the one the last inception or rotation committed to',
    };
  if (event.type === 'dip' && walk.version === 'v0.15' && !bytesEqual(revealed, walk.current))
    return { key: revealed, broken: 'a v0.15 deactivation names the current key' };
  // v2: the revealed key signs its own rot or dip, so a stolen current key can do neither.
  return { key: walk.version === 'v2' && reveals ? revealed : walk.current, broken: null };
}

/** A rot or dip retires every state before it that nothing retired yet. */
function retire(walk: Walk, upTo: number, event: KeyEvent): void {
  const by: RetiredBy =
    event.type === 'dip' ? 'deactivation' : event.emergency ? 'emergency-rotation' : 'rotation';
  for (let j = walk.firstUnretired; j < upTo; j++) {
    const state = walk.states[j]!;
    state.status = 'rotated';
    state.supersededAtMs = event.timestampMs;
    state.retiredBy = by;
  }
  walk.firstUnretired = upTo;
}

/** The elements of a log, or why its bytes are not one. */
function elementsOf(bytes: unknown, limits: Required<KelLimits>): Verdict<unknown[], KelCode> {
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the key event log is not a Uint8Array');
  if (bytes.length > limits.maxBytes)
    return fail('kel-too-large', `${bytes.length} bytes, over the limit of ${limits.maxBytes}`);
  const decoded = decode(bytes, { maxBytes: limits.maxBytes });
  if (!decoded.ok) return fail('bad-kel-encoding', `${decoded.code}: ${decoded.detail ?? ''}`.trim());
  if (!Array.isArray(decoded.value)) return fail('bad-kel-encoding', 'the key event log is not an array');
  const count = decoded.value.length;
  if (count === 0 || count > limits.maxEvents)
    return fail('bad-event-count', `${count} events; a log holds 1 to ${limits.maxEvents}`);
  return ok(decoded.value);
}

/** Replay, one event after the other; the first broken rule refuses. */
function* replaySteps(bytes: unknown, limits: Required<KelLimits>): DoorSteps<Verdict<ReplayedKel, KelCode>> {
  const elements = elementsOf(bytes, limits);
  if (!elements.ok) return elements;
  const version = versionOf(elements.value[0]);
  if (!version.ok) return version;
  const walk: Walk = {
    version: version.value,
    aid: '',
    states: [],
    current: new Uint8Array(0),
    committed: new Uint8Array(0),
    firstUnretired: 0,
  };
  for (const [seq, element] of elements.value.entries()) {
    const at = (code: KelCode, why: string) => fail(code, `event ${seq}: ${why}`);
    const signed = readSignedEvent(encode(element as never));
    if (!signed.ok) return at(signed.code, signed.detail!);
    const read = readEvent(walk.version, signed.value.eventBytes);
    if (!read.ok) return at(read.code, read.detail!);
    const event = read.value;
    const id = cid(signed.value.eventBytes, { codec: 'dag-cbor' }).text;
    if (id !== signed.value.id) return at('bad-event-id', 'the id is not the CID of the event bytes');
    const previous = walk.states[seq - 1];
    if ((seq === 0) !== (event.type === 'icp'))
      return at('bad-event-order', 'an inception comes first, and only first');
    if (previous?.type === 'dip') return at('bad-event-order', 'a deactivation ends the log');
    if (seq === 0) walk.aid = id;
    if (event.seq !== seq) return at('bad-chain', 'seq is not the event position');
    if (seq > 0 && event.aid !== walk.aid) return at('bad-chain', 'the aid is not the inception CID');
    if (seq > 0 && event.prev !== previous!.id) return at('bad-chain', 'prev is not the previous event id');
    if (walk.version === 'v2' && previous !== undefined && event.timestampMs <= previous.timestampMs)
      return at('bad-timestamp', 'the timestamp does not increase');
    if (walk.version === 'v2') {
      const broken = witnessRule(walk, event);
      if (broken !== null) return at('bad-witness', broken);
    }
    const signer = signerOf(walk, event);
    if (signer.broken !== null) return at('bad-prerotation', signer.broken);
    const verdict = yield* askDoor(signer.key, signed.value.eventBytes, signed.value.signature);
    if (!verdict.ok) return at('bad-event-sig', `the signature does not verify (${verdict.code})`);

    if (event.type === 'rot' || event.type === 'dip') retire(walk, seq, event);
    if (event.type === 'icp' || event.type === 'rot') walk.committed = event.nextDigest!;
    if (event.type !== 'ixn' && event.type !== 'drt') walk.current = event.keys[0]!;
    walk.states.push({
      seq,
      id,
      type: event.type,
      key: walk.current,
      timestampMs: event.timestampMs,
      status: event.type === 'dip' ? 'deactivated' : 'active',
      supersededAtMs: 0,
    });
  }
  const tip = walk.states[walk.states.length - 1]!;
  const replayed: ReplayedKel = {
    version: walk.version,
    aid: walk.aid,
    states: walk.states,
    tip,
    deactivated: tip.type === 'dip',
  };
  if (walk.kind !== undefined) replayed.kind = walk.kind;
  if (walk.witness !== undefined) replayed.witness = walk.witness;
  return ok(replayed);
}

/** The last check, made again on a cached replay: no version-2 event after the verifier's clock + 5 min. */
export function judgeKelClock(kel: ReplayedKel, nowMs: number): Verdict<ReplayedKel, 'event-from-future'> {
  const ahead = kel.tip.timestampMs - nowMs;
  if (kel.version === 'v2' && ahead > CLOCK_SKEW_MS)
    return fail(
      'event-from-future',
      `the last event is ${ahead / 1000} s ahead of your clock (allowed skew ${CLOCK_SKEW_MS / 1000} s)`,
    );
  return ok(kel);
}

function nowOf(options: ReplayKelOptions): number {
  if (typeof options !== 'object' || options === null)
    throw new SeamError('bad-argument', 'replayKel takes an options object with now');
  if (options.now === undefined)
    throw new SeamError(
      'missing-option',
      'replayKel needs now (a Date or Unix seconds): events are judged against your clock',
    );
  return unixMillis(options.now, 'now');
}

/** Replay a key event log from its bytes (KEL_CHECKS, in order). Never throws on the bytes. */
export function replayKel(bytes: unknown, options: ReplayKelOptions): Verdict<ReplayedKel, KelCode> {
  const nowMs = nowOf(options);
  const replayed = throughDoor(replaySteps(bytes, kelLimits(options)));
  return replayed.ok ? judgeKelClock(replayed.value, nowMs) : replayed;
}

/** `replayKel` through the asynchronous Ed25519 door (WebCrypto where it verifies Ed25519). */
export async function replayKelAsync(
  bytes: unknown,
  options: ReplayKelOptions,
): Promise<Verdict<ReplayedKel, KelCode>> {
  const nowMs = nowOf(options);
  const replayed = await throughDoorAsync(replaySteps(bytes, kelLimits(options)));
  return replayed.ok ? judgeKelClock(replayed.value, nowMs) : replayed;
}

/** The steps without the clock, for the resolver's cache (the clock is judged on every use). */
export const replayKelSteps = (bytes: unknown, limits: Required<KelLimits>) => replaySteps(bytes, limits);
