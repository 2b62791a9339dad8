import { describe, expect, it } from 'vitest';
import { base32LowerDecode, base32LowerEncode } from '../src/base32.js';
import { fromHex } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds; the survivors no input can tell apart
// are listed in spec/coredet-cbor.md ("Outside the verify path ... (a)").

describe('base32', () => {
  // why: base32.ts:20:7 bits > 0 → true / bits >= 0: five bytes fill whole characters; no
  // trailing character may follow.
  it('writes 5 bytes as 8 characters', () => {
    expect(base32LowerEncode(fromHex('0000000000'))).toBe('aaaaaaaa');
  });

  // why: base32.ts:35:37 -1 → +1, base32.ts:35:15 c < 128 → true and → c <= 128 (U+0080),
  // base32.ts:36:42 message → "".
  it.each(['\u0080', '\u00e1'])('refuses the non-ASCII character %j', (t) => {
    expect(base32LowerDecode(t)).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'the character at offset 0 is outside the lower-case base32 alphabet',
    });
  });

  // why: base32.ts:45:7 bits >= 5 → false and → bits > 5: one character (5 bits, all zero)
  // completes no byte; base32.ts:45:79 message → "".
  it('refuses a lone character', () => {
    expect(base32LowerDecode('a')).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'not the canonical spelling: base32 writes no text of length 1',
    });
  });

  it('a detail says where the text went wrong: the offset of a foreign character, non-zero leftover bits', () => {
    expect(base32LowerDecode('aB')).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'the character at offset 1 is outside the lower-case base32 alphabet',
    });
    expect(base32LowerDecode('ab')).toEqual({
      ok: false,
      code: 'bad-base32',
      detail: 'not the canonical spelling: the 2 bits left over at the end are not zero',
    });
  });
});
