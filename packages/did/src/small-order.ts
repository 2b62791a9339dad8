/**
 * The fourteen encodings of small-order points (libsodium's blocklist): seven values
 * of y, each with the sign bit clear or set. Four of the seven are the canonical y of
 * the eight torsion points; the other three (p, p + 1 and, with the sign set, x = 0
 * forms) are non-canonical spellings that a permissive decoder maps onto them.
 */
const SMALL_ORDER_Y: readonly Uint8Array[] = [
  '0000000000000000000000000000000000000000000000000000000000000000', // y = 0 (order 4)
  '0100000000000000000000000000000000000000000000000000000000000000', // y = 1 (identity)
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', // order 8
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p - 1 (order 2)
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p (non-canonical 0)
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p + 1 (non-canonical 1)
].map((h) => Uint8Array.from(h.match(/../g)!, (b) => Number.parseInt(b, 16)));

/** True when `encoding` (32 bytes) is one of the fourteen small-order encodings, sign bit ignored. */
export function isSmallOrderEncoding(encoding: Uint8Array): boolean {
  outer: for (const y of SMALL_ORDER_Y) {
    for (let i = 0; i < 31; i++) if (encoding[i] !== y[i]) continue outer;
    if ((encoding[31]! & 0x7f) === y[31]) return true;
  }
  return false;
}
