/** Steps that opening a v1 and a v2 envelope share, each with its stable refusal codes. */
import {
  type AsyncReplayCode,
  describeType,
  fail,
  hex,
  type Instant,
  type OffByCaller,
  ok,
  type ReplayAnswer,
  type ReplayCache,
  replayOrOff,
  replayVerdict,
  replayVerdictAsync,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import type { RecipientContext } from './context.js';
import { SUITE_X25519_CHACHA } from './envelope-wire.js';
import { setupBaseR } from './hpke.js';
import { publicKeyOf } from './kem.js';
import { keyId } from './kid.js';
import {
  type ResolveSenderKey,
  type ResolveSenderKeyAsync,
  type ResolvingSteps,
  resolveLater,
  resolveNow,
} from './sender-key.js';
import { nowMillis } from './time-window.js';
import {
  decodeWireMap,
  firstBadField,
  firstUnknownKey,
  type Schema,
  uintField,
  type WireMap,
} from './wire-map.js';

/** Finds the X25519 private key a key id names, or undefined. */
export type KeyRing = (kid: Uint8Array) => Uint8Array | undefined;

/** A KeyRing over private keys; each key is filed under KID(suite 1, its public key). */
export function keyRingOf(privateKeys: Iterable<Uint8Array>): KeyRing {
  const byKid = new Map<string, Uint8Array>();
  for (const sk of privateKeys) byKid.set(hex.encode(keyId(SUITE_X25519_CHACHA, publicKeyOf(sk))), sk);
  return (kid) => byKid.get(hex.encode(kid));
}

/** Default cap on an envelope, checked before decoding: 8 MiB. */
export const DEFAULT_MAX_ENVELOPE_BYTES = 8 * 1024 * 1024;

export type OuterCode =
  | 'not-bytes'
  | 'too-large'
  | 'bad-outer'
  | 'bad-version'
  | 'unknown-critical-field'
  | 'unknown-suite';

/** What both openers take from their caller. */
/** An opener's options; `R` is the resolver it takes (one answering with a promise for the async openers). */
export interface OpenerOptions<R = ResolveSenderKey> {
  /** This node's AID; the outer `to` must equal it. */
  ownAid: string;
  /** The recipient's epoch encryption keys. */
  keyRing: KeyRing;
  /** Which Ed25519 key the sender's AID had at ksn (anet-identity's built-in resolver, or yours). */
  resolveSenderKey: R;
  /** The receiver's clock: a Date or Unix seconds (the wire's ms fields are judged against it). */
  now: Instant;
  /**
   * Required: remembers opened envelopes by (from, mid), so a second delivery is refused
   * (`replayed`); the same store interface as `@agent-seam/envelope`'s. `'off'` opens
   * copies (the value then says `replay: 'off-by-caller'`).
   */
  replay: ReplayCache | 'off';
  /** Cap on the envelope size, checked first (default 8 MiB). */
  maxBytes?: number;
  /**
   * Called with the bytes the inner signature covers and the signature, once the layers
   * are open and before the signature is checked: to show what was signed when it fails
   * (`bad-sig`). It judges nothing; the verdict is the same with or without it.
   */
  onSignedBytes?: (bytes: Uint8Array, signature: Uint8Array) => void;
}

/**
 * The caller's options, checked once at the boundary: a wrong one is a programmer error
 * and throws SeamError naming it (`bad-argument`, or `bad-instant` for `now`).
 */
export function readOpenerOptions(
  options: OpenerOptions<unknown>,
  opener: string,
): { nowMs: number; maxBytes: number; replay: ReplayCache | 'off' } {
  const bad = (message: string) => new SeamError('bad-argument', `${opener} ${message}`);
  if (typeof options !== 'object' || options === null) throw bad('takes an options object');
  if (typeof options.ownAid !== 'string') throw bad('ownAid must be a string');
  if (typeof options.keyRing !== 'function') throw bad('keyRing must be a function (keyRingOf makes one)');
  if (typeof options.resolveSenderKey !== 'function') throw bad('resolveSenderKey must be a function');
  if (options.onSignedBytes !== undefined && typeof options.onSignedBytes !== 'function')
    throw bad('onSignedBytes must be a function when given');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ENVELOPE_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw bad('maxBytes must be a non-negative integer');
  const replay = replayOrOff(options.replay, opener);
  return { nowMs: nowMillis(options.now, `${opener} now`), maxBytes, replay };
}

/**
 * The outer map: its type, size, decode, then the version before anything else (so a
 * future version is reported as such), then the key space, the field rules and the suite.
 */
export function parseOuter(
  bytes: unknown,
  version: number,
  schema: Schema,
  maxBytes: number,
): Verdict<WireMap, OuterCode> {
  // Received data whatever its JavaScript type: anything but bytes is refused, not read.
  if (!(bytes instanceof Uint8Array))
    return fail('not-bytes', `the envelope is ${describeType(bytes)}, not a Uint8Array`);
  if (bytes.length > maxBytes)
    return fail('too-large', `the envelope is ${bytes.length} bytes, over maxBytes ${maxBytes}`);
  const map = decodeWireMap(bytes, maxBytes);
  if (map === null) return fail('bad-outer', 'not a CoreDet map with unsigned integer keys');
  const v = map.fields.get(1);
  if (v === undefined || typeof v.value !== 'number' || v.valueBytes[0]! >> 5 !== 0)
    return fail('bad-outer', 'the outer map has no unsigned version at key 1');
  if (v.value !== version) return fail('bad-version', `the outer version is not ${version}`);
  const unknown = firstUnknownKey(map, schema);
  if (unknown !== null) return fail('unknown-critical-field', `outer key ${unknown}`);
  const bad = firstBadField(map, schema);
  if (bad !== null) return fail('bad-outer', `outer key ${bad}`);
  if (uintField(map, 3) !== SUITE_X25519_CHACHA)
    return fail(
      'unknown-suite',
      `the suite is not ${SUITE_X25519_CHACHA} (X25519, HKDF-SHA256, ChaCha20-Poly1305)`,
    );
  return ok(map);
}

export interface OpenedLayer {
  plaintext: Uint8Array;
  context: RecipientContext;
}

/** One HPKE layer: the key id must be in the ring, then base-mode open with empty aad. */
export function openLayer(
  ring: KeyRing,
  kid: Uint8Array,
  enc: Uint8Array,
  info: Uint8Array,
  ciphertext: Uint8Array,
): Verdict<OpenedLayer, 'sealed-to-unknown-key' | 'decrypt-failed'> {
  const recipientPrivateKey = ring(kid);
  if (recipientPrivateKey === undefined)
    return fail('sealed-to-unknown-key', 'no key in your key ring has this key id');
  const context = setupBaseR({ recipientPrivateKey, enc, info });
  if (!context.ok) return fail('decrypt-failed', 'enc is not a usable public key');
  const plaintext = context.value.open(new Uint8Array(0), ciphertext);
  if (!plaintext.ok)
    return fail('decrypt-failed', 'the ciphertext does not decrypt under the key of this key id');
  return ok({ plaintext: plaintext.value, context: context.value });
}

/** True when every byte is zero. */
export const allZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);

