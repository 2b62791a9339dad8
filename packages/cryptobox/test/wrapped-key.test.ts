import { describe, expect, it } from 'vitest';
import { decodeWrappedKey, encodeWrappedKey } from '../src/index.js';
import { seamError, thrown } from './helpers.js';

// Refusal details and argument messages are contract, so each is asserted whole; caps are held
// at their exact boundary. Each `why` names the mutant of src/wrapped-key.ts the case holds, as
// file:line of the source at the time, original → replacement.
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('wrapped keys (wrapped-key.ts)', () => {
  const sealed = new Uint8Array([0, 255]);
  const wrongArgument = seamError(
    'bad-argument',
    'a wrapped key needs string scope and wrappedBy and Uint8Array sealed',
  );

  it('a wrapped key with any one member of the wrong type is not written', () => {
    // why: wrapped-key.ts:39 the whole condition → false, scope||wrappedBy → false,
    // (scope||wrappedBy) && !sealed, scope && wrappedBy, scope check → false; :40 the
    // wrappedBy check → false; :44 'bad-argument' and :45 message → "" (had no coverage).
    // Each bad member alone would otherwise be written: canonicalize takes a number or an array.
    expect(thrown(() => encodeWrappedKey({ scope: 7 as never, wrappedBy: 'k', sealed }))).toEqual(
      wrongArgument,
    );
    expect(thrown(() => encodeWrappedKey({ scope: 's', wrappedBy: 7 as never, sealed }))).toEqual(
      wrongArgument,
    );
    expect(thrown(() => encodeWrappedKey({ scope: 's', wrappedBy: 'k', sealed: [0, 255] as never }))).toEqual(
      wrongArgument,
    );
    expect(new TextDecoder().decode(encodeWrappedKey({ scope: 's', wrappedBy: 'k', sealed }))).toBe(
      '{"scope":"s","sealed":[0,255],"wrapped_by":"k"}',
    );
  });

  const decode = (text: string) => decodeWrappedKey(utf8(text));
  const malformed = (detail: string) => ({ ok: false, code: 'wrapped-key-malformed', detail });
  const needs = malformed('the wrapped key needs string scope and wrapped_by and a byte array sealed');

  it('bytes that are not a Uint8Array are not-bytes, with the detail', () => {
    // why: wrapped-key.ts:70 detail → ""
    expect(decodeWrappedKey('{}' as never)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the wrapped key is a string, not a Uint8Array',
    });
  });

  it('text that is not JSON, and JSON not in canonical form, each carry their detail', () => {
    // why: wrapped-key.ts:86 and :88 details → ""
    expect(decode('{"scope":')).toEqual(
      malformed('the wrapped key is not JSON this reader takes: document ends where a value was expected'),
    );
    expect(decode('{"scope":"s", "sealed":[],"wrapped_by":"k"}')).toEqual({
      ok: false,
      code: 'wrapped-key-not-canonical',
      detail: 'the wrapped key is not written in canonical form',
    });
  });

  it('a JSON value that is not an object is refused as such, never read for members', () => {
    // why: wrapped-key.ts:112 isObject: typeof v === 'object' && v !== null → true, the
    // && → ||, typeof v === 'object' → true (a number or string would be read for members
    // and refused with the other detail), v !== null → true (null would reach Object.keys
    // and throw); :97 detail → ""
    for (const [text, type] of [
      ['null', 'null'],
      ['1', 'a number'],
      ['"s"', 'a string'],
      ['true', 'a boolean'],
      ['[]', 'an array'],
    ] as const)
      expect(decode(text)).toEqual(malformed(`the wrapped key is ${type}, not a JSON object`));
  });

  it('an unknown member is refused with its detail', () => {
    // why: wrapped-key.ts:100 detail → ""
    expect(decode('{"other":1,"scope":"s","sealed":[],"wrapped_by":"k"}')).toEqual({
      ok: false,
      code: 'wrapped-key-unknown-member',
      detail: 'the wrapped key has a member "other" this reader does not know',
    });
  });

  it('a wrapped_by that is not a string is refused', () => {
    // why: wrapped-key.ts:103 typeof wrappedBy !== 'string' → false (it would be accepted);
    // :106 detail → ""
    expect(decode('{"scope":"s","sealed":[],"wrapped_by":1}')).toEqual(needs);
    expect(decode('{"scope":1,"sealed":[],"wrapped_by":"k"}')).toEqual(needs);
  });

  it('sealed holds integers 0..255 only: -1, 256, 0.5 and a string are each refused', () => {
    // why: wrapped-key.ts:120 v < 0 → false, and the whole left part → false, and
    // (number || integer) && v < 0: -1 would be read as the byte 255; the number-or-integer
    // part → false: "1" would be read as 1; its || → &&: 0.5 would be read as 0
    for (const element of ['-1', '256', '0.5', '"1"', 'null'])
      expect(decode(`{"scope":"s","sealed":[${element}],"wrapped_by":"k"}`)).toEqual(needs);
    expect(decode('{"scope":"s","sealed":[0,255],"wrapped_by":"k"}')).toEqual({
      ok: true,
      value: { scope: 's', wrappedBy: 'k', sealed },
    });
  });
});
