import { canonicalize, canonicalString, isCanonicalJSON } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { canonicalText, text, utf8 } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('the sign-side writer: names, getters, shared containers and cycles', () => {
  const refusal = (value: unknown) => thrown(() => canonicalize(value, { profile: 'jcs' }));

  it('a member name of exactly 64 characters is named in full in a refusal', () => {
    // why: canonicalize.ts:52:31 `key.length <= PATH_NAME_LIMIT` → `<` (the identifier was bracketed)
    // and 53:17 the same → `<` (the name was cut, with "...", at its own length)
    const id = 'a'.repeat(64);
    expect(refusal({ [id]: undefined })).toEqual({
      name: 'SeamError',
      code: 'undefined-value',
      message: `undefined-value: $.${id} is undefined, which has no JSON spelling`,
    });
    const odd = '-'.repeat(64);
    expect(refusal({ [odd]: undefined })).toEqual({
      name: 'SeamError',
      code: 'undefined-value',
      message: `undefined-value: $["${odd}"] is undefined, which has no JSON spelling`,
    });
  });

  it('a member a getter deletes while the values are read is refused, not dropped', () => {
    // why: canonicalize.ts:110:29 `order === null` → true (an object's loop ran over the values
    // read, one fewer than its names, and wrote {"a":1} without a word)
    const record: Record<string, unknown> = {
      get a() {
        delete record.b;
        return 1;
      },
      b: 2,
    };
    expect(refusal(record)).toEqual({
      name: 'SeamError',
      code: 'undefined-value',
      message: 'undefined-value: $.b is undefined, which has no JSON spelling',
    });
  });

  it('a container met twice below depth 16 (shared, not a cycle) is written twice', () => {
    // why: canonicalize.ts:125:11 `this.depth >= SCAN_DEPTH` → false and → `>` (a closed deep
    // container stayed in the set of open ones: its second appearance was refused as a cycle),
    // and 125:37 the delete emptied
    const shared = ['s'];
    for (let depth = 14; depth <= 19; depth++) {
      let v: unknown = [shared, shared];
      for (let i = 0; i < depth; i++) v = [v];
      const expected = `${'['.repeat(depth)}[["s"],["s"]]${']'.repeat(depth)}`;
      expect(text(canonicalize(v, { profile: 'jcs' }))).toBe(expected);
    }
  });

  it('a cycle that starts at depth 16 is refused where it closes', () => {
    // why: canonicalize.ts:170:9 `depth >= SCAN_DEPTH` → `>` (the container at depth 16 was
    // neither scanned nor kept: the cycle was found one level later, with a longer path),
    // 172:11 `this.deepPath.has(v)` → false and 173:7 the add emptied (never found: the
    // writer ran on until memory ran out), 172:45 'cycle' → "" and 172:54 the message → ""
    const x: unknown[] = [];
    x.push(x);
    let v: unknown = x;
    for (let i = 0; i < 16; i++) v = [v];
    expect(refusal(v)).toEqual({
      name: 'SeamError',
      code: 'cycle',
      message: `cycle: $${'[0]'.repeat(17)} contains itself`,
    });
  });

  it('an object that is neither an array nor a plain object is refused with its message', () => {
    // why: canonicalize.ts:138:11 `v instanceof JsonFloat` → true (the scalar writer refused it
    // as "is a object") and 139:39 the message → ""
    expect(refusal([new Date(0)])).toEqual({
      name: 'SeamError',
      code: 'unsupported-type',
      message: 'unsupported-type: $[0] is an object that is neither an array nor a plain object',
    });
  });

  it('a large value is written again through JSON.stringify, which reads a getter again', () => {
    // why: canonicalize.ts:111:13 `out.full()` → false (the writer never gave up at 2048
    // characters, so the native path of native-text.ts was never taken). As native-text.ts says,
    // that path reads a getter twice (the survey, JSON.stringify) after the writer's own read.
    const pad = Array.from({ length: 1000 }, (_, i) => i + 1);
    let reads = 0;
    const value = {
      a: pad,
      get z() {
        reads++;
        return reads;
      },
    };
    expect(canonicalString(value, { profile: 'jcs' })).toBe(`{"a":[${pad.join(',')}],"z":3}`);
    expect(reads).toBe(3);
    reads = 0;
    expect(text(canonicalize(value, { profile: 'jcs' }))).toBe(`{"a":[${pad.join(',')}],"z":1}`);
  });

  it('a string holding an unpaired surrogate is refused with its message', () => {
    // why: canonicalize.ts:226:41 the message → ""
    expect(refusal(['\ud800'])).toEqual({
      name: 'SeamError',
      code: 'lone-surrogate',
      message: 'lone-surrogate: $[0] is a string holding an unpaired surrogate',
    });
  });
});

