/**
 * The built-in sender-key resolver for hpke-seal's openers: the sender's key at the
 * message's key state, from the key event log, witness notice and key set the inner
 * message carries (keys 10-12) and the caller's trust roots (witness keys or witness
 * logs, the pin store). Its refusals are hpke-seal's SENDER_KEY_CODES; the detail says
 * which identity check refused and why.
 */
import { fail, missingOption, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { IdentityCache } from './cache.js';
import { runAsync, runSync, type Steps } from './drive.js';
import { judgeKelClock, type KeyState, kelLimits, type ReplayedKel, replayKelSteps } from './kel.js';
import { keySetSteps, type VerifiedKeySet } from './key-set.js';
import { keyStateAt } from './key-state.js';
import { noticeSteps, type VerifiedNotice, type WitnessRoots } from './notice.js';
import { type KelPinStore, type PinOutcome, pinSteps } from './pins.js';

/** hpke-seal's SENDER_KEY_CODES, the only refusals its openers take from a resolver. */
export const RESOLVER_CODES = [
  'bad-kel',
  'from-mismatch',
  'bad-key-state',
  'revoked-key',
  'rotation-grace-expired',
  'bad-notice',
] as const;
export type ResolverCode = (typeof RESOLVER_CODES)[number];

/** What an opener asks (hpke-seal's SenderKeyQuery): who signed, at which key state, when. */
export interface SenderKeyQuery {
  from: string;
  ksn: number;
  /** The message's ts, Unix milliseconds. */
  tsMs: number;
  /** The receiver's clock, Unix milliseconds. */
  nowMs: number;
  /** Inner key 10: the sender's key event log. */
  kel?: Uint8Array;
  /** Inner key 11: the witness notices (version 2). */
  notices?: Uint8Array[];
  /** Inner key 12: the sender's signed encryption key set. */
  keys?: Uint8Array;
}

export interface AnetResolverOptions extends WitnessRoots {
  /** Where the newest log per AID is pinned, or `'off'` (then rollbacks and forks go unseen). */
  pins: KelPinStore | 'off';
  /**
   * When the recipient's hub accepted the message, Unix milliseconds (the rotation grace
   * counts to it), or `'receiver-clock'` to count to the opener's `now` instead.
   */
  acceptedAtMs: number | 'receiver-clock';
  /** Replays and signatures already judged, shared across messages (see IdentityCache). */
  cache?: IdentityCache;
}

/** Everything the resolver judged, for a caller (or an explanation) that wants more than the key. */
export interface ResolvedSender {
  key: Uint8Array;
  kel: ReplayedKel;
  state: KeyState;
  /** Version 2 only. */
  notice?: VerifiedNotice;
  keySet: VerifiedKeySet;
  pin: PinOutcome | 'off-by-caller';
}

interface Context {
  options: AnetResolverOptions;
  cache: IdentityCache | undefined;
}

const because = (what: string, refusal: { code: string; detail?: string }) =>
  `${what}: ${refusal.code}${refusal.detail === undefined ? '' : ` (${refusal.detail})`}`;

function* replayed(bytes: Uint8Array, cache: IdentityCache | undefined) {
  const limits = kelLimits(undefined);
  return cache === undefined ? yield* replayKelSteps(bytes, limits) : yield* cache.replay(bytes, limits);
}

/** The resolver's checks, in order: the log, its AID, its version, the pin, the key state, the notice, the key set. */
function* senderSteps(query: SenderKeyQuery, context: Context): Steps<Verdict<ResolvedSender, ResolverCode>> {
  const { options, cache } = context;
  if (!(query.kel instanceof Uint8Array))
    return fail(
      'bad-kel',
      'the message carries no key event log (a preview frame needs a resolver of your own)',
    );
  const replay = yield* replayed(query.kel, cache);
  if (!replay.ok) return fail('bad-kel', because('the key event log does not replay', replay));
  const clocked = judgeKelClock(replay.value, query.nowMs);
  if (!clocked.ok) return fail('bad-kel', because('the key event log', clocked));
  const kel = replay.value;
  if (kel.aid !== query.from)
    return fail('from-mismatch', 'the key event log replays to another AID than from');
  const versionTwoMessage = query.notices !== undefined;
  if ((kel.version === 'v2') !== versionTwoMessage)
    return fail(
      'bad-kel',
      versionTwoMessage
        ? 'a log without the anet.kel/2 tag does not replay in a version-2 message'
        : 'an anet.kel/2 log travels with a witness notice, which this message lacks',
    );
  let pin: ResolvedSender['pin'] = 'off-by-caller';
  if (options.pins !== 'off') {
    const pinned = yield* pinSteps(kel);
    if (!pinned.ok) return fail('bad-kel', because('the pinned log', pinned));
    pin = pinned.value;
  }
  const acceptedAtMs = options.acceptedAtMs === 'receiver-clock' ? query.nowMs : options.acceptedAtMs;
  const state = keyStateAt(kel, { ksn: query.ksn, tsMs: query.tsMs, acceptedAtMs });
  if (!state.ok) return state;
  let notice: VerifiedNotice | undefined;
  if (kel.version === 'v2') {
    if (query.notices!.length !== 1)
      return fail('bad-notice', 'a message carries exactly one witness notice');
    const replayWitness = (bytes: Uint8Array) => replayed(bytes, cache);
    const steps = noticeSteps(query.notices![0], {
      kel,
      nowMs: query.nowMs,
      roots: options,
      replay: replayWitness,
    });
    const judged = yield* cache === undefined ? steps : cache.answered(steps);
    if (!judged.ok) return fail('bad-notice', because('the witness notice', judged));
    notice = judged.value;
  }
  // DECIDED: SENDER_KEY_CODES has no code for the key set; it is key state the sender
  // attached (signed by its current key), so its refusal is bad-key-state with the reason.
  if (query.keys === undefined) return fail('bad-key-state', 'the message carries no key set');
  const keySetJudged = keySetSteps(query.keys, kel, query.nowMs);
  const keySet = yield* cache === undefined ? keySetJudged : cache.answered(keySetJudged);
  if (!keySet.ok) return fail('bad-key-state', because('the attached key set', keySet));
  const resolved: ResolvedSender = {
    key: state.value.key,
    kel,
    state: state.value,
    keySet: keySet.value,
    pin,
  };
  if (notice !== undefined) resolved.notice = notice;
  return ok(resolved);
}

function checkOptions(options: AnetResolverOptions): Context {
  const bad = (why: string) => new SeamError('bad-argument', why);
  if (typeof options !== 'object' || options === null) throw bad('the resolver takes an options object');
  const { pins, acceptedAtMs, witnessKeys, witnesses, cache } = options;
  if (pins === undefined)
    throw missingOption(
      'the resolver',
      'pins',
      '(a KelPinStore, e.g. new MemoryKelPinStore()) to refuse a rolled-back key event log',
    );
  if (pins !== 'off' && (typeof pins?.get !== 'function' || typeof pins?.compareAndSet !== 'function'))
    throw bad("pins must be a KelPinStore (get and compareAndSet) or 'off'");
  if (acceptedAtMs === undefined)
    throw new SeamError(
      'missing-option',
      "the resolver needs acceptedAtMs: when your hub accepted the message (Unix milliseconds), or 'receiver-clock'",
    );
  if (acceptedAtMs !== 'receiver-clock' && !(Number.isSafeInteger(acceptedAtMs) && acceptedAtMs >= 0))
    throw bad(
      "acceptedAtMs is required: when the recipient's hub accepted the message (Unix milliseconds), or 'receiver-clock'",
    );
  if (witnessKeys === undefined && witnesses === undefined)
    throw new SeamError(
      'missing-option',
      'the resolver needs witnessKeys or witnesses: the witness hubs you trust ({} trusts none)',
    );
  for (const [name, roots] of [
    ['witnessKeys', witnessKeys],
    ['witnesses', witnesses],
  ] as const) {
    if (roots === undefined) continue;
    if (typeof roots !== 'object' || roots === null) throw bad(`${name} must map witness AIDs to bytes`);
    for (const value of Object.values(roots))
      if (!(value instanceof Uint8Array) || (name === 'witnessKeys' && value.length !== 32))
        throw bad(name === 'witnessKeys' ? 'a witness key is 32 bytes' : 'a witness log is bytes');
  }
  if (cache !== undefined && !(cache instanceof IdentityCache)) throw bad('cache must be an IdentityCache');
  return { options, cache };
}

/** Judge a sender's key for one message, with everything the resolver found (synchronous pin store only). */
export function resolveSender(
  query: SenderKeyQuery,
  options: AnetResolverOptions,
): Verdict<ResolvedSender, ResolverCode> {
  const context = checkOptions(options);
  return runSync(senderSteps(query, context), options.pins === 'off' ? undefined : options.pins);
}

/** `resolveSender` through the asynchronous door, awaiting a pin store that answers with promises. */
export async function resolveSenderAsync(
  query: SenderKeyQuery,
  options: AnetResolverOptions,
): Promise<Verdict<ResolvedSender, ResolverCode>> {
  const context = checkOptions(options);
  return runAsync(senderSteps(query, context), options.pins === 'off' ? undefined : options.pins);
}

const keyOnly = (verdict: Verdict<ResolvedSender, ResolverCode>): Verdict<Uint8Array, ResolverCode> =>
  verdict.ok ? ok(verdict.value.key) : verdict;

/**
 * A `resolveSenderKey` for hpke-seal's `openEnvelope` and `openEnvelopeV1`. The options
 * are checked now; a pin store that answers with a promise makes each call throw
 * SeamError('async-store'): use `anetSenderKeyResolverAsync` with such a store.
 */
export function anetSenderKeyResolver(
  options: AnetResolverOptions,
): (query: SenderKeyQuery) => Verdict<Uint8Array, ResolverCode> {
  const context = checkOptions(options);
  const store = options.pins === 'off' ? undefined : options.pins;
  return (query) => keyOnly(runSync(senderSteps(query, context), store));
}

/** The same resolver answering with a promise, for the asynchronous openers and stores. */
export function anetSenderKeyResolverAsync(
  options: AnetResolverOptions,
): (query: SenderKeyQuery) => Promise<Verdict<Uint8Array, ResolverCode>> {
  const context = checkOptions(options);
  const store = options.pins === 'off' ? undefined : options.pins;
  return async (query) => keyOnly(await runAsync(senderSteps(query, context), store));
}
