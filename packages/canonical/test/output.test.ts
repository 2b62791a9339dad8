import { canonicalize, canonicalString, type ProfileName } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { text, utf8 } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe("the writer's outputs: UTF-8 at the edges of each encoding length, and buffer growth", () => {
  const bytesOf = (v: unknown, profile: ProfileName) => canonicalize(v, { profile });

  it('U+0800 is three bytes, and a lone U+DFFF is a lone surrogate', () => {
    // why: output.ts:149:18 `c < 0x800` → `<=` (U+0800 written in two bytes, E0 80), 152:32
    // `c > 0xdfff` → `>=` (U+DFFF written as the three bytes ED BF BF)
    expect(bytesOf(['\u0800'], 'jcs')).toEqual(utf8('["\u0800"]'));
    expect(text(bytesOf(['\udfff'], 'swarmrelay-v1'))).toBe('["\\udfff"]');
    expect(thrown(() => bytesOf(['\udfff'], 'jcs'))).toMatchObject({ code: 'lone-surrogate' });
  });

  it('a pair is a high surrogate then a low one; any other neighbours are two lone surrogates', () => {
    // why: output.ts:158:13 `c <= 0xdbff` → true (two low surrogates made a character) and
    // 158:43 `d <= 0xdfff` → true (a high surrogate and U+E000 made one)
    expect(text(bytesOf(['\udc00\udc00'], 'swarmrelay-v1'))).toBe('["\\udc00\\udc00"]');
    expect(text(bytesOf(['\ud800\ue000'], 'swarmrelay-v1'))).toBe('["\\ud800\ue000"]');
  });

  it('a string far larger than the buffer, and one that fills a fresh buffer with escapes, are whole', () => {
    // why: output.ts:59:12 `size < need` → false (the buffer only doubled once, and the bytes
    // past it were dropped)
    const long = 'x'.repeat(300_000);
    expect(bytesOf(long, 'jcs')).toEqual(utf8(`"${long}"`));
    // why: 134:17 `n * 6 + 2` → `- 2` (4 bytes short: 85 escapes fill a fresh 512-byte buffer
    // but its closing quote, which was dropped). The large value above leaves no spare buffer
    // (output.ts keeps none above 64 KiB), so this output starts with a fresh one.
    const controls = '\u0001'.repeat(85);
    expect(bytesOf([controls], 'jcs')).toEqual(utf8(JSON.stringify([controls])));
  });
});

describe('the small writer and the text it lets through', () => {
  it("a text of exactly 2048 characters at a check is still the small writer's", () => {
    // why: output.ts:243:12 `this.text.length > this.limit` → `>=` (the writer gave up at 2048
    // characters, and the value was surveyed and written again: its getter read three times).
    // Before the member zz the text is {"a":"<s>" : 7 characters and s.
    const readsAt = (length: number) => {
      let reads = 0;
      const value = {
        a: 'x'.repeat(length),
        get zz() {
          reads++;
          return 0;
        },
      };
      expect(canonicalString(value, { profile: 'jcs' })).toBe(`{"a":"${value.a}","zz":0}`);
      return reads;
    };
    expect(readsAt(2048 - 7)).toBe(1);
    expect(readsAt(2048 - 6)).toBe(3);
  });

  it('text with surrogates: a pair passes, a lone one anywhere is refused or escaped', () => {
    // why: output.ts:286:29 `c <= 0xdfff` → `<` (a lone U+DFFF passed as plain text), 288:11
    // `c > 0xdbff` → false (two low surrogates passed as a pair), 288:39 `d > 0xdfff` → false (a
    // high surrogate and U+E000 passed as a pair)
    for (const lone of ['\udfff', '\udc00\udc00', '\ud800\ue000']) {
      expect(thrown(() => canonicalString([lone], { profile: 'jcs' }))).toMatchObject({
        code: 'lone-surrogate',
      });
      expect(canonicalString([lone], { profile: 'swarmrelay-v1' })).toBe(JSON.stringify([lone]));
    }
    // why: 288:25 `d < 0xdc00` → `<=` and 288:39 `d > 0xdfff` → `>=` (U+10000 and U+103FF, the
    // pairs ending in the first and the last low surrogate, were refused)
    for (const pair of ['\u{10000}', '\u{103ff}']) {
      expect(canonicalString([pair], { profile: 'jcs' })).toBe(`["${pair}"]`);
    }
  });
});
