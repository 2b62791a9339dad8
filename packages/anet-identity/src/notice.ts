/**
 * Witness notices (version 2): a witness hub's signed statement that an AID's key event
 * log ends at a given event. NoticeWire {1: NoticeBody bytes, 2: AObj envelope} and
 * NoticeBody {0: "anet.ksn/1", 1: aid, 2: tip seq, 3: tip id, 4: the hub's clock, 5:
 * witness AID}, both closed. The signature is Ed25519 over the body bytes; the tag at key
 * 0 is the domain separation (DECIDED, spec/anet-identity.md).
 */
import { fail, type Instant, ok, SeamError, unixMillis, type Verdict } from '@agent-seam/canonical';
import { decodeObject, defineObject } from '@agent-seam/coredet-cbor';
import { askDoor } from '@agent-seam/did';
import { readAObjEnvelope } from './aobj-envelope.js';
import { runAsync, runSync, type Steps } from './drive.js';
import { judgeKelClock, type KelCode, kelLimits, type ReplayedKel, replayKelSteps } from './kel.js';
import { CLOCK_SKEW_MS, MAX_NOTICE_BYTES, NOTICE_MAX_AGE_MS, NOTICE_TAG } from './limits.js';

/** Every refusal of `verifyNotice`, in the order the checks are made (NOTICE_CHECKS). */
export const NOTICE_CODES = [
  'not-bytes',
  'notice-too-large',
  'bad-notice-wire',
  'bad-notice-body',
  'bad-notice-type',
  'notice-signer-mismatch',
  'notice-aid-mismatch',
  'notice-tip-mismatch',
  'notice-wrong-witness',
  'notice-expired',
  'notice-from-future',
  'unknown-witness',
  'bad-witness-kel',
  'bad-notice-sig',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

/** What a notice says, once it is judged. */
export interface VerifiedNotice {
  aid: string;
  seq: number;
  id: string;
  /** The witness hub's clock when it signed, Unix milliseconds. */
  timestampMs: number;
  witness: string;
  /** Which trust root gave the witness's key. */
  witnessKeyFrom: 'pinned-key' | 'witness-kel';
}

/** The witness hubs you trust, by AID: a key you pinned, or the hub's own key event log. */
export interface WitnessRoots {
  witnessKeys?: Readonly<Record<string, Uint8Array>>;
  /** Each hub's key event log as bytes (version 2, kind hub), replayed when a notice needs it. */
  witnesses?: Readonly<Record<string, Uint8Array>>;
}

const NOTICE_WIRE = defineObject({
  keys: {
    1: { name: 'body', type: 'bytes', presence: 'required' },
    2: { name: 'envelope', type: 'map', presence: 'required' },
  },
  keySpace: 'closed',
});

const NOTICE_BODY = defineObject({
  keys: {
    0: { name: 'tag', type: 'text', presence: 'required' },
    1: { name: 'aid', type: 'text', presence: 'required' },
    2: { name: 'seq', type: 'uint', presence: 'required' },
    3: { name: 'id', type: 'text', presence: 'required' },
    4: { name: 'timestamp', type: 'uint', presence: 'required' },
    5: { name: 'witness', type: 'text', presence: 'required' },
  },
  keySpace: 'closed',
});

const seconds = (ms: number) => `${ms / 1000} s`;

interface NoticeParts {
  body: Uint8Array;
  signer: string;
  ksn: number;
  signature: Uint8Array;
}

function readWire(bytes: Uint8Array): Verdict<NoticeParts, 'bad-notice-wire'> {
  const wire = decodeObject(NOTICE_WIRE, bytes);
  if (!wire.ok) return fail('bad-notice-wire', `${wire.code}: ${wire.detail ?? ''}`.trim());
  const envelope = readAObjEnvelope(wire.value.raw.envelope!);
  if (!envelope.ok) return fail('bad-notice-wire', `the envelope: ${envelope.detail}`);
  const { signer, ksn, signature } = envelope.value;
  return ok({ body: wire.value.fields.body as Uint8Array, signer, ksn, signature });
}

/** Replays a witness hub's log (the resolver passes a cached replay). */
export type ReplayWitness = (kel: Uint8Array) => Steps<Verdict<ReplayedKel, KelCode>>;

/** The witness's key at the envelope's key state, from a pinned key or the hub's own log. */
function* witnessKey(
  roots: WitnessRoots,
  witness: string,
  ksn: number,
  noticeMs: number,
  nowMs: number,
  replay: ReplayWitness,
): Steps<
  Verdict<{ key: Uint8Array; from: VerifiedNotice['witnessKeyFrom'] }, 'unknown-witness' | 'bad-witness-kel'>
> {
  const pinned = Object.hasOwn(roots.witnessKeys ?? {}, witness) ? roots.witnessKeys![witness] : undefined;
  if (pinned !== undefined) return ok({ key: pinned, from: 'pinned-key' as const });
  const kelBytes = Object.hasOwn(roots.witnesses ?? {}, witness) ? roots.witnesses![witness] : undefined;
  if (kelBytes === undefined)
    return fail('unknown-witness', 'you trust no key and no log for the witness this notice names');
  const replayed = yield* replay(kelBytes);
  if (!replayed.ok) return fail('bad-witness-kel', `the witness log does not replay: ${replayed.code}`);
  const clocked = judgeKelClock(replayed.value, nowMs);
  if (!clocked.ok) return fail('bad-witness-kel', `the witness log: ${clocked.detail}`);
  const kel = replayed.value;
  if (kel.aid !== witness) return fail('bad-witness-kel', 'the witness log you gave is of another AID');
  if (kel.kind !== 'hub')
    return fail('bad-witness-kel', 'the witness log is not a hub identity (version 2, kind 0)');
  const state = kel.states[ksn];
  if (state === undefined) return fail('bad-witness-kel', `the witness log has no key state ${ksn}`);
  if (state.status === 'deactivated') return fail('bad-witness-kel', 'the witness identity is deactivated');
  if (state.status === 'rotated' && noticeMs >= state.supersededAtMs)
    return fail(
      'bad-witness-kel',
      `the witness key of state ${ksn} was retired before the notice was signed`,
    );
  return ok({ key: state.key, from: 'witness-kel' as const });
}

export interface NoticeContext {
  /** The sender's replayed log the notice must vouch for. */
  kel: ReplayedKel;
  nowMs: number;
  roots: WitnessRoots;
  replay: ReplayWitness;
}

/** Judge one notice against the log it travels with (NOTICE_CHECKS, in order). */
export function* noticeSteps(
  bytes: unknown,
  context: NoticeContext,
): Steps<Verdict<VerifiedNotice, NoticeCode>> {
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the notice is not a Uint8Array');
  if (bytes.length > MAX_NOTICE_BYTES)
    return fail('notice-too-large', `${bytes.length} bytes, over the limit of ${MAX_NOTICE_BYTES}`);
  const parts = readWire(bytes);
  if (!parts.ok) return parts;
  const decoded = decodeObject(NOTICE_BODY, parts.value.body);
  if (!decoded.ok) return fail('bad-notice-body', `${decoded.code}: ${decoded.detail ?? ''}`.trim());
  const body = decoded.value.fields;
  if (body.tag !== NOTICE_TAG) return fail('bad-notice-type', `key 0 of the body is not ${NOTICE_TAG}`);
  if (typeof body.seq !== 'number' || typeof body.timestamp !== 'number')
    return fail('bad-notice-body', 'seq or timestamp beyond 2^53');
  const notice: VerifiedNotice = {
    aid: body.aid as string,
    seq: body.seq,
    id: body.id as string,
    timestampMs: body.timestamp,
    witness: body.witness as string,
    witnessKeyFrom: 'pinned-key',
  };
  const { kel, nowMs } = context;
  if (parts.value.signer !== notice.witness)
    return fail('notice-signer-mismatch', 'the envelope signer is not the witness the body names');
  if (notice.aid !== kel.aid)
    return fail('notice-aid-mismatch', 'the notice is about another AID than the log');
  if (notice.seq !== kel.tip.seq || notice.id !== kel.tip.id)
    return fail(
      'notice-tip-mismatch',
      `the notice vouches for another last event than the log's (event ${kel.tip.seq})`,
    );
  if (kel.witness === undefined || notice.witness !== kel.witness)
    return fail(
      'notice-wrong-witness',
      kel.witness === undefined
        ? 'the log designates no witness'
        : 'the notice is signed by another witness than the log designates',
    );
  const age = nowMs - notice.timestampMs;
  if (age > NOTICE_MAX_AGE_MS)
    return fail(
      'notice-expired',
      `the notice is ${seconds(age)} old (allowed ${seconds(NOTICE_MAX_AGE_MS)})`,
    );
  if (-age > CLOCK_SKEW_MS)
    return fail(
      'notice-from-future',
      `the notice is ${seconds(-age)} in the future (allowed skew ${seconds(CLOCK_SKEW_MS)})`,
    );
  const key = yield* witnessKey(
    context.roots,
    notice.witness,
    parts.value.ksn,
    notice.timestampMs,
    nowMs,
    context.replay,
  );
  if (!key.ok) return key;
  notice.witnessKeyFrom = key.value.from;
  const verdict = yield* askDoor(key.value.key, parts.value.body, parts.value.signature);
  if (!verdict.ok)
    return fail(
      'bad-notice-sig',
      `the notice signature does not verify under the witness key (${verdict.code})`,
    );
  return ok(notice);
}

export interface VerifyNoticeOptions extends WitnessRoots {
  /** The sender's replayed log (replayKel) the notice must vouch for. */
  kel: ReplayedKel;
  /** The receiver's clock: the notice may be at most 6 hours old and 5 minutes ahead. */
  now: Instant;
}

function noticeContext(options: VerifyNoticeOptions): NoticeContext {
  if (typeof options !== 'object' || options === null || typeof options.kel?.aid !== 'string')
    throw new SeamError('bad-argument', 'verifyNotice takes { kel, now } with a log from replayKel');
  if (options.now === undefined)
    throw new SeamError(
      'missing-option',
      'verifyNotice needs now (a Date or Unix seconds): a notice is at most 6 hours old',
    );
  if (options.witnessKeys === undefined && options.witnesses === undefined)
    throw new SeamError(
      'missing-option',
      'verifyNotice needs witnessKeys or witnesses: the witness hubs you trust',
    );
  const limits = kelLimits(undefined);
  return {
    kel: options.kel,
    nowMs: unixMillis(options.now, 'now'),
    roots: options,
    replay: (b) => replayKelSteps(b, limits),
  };
}

/** Judge a witness notice (NoticeWire bytes) against the sender's replayed log (NOTICE_CHECKS). */
export const verifyNotice = (
  bytes: unknown,
  options: VerifyNoticeOptions,
): Verdict<VerifiedNotice, NoticeCode> => runSync(noticeSteps(bytes, noticeContext(options)));

/** `verifyNotice` through the asynchronous Ed25519 door. */
export const verifyNoticeAsync = (
  bytes: unknown,
  options: VerifyNoticeOptions,
): Promise<Verdict<VerifiedNotice, NoticeCode>> => runAsync(noticeSteps(bytes, noticeContext(options)));
