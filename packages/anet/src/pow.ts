/**
 * Registration proof of work (`anet-regpow/v1`, seed 002). The hub hands out a seed
 * derived from a secret and the hour; the client finds a nonce of at most 32 bytes such
 * that SHA-256("anet-regpow/v1" ‖ 0 ‖ hub AID ‖ 0 ‖ its AID ‖ 0 ‖ seed ‖ nonce) begins
 * with at least 22 zero bits; the hub checks the seed's hour, the nonce's length and the
 * bits, each with its own code. Hashing goes through canonical's door.
 */
import {
  bytesEqual,
  concatBytes,
  fail,
  hmacSha256,
  type Instant,
  missingOption,
  OFF,
  ok,
  requiredInstant,
  SeamError,
  sha256,
  unixMillis,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import {
  HOUR_MS,
  POW_BITS,
  POW_LABEL,
  POW_MAX_NONCE_BYTES,
  POW_SEED_BYTES,
  POW_SEED_LABEL,
} from './limits.js';

const ZERO = Uint8Array.of(0);
const text = (s: string) => utf8Strict.encode(s);

/** What a solution is for: the hub, the registering AID and the hub's seed. */
export interface PowChallenge {
  hub: string;
  aid: string;
  seed: Uint8Array;
}

/** The fixed part of the hashed bytes: label ‖ 0 ‖ hub ‖ 0 ‖ aid ‖ 0 ‖ seed; the nonce follows. */
export const powPrefix = (c: PowChallenge): Uint8Array =>
  concatBytes([text(POW_LABEL), ZERO, text(c.hub), ZERO, text(c.aid), ZERO, c.seed]);

/** The number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

/** The hour a time falls in: whole hours since the Unix epoch. */
export const powHour = (now: Instant): number => Math.floor(unixMillis(now, 'now') / HOUR_MS);

/**
 * DECIDED (spec/anet.md): the hub's seed for an hour, HMAC-SHA256(secret, "anet-regpow-seed/v1"
 * ‖ 0 ‖ hub AID ‖ 0 ‖ decimal hour), 32 bytes. Only the hub can make it; it needs no state.
 */
export function hubPowSeed(secret: Uint8Array, hub: string, hour: number): Uint8Array {
  if (!(secret instanceof Uint8Array) || secret.length < 16)
    throw new SeamError('bad-argument', 'the hub secret is at least 16 bytes');
  if (typeof hub !== 'string' || hub === '') throw new SeamError('bad-argument', 'hub is the hub AID');
  if (!Number.isSafeInteger(hour) || hour < 0)
    throw new SeamError('bad-argument', 'hour is a whole number of hours');
  return hmacSha256(secret, concatBytes([text(POW_SEED_LABEL), ZERO, text(hub), ZERO, text(String(hour))]));
}

/** Every refusal of verifyPow, in the order the checks are made (POW_CHECKS). */
export const POW_CODES = [
  'bad-solution',
  'pow-nonce-too-long',
  'pow-wrong-hour',
  'pow-too-few-bits',
] as const;
export type PowCode = (typeof POW_CODES)[number];

/** A registration's proof as the client sends it. */
export interface PowSolution {
  /** The registering AID. */
  aid: string;
  /** The seed the hub handed out (32 bytes). */
  seed: Uint8Array;
  nonce: Uint8Array;
}

export interface VerifyPowOptions {
  /** The hub's own AID. */
  hub: string;
  /**
   * The hub's secret and clock: the seed must be this hour's or the last hour's. `'off'`
   * judges only the work (a third party without the secret); the result records it.
   */
  hour: { secret: Uint8Array; now: Instant } | 'off';
  /** Leading zero bits required (default 22, the same on every hub). */
  bits?: number;
}

export interface VerifiedPow {
  /** The leading zero bits the solution has. */
  bits: number;
  hour: 'current' | 'previous' | 'off-by-caller';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Judge a proof of work (POW_CHECKS, in order). Never throws on the solution. */
export function verifyPow(solution: unknown, options: VerifyPowOptions): Verdict<VerifiedPow, PowCode> {
  const { hub, hour } = options ?? ({} as VerifyPowOptions);
  if (typeof hub !== 'string' || hub === '')
    throw new SeamError('bad-argument', 'hub is required: your own hub AID');
  if (hour === undefined)
    throw missingOption(
      'verifyPow',
      'hour',
      "({ secret, now }: your hub's secret and clock) to refuse a seed of another hour or hub",
    );
  if (hour !== OFF) requiredInstant(hour?.now, 'verifyPow hour', 'to know which hour is current');
  const bits = options.bits ?? POW_BITS;
  if (!Number.isInteger(bits) || bits < 1 || bits > 256)
    throw new SeamError('bad-argument', 'bits is 1 to 256');
  if (!isObject(solution)) return fail('bad-solution', 'the solution is not an object');
  const { aid, seed, nonce } = solution;
  if (typeof aid !== 'string' || aid === '') return fail('bad-solution', 'the solution names no AID');
  if (!(seed instanceof Uint8Array) || seed.length !== POW_SEED_BYTES)
    return fail('bad-solution', `the seed is not ${POW_SEED_BYTES} bytes`);
  if (!(nonce instanceof Uint8Array)) return fail('bad-solution', 'the nonce is not bytes');
  if (nonce.length > POW_MAX_NONCE_BYTES)
    return fail('pow-nonce-too-long', `the nonce is ${nonce.length} bytes, over ${POW_MAX_NONCE_BYTES}`);
  let which: VerifiedPow['hour'] = 'off-by-caller';
  if (hour !== OFF) {
    const current = powHour(hour.now);
    if (bytesEqual(seed, hubPowSeed(hour.secret, hub, current))) which = 'current';
    else if (current > 0 && bytesEqual(seed, hubPowSeed(hour.secret, hub, current - 1))) which = 'previous';
    else return fail('pow-wrong-hour', "the seed is neither this hour's nor the last hour's");
  }
  const got = leadingZeroBits(sha256(concatBytes([powPrefix({ hub, aid, seed }), nonce])));
  if (got < bits)
    return fail('pow-too-few-bits', `the hash begins with ${got} zero bits; ${bits} are needed`);
  return ok({ bits: got, hour: which });
}

/** A slice of the search: nonces are 8-byte big-endian counters from `start`, `count` of them. */
export interface PowTask {
  prefix: Uint8Array;
  bits: number;
  start: number;
  count: number;
}

export interface PowFound {
  nonce: Uint8Array;
  /** Nonces tried in this slice, the found one included. */
  attempts: number;
}

/**
 * Tries the nonces of one slice, on this thread: the bytes hashed are one buffer whose
 * last 8 bytes are rewritten per attempt. The first nonce with enough zero bits, or null.
 */
export function solvePowRange(task: PowTask): PowFound | null {
  const { prefix, bits, start, count } = task;
  const buffer = new Uint8Array(prefix.length + 8);
  buffer.set(prefix);
  const view = new DataView(buffer.buffer, prefix.length, 8);
  const fullBytes = bits >> 3;
  const mask = (0xff << (8 - (bits & 7))) & 0xff;
  for (let i = 0; i < count; i++) {
    const counter = start + i;
    view.setUint32(0, Math.floor(counter / 0x1_0000_0000));
    view.setUint32(4, counter >>> 0);
    const digest = sha256(buffer);
    let j = 0;
    while (j < fullBytes && digest[j] === 0) j++;
    if (j === fullBytes && (digest[j]! & mask) === 0)
      return { nonce: buffer.slice(prefix.length), attempts: i + 1 };
  }
  return null;
}

/** Runs one slice somewhere (a worker thread, a Web Worker, or here) and answers with its result. */
export type PowRunner = (task: PowTask) => Promise<PowFound | null>;

export interface SolvePowOptions {
  /** Where slices run; default: a worker thread on Node, this thread (yielding between slices) elsewhere. */
  runner?: PowRunner;
  /** Leading zero bits to reach (default 22). */
  bits?: number;
  /** Nonces per slice (default 2^18). */
  sliceSize?: number;
  /** Give up after this many nonces (default 2^32): SeamError('pow-not-found'). */
  maxAttempts?: number;
  /** The first counter (default 0). */
  start?: number;
}

/** The client's solver: slices of nonces run by `runner` until one has enough zero bits. */
export async function solvePowWith(
  challenge: PowChallenge,
  runner: PowRunner,
  options: Omit<SolvePowOptions, 'runner'> = {},
): Promise<PowFound> {
  const bits = options.bits ?? POW_BITS;
  const slice = options.sliceSize ?? 1 << 18;
  const max = options.maxAttempts ?? 2 ** 32;
  if (
    !(challenge?.seed instanceof Uint8Array) ||
    typeof challenge.hub !== 'string' ||
    typeof challenge.aid !== 'string'
  )
    throw new SeamError('bad-argument', 'the challenge is { hub, aid, seed }');
  const prefix = powPrefix(challenge);
  let attempts = 0;
  for (let start = options.start ?? 0; attempts < max; start += slice) {
    const count = Math.min(slice, max - attempts);
    const found = await runner({ prefix, bits, start, count });
    if (found !== null) return { nonce: found.nonce, attempts: attempts + found.attempts };
    attempts += count;
  }
  throw new SeamError('pow-not-found', `no nonce among ${max} reaches ${bits} zero bits`);
}

/** A runner on this thread that hands control back between slices (no worker needed). */
export const inlinePowRunner: PowRunner = async (task) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return solvePowRange(task);
};

/** A minimal structural Web Worker (the DOM's), so no DOM types are needed. */
interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/**
 * A runner on a Web Worker made by `makeWorker` (for instance `() => new Worker(url, {
 * type: 'module' })` with the URL your bundler gives `@agent-seam/anet/pow-worker`). One
 * worker serves every slice of a solve; call `close()` when done.
 */
export function webWorkerPowRunner(makeWorker: () => WorkerLike): PowRunner & { close(): void } {
  let worker: WorkerLike | undefined;
  const run = (task: PowTask) =>
    new Promise<PowFound | null>((resolve, reject) => {
      worker ??= makeWorker();
      worker.onmessage = (event) => resolve(event.data as PowFound | null);
      worker.onerror = (error) => reject(error);
      worker.postMessage(task);
    });
  return Object.assign(run, {
    close: () => {
      worker?.terminate();
      worker = undefined;
    },
  });
}
