/**
 * The verifiers of this package are written once, as generators that yield what they need
 * from outside (an Ed25519 question, a key event log replayed, a pin, a log looked up, a
 * replay-window call, the request body hashed) and are resumed with the answer. Two
 * drivers answer: synchronously (the Ed25519 door; a caller's store or lookup that answers
 * with a promise throws SeamError naming the async entry point) and asynchronously (the
 * asynchronous door, promises awaited, bodies streamed).
 */

import {
  IdentityCache,
  judgeKelClock,
  type KelCode,
  type KelPinStore,
  MAX_KEL_BYTES,
  MAX_KEL_EVENTS,
  type PinCode,
  type PinOutcome,
  pinKel,
  pinKelAsync,
  type ReplayedKel,
  replayKel,
  replayKelAsync,
} from '@agent-seam/anet-identity';
import {
  fail,
  type Instant,
  missingOption,
  ok,
  requiredInstant,
  SeamError,
  unixMillis,
  type Verdict,
} from '@agent-seam/canonical';
import type { DoorQuestion, Ed25519Verdict } from '@agent-seam/did';
import {
  type DoorSteps,
  throughDoor,
  throughDoorAsync,
  verifyEd25519,
  verifyEd25519Async,
} from '@agent-seam/did';
import type { BodySource, BodyStream } from './http-request.js';
import { requestHasher } from './relay-preimage.js';
import type { RelayReplayEntry, RelayReplayWindow } from './replay-window.js';

/** Where a hub finds a signer's key event log (its bytes), by AID. */
export type KelSource = (aid: string) => Uint8Array | undefined | Promise<Uint8Array | undefined>;

export type BodyCode = 'body-too-large' | 'unreadable-body';
export interface HashedBody {
  /** SHA-256(method ‖ 0 ‖ target ‖ 0 ‖ body). */
  digest: Uint8Array;
  body: Uint8Array;
}

export type Need =
  | DoorQuestion
  | { readonly op: 'replay'; readonly bytes: Uint8Array }
  | { readonly op: 'pin'; readonly kel: ReplayedKel }
  | { readonly op: 'kel'; readonly aid: string }
  | {
      readonly op: 'window';
      readonly call: 'reserve' | 'commit' | 'release';
      readonly entry: RelayReplayEntry;
    }
  | { readonly op: 'body'; readonly method: string; readonly target: string; readonly source: BodySource };

// The answer a step is resumed with depends on what it asked.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Steps<T> = Generator<Need, T, any>;

/** What the drivers answer with: the caller's clock, stores and sources. */
export interface Answers {
  nowMs: number;
  cache?: IdentityCache | undefined;
  pins?: KelPinStore | undefined;
  kels?: KelSource | undefined;
  window?: RelayReplayWindow | undefined;
  maxBodyBytes?: number;
}

const KEL_LIMITS = { maxBytes: MAX_KEL_BYTES, maxEvents: MAX_KEL_EVENTS };

const isPromise = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** IdentityCache's replay yields only Ed25519 questions; its type names the pin calls too. */
const cachedReplay = (cache: IdentityCache, bytes: Uint8Array) =>
  cache.replay(bytes, KEL_LIMITS) as unknown as DoorSteps<Verdict<ReplayedKel, KelCode>>;

/** `f(value)`, after the value when it is a promise. */
const then = <T, U>(value: T | Promise<T>, f: (v: T) => U): U | Promise<U> =>
  isPromise(value) ? (value as Promise<T>).then(f) : f(value as T);

/** How one driver answers each kind of need: the sync door and stores, or the async ones. */
interface Backend {
  door: (...question: DoorQuestion) => Ed25519Verdict | Promise<Ed25519Verdict>;
  replay: (
    bytes: Uint8Array,
    answers: Answers,
  ) => Verdict<ReplayedKel, KelCode> | Promise<Verdict<ReplayedKel, KelCode>>;
  pin: (store: KelPinStore, kel: ReplayedKel) => unknown;
  /** A caller's function's answer (a log source): the sync driver refuses a promise. */
  call: <T>(value: T | Promise<T>, what: string) => T | Promise<T>;
  /** A call to the replay window; the async driver answers WINDOW_UNAVAILABLE when it throws or rejects. */
  window: (ask: () => unknown) => unknown;
  stream: (need: Extract<Need, { op: 'body' }>, stream: BodyStream, max: number) => unknown;
}

/**
 * What a window call is answered with when the window failed to answer (a shared store
 * whose server is away): the steps refuse on it (`relay-store-unavailable`).
 */
export const WINDOW_UNAVAILABLE: unique symbol = Symbol('relay-store-unavailable');

const SYNC: Backend = {
  door: verifyEd25519,
  replay: (bytes, a) =>
    a.cache === undefined
      ? replayKel(bytes, { now: new Date(a.nowMs) })
      : throughDoor(cachedReplay(a.cache, bytes)),
  pin: pinKel,
  call: (value, what) => {
    if (isPromise(value))
      throw new SeamError(
        'async-store',
        `${what} answered with a promise: use the async entry point (verifyHubRequestAsync and its siblings)`,
      );
    return value;
  },
  stream: () => {
    throw new SeamError('async-body', 'a streamed body needs verifyHubRequestAsync');
  },
  window: (ask) => SYNC.call(ask(), 'the replay window'),
};

