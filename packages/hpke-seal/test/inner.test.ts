import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { envelope, open, put, verdict } from './envelope-fixture.js';

// Each `it` pins one behaviour of the inner message; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('the inner message: a wire map with a bounded kel', () => {
  it('an inner message that is no wire map is bad-inner, said so', () => {
    // why: inner.ts:42 'not a CoreDet map with unsigned integer keys' -> ""
    expect(verdict(open(envelope({ inner: put(-1, encode(0)) })))).toEqual([
      'bad-inner',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a kel of exactly 65536 bytes is accepted, 65537 bytes is kel-too-large', () => {
    // why: inner.ts:62 `kel.length > KEL_MAX_BYTES` -> `>=`
    const withKel = (n: number) => envelope({ inner: put(10, encode(new Uint8Array(n))) });
    expect(verdict(open(withKel(65536)))).toEqual(['ok']);
    expect(verdict(open(withKel(65537)))).toEqual(['kel-too-large', 'the kel is 65537 bytes, over 65536']);
  });
});
