import {
  base64Strict,
  base64urlStrict,
  bytesEqual,
  canonicalFromJSON,
  canonicalize,
  canonicalString,
  checkListProblems,
  explainVerdict,
  fail,
  isCanonicalJSON,
  JsonFloat,
  matchCanonicalJSON,
  parseJSON,
  unwrap,
} from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { text, utf8 } from './helpers.js';

/**
 * Cases written against the survivors of a Stryker run over the rest of the package
 * (issue 15, `pnpm mutate --filter canonical --rest`, part 1): each `why` names the
 * mutant(s) the case kills. Thrown errors are compared whole (name, code and message).
 */

describe('matchCanonicalJSON compares strings and floats type for type', () => {
  it('a string spelled with an escape is the expected string only when the texts are equal', () => {
    // why: canonical-check.ts:176:32 `want === decoded` → true (any string matched an escaped one)
    expect(matchCanonicalJSON(utf8('"a\\nb"'), 'a\nb', { profile: 'jcs' })).toBe('same');
    expect(matchCanonicalJSON(utf8('"a\\nb"'), 'a b', { profile: 'jcs' })).toBe('other');
  });

  it('a short ASCII string is compared over its own bytes, not the bytes after it', () => {
    // why: canonical-check.ts:177:13 `end - start` → `end + start` (the string "ab" at offset 2
    // was read as six bytes, `ab","c`, which the first expected element spells)
    const doc = utf8('["ab","c"]');
    expect(matchCanonicalJSON(doc, ['ab', 'c'], { profile: 'jcs' })).toBe('same');
    expect(matchCanonicalJSON(doc, ['ab","c', 'c'], { profile: 'jcs' })).toBe('other');
  });

  it('a -0 inside a container is not canonical, as a -0 alone is not', () => {
    // why: canonical-check.ts:139:9 `end - start` → `end + start` (the "-0" exception held only
    // at offset 0, so a nested -0 passed as a short integer that spells itself: a wrong verdict)
    for (const profile of ['jcs', 'seam', 'rfc004', 'agentplane-v1', 'swarmrelay-v1'] as const) {
      expect(isCanonicalJSON(utf8('-0'), { profile })).toBe(false);
      expect(isCanonicalJSON(utf8('[-0]'), { profile })).toBe(false);
      expect(isCanonicalJSON(utf8('{"a":-0}'), { profile })).toBe(false);
      expect(matchCanonicalJSON(utf8('[-0]'), [0], { profile })).toBe('not-canonical');
    }
  });

  it('a non-ASCII string is not its UTF-8 bytes read as Latin-1 characters', () => {
    // why: canonical-check.ts:181:9 `b >= 0x80` → false and → `b < 0x80` (each byte compared
    // with a UTF-16 unit), and 181:27 `want === utf8Slice(...)` → true and → `!==`: "é" is
    // C3 A9, the two-unit string "\u00c3\u00a9" has the same length and units as those bytes
    const doc = utf8('"é"');
    expect(matchCanonicalJSON(doc, '\u00c3\u00a9', { profile: 'jcs' })).toBe('other');
    expect(matchCanonicalJSON(doc, 'é', { profile: 'jcs' })).toBe('same');
  });

  it('a float is matched only by a JsonFloat with exactly its value', () => {
    // why: canonical-check.ts:193:7 `want !== null` → true (Object.getPrototypeOf(null) threw a
    // TypeError), 194:7 the prototype test → true (a plain { value } matched), 195:7 the one-key
    // test → true (a JsonFloat-like object with a second member matched)
    const doc = utf8('1.5');
    const p = { profile: 'jcs' } as const;
    expect(matchCanonicalJSON(doc, new JsonFloat(1.5), p)).toBe('same');
    expect(matchCanonicalJSON(doc, null, p)).toBe('other');
    expect(matchCanonicalJSON(doc, { value: 1.5 }, p)).toBe('other');
    const twoKeys = Object.assign(Object.create(JsonFloat.prototype), { value: 1.5, extra: 1 });
    expect(matchCanonicalJSON(doc, twoKeys, p)).toBe('other');
  });
});

