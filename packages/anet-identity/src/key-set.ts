/**
 * Signed encryption key sets: SignedEncKeySet {1: EncKeySet bytes, 2: key state, 3:
 * signature}, the set `anet.enckeys/1` (v0.15, FACTS 6.5) or `anet.enckeys/2` (seed 002:
 * 1..32 keys, each valid at most 2 days, and a mailbox key), signed by the identity key
 * of the log's last event over the set's bytes (the tag at key 0 separates the domain).
 * Also the high-water rule between two sets and the sender's choice of key.
 */
import {
  bytesEqual,
  concatBytes,
  fail,
  type Instant,
  ok,
  SeamError,
  sha256,
  unixMillis,
  type Verdict,
} from '@agent-seam/canonical';
import { type CborValue, decode, decodeObject, defineObject, encode } from '@agent-seam/coredet-cbor';
import { askDoor } from '@agent-seam/did';
import { runAsync, runSync, type Steps } from './drive.js';
import type { ReplayedKel } from './kel.js';
import {
  CLOCK_SKEW_MS,
  KEY_SET_TAG_V1,
  KEY_SET_TAG_V2,
  MAX_KEY_SET_BYTES,
  MAX_KEY_SPAN_V1_MS,
  MAX_KEY_SPAN_V2_MS,
  MAX_KEYS_V1,
  MAX_KEYS_V2,
} from './limits.js';

/** Every refusal of `verifyKeySet`, in the order the checks are made (KEY_SET_CHECKS). */
export const KEY_SET_CODES = [
  'not-bytes',
  'key-set-too-large',
  'bad-signed-key-set',
  'bad-key-set-type',
  'bad-key-set',
  'bad-key-count',
  'bad-enc-key',
  'bad-kid',
  'bad-key-span',
  'keys-out-of-order',
  'key-set-aid-mismatch',
  'key-set-not-tip',
  'bad-key-set-sig',
  'no-usable-key',
] as const;
export type KeySetCode = (typeof KEY_SET_CODES)[number];

export interface EncryptionKey {
  /** KID(suite, pub): 16 bytes. */
  kid: Uint8Array;
  suite: number;
  publicKey: Uint8Array;
  /** Valid from this Unix millisecond on ... */
  notBeforeMs: number;
  /** ... until just before this one. */
  notAfterMs: number;
}

export interface VerifiedKeySet {
  version: 'v1' | 'v2';
  aid: string;
  /** The publication sequence: a higher one replaces a lower one. */
  seq: number;
  issuedAtMs: number;
  keys: EncryptionKey[];
  /** Version 2: the mailbox signing key and its epoch. */
  mbox?: { epoch: number; key: Uint8Array };
  /** The key state that signed it: the log's last event. */
  ksn: number;
  /** The set's bytes exactly as signed (what the high-water rule compares). */
  setBytes: Uint8Array;
}

const SIGNED_KEY_SET = defineObject({
  keys: {
    1: { name: 'set', type: 'bytes', presence: 'required' },
    2: { name: 'ksn', type: 'uint', presence: 'required' },
    3: { name: 'sig', type: 'bytes', presence: 'required' },
  },
  keySpace: 'closed',
});

const SET_FIELDS = {
  0: { name: 'tag', type: 'text', presence: 'required' },
  1: { name: 'aid', type: 'text', presence: 'required' },
  2: { name: 'seq', type: 'uint', presence: 'required' },
  3: { name: 'keys', type: 'array', presence: 'required' },
  4: { name: 'issuedAt', type: 'uint', presence: 'required' },
} as const;
const KEY_SET_V1 = defineObject({ keys: SET_FIELDS, keySpace: 'closed' });
const KEY_SET_V2 = defineObject({
  keys: { ...SET_FIELDS, 5: { name: 'mbox', type: 'map', presence: 'required' } },
  keySpace: 'closed',
});

const ENC_KEY = defineObject({
  keys: {
    1: { name: 'kid', type: 'bytes', presence: 'required' },
    2: { name: 'suite', type: 'uint', presence: 'required' },
    3: { name: 'pub', type: 'bytes', presence: 'required' },
    4: { name: 'notBefore', type: 'uint', presence: 'required' },
    5: { name: 'notAfter', type: 'uint', presence: 'required' },
  },
  keySpace: 'closed',
});

const MBOX = defineObject({
  keys: {
    1: { name: 'epoch', type: 'uint', presence: 'required' },
    2: { name: 'key', type: 'bytes', presence: 'required' },
  },
  keySpace: 'closed',
});

const KID_LABEL = new TextEncoder().encode('anet-enc-kid/v1');
const SUITE_X25519 = 1;

/** KID(suite, pub) = the first 16 bytes of SHA-256("anet-enc-kid/v1" ‖ suite as one byte ‖ pub) (FACTS 4). */
export function encryptionKeyId(suite: number, publicKey: Uint8Array): Uint8Array {
  if (!Number.isInteger(suite) || suite < 0 || suite > 0xff)
    throw new SeamError('bad-suite', 'a suite is one byte in a key id');
  return sha256(concatBytes([KID_LABEL, Uint8Array.of(suite), publicKey])).slice(0, 16);
}

