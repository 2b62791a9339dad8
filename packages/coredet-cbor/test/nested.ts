import fc from 'fast-check';

/**
 * Values nested from `leaf`: arrays and maps (keys drawn from `key`) of at most four members
 * each, small in depth. The differential tests feed both libraries these.
 */
export const nested = (leaf: fc.Arbitrary<unknown>, key: fc.Arbitrary<string>): fc.Arbitrary<unknown> =>
  fc.letrec((tie) => ({
    leaf,
    node: fc.oneof(
      { depthSize: 'small' },
      tie('leaf'),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(key, tie('node'), { maxKeys: 4 }),
    ),
  })).node;