describe('isCanonicalJSON checks its options as canonicalFromJSON does', () => {
  it('an unknown duplicateKeys is a bad-options SeamError with its message', () => {
    // why: canonical-check.ts:216:7 the whole test → false (nothing thrown), 217:25 the code → ""
    // and 217:40 the message → ""
    expect(
      thrown(() => isCanonicalJSON(utf8('1'), { profile: 'jcs', duplicateKeys: 'first' as 'refuse' })),
    ).toEqual({
      name: 'SeamError',
      code: 'bad-options',
      message: "bad-options: duplicateKeys must be 'last-wins' or 'refuse'",
    });
  });

  it('both duplicateKeys values are taken (a repeated name is still not canonical)', () => {
    // why: canonical-check.ts:216:35 `duplicates !== 'last-wins'` → true and → `===`, 216:50
    // 'last-wins' → "", 216:65 `duplicates !== 'refuse'` → true and → `===`, 216:80 'refuse' → ""
    // (each threw bad-options for a valid value)
    for (const duplicateKeys of ['last-wins', 'refuse'] as const) {
      expect(isCanonicalJSON(utf8('{"a":1}'), { profile: 'jcs', duplicateKeys })).toBe(true);
      expect(isCanonicalJSON(utf8('{"a":1,"a":1}'), { profile: 'jcs', duplicateKeys })).toBe(false);
    }
  });

  it('maxDepth 0 admits a scalar; a negative maxDepth is bad-options with its message', () => {
    // why: canonical-check.ts:218:42 `maxDepth < 0` → `<= 0` (0 threw), 219:40 the message → ""
    expect(isCanonicalJSON(utf8('1'), { profile: 'jcs', maxDepth: 0 })).toBe(true);
    expect(isCanonicalJSON(utf8('[]'), { profile: 'jcs', maxDepth: 0 })).toBe(false);
    expect(thrown(() => isCanonicalJSON(utf8('1'), { profile: 'jcs', maxDepth: -1 }))).toEqual({
      name: 'SeamError',
      code: 'bad-options',
      message: 'bad-options: maxDepth must be a non-negative integer',
    });
  });

  it('a negative or fractional maxBytes is bad-options with its message; 0 is a cap', () => {
    // why: canonical-check.ts:220:7 the test → false and `||` → `&&`, 220:42 `maxBytes < 0` →
    // false and → `<= 0` (0 threw), 221:25 the code → "", 221:40 the message → ""
    const bad = {
      name: 'SeamError',
      code: 'bad-options',
      message: 'bad-options: maxBytes must be a non-negative integer',
    };
    expect(thrown(() => isCanonicalJSON(utf8('1'), { profile: 'jcs', maxBytes: -1 }))).toEqual(bad);
    expect(thrown(() => matchCanonicalJSON(utf8('1'), 1, { profile: 'jcs', maxBytes: 1.5 }))).toEqual(bad);
    expect(isCanonicalJSON(utf8('1'), { profile: 'jcs', maxBytes: 0 })).toBe(false);
  });

  it('maxBytes admits a document of exactly that many bytes', () => {
    // why: canonical-check.ts:224:7 `bytes.length > maxBytes` → `>=`
    expect(isCanonicalJSON(utf8('[1]'), { profile: 'jcs', maxBytes: 3 })).toBe(true);
    expect(matchCanonicalJSON(utf8('[1]'), [1], { profile: 'jcs', maxBytes: 3 })).toBe('same');
    expect(isCanonicalJSON(utf8('[1]'), { profile: 'jcs', maxBytes: 2 })).toBe(false);
  });
});

