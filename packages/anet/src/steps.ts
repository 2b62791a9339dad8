/**
 * The verifiers of this package are written once, as generators that yield what they need
 * from outside (an Ed25519 question, a key event log replayed, a pin, a log looked up, a
 * replay-window call, the request body hashed) and are resumed with the answer. Two
 * drivers answer: synchronously (the Ed25519 door; a caller's store or lookup that answers
 * with a promise throws SeamError naming the async entry point) and asynchronously (the
 * asynchronous door, promises awaited, bodies streamed).
 */

import {
  type IdentityCache,
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
import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import type { DoorQuestion, Ed25519Verdict } from '@agent-seam/did';
import {
  type DoorSteps,
  throughDoor,
  throughDoorAsync,
  verifyEd25519,
  verifyEd25519Async,
} from '@agent-seam/did';
import type { BodySource } from './http-request.js';
import { requestHasher } from './relay-preimage.js';
import type { RelayReplayEntry, RelayReplayWindow, ReplayAnswer } from './replay-window.js';

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

function syncOnly<T>(value: T | Promise<T>, what: string): T {
  if (isPromise(value))
    throw new SeamError(
      'async-store',
      `${what} answered with a promise: use the async entry point (verifyHubRequestAsync and its siblings)`,
    );
  return value as T;
}

/** IdentityCache's replay yields only Ed25519 questions; its type names the pin calls too. */
const cachedReplay = (cache: IdentityCache, bytes: Uint8Array) =>
  cache.replay(bytes, KEL_LIMITS) as unknown as DoorSteps<Verdict<ReplayedKel, KelCode>>;

function clocked(replayed: Verdict<ReplayedKel, KelCode>, nowMs: number): Verdict<ReplayedKel, KelCode> {
  return replayed.ok ? judgeKelClock(replayed.value, nowMs) : replayed;
}

function windowCall(window: RelayReplayWindow, need: Extract<Need, { op: 'window' }>) {
  return window[need.call](need.entry);
}

function bytesBody(
  need: Extract<Need, { op: 'body' }>,
  bytes: Uint8Array,
  max: number,
): Verdict<HashedBody, BodyCode> {
  if (bytes.length > max) return fail('body-too-large', `${bytes.length} bytes, over the limit of ${max}`);
  return ok({ digest: requestHasher(need.method, need.target).update(bytes).digest(), body: bytes });
}

/** Runs steps with synchronous answers. */
export function runSync<T>(steps: Steps<T>, answers: Answers): T {
  let step = steps.next();
  while (!step.done) {
    const need = step.value;
    let answer: unknown;
    if (Array.isArray(need)) answer = verifyEd25519(...(need as DoorQuestion));
    else {
      const n = need as Exclude<Need, DoorQuestion>;
      if (n.op === 'replay')
        answer = clocked(
          answers.cache === undefined
            ? replayKel(n.bytes, { now: new Date(answers.nowMs) })
            : throughDoor(cachedReplay(answers.cache, n.bytes)),
          answers.nowMs,
        );
      else if (n.op === 'pin') answer = pinKel(answers.pins!, n.kel);
      else if (n.op === 'kel') answer = syncOnly(answers.kels!(n.aid), 'the log source (kels)');
      else if (n.op === 'window') answer = syncOnly(windowCall(answers.window!, n), 'the replay window');
      else if (n.source.kind === 'stream')
        throw new SeamError('async-body', 'a streamed body needs verifyHubRequestAsync');
      else
        answer = bytesBody(
          n,
          n.source.kind === 'bytes' ? n.source.bytes : new Uint8Array(0),
          answers.maxBodyBytes!,
        );
    }
    step = steps.next(answer);
  }
  return step.value;
}

/** Reads a streamed body into memory while hashing it, stopping at the first byte past `max`. */
async function streamedBody(
  need: Extract<Need, { op: 'body' }>,
  stream: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
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
  while (!step.done) {
    const need = step.value;
    let answer: unknown;
    if (Array.isArray(need)) answer = await verifyEd25519Async(...(need as DoorQuestion));
    else {
      const n = need as Exclude<Need, DoorQuestion>;
      if (n.op === 'replay')
        answer = clocked(
          answers.cache === undefined
            ? await replayKelAsync(n.bytes, { now: new Date(answers.nowMs) })
            : await throughDoorAsync(cachedReplay(answers.cache, n.bytes)),
          answers.nowMs,
        );
      else if (n.op === 'pin') answer = await pinKelAsync(answers.pins!, n.kel);
      else if (n.op === 'kel') answer = await answers.kels!(n.aid);
      else if (n.op === 'window') answer = await windowCall(answers.window!, n);
      else if (n.source.kind === 'stream')
        answer = await streamedBody(n, n.source.stream, answers.maxBodyBytes!);
      else
        answer = bytesBody(
          n,
          n.source.kind === 'bytes' ? n.source.bytes : new Uint8Array(0),
          answers.maxBodyBytes!,
        );
    }
    step = steps.next(answer);
  }
  return step.value;
}

export type { Ed25519Verdict, PinCode, PinOutcome, ReplayAnswer };
