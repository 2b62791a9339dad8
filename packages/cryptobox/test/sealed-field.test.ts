import { describe, expect, it } from 'vitest';
import { readSealedField, sealedObject, sealedString } from '../src/index.js';
import { seamError, thrown } from './helpers.js';

// Refusal details and argument messages are contract, so each is asserted whole; caps are held
// at their exact boundary. Each `why` names the mutant of src/sealed-field.ts the case holds, as
// file:line of the source at the time, original → replacement.

describe('sealed fields (sealed-field.ts)', () => {
  it('a sealed object or string of the wrong type names its argument', () => {
    // why: sealed-field.ts:15 and :20 'envelope' → ""
    expect(thrown(() => sealedObject('x' as never))).toEqual(
      seamError('bad-argument', 'envelope must be a Uint8Array'),
    );
    expect(thrown(() => sealedString('x' as never))).toEqual(
      seamError('bad-argument', 'envelope must be a Uint8Array'),
    );
  });

  it('each refusal of a sealed field carries its detail', () => {
    // why: sealed-field.ts:36 'a plain string' → "", :45 'not a sealed spelling' → "",
    // :48 the sealed-malformed detail → "", :57 the bad-base64 detail → ""
    expect(readSealedField('plain')).toEqual({
      ok: false,
      code: 'not-sealed',
      detail: 'a plain string: it does not start with "$sealed:"',
    });
    for (const [value, detail] of [
      [null, 'null, not a sealed string or a {"$sealed": …} object'],
      [7, 'a number, not a sealed string or a {"$sealed": …} object'],
      [[], 'an array, not a sealed string or a {"$sealed": …} object'],
      [{ other: 1 }, 'an object with no $sealed member'],
    ] as const)
      expect(readSealedField(value)).toEqual({ ok: false, code: 'not-sealed', detail });
    const malformed = (detail: string) => ({ ok: false, code: 'sealed-malformed', detail });
    expect(readSealedField({ $sealed: 'AQ==', other: 1 })).toEqual(
      malformed('the $sealed object has 2 members; it must hold only $sealed'),
    );
    expect(readSealedField({ $sealed: 1 })).toEqual(
      malformed('the $sealed member is a number, not a string'),
    );
    const badBase64 = (why: string) => ({
      ok: false,
      code: 'bad-base64',
      detail: `the sealed envelope is not canonical base64: ${why}`,
    });
    expect(readSealedField('$sealed:AB=C')).toEqual(badBase64('not the canonical spelling'));
    expect(readSealedField({ $sealed: 'AQ' })).toEqual(badBase64('length is not a multiple of 4'));
  });
});