describe('canonicalize', () => {
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

  it('canonicalString writes a large value again with JSON.stringify, reading a getter again', () => {
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

describe('bytesEqual', () => {
  it('is true for equal content and false for any difference in a byte or the length', () => {
    // why: bytes.ts (no test of this package called bytesEqual): 7:67 the body emptied, 8:7 the
    // length test → true, → false, → `===`, 8:37 `false` → true, 10:19 `i < a.length` → false
    // and → `>=`, 10:33 `i++` → `i--` (runs forever), 10:38 `|=` → `&=`, 11:10 `diff === 0` →
    // true, → false, → `!==`
    const b = (...xs: number[]) => new Uint8Array(xs);
    expect(bytesEqual(b(), b())).toBe(true);
    expect(bytesEqual(b(1, 2, 3), b(1, 2, 3))).toBe(true);
    expect(bytesEqual(b(1, 2, 3), b(1, 2, 4))).toBe(false);
    expect(bytesEqual(b(0, 2, 3), b(1, 2, 3))).toBe(false);
    expect(bytesEqual(b(1, 2), b(1, 2, 3))).toBe(false);
    expect(bytesEqual(b(1, 2, 3), b(1, 2))).toBe(false);
  });
});

describe('code the package tests did not reach', () => {
  it('a code that several checks list, none of them named by the detail, belongs to no check', () => {
    // why: explain.ts:78:81 the last resort `-1` → `+1` (the second check was blamed)
    const checks = [
      { id: 'first', title: 'First', codes: ['x'], detailStarts: ['A'] },
      { id: 'second', title: 'Second', codes: ['x'], detailStarts: ['B'] },
    ];
    expect(thrown(() => explainVerdict(checks, fail('x', 'C is wrong')))).toEqual({
      name: 'SeamError',
      code: 'unknown-code',
      message: 'unknown-code: no check in this list produces x',
    });
  });

  it('a check that lists no code is a problem of the list', () => {
    // why: explain.ts:94:49 the problem's text → ""
    expect(checkListProblems([{ id: 'empty', title: 'Empty', codes: [] }], [])).toEqual([
      'check empty lists no code',
    ]);
  });

  it('parseJSON refuses a bad maxBytes with its message', () => {
    // why: from-json.ts:55:25 the code → "" and 55:40 the message → ""
    expect(thrown(() => parseJSON(utf8('1'), { maxBytes: -1 }))).toEqual({
      name: 'SeamError',
      code: 'bad-options',
      message: 'bad-options: maxBytes must be a non-negative integer',
    });
  });

  it('a \\u escape cut short by the end of the document is malformed', () => {
    // why: parser.ts:329:33 hex4's `-1` for a missing digit → `+1` (read as a code unit)
    expect(parseJSON(utf8('"\\u12'))).toEqual({
      ok: false,
      code: 'invalid-json',
      detail: 'malformed \\u escape at offset 1',
    });
  });

  it('of many repeated names out of order, the last is kept (more than 16 members)', () => {
    // why: no test of this package ran stableOrder's sort branch (sinks.ts:159, more than 16
    // members out of order). Its tie-break mutant 159:74 `a - b` → `a + b` is equivalent
    // (spec/canonical.md, Mutation testing); this case holds the branch to last-wins.
    const members: string[] = [];
    for (let i = 0; i < 20; i++) members.push(`"k${String(19 - i).padStart(2, '0')}":${i}`, `"d":${i}`);
    const got = canonicalFromJSON(utf8(`{${members.join(',')}}`), { profile: 'seam' });
    const kept = Array.from({ length: 20 }, (_, k) => `"k${String(k).padStart(2, '0')}":${19 - k}`);
    expect(got.ok ? text(got.value) : got.code).toBe(`{"d":19,${kept.join(',')}}`);
  });

  it('base64url of a length one past a multiple of three has no padding', () => {
    // why: spellings.ts:39:75 the empty padding → "Stryker was here!"
    expect(base64urlStrict.encode(new Uint8Array([0xff]))).toBe('_w');
    expect(base64Strict.encode(new Uint8Array([0xff]))).toBe('/w==');
  });

  it('unwrap of a refusal without a detail throws "refused"', () => {
    // why: verdict.ts:31:37 `verdict.detail ?? 'refused'` → `&&` (the message said undefined)
    // and 31:55 'refused' → ""
    expect(thrown(() => unwrap(fail('no-key')))).toEqual({
      name: 'SeamError',
      code: 'no-key',
      message: 'no-key: refused',
    });
    expect(thrown(() => unwrap(fail('no-key', 'the key is gone')))).toEqual({
      name: 'SeamError',
      code: 'no-key',
      message: 'no-key: the key is gone',
    });
  });
});