/**
 * The once-only rule of seed 002, asked of the caller's store after everything else
 * passed (a forged copy is never remembered): "a message is accepted at most once for
 * each pair of sender and message identifier". The pair is (from, mid as hex). DECIDED:
 * the moment the entry is aged by is the envelope's expiry, rounded up to a whole second:
 * after it the opener refuses the envelope as expired anyway, so any window keeps the
 * entry long enough (a MemoryReplayCache's default 600 s included).
 */
const askReplay = (
  replay: ReplayCache,
  message: { from: string; mid: Uint8Array; expMs: number },
  nowMs: number,
): ReplayAnswer | PromiseLike<ReplayAnswer> =>
  replay.checkAndRemember(
    message.from,
    hex.encode(message.mid),
    Math.ceil(message.expMs / 1000),
    Math.floor(nowMs / 1000),
  );

type Replayable = { from: string; mid: Uint8Array; expMs: number };
type Replayed<T, C extends string> = Verdict<T & { replay: 'first-seen' | OffByCaller }, C | AsyncReplayCode>;

/** The opened value with what the replay store said, or its refusal. */
function withReplay<T extends object, R extends AsyncReplayCode>(
  opened: T,
  answer: Verdict<'first-seen', R> | 'off',
): Verdict<T & { replay: 'first-seen' | OffByCaller }, R> {
  if (answer === 'off') return ok({ ...opened, replay: 'off-by-caller' });
  return answer.ok ? ok({ ...opened, replay: answer.value }) : answer;
}

type ReplayPolicy = { replay: ReplayCache | 'off'; nowMs: number };

/**
 * A synchronous opener's run: its checks with a resolver that answers at once, then the
 * replay store (an opened envelope is remembered, or refused as a copy). A resolver or a
 * store answering with a promise is a configuration error naming `asyncOpener`.
 */
export function openNow<T extends Replayable, C extends string>(
  steps: ResolvingSteps<Verdict<T, C>>,
  resolve: ResolveSenderKey,
  policy: ReplayPolicy,
  asyncOpener: string,
): Replayed<T, C> {
  const opened = resolveNow(steps, resolve, asyncOpener);
  if (!opened.ok) return opened;
  if (policy.replay === 'off') return withReplay(opened.value, 'off');
  const answer = askReplay(policy.replay, opened.value, policy.nowMs);
  return withReplay(opened.value, replayVerdict(answer, asyncOpener));
}

/**
 * An asynchronous opener's run: the same checks, waiting for a resolver or a store that
 * answers with a promise; a store that throws or rejects is `replay-store-unavailable`.
 */
export async function openLater<T extends Replayable, C extends string>(
  steps: ResolvingSteps<Verdict<T, C>>,
  resolve: ResolveSenderKeyAsync,
  policy: ReplayPolicy,
): Promise<Replayed<T, C>> {
  const opened = await resolveLater(steps, resolve);
  if (!opened.ok) return opened;
  const { replay } = policy;
  if (replay === 'off') return withReplay(opened.value, 'off');
  return withReplay(
    opened.value,
    await replayVerdictAsync(() => askReplay(replay, opened.value, policy.nowMs)),
  );
}
