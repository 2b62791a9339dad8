import { canonicalFromJSON, PARSE_CHECKS, parseJSON } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { utf8 } from './helpers.js';

/**
 * Cases written against the survivors a fresh Stryker run over src/bytes.ts to src/parser.ts
 * found that the previous run had not (part 4): each `why` names the mutant(s) the case kills
 * (file:line:col). The survivors no input can tell from the original are listed, with the
 * reason, in spec/canonical.md ("part 4").
 */

describe('PARSE_CHECKS: what a person is shown', () => {
  it('each check has a stable kebab-case id of its own and a one-line title', () => {
    // why: checks.ts:11:9, 16:9, 21:9 (an id → '') and 12:12, 17:12, 23:7 (a title → ''). CheckSpec
    // asks for a kebab-case id and a line a person reads; checkListProblems only sees the codes.
    const ids = PARSE_CHECKS.map((c) => c.id);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { title } of PARSE_CHECKS) expect(title).toMatch(/^[^\n]*\w[^\n]*$/);
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
