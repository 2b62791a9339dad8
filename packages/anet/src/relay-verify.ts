/**
 * Verifying a signed hub request (relay auth v2, FACTS 11 and seed 002): the four
 * X-ANet-* headers read strictly, the time within five minutes of the hub's clock, the
 * body hashed (streamed by the async verifier, capped), the signer's key from its key
 * event log at X-ANet-Seq, single use through the caller's replay window, then the
 * signature over the version-2 preimage (the deprecated version 1 only when the caller
 * opts in). Checks in the order of RELAY_CHECKS; never throws on the request.
 */

import type {
  IdentityCache,
  KelPinStore,
  KeyState,
  PinOutcome,
  ReplayedKel,
} from '@agent-seam/anet-identity';
import {
  base64urlStrict,
  fail,
  type Instant,
  missingOption,
  ok,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import { parseCid } from '@agent-seam/coredet-cbor';
import { askDoor } from '@agent-seam/did';
import { readRequestHead } from './http-request.js';
import {
  MAX_RELAY_BODY_BYTES,
  MAX_RELAY_HEADER_LENGTH,
  RELAY_ACTIONS,
  RELAY_MAX_SKEW_MS,
  RELAY_SIGNATURE_LENGTH,
  RELAY_V1_ACTIONS,
  REPLAY_WINDOW_SIZES,
  type RelayAction,
  type SignerClass,
} from './limits.js';
import { relayPreimageV1, relayPreimageV2 } from './relay-preimage.js';
import type { RelayReplayAnswer, RelayReplayEntry, RelayReplayWindow } from './replay-window.js';
import { SIGNER_CODES, signerSteps } from './signer.js';
import {
  type Answers,
  type HashedBody,
  identityAnswers,
  type KelSource,
  runAsync,
  runSync,
  type Steps,
  WINDOW_UNAVAILABLE,
} from './steps.js';

/** Every refusal of the hub request verifiers, in the order the checks are made (RELAY_CHECKS). */
export const RELAY_CODES = [
  'not-a-request',
  'missing-header',
  'header-too-long',
  'bad-aid-header',
  'bad-ts-header',
  'bad-seq-header',
  'bad-sig-header',
  'request-expired',
  'request-from-future',
  'body-too-large',
  'unreadable-body',
  'unknown-signer',
  ...SIGNER_CODES,
  'replay-window-full',
  'replayed',
  'behind-replay-window',
  'relay-store-unavailable',
  'relay-v1-refused',
  'bad-signature',
] as const;
export type RelayCode = (typeof RELAY_CODES)[number];

export interface VerifyHubRequestOptions {
  /** The action of the endpoint that received the request (RELAY_ACTIONS). */
  action: RelayAction;
  /** The hub's own AID: a version-2 signature names it. */
  hub: string;
  /** The hub's clock. */
  now: Instant;
  /** The signer's key event log as this hub holds it (its CoreDet bytes), by AID; undefined: unknown. */
  kels: KelSource;
  /** Where the newest log per AID is pinned (anet-identity), or 'off'. */
  pins: KelPinStore | 'off';
  /** The hub's replay state, or 'off' (then a request can be replayed within the skew). */
  replay: RelayReplayWindow | 'off';
  /** The signer's class, which sizes its window (required unless replay is 'off'). */
  signerClass?: SignerClass | ((aid: string, kel: ReplayedKel) => SignerClass);
  /** Accept the deprecated version-1 preimage (poll, ack, register, profile only). */
  allowV1?: boolean;
  /** The largest body hashed (default 1 MiB). */
  maxBodyBytes?: number;
  /** Replays already made, shared across requests (anet-identity's IdentityCache). */
  cache?: IdentityCache;
}

export interface VerifiedHubRequest {
  version: 'v2' | 'v1';
  action: RelayAction;
  /** The signer's AID. */
  aid: string;
  hub: string;
  tsMs: number;
  /** The key state that signed (X-ANet-Seq). */
  seq: number;
  method: string;
  /** Path and query, as covered. */
  target: string;
  /** The body as received (the verifier read it to hash it). */
  body: Uint8Array;
  kel: ReplayedKel;
  state: KeyState;
  pin: PinOutcome | 'off-by-caller';
  replay: SignerClass | 'off-by-caller';
}

interface Context {
  options: VerifyHubRequestOptions;
  nowMs: number;
  answers: Answers;
}

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;
const HEADER_NAMES = ['x-anet-aid', 'x-anet-ts', 'x-anet-seq', 'x-anet-sig'] as const;
const seconds = (ms: number) => `${ms / 1000} s`;

/** A canonical decimal within 2^53, or null. */
function decimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

const windowRefusal: Record<Exclude<RelayReplayAnswer, 'new'>, [RelayCode, string]> = {
  full: ['replay-window-full', 'the replay window holds as many signers as it may; try again later'],
  seen: ['replayed', 'this signature was already presented (or is being verified now)'],
  stale: [
    'behind-replay-window',
    'the request is older than every signature the window still holds for its signer',
  ],
};

/** The window threw or its promise rejected: a request it could not judge or hold is never accepted. */
const windowUnavailable = (what: string) =>
  fail(
    'relay-store-unavailable',
    `the replay window failed to ${what}, so the request cannot be judged single-use: check the window's store (its server, connection and errors)`,
  );

function* relaySteps(request: unknown, context: Context): Steps<Verdict<VerifiedHubRequest, RelayCode>> {
  const { options, nowMs } = context;
  const head = readRequestHead(request);
  if (!head.ok) return head;
  const values: string[] = [];
  for (const name of HEADER_NAMES) {
    const value = head.value.field(name);
    if (value === undefined) return fail('missing-header', `the request has no ${name} header`);
    values.push(value);
  }
  for (const [i, value] of values.entries())
    if (value.length > MAX_RELAY_HEADER_LENGTH)
      return fail(
        'header-too-long',
        `${HEADER_NAMES[i]} is ${value.length} characters, over ${MAX_RELAY_HEADER_LENGTH}`,
      );
  const [aid, tsText, seqText, sigText] = values as [string, string, string, string];
  if (!parseCid(aid).ok) return fail('bad-aid-header', 'x-anet-aid is not the text form of a CID');
  const tsMs = decimal(tsText);
  if (tsMs === null) return fail('bad-ts-header', 'x-anet-ts is not a decimal count of milliseconds');
  const seq = decimal(seqText);
  if (seq === null) return fail('bad-seq-header', 'x-anet-seq is not a decimal key sequence number');
  const signature = sigText.length === RELAY_SIGNATURE_LENGTH ? base64urlStrict.decode(sigText) : null;
  if (signature === null || !signature.ok)
    return fail('bad-sig-header', 'x-anet-sig is not 64 bytes in 86 unpadded base64url characters');
  if (nowMs - tsMs > RELAY_MAX_SKEW_MS)
    return fail(
      'request-expired',
      `signed ${seconds(nowMs - tsMs)} ago (allowed skew ${seconds(RELAY_MAX_SKEW_MS)})`,
    );
  if (tsMs - nowMs > RELAY_MAX_SKEW_MS)
    return fail(
      'request-from-future',
      `signed ${seconds(tsMs - nowMs)} ahead of your clock (allowed skew ${seconds(RELAY_MAX_SKEW_MS)})`,
    );
  const { method, target } = head.value;
  const hashed: Verdict<HashedBody, RelayCode> = yield {
    op: 'body',
    method,
    target,
    source: head.value.body,
  };
  if (!hashed.ok) return hashed;
  const kelBytes: Uint8Array | undefined = yield { op: 'kel', aid };
  if (kelBytes === undefined) return fail('unknown-signer', 'this hub holds no key event log for the signer');
  const signer = yield* signerSteps(
    kelBytes,
    { aid, ksn: seq, tsMs, acceptedAtMs: nowMs },
    options.pins !== 'off',
  );
  if (!signer.ok) return signer;
  const { kel, state } = signer.value;

  let entry: RelayReplayEntry | undefined;
  if (options.replay !== 'off') {
    const chosen = options.signerClass!;
    const signerClass = typeof chosen === 'function' ? chosen(aid, kel) : chosen;
    if (!Object.hasOwn(REPLAY_WINDOW_SIZES, signerClass))
      throw new SeamError('bad-argument', 'signerClass must name probation, agent or peer-hub');
    entry = { signer: aid, signerClass, tsMs, signature: sigText, nowMs };
    const answer: RelayReplayAnswer | typeof WINDOW_UNAVAILABLE = yield {
      op: 'window',
      call: 'reserve',
      entry,
    };
    if (answer === WINDOW_UNAVAILABLE) return windowUnavailable('reserve this signature');
    if (answer !== 'new') {
      const [code, detail] = windowRefusal[answer] ?? [
        'replay-window-full',
        'the replay window gave no answer',
      ];
      return fail(code, detail);
    }
  }
  const verdict = yield* signatureSteps(
    {
      action: options.action,
      aid,
      hub: options.hub,
      tsMs,
      seq,
      digest: base64urlStrict.encode(hashed.value.digest),
    },
    state.key,
    signature.value,
    options.allowV1 === true,
  );
  if (entry !== undefined) {
    const settled = yield { op: 'window', call: verdict.ok ? 'commit' : 'release', entry };
    // A release that fails changes nothing (the request is refused; the reservation lapses).
    if (verdict.ok && settled === WINDOW_UNAVAILABLE) return windowUnavailable('hold the accepted signature');
  }
  if (!verdict.ok) return verdict;
  return ok({
    version: verdict.value,
    action: options.action,
    aid,
    hub: options.hub,
    tsMs,
    seq,
    method,
    target,
    body: hashed.value.body,
    kel,
    state,
    pin: signer.value.pin,
    replay: entry?.signerClass ?? 'off-by-caller',
  });
}

/** The signature: over the version-2 preimage; over version 1 only when the caller allows it. */
function* signatureSteps(
  p: { action: RelayAction; aid: string; hub: string; tsMs: number; seq: number; digest: string },
  key: Uint8Array,
  signature: Uint8Array,
  allowV1: boolean,
): Steps<Verdict<'v2' | 'v1', 'relay-v1-refused' | 'bad-signature'>> {
  const v2 = yield* askDoor(key, relayPreimageV2(p), signature);
  if (v2.ok) return ok('v2');
  if (RELAY_V1_ACTIONS.includes(p.action)) {
    const v1 = yield* askDoor(key, relayPreimageV1(p), signature);
    if (v1.ok)
      return allowV1
        ? ok('v1')
        : fail(
            'relay-v1-refused',
            'the signature covers the deprecated version-1 text, which this hub does not accept',
          );
  }
  return fail(
    'bad-signature',
    `the signature does not verify over anet-relay/v2/${p.action}/<aid>/<hub>/${p.tsMs}/<request digest> under the key of state ${p.seq} (${v2.code}); a wrong hub AID, path, query or body is the common cause`,
  );
}

function contextOf(options: VerifyHubRequestOptions): Context {
  const bad = (why: string) => new SeamError('bad-argument', why);
  if (typeof options !== 'object' || options === null) throw bad('verifyHubRequest takes an options object');
  const { action, hub, kels, replay, signerClass, maxBodyBytes } = options;
  if (!RELAY_ACTIONS.includes(action)) throw bad(`action must be one of ${RELAY_ACTIONS.join(', ')}`);
  if (typeof hub !== 'string' || hub === '' || hub.includes('/'))
    throw bad('hub is required: your own hub AID (no slash)');
  if (typeof kels !== 'function')
    throw bad("kels is required: a function from a signer's AID to its key event log");
  if (replay === undefined)
    throw missingOption(
      'verifyHubRequest',
      'replay',
      '(a RelayReplayWindow, e.g. new MemoryRelayReplayWindow()) to refuse a second use of one signed request',
    );
  if (replay !== 'off') {
    if (
      typeof replay?.reserve !== 'function' ||
      typeof replay.commit !== 'function' ||
      typeof replay.release !== 'function'
    )
      throw bad("replay must be a RelayReplayWindow (reserve, commit, release) or 'off'");
    if (signerClass === undefined)
      throw bad(
        'signerClass is required with a replay window: probation, agent or peer-hub (or a function of the AID)',
      );
  }
  const max = maxBodyBytes ?? MAX_RELAY_BODY_BYTES;
  if (!Number.isSafeInteger(max) || max < 0) throw bad('maxBodyBytes must be a non-negative integer');
  const answers = identityAnswers(options, 'verifyHubRequest', bad);
  answers.kels = kels;
  answers.window = replay === 'off' ? undefined : replay;
  answers.maxBodyBytes = max;
  return { options, nowMs: answers.nowMs, answers };
}

/**
 * Verify a signed hub request whose body is bytes (a HubRequestRecord), with a log source,
 * pin store and replay window that answer synchronously (a promise throws SeamError:
 * use verifyHubRequestAsync). RELAY_CHECKS, in order; never throws on the request.
 */
export function verifyHubRequest(
  request: unknown,
  options: VerifyHubRequestOptions,
): Verdict<VerifiedHubRequest, RelayCode> {
  const context = contextOf(options);
  return runSync(relaySteps(request, context), context.answers);
}

/**
 * Verify a signed hub request of any form (a HubRequestRecord, a Fetch Request, Node's
 * IncomingMessage): the body is streamed and hashed up to maxBodyBytes and returned; the
 * stores may answer with promises; Ed25519 through the asynchronous door.
 */
export async function verifyHubRequestAsync(
  request: unknown,
  options: VerifyHubRequestOptions,
): Promise<Verdict<VerifiedHubRequest, RelayCode>> {
  const context = contextOf(options);
  return runAsync(relaySteps(request, context), context.answers);
}
