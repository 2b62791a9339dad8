import { canonicalFromJSON, parseJSON } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { utf8 } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('the parser: each refusal with its detail', () => {
  /** parseJSON's refusal of `document`, as the fields a case compares whole. */
  const refusal = (code: string, detail: string) => ({ ok: false, code, detail });

  const refused = (doc: string, code: string, detail: string, options = {}) =>
    expect(parseJSON(utf8(doc), options)).toEqual(refusal(code, detail));

  it('where the document ends, and what comes after it', () => {
    // why: parser.ts:82:11 `this.pos >= n` → false and → `>` (an empty document "ended inside a
    // value"), 82:59 its detail → ""; 138:12 the end test → true, → false, → `>` and → `<`, 139:19
    // the code → "", 139:35 and 140:35 the details → ""; 114:41 the detail → ''
    refused('', 'invalid-json', 'document ends where a value was expected');
    refused('[1', 'invalid-json', 'document ends inside a value');
    refused('[1}', 'invalid-json', 'unexpected character at offset 2');
    refused('1 2', 'invalid-json', 'unexpected text after the document at offset 2');
  });

  it('a repeated name under refuse, and the faults inside a string', () => {
    // why: parser.ts:171:32 the detail → ""; 238:11 `p >= n` → false and → `>`, 238:19 its block
    // emptied, 240:19 the code → "" and 240:35 the detail → "" (an unclosed string read past its
    // end: "raw control character"); 247:35, 264:37 and 279:35 the details → ''; 264:21 the code →
    // ""; 265:18 `return false` → true (an unknown escape was read on, then refused elsewhere)
    refused('{"a":1,"a":2}', 'duplicate-key', 'an object repeats a member name', { duplicateKeys: 'refuse' });
    refused('"abc', 'invalid-json', 'document ends inside a string');
    refused('"a\\nbc', 'invalid-json', 'document ends inside a string');
    refused('"a\u0001"', 'invalid-json', 'raw control character in a string at offset 2');
    refused('"\\x"', 'invalid-json', 'unknown escape at offset 1');
    // the string's closing quote is at offset 7: " \ u d 8 0 0 "
    refused('"\\ud800"', 'lone-surrogate', 'string ending at offset 7 escapes an unpaired surrogate');
  });
});

describe('the parser: numbers', () => {
  it('an exponent without a digit is refused at the byte where the digit should be', () => {
    // why: parser.ts:304:11 `!isDigit(bytes[p])` → false (the scan then steps over the `]`, and
    // the literal `1e]` became a float). Offsets: `[` 0, `1` 1, `e` 2, `]` 3.
    expect(parseJSON(utf8('[1e]'))).toEqual({
      ok: false,
      code: 'invalid-json',
      detail: 'unexpected character at offset 3',
    });
    expect(parseJSON(utf8('[1e+]'))).toMatchObject({ ok: false, code: 'invalid-json' });
  });

  it('a number the profile cannot write says where it starts and which profile refused it', () => {
    // why: parser.ts:312:7 the detail → ''. 1e400 is beyond the double range, which seam refuses
    // (spec: "The parse boundary"); the literal starts at offset 1, after the `[`.
    const v = canonicalFromJSON(utf8('[1e400]'), { profile: 'seam' });
    expect(v).toEqual({
      ok: false,
      code: 'number-hazard',
      detail: 'number at offset 1 cannot be reproduced under profile seam',
    });
  });
});

describe('the parser: \\u escapes', () => {
  it('an uppercase hex digit A..F is read as its value', () => {
    // why: parser.ts:330:76 `c >= 65` → `c > 65` (`A` was refused). 0x4A is `J`, 0x4F is `O`.
    expect(parseJSON(utf8('"\\u004A\\u004F"'))).toEqual({ ok: true, value: String.fromCharCode(0x4a, 0x4f) });
  });

  it('the characters between 9 and A are not hex digits', () => {
    // why: parser.ts:330:76 `c >= 65` → true (`:` to `@` were read as 3 to 9: `:` - 55 = 3).
    for (const c of ':;<=>?@') {
      expect(parseJSON(utf8(`"\\u004${c}"`))).toMatchObject({ ok: false, code: 'invalid-json' });
    }
  });
});
