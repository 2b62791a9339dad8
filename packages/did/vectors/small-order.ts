/**
 * The seven small-order y values of libsodium's Ed25519 blocklist, written out here
 * independently of src/small-order.ts so that a typo there is caught: the generator builds
 * reject.ed25519's small-order cases from them, and test/ed25519-door.test.ts asks the door.
 */
export const SMALL_ORDER_Y = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
];

/** The same encoding with the sign bit (the top bit of the last byte) set: the other seven. */
export const withSignBit = (h: string) =>
  h.slice(0, 62) + (Number.parseInt(h.slice(62), 16) | 0x80).toString(16);
