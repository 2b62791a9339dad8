import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CID_CODES,
  DECODE_CODES,
  decode,
  decodeEntries,
  decodeObject,
  encode,
  OBJECT_CODES,
  parseCid,
} from '../src/index.js';
import { schemas } from './schema-fixture.js';

/**
 * Every entry point that reads received data answers with a Verdict whatever it is given,
 * a value of the wrong JavaScript type included, and never throws. Entry points covered:
 * decode (strict and lenient), decodeEntries, decodeObject (both fixture schemas), parseCid.
 */
const received = fc.oneof(
  fc.anything(),
  fc.anything({ withTypedArray: true, withMap: true, withSet: true, withBigInt: true, withDate: true }),
  fc.uint8Array({ maxLength: 64 }),
  fc.string(),
  fc.constant(encode(new Map([[1, 'a']]))),
);

function isVerdict(v: { ok: boolean; code?: string }, codes: readonly string[]): void {
  if (!v.ok) expect(codes).toContain(v.code);
  else expect(v).toHaveProperty('value');
}

describe('readers never throw on what they are given', () => {
  it('decode, decodeEntries, decodeObject, parseCid', () =>
    fc.assert(
      fc.property(received, (input) => {
        const bytes = input as Uint8Array;
        isVerdict(decode(bytes), DECODE_CODES);
        isVerdict(decode(bytes, { lenient: true }), DECODE_CODES);
        isVerdict(decodeEntries(bytes), OBJECT_CODES);
        for (const schema of Object.values(schemas)) isVerdict(decodeObject(schema, bytes), OBJECT_CODES);
        isVerdict(parseCid(input), CID_CODES);
      }),
      { numRuns: 1000 },
    ));

  it('a string, an array of numbers, null: not-bytes, never read', () => {
    for (const input of ['a0', [0xa0], null, undefined, { length: 1, 0: 0xa0 }])
      expect(decode(input as never)).toEqual({
        ok: false,
        code: 'not-bytes',
        detail: 'the input is not a Uint8Array',
      });
  });
});
