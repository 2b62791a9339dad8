import { hex } from '@agent-seam/canonical';
import { fromHex } from './helpers.js';

/**
 * Inputs both X25519 test files drive the door and its backends with: the RFC 7748
 * answers, the low-order points in every 32-byte encoding, the non-canonical u values,
 * and seeded random keys.
 */

/** RFC 7748 section 5.2: scalar, u, X25519(scalar, u). The second u has its top bit set. */
export const SCALAR_MULT_ANSWERS: [string, string, string][] = [
  [
    'a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4',
    'e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c',
    'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552',
  ],
  [
    '4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d',
    'e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493',
    '95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957',
  ],
];

/** RFC 7748 section 5.2, iterated: k = u = 9, then (k, u) = (X25519(k, u), k); k after 1 and 1000 rounds. */
export const ITERATED_ANSWERS: [number, string][] = [
  [1, '422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079'],
  [1000, '684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51'],
];

/** RFC 7748 section 6.1: Alice's and Bob's key pairs and the secret they share. */
export const DIFFIE_HELLMAN = {
  alicePrivate: '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
  alicePublic: '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
  bobPrivate: '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb',
  bobPublic: 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f',
  shared: '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
};

export const P = 2n ** 255n - 19n;

/** The 32-byte little-endian encoding of 0 <= n < 2^256. */
export function encodeU(n: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return bytes;
}

/** u with bit 255 set, which RFC 7748 says to ignore. */
export const withTopBit = (u: Uint8Array): Uint8Array => {
  const set = u.slice();
  set[31]! |= 0x80;
  return set;
};

/**
 * The u coordinates of the points of order 1, 2, 4 and 8 on the curve and its twist
 * (every multiple of 8 sends them to the all-zero u): 0, 1, p - 1 and the two points of
 * order 8, as in libsodium's blocklist.
 */
export const LOW_ORDER_U: bigint[] = [
  0n,
  1n,
  P - 1n,
  325606250916557431795983626356110631294008115727848805560023387167927233504n,
  39382357235489614581723060781553021112529911719440698176882885853963445705823n,
];

/**
 * Every 32-byte encoding of a low-order point: each value, p and p + 1 (the non-canonical
 * spellings of 0 and 1; the others plus p do not fit in 255 bits), each with and without
 * the top bit. Fourteen byte strings.
 */
export const LOW_ORDER_ENCODINGS: Uint8Array[] = [...LOW_ORDER_U, P, P + 1n].flatMap((u) => [
  encodeU(u),
  withTopBit(encodeU(u)),
]);

export const bytes = fromHex;
export const hexOf = (value: Uint8Array | null): string | null => (value === null ? null : hex.encode(value));