describe('member names in code point order and lone surrogates in names', () => {
  it('U+D7FF, U+E000 and U+10000 are in code point order under seam, whatever the document order', () => {
    // why: strings.ts:39:9 `x >= 0xd800 && y >= 0xd800` → true and `&&` → `||`, 39:9 `x >= 0xd800`
    // → true and → `x > 0xd800`, 39:24 `y >= 0xd800` → true and → `y > 0xd800`. U+D7FF is below
    // every surrogate and must not be shifted; U+10000 is written \ud800\udc00, the first unit
    // exactly 0xD800, and must be, or it sorts before U+E000.
    const ordered = '{"\ud7ff":1,"\ue000":2,"\u{10000}":3}';
    expect(canonicalText(ordered, 'seam')).toBe(ordered);
    expect(canonicalText('{"\u{10000}":3,"\ue000":2,"\ud7ff":1}', 'seam')).toBe(ordered);
    expect(canonicalText('{"\ue000":2,"\ud7ff":1}', 'seam')).toBe('{"\ud7ff":1,"\ue000":2}');
    expect(canonicalText('{"\u{10000}":3,"\ue000":2}', 'seam')).toBe('{"\ue000":2,"\u{10000}":3}');
  });

  it('a member name with a lone surrogate is escaped under a profile that escapes them', () => {
    // why: strings.ts:24:7 `profile.loneSurrogates === 'refuse'` → true (the name was refused)
    expect(canonicalString({ '\ud800': 1 }, { profile: 'rfc004' })).toBe('{"\\ud800":1}');
    expect(text(canonicalize({ '\udfff': 1 }, { profile: 'swarmrelay-v1' }))).toBe('{"\\udfff":1}');
  });

  it('a string made only of characters that need escaping is escaped', () => {
    // why: strings.ts:12:20 NEEDS_CARE → its complement (a string of a quote alone was written bare)
    expect(canonicalString('"', { profile: 'jcs' })).toBe('"\\""');
    expect(canonicalString({ '\\': '\n' }, { profile: 'seam' })).toBe('{"\\\\":"\\n"}');
  });
});

describe('a writer given no options', () => {
  it('without options every writer and the canonical check refuse with unknown-profile', () => {
    // why: canonicalize.ts:291:31 and 304:29 `options?.profile` → `options.profile` (a TypeError)
    const unknown = {
      name: 'SeamError',
      code: 'unknown-profile',
      message: 'unknown-profile: profile must be one of: seam, jcs, swarmrelay-v1, agentplane-v1, rfc004',
    };
    expect(thrown(() => canonicalize(1, undefined as never))).toEqual(unknown);
    expect(thrown(() => canonicalString(1, undefined as never))).toEqual(unknown);
    // why: canonical-check.ts:212:29 `options?.profile` → `options.profile`, listed as equivalent in
    // spec/canonical.md (part 1) on the belief that `options.maxBytes` throws the same TypeError
    // next; but profileOf(undefined) throws this SeamError first, and the mutant a TypeError
    expect(thrown(() => isCanonicalJSON(utf8('1'), undefined as never))).toEqual(unknown);
  });
});