const refusal = <C extends KeySetCode>(code: C, what: string, d: { code: string; detail?: string }) =>
  fail(code, `${what}: ${d.code}${d.detail === undefined ? '' : `: ${d.detail}`}`);

/** One key of the set, or why it breaks EncKey's table or the key rules. */
function readKey(version: 'v1' | 'v2', element: CborValue, at: number): Verdict<EncryptionKey, KeySetCode> {
  const decoded = decodeObject(ENC_KEY, encode(element));
  if (!decoded.ok) return refusal('bad-enc-key', `key ${at}`, decoded);
  const f = decoded.value.fields;
  const [kid, suite, pub] = [f.kid as Uint8Array, f.suite, f.pub as Uint8Array];
  if (typeof suite !== 'number' || suite > 0xff)
    return fail('bad-enc-key', `key ${at}: the suite is not one byte`);
  if (kid.length !== 16) return fail('bad-enc-key', `key ${at}: the kid is not 16 bytes`);
  if (suite === SUITE_X25519 && pub.length !== 32)
    return fail('bad-enc-key', `key ${at}: an X25519 key is 32 bytes`);
  if (typeof f.notBefore !== 'number' || typeof f.notAfter !== 'number')
    return fail('bad-enc-key', `key ${at}: a validity time beyond 2^53`);
  if (!bytesEqual(kid, encryptionKeyId(suite, pub)))
    return fail('bad-kid', `key ${at}: the kid is not KID(suite, pub)`);
  const span = f.notAfter - f.notBefore;
  const maxSpan = version === 'v1' ? MAX_KEY_SPAN_V1_MS : MAX_KEY_SPAN_V2_MS;
  if (span <= 0 || span > maxSpan)
    return fail(
      'bad-key-span',
      `key ${at}: valid for ${span / 1000} s; allowed more than 0 and at most ${maxSpan / 1000} s`,
    );
  return ok({ kid, suite, publicKey: pub, notBeforeMs: f.notBefore, notAfterMs: f.notAfter });
}

const usableAt = (key: EncryptionKey, ms: number) => key.notBeforeMs <= ms && ms < key.notAfterMs;

/** The set's fields and keys, before anything is compared with the log. */
function readSet(
  setBytes: Uint8Array,
  kel: ReplayedKel,
): Verdict<Omit<VerifiedKeySet, 'ksn' | 'setBytes'>, KeySetCode> {
  const version = kel.version === 'v2' ? 'v2' : 'v1';
  const tag = version === 'v2' ? KEY_SET_TAG_V2 : KEY_SET_TAG_V1;
  const peek = decode(setBytes);
  if (
    peek.ok &&
    peek.value instanceof Map &&
    typeof peek.value.get(0) === 'string' &&
    peek.value.get(0) !== tag
  )
    return fail('bad-key-set-type', `the set is not ${tag}, the key set of a ${kel.version} key event log`);
  const decoded = decodeObject(version === 'v2' ? KEY_SET_V2 : KEY_SET_V1, setBytes);
  if (!decoded.ok) return refusal('bad-key-set', 'the set', decoded);
  const f = decoded.value.fields;
  if (typeof f.seq !== 'number' || typeof f.issuedAt !== 'number')
    return fail('bad-key-set', 'the set: seq or issued_at beyond 2^53');
  let mbox: VerifiedKeySet['mbox'];
  if (version === 'v2') {
    const read = decodeObject(MBOX, decoded.value.raw.mbox!);
    if (!read.ok) return refusal('bad-key-set', 'the mailbox key', read);
    const [epoch, key] = [read.value.fields.epoch, read.value.fields.key as Uint8Array];
    if (typeof epoch !== 'number' || epoch < 1 || key.length !== 32)
      return fail('bad-key-set', 'the mailbox key: an epoch from 1 and a 32-byte key');
    mbox = { epoch, key };
  }
  const elements = f.keys as CborValue[];
  const max = version === 'v2' ? MAX_KEYS_V2 : MAX_KEYS_V1;
  if (elements.length === 0 || elements.length > max)
    return fail('bad-key-count', `${elements.length} keys; a set holds 1 to ${max}`);
  const keys: EncryptionKey[] = [];
  for (const [at, element] of elements.entries()) {
    const key = readKey(version, element, at);
    if (!key.ok) return key;
    keys.push(key.value);
  }
  for (let at = 1; at < keys.length; at++) {
    if (keys[at]!.notBeforeMs < keys[at - 1]!.notBeforeMs)
      return fail('keys-out-of-order', `key ${at} begins before key ${at - 1}`);
    if (keys.slice(0, at).some((k) => bytesEqual(k.kid, keys[at]!.kid)))
      return fail('keys-out-of-order', `key ${at} repeats an earlier kid`);
  }
  const set = { version, aid: f.aid as string, seq: f.seq, issuedAtMs: f.issuedAt, keys } as const;
  return ok(mbox === undefined ? set : { ...set, mbox });
}

