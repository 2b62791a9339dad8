/**
 * Every curve and hash primitive the package uses comes through this module, so a
 * faster backend (node:crypto, WebCrypto) can replace it behind the same byte-level
 * pre-checks in ed25519.ts. Nothing here judges input; it only computes.
 */
import { sha512 } from '@agent-seam/canonical';
import { edwards } from '@noble/curves/abstract/edwards.js';
import { mod, pow2 } from '@noble/curves/abstract/modular.js';
import { ed25519 } from '@noble/curves/ed25519.js';

const P = 2n ** 255n - 19n;
/** sqrt(-1) mod p, 2^((p-1)/4). */
const SQRT_M1 = 0x2b8324804fc1df0b2b4d00993dfbd7a72f431806ad2fe478c4ee1b274a0ea0b0n;

/** x^(2^252 - 3) mod p by the usual addition chain (254 squarings, 11 multiplications). */
function powP58(x: bigint): bigint {
  const sq = (a: bigint, k: bigint) => pow2(a, k, P);
  const mul = (a: bigint, b: bigint) => (a * b) % P;
  const x2 = mul(mul(x, x), x); // x^3 = x^(2^2 - 1)
  const x4 = mul(sq(x2, 2n), x2); // 2^4 - 1
  const x5 = mul(sq(x4, 1n), x); // 2^5 - 1
  const x10 = mul(sq(x5, 5n), x5);
  const x20 = mul(sq(x10, 10n), x10);
  const x40 = mul(sq(x20, 20n), x20);
  const x80 = mul(sq(x40, 40n), x40);
  const x160 = mul(sq(x80, 80n), x80);
  const x240 = mul(sq(x160, 80n), x80);
  const x250 = mul(sq(x240, 10n), x10);
  return mul(sq(x250, 2n), x); // 2^252 - 4 + 1
}

/**
 * sqrt(u/v) as RFC 8032 section 5.1.3 step 3 computes it, one exponentiation and no
 * inversion: x = u v^3 (u v^7)^((p-5)/8), then x or x sqrt(-1) when v x^2 = u or -u.
 * The generic square root noble would otherwise use costs about half again as much.
 */
function uvRatio(u: bigint, v: bigint): { isValid: boolean; value: bigint } {
  const v3 = (v * v * v) % P;
  const x = mod(u * v3 * powP58(mod(u * v3 * v3 * v, P)), P);
  const vx2 = mod(v * x * x, P);
  if (vx2 === mod(u, P)) return { isValid: true, value: x };
  if (vx2 === mod(-u, P)) return { isValid: true, value: mod(x * SQRT_M1, P) };
  return { isValid: false, value: 0n };
}

/**
 * The edwards25519 group (RFC 8032 section 5.1: p = 2^255 - 19, a = -1,
 * d = -121665/121666, B = (x, 4/5) with x even, L and cofactor 8) on noble's Edwards
 * arithmetic alone. Verification uses only this; noble's `ed25519` (its signer, key
 * generation and verifier in one object) is reached by the two signing helpers below
 * only, so a verify-only bundle tree-shakes it away. A test holds this group equal to
 * noble's `ed25519.Point`.
 */
const Point = edwards(
  {
    p: P,
    n: 2n ** 252n + 27742317777372353535851937790883648493n,
    h: 8n,
    a: 2n ** 255n - 20n,
    d: 0x52036cee2b6ffe738cc740797779e89800700a4d4141d8ab75eb4dca135978a3n,
    Gx: 0x216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51an,
    Gy: 0x6666666666666666666666666666666666666666666666666666666666666658n,
  },
  { uvRatio },
);
type Point = InstanceType<typeof Point>;

/** The prime order L of the Ed25519 base point. */
export const GROUP_ORDER: bigint = Point.Fn.ORDER;

/** The 32-byte public key of a 32-byte seed (RFC 8032 section 5.1.5). */
export const publicKeyOfSeed = (seed: Uint8Array): Uint8Array => ed25519.getPublicKey(seed);

/** The deterministic RFC 8032 signature of `message` under `seed`. */
export const signWithSeed = (seed: Uint8Array, message: Uint8Array): Uint8Array =>
  ed25519.sign(message, seed);

/**
 * Decodes a point the RFC 8032 way: y < p, and x = 0 only with the sign bit clear.
 * Null when the bytes are not such an encoding of a curve point.
 */
export function decodePointStrict(bytes: Uint8Array): Point | null {
  try {
    return Point.fromBytes(bytes, false);
  } catch {
    return null;
  }
}

/** Little-endian integer of `bytes` (a scalar as RFC 8032 spells it). */
export function scalarFromLittleEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** h = SHA-512(R || A || M) mod L. */
export function challenge(r: Uint8Array, a: Uint8Array, message: Uint8Array): bigint {
  const input = new Uint8Array(64 + message.length);
  input.set(r, 0);
  input.set(a, 32);
  input.set(message, 64);
  return scalarFromLittleEndian(sha512(input)) % GROUP_ORDER;
}

/** The cofactorless verification equation [S]B == R + [h]A (no multiplication by 8). */
export const cofactorlessHolds = (s: bigint, r: Point, h: bigint, a: Point): boolean =>
  Point.BASE.multiplyUnsafe(s).equals(r.add(a.multiplyUnsafe(h)));
