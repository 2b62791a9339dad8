import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { equationHolds } from '#equation';
import { decodePointStrict, GROUP_ORDER, publicKeyOfSeed, signWithSeed } from './primitives.js';
import { isSmallOrderEncoding } from './small-order.js';

/** Refusals of the Ed25519 door. */
export const ED25519_CODES = [
  'bad-length',
  'small-order-key',
  'non-canonical-key',
  'small-order-r',
  'non-canonical-r',
  'non-canonical-s',
  'bad-signature',
] as const;
export type Ed25519Code = (typeof ED25519_CODES)[number];

export interface KeyPair {
  seed: Uint8Array;
  publicKey: Uint8Array;
}

const isBytes = (value: unknown, length?: number): value is Uint8Array =>
  value instanceof Uint8Array && (length === undefined || value.length === length);

function requireSeed(seed: unknown): Uint8Array {
  if (!isBytes(seed, 32)) throw new SeamError('bad-seed', 'an Ed25519 seed is exactly 32 bytes');
  return seed;
}

/** The public key of a 32-byte seed; the seed is the whole identity. */
export function keyPairFromSeed(seed: Uint8Array): KeyPair {
  return { seed: requireSeed(seed), publicKey: publicKeyOfSeed(seed) };
}

/** The 64-byte RFC 8032 signature of `message` under `seed` (deterministic). */
export function signEd25519(seed: Uint8Array, message: Uint8Array): Uint8Array {
  if (!isBytes(message)) throw new SeamError('bad-message', 'the message to sign must be bytes');
  return signWithSeed(requireSeed(seed), message);
}

/** The verification equation a backend supplies (`#equation`: OpenSSL on Node, noble elsewhere). */
export type EquationHolds = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;

/** y of an encoding (sign bit ignored) is below p = 2^255 - 19, read from the bytes. */
function yBelowFieldPrime(encoding: Uint8Array): boolean {
  if ((encoding[31]! & 0x7f) !== 0x7f) return true;
  for (let i = 30; i >= 1; i--) if (encoding[i] !== 0xff) return true;
  return encoding[0]! < 0xed;
}

/** A strict point encoding: y < p, and, when `decode` is set, a curve point (the costly square root). */
const isStrictEncoding = (encoding: Uint8Array, decode: boolean): boolean =>
  yBelowFieldPrime(encoding) && (!decode || decodePointStrict(encoding) !== null);

/** L little-endian, as RFC 8032 spells S, so that S < L is read from the bytes (no bigint per verification). */
const ORDER_BYTES = Uint8Array.from({ length: 32 }, (_, i) => Number((GROUP_ORDER >> BigInt(8 * i)) & 0xffn));

/** S (the signature's last 32 bytes) < L, compared from the most significant byte down. */
function sBelowGroupOrder(signature: Uint8Array): boolean {
  for (let i = 31; i >= 0; i--) {
    const byte = signature[32 + i]!;
    if (byte !== ORDER_BYTES[i]) return byte < ORDER_BYTES[i]!;
  }
  return false;
}

/**
 * The door's checks before the equation, in their fixed order, shared by every backend;
 * null when all pass. The fourteen small-order encodings come first (x = 0 with the sign
 * bit set occurs only among them). Without `decode` the on-curve test is left out.
 */
function refusalBeforeEquation(
  publicKey: Uint8Array,
  signature: Uint8Array,
  decode: boolean,
): Ed25519Code | null {
  const rBytes = signature.subarray(0, 32);
  // A small-order key "signs" every message with R = identity, S = 0.
  if (isSmallOrderEncoding(publicKey)) return 'small-order-key';
  if (!isStrictEncoding(publicKey, decode)) return 'non-canonical-key';
  // A small-order R lets a torsion component ride along with an honest key.
  if (isSmallOrderEncoding(rBytes)) return 'small-order-r';
  if (!isStrictEncoding(rBytes, decode)) return 'non-canonical-r';
  // S >= L would give a second signature (S + L) for every signature.
  if (!sBelowGroupOrder(signature)) return 'non-canonical-s';
  return null;
}

const DETAIL: Partial<Record<Ed25519Code, string>> = {
  'non-canonical-key': 'not the RFC 8032 encoding of a curve point',
  'non-canonical-r': 'R is not the RFC 8032 encoding of a curve point',
  'non-canonical-s': 'S is not below the group order',
};

/** The door's verdict: ok, or the code of the first check that fails. */
export type Ed25519Verdict = Verdict<true, Ed25519Code>;

/** An equation backend that answers asynchronously (WebCrypto). */
export type AsyncEquationHolds = (
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
) => Promise<boolean>;

/**
 * The door up to the equation: a length refusal, or whether the equation is worth asking
 * (false when a cheap byte check already fails; `judged` then names which).
 */
function screen(publicKey: unknown, message: unknown, signature: unknown): Ed25519Verdict | boolean {
  if (!isBytes(publicKey, 32)) return fail('bad-length', 'public key must be 32 bytes');
  if (!isBytes(signature, 64)) return fail('bad-length', 'signature must be 64 bytes');
  if (!isBytes(message)) return fail('bad-length', 'message must be bytes');
  return refusalBeforeEquation(publicKey, signature, false) === null;
}

/**
 * The door after the equation. An accepted signature needs the byte checks and the
 * equation; the equation's "yes" also proves A and R are curve points (OpenSSL, and
 * WebCrypto, decode A and match R against a point they computed), so the square roots
 * are only taken on the refusal path, to name the first check that fails.
 */
function judged(publicKey: Uint8Array, signature: Uint8Array, holds: boolean): Ed25519Verdict {
  if (holds) return ok(true);
  const code = refusalBeforeEquation(publicKey, signature, true) ?? 'bad-signature';
  return fail(code, DETAIL[code]);
}

/** The door over a given equation backend. */
export function ed25519Door(holds: EquationHolds) {
  return function verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Ed25519Verdict {
    const ask = screen(publicKey, message, signature);
    if (typeof ask !== 'boolean') return ask;
    return judged(publicKey, signature, ask && holds(publicKey, message, signature));
  };
}

/** The same door over an asynchronous backend: same checks, same order, same verdicts. */
export function ed25519DoorAsync(holds: AsyncEquationHolds) {
  return async function verify(
    publicKey: Uint8Array,
    message: Uint8Array,
    signature: Uint8Array,
  ): Promise<Ed25519Verdict> {
    const ask = screen(publicKey, message, signature);
    if (typeof ask !== 'boolean') return ask;
    return judged(publicKey, signature, ask && (await holds(publicKey, message, signature)));
  };
}

/**
 * THE Ed25519 verification of this repository. Strict where RFC 8032 allows choice:
 * both encodings canonical, no small-order key or R, S < L, and the cofactorless
 * equation [S]B == R + [h]A with h = SHA-512(R || A || M) mod L. The byte checks run
 * before any curve arithmetic; the equation comes from the `#equation` backend. Never throws.
 */
export const verifyEd25519: (
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
) => Ed25519Verdict = ed25519Door(equationHolds);
