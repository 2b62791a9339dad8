import {
  base64Strict,
  base64urlStrict,
  canonicalFromJSON,
  canonicalString,
  hex,
  PARSE_CODES,
  parseJSON,
  SPELLING_CODES,
  utf8Strict,
} from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyInputOf, type EntryPoint, holdVerdictShaped } from '../../../tools/wrong-types.ts';
import { text, thrownMessage, utf8 } from './helpers.js';

/**
 * Every entry point of this package that judges received data, given arbitrary
 * JavaScript values: none throws, and each answers with a Verdict whose code is in its
 * closed list.
 */
const ENTRY_POINTS: EntryPoint[] = [
  ['canonicalFromJSON (seam)', (d) => canonicalFromJSON(d as never, { profile: 'seam' }), PARSE_CODES],
  ['canonicalFromJSON (rfc004)', (d) => canonicalFromJSON(d as never, { profile: 'rfc004' }), PARSE_CODES],
  ['parseJSON', (d) => parseJSON(d as never, { floats: 'marked' }), PARSE_CODES],
  ['base64Strict.decode', (d) => base64Strict.decode(d), SPELLING_CODES],
  ['base64urlStrict.decode', (d) => base64urlStrict.decode(d), SPELLING_CODES],
  ['hex.decode', (d) => hex.decode(d), SPELLING_CODES],
  ['utf8Strict.decode', (d) => utf8Strict.decode(d), SPELLING_CODES],
];

describe('inputs that never throw', () => {
  holdVerdictShaped(ENTRY_POINTS, anyInputOf(64), 400);

  it('a value of the wrong type is not-bytes at the parse boundary and not-bytes in utf8Strict', () => {
    for (const wrong of [null, undefined, 7, true, {}, [123, 125], new ArrayBuffer(2), new Uint16Array(2)]) {
      expect(canonicalFromJSON(wrong as never, { profile: 'seam' })).toMatchObject({ code: 'not-bytes' });
      expect(parseJSON(wrong as never)).toMatchObject({ code: 'not-bytes' });
      expect(utf8Strict.decode(wrong)).toMatchObject({ code: 'not-bytes' });
    }
  });
});

describe('a string document is its UTF-8', () => {
  it('gives what its bytes give, under every profile', () =>
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).map((s) => JSON.stringify({ s, n: [1, 2.5] })),
        fc.constantFrom('seam', 'jcs', 'swarmrelay-v1', 'agentplane-v1', 'rfc004' as const),
        (document, profile) => {
          const fromText = canonicalFromJSON(document, { profile });
          const fromBytes = canonicalFromJSON(utf8(document), { profile });
          expect(fromText).toEqual(fromBytes);
          expect(parseJSON(document, { profile })).toEqual(parseJSON(utf8(document), { profile }));
        },
      ),
    ));
  it('refuses a leading U+FEFF as a byte order mark, and an unpaired surrogate as invalid UTF-8', () => {
    expect(canonicalFromJSON('\uFEFF[]', { profile: 'jcs' })).toMatchObject({ ok: false, code: 'bom' });
    expect(canonicalFromJSON('["\uFEFF"]', { profile: 'jcs' })).toMatchObject({ ok: true });
    expect(parseJSON('"\udc00"')).toMatchObject({ ok: false, code: 'invalid-utf8' });
    expect(parseJSON('"\ud83d\udc26"')).toEqual({ ok: true, value: '\u{1F426}' });
  });
  it('holds a string to maxBytes', () => {
    expect(canonicalFromJSON('"abc"', { profile: 'seam', maxBytes: 4 })).toMatchObject({ code: 'too-large' });
    const v = canonicalFromJSON('"abc"', { profile: 'seam', maxBytes: 5 });
    expect(v.ok && text(v.value)).toBe('"abc"');
  });
});

describe('a refusal on the sign side names the JSON path of the value', () => {
  const message = (value: unknown) => thrownMessage(() => canonicalString(value, { profile: 'seam' }));
  it('for a member, an element, and a value at the top', () => {
    expect(message({ contextId: undefined, text: 'hi' })).toBe(
      'undefined-value: $.contextId is undefined, which has no JSON spelling',
    );
    expect(message({ a: [0, 1, { b: Number.NaN }] })).toMatch(/^not-finite: \$\.a\[2\]\.b /);
    expect(message(undefined)).toMatch(/^undefined-value: \$ is undefined/);
    expect(message({ 'not an identifier': { x: 1.5e-7 } })).toMatch(
      /^number-hazard: \$\["not an identifier"\]\.x /,
    );
  });
  it('for a container: a cycle, an unsupported object, a member name', () => {
    const loop: Record<string, unknown> = {};
    loop.next = { back: loop };
    expect(message(loop)).toMatch(/^cycle: \$\.next\.back contains itself/);
    expect(message({ when: new Date(0) })).toMatch(/^unsupported-type: \$\.when /);
    expect(message({ list: [{ '\ud800': 1 }] })).toMatch(/^lone-surrogate: \$\.list\[0\] has a member name/);
  });
  it('after a sibling has been written, and with names sorted differently from insertion', () => {
    expect(message({ z: 1, b: [1, 2], a: { y: undefined } })).toMatch(/^undefined-value: \$\.a\.y /);
    expect(message([[1], [2, [3, () => 0]]])).toMatch(/^unsupported-type: \$\[1\]\[1\]\[1\] is a function/);
  });
  it('shortens a long member name', () => {
    const name = 'x'.repeat(100);
    expect(message({ [name]: undefined })).toContain(`$["${'x'.repeat(64)}..."] is undefined`);
  });
});