/** Judge a signed key set against its sender's replayed log, at the verifier's clock (KEY_SET_CHECKS). */
export function* keySetSteps(
  bytes: unknown,
  kel: ReplayedKel,
  nowMs: number,
): Steps<Verdict<VerifiedKeySet, KeySetCode>> {
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the key set is not a Uint8Array');
  if (bytes.length > MAX_KEY_SET_BYTES)
    return fail('key-set-too-large', `${bytes.length} bytes, over the limit of ${MAX_KEY_SET_BYTES}`);
  const signed = decodeObject(SIGNED_KEY_SET, bytes);
  if (!signed.ok) return refusal('bad-signed-key-set', 'the signed set', signed);
  const {
    set: setBytes,
    ksn,
    sig,
  } = signed.value.fields as { set: Uint8Array; ksn: number | bigint; sig: Uint8Array };
  if (sig.length !== 64) return fail('bad-signed-key-set', `the signature is ${sig.length} bytes, not 64`);
  const set = readSet(setBytes, kel);
  if (!set.ok) return set;
  if (set.value.aid !== kel.aid)
    return fail('key-set-aid-mismatch', 'the set is of another AID than the log');
  if (ksn !== kel.tip.seq || kel.deactivated)
    return fail(
      'key-set-not-tip',
      kel.deactivated
        ? 'the identity is deactivated'
        : `signed at key state ${ksn}, not the log's last event ${kel.tip.seq}`,
    );
  const verdict = yield* askDoor(kel.tip.key, setBytes, sig);
  if (!verdict.ok)
    return fail(
      'bad-key-set-sig',
      `the set signature does not verify under the current key (${verdict.code})`,
    );
  if (!set.value.keys.some((k) => usableAt(k, nowMs + CLOCK_SKEW_MS)))
    return fail('no-usable-key', 'no key is valid at your clock (5 minutes of skew allowed)');
  return ok({ ...set.value, ksn: kel.tip.seq, setBytes });
}

export const KEY_SET_UPDATE_CODES = ['key-set-fork'] as const;
export type KeySetUpdateCode = (typeof KEY_SET_UPDATE_CODES)[number];

/**
 * The high-water rule per AID: a higher seq replaces the stored set, a lower one is
 * ignored, the same seq with the same bytes is the same set, and the same seq with other
 * bytes is a fork (dropped).
 */
export function keySetUpdate(
  stored: VerifiedKeySet | undefined,
  candidate: VerifiedKeySet,
): Verdict<'replace' | 'ignore' | 'same', KeySetUpdateCode> {
  if (stored === undefined || candidate.seq > stored.seq) return ok('replace');
  if (stored.aid !== candidate.aid)
    throw new SeamError('bad-argument', 'keySetUpdate compares two sets of one AID');
  if (candidate.seq < stored.seq) return ok('ignore');
  return bytesEqual(stored.setBytes, candidate.setBytes)
    ? ok('same')
    : fail('key-set-fork', `two different sets were published with seq ${candidate.seq}`);
}

/**
 * The key a sender seals to: of the suite-1 keys valid now, the one that begins last;
 * failing that, one that becomes valid within the 5 minutes of skew; else none.
 */
export function chooseEncryptionKey(set: VerifiedKeySet, nowMs: number): EncryptionKey | undefined {
  const suite1 = set.keys.filter((k) => k.suite === SUITE_X25519);
  const valid = suite1.filter((k) => usableAt(k, nowMs));
  if (valid.length > 0) return valid.reduce((a, b) => (b.notBeforeMs > a.notBeforeMs ? b : a));
  return suite1.find((k) => usableAt(k, nowMs + CLOCK_SKEW_MS));
}

export interface VerifyKeySetOptions {
  /** The sender's replayed log (replayKel): its last event's key must have signed the set. */
  kel: ReplayedKel;
  /** The verifier's clock: at least one key must be valid at it (5 minutes of skew allowed). */
  now: Instant;
}

function keySetArguments(options: VerifyKeySetOptions): [ReplayedKel, number] {
  if (typeof options !== 'object' || options === null || typeof options.kel?.aid !== 'string')
    throw new SeamError('bad-argument', 'verifyKeySet takes { kel, now } with a log from replayKel');
  if (options.now === undefined)
    throw new SeamError(
      'missing-option',
      'verifyKeySet needs now (a Date or Unix seconds): a key must be valid at it',
    );
  return [options.kel, unixMillis(options.now, 'now')];
}

/** Judge a SignedEncKeySet against its sender's replayed log (KEY_SET_CHECKS). */
export const verifyKeySet = (
  bytes: unknown,
  options: VerifyKeySetOptions,
): Verdict<VerifiedKeySet, KeySetCode> => runSync(keySetSteps(bytes, ...keySetArguments(options)));

/** `verifyKeySet` through the asynchronous Ed25519 door. */
export const verifyKeySetAsync = (
  bytes: unknown,
  options: VerifyKeySetOptions,
): Promise<Verdict<VerifiedKeySet, KeySetCode>> => runAsync(keySetSteps(bytes, ...keySetArguments(options)));