const ASYNC: Backend = {
  door: verifyEd25519Async,
  replay: (bytes, a) =>
    a.cache === undefined
      ? replayKelAsync(bytes, { now: new Date(a.nowMs) })
      : throughDoorAsync(cachedReplay(a.cache, bytes)),
  pin: pinKelAsync,
  call: (value) => value,
  stream: (need, stream, max) => streamedBody(need, stream, max),
  window: async (ask) => {
    try {
      return await ask();
    } catch {
      return WINDOW_UNAVAILABLE;
    }
  },
};

function bytesBody(
  need: Extract<Need, { op: 'body' }>,
  bytes: Uint8Array,
  max: number,
): Verdict<HashedBody, BodyCode> {
  if (bytes.length > max) return fail('body-too-large', `${bytes.length} bytes, over the limit of ${max}`);
  return ok({ digest: requestHasher(need.method, need.target).update(bytes).digest(), body: bytes });
}

/** The answer to one need, or a promise of it (the async backend's). */
function answer(need: Need, answers: Answers, backend: Backend): unknown {
  if (Array.isArray(need)) return backend.door(...(need as DoorQuestion));
  const n = need as Exclude<Need, DoorQuestion>;
  switch (n.op) {
    case 'replay':
      // The clock is judged on every use, cached replay or not.
      return then(backend.replay(n.bytes, answers), (r) =>
        r.ok ? judgeKelClock(r.value, answers.nowMs) : r,
      );
    case 'pin':
      return backend.pin(answers.pins!, n.kel);
    case 'kel':
      return backend.call(answers.kels!(n.aid), 'the log source (kels)');
    case 'window':
      return backend.window(() => answers.window![n.call](n.entry));
    case 'body':
      return n.source.kind === 'stream'
        ? backend.stream(n, n.source.stream, answers.maxBodyBytes!)
        : bytesBody(n, n.source.kind === 'bytes' ? n.source.bytes : new Uint8Array(0), answers.maxBodyBytes!);
  }
}

/** Runs steps with synchronous answers. */
export function runSync<T>(steps: Steps<T>, answers: Answers): T {
  let step = steps.next();
  while (!step.done) step = steps.next(answer(step.value, answers, SYNC));
  return step.value;
}

/** Reads a streamed body into memory while hashing it, stopping at the first byte past `max`. */
async function streamedBody(
  need: Extract<Need, { op: 'body' }>,
  stream: BodyStream,
  max: number,
): Promise<Verdict<HashedBody, BodyCode>> {
  const hasher = requestHasher(need.method, need.target);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const take = (chunk: unknown): Verdict<null, BodyCode> => {
    if (!(chunk instanceof Uint8Array)) return fail('unreadable-body', 'a body chunk is not bytes');
    length += chunk.length;
    if (length > max) return fail('body-too-large', `more than ${max} bytes`);
    hasher.update(chunk);
    chunks.push(chunk);
    return ok(null);
  };
  try {
    if ('getReader' in stream && typeof stream.getReader === 'function') {
      const reader = stream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const taken = take(value);
        if (!taken.ok) {
          await reader.cancel().catch(() => undefined);
          return taken;
        }
      }
    } else
      for await (const chunk of stream as AsyncIterable<Uint8Array>) {
        const taken = take(chunk);
        if (!taken.ok) return taken;
      }
  } catch {
    return fail('unreadable-body', 'the body stream failed before its end');
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return ok({ digest: hasher.digest(), body });
}

/** Runs steps, awaiting the asynchronous door, the stores and the body stream. */
export async function runAsync<T>(steps: Steps<T>, answers: Answers): Promise<T> {
  let step = steps.next();
  while (!step.done) step = steps.next(await answer(step.value, answers, ASYNC));
  return step.value;
}

/**
 * The caller's clock, pin store and cache, checked, for a verifier judging a signer's log.
 * The clock and the pin store are required (fail closed): left out, SeamError('missing-option')
 * naming `where`; the pin store may be turned off by name ('off').
 */
export function identityAnswers(
  options: { now: Instant; pins: KelPinStore | 'off'; cache?: IdentityCache },
  where: string,
  bad: (why: string) => Error,
): Answers {
  requiredInstant(options.now, where, "to replay the signer's key event log at that time");
  if (options.pins === undefined)
    throw missingOption(
      where,
      'pins',
      '(a KelPinStore) to refuse a key event log older than one already seen',
    );
  if (options.pins !== 'off' && typeof options.pins?.compareAndSet !== 'function')
    throw bad("pins must be a KelPinStore or 'off'");
  if (options.cache !== undefined && !(options.cache instanceof IdentityCache))
    throw bad('cache must be an IdentityCache');
  // Milliseconds, not whole seconds: request times are signed in milliseconds.
  const nowMs = unixMillis(options.now, 'now');
  return { nowMs, cache: options.cache, pins: options.pins === 'off' ? undefined : options.pins };
}

export type { Ed25519Verdict, PinCode, PinOutcome };
