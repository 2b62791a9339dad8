import {
  CANONICALIZE_CODES,
  canonicalFromJSON,
  canonicalString,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  JsonFloat,
  jsonReader,
  matchCanonicalJSON,
  PARSE_CODES,
  parseJSON,
  profiles,
  SeamError,
} from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { expectRefusal, text, utf8 } from './helpers.js';

describe('depth and size', () => {
  it('a 100,000-deep array is too-deep, not a stack overflow', () => {
    const doc = utf8('['.repeat(100_000) + ']'.repeat(100_000));
    const v = canonicalFromJSON(doc, { profile: 'seam' });
    expect(v.ok ? 'ok' : v.code).toBe('too-deep');
    const p = parseJSON(doc);
    expect(p.ok ? 'ok' : p.code).toBe('too-deep');
  });
  it('a 100,000-deep value is written without recursion when the caller allows it', () => {
    const doc = utf8('['.repeat(100_000) + ']'.repeat(100_000));
    const v = parseJSON(doc, { maxDepth: 100_000 });
    expect(v.ok).toBe(true);
    if (v.ok) expect(canonicalString(v.value, { profile: 'jcs' }).length).toBe(200_000);
  });
  it('documents the defaults', () => {
    expect([DEFAULT_MAX_DEPTH, DEFAULT_MAX_BYTES]).toEqual([128, 4 * 1024 * 1024]);
  });
  it('checks the size before decoding', () => {
    const v = canonicalFromJSON(new Uint8Array([0xff, 0xff, 0xff]), { profile: 'seam', maxBytes: 2 });
    expect(v.ok ? 'ok' : v.code).toBe('too-large');
  });
});

describe('parseJSON value model', () => {
  const parse = (s: string, floats: 'number' | 'marked' = 'number') => {
    const v = parseJSON(utf8(s), { floats });
    if (!v.ok) throw new Error(v.code);
    return v.value;
  };
  it('keeps integers exact and marks floats only when asked', () => {
    expect(parse('[1, 1.0, -0, 9007199254740991, 9007199254740993, -9007199254740993]')).toEqual([
      1,
      1,
      0,
      9007199254740991,
      9007199254740993n,
      -9007199254740993n,
    ]);
    expect(parse('[1, 1.0, 1e2, -0.0]', 'marked')).toEqual([
      1,
      new JsonFloat(1),
      new JsonFloat(100),
      new JsonFloat(-0),
    ]);
  });
  it('reads a __proto__ member as data', () => {
    const v = parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('last wins for a repeated name, at its last position', () => {
    expect(Object.entries(parse('{"a":1,"b":2,"a":3}') as object)).toEqual([
      ['b', 2],
      ['a', 3],
    ]);
  });
  it('under rfc004 an overflowing literal reads as JSON.parse reads it, and writes back as null', () => {
    const doc = utf8('{"n":1e400,"m":-1e400}');
    const v = parseJSON(doc, { profile: 'rfc004' });
    expect(v).toEqual({ ok: true, value: { n: Number.POSITIVE_INFINITY, m: Number.NEGATIVE_INFINITY } });
    expect(v.ok && canonicalString(v.value, { profile: 'rfc004' })).toBe('{"m":null,"n":null}');
    expect(parseJSON(doc, { profile: 'jcs' })).toMatchObject({ ok: false, code: 'number-hazard' });
  });
  it('canonicalize of the marked value equals the parse boundary', () => {
    const doc = '{"b":[1.0,1e-7,2],"a":"x\\u00e9"}';
    const v = parseJSON(utf8(doc), { floats: 'marked', profile: 'jcs' });
    const c = canonicalFromJSON(utf8(doc), { profile: 'jcs' });
    expect(v.ok && c.ok && canonicalString(v.value, { profile: 'jcs' })).toBe(c.ok && text(c.value));
  });
});

describe('a string or name that starts with U+FEFF keeps it', () => {
  // Found by the mutation triage: the text decoder behind long or non-ASCII strings dropped a
  // leading U+FEFF, so a name "\uFEFFa" read as "a" (a member lost, or a false duplicate).
  // The engine's JSON.parse is the independent reader here: it keeps the character.
  const documents = ['["\uFEFFab"]', '{"\uFEFFa":1,"a":2}', '{"s":"\uFEFF' + 'x'.repeat(20) + '"}'];

  it('parseJSON and jsonReader read what JSON.parse reads', () => {
    const read = jsonReader({ profile: 'jcs' });
    for (const doc of documents) {
      expect(parseJSON(utf8(doc), { profile: 'jcs' })).toEqual({ ok: true, value: JSON.parse(doc) });
      expect(read(utf8(doc))).toEqual({ ok: true, value: JSON.parse(doc) });
    }
  });

  it('canonicalFromJSON keeps both members under every profile', () => {
    for (const profile of Object.keys(profiles) as (keyof typeof profiles)[]) {
      const v = canonicalFromJSON(utf8('{"\uFEFFa":1,"a":2}'), { profile });
      expect(v.ok && text(v.value)).toBe('{"a":2,"\uFEFFa":1}');
    }
  });

  it('matchCanonicalJSON compares the string with its U+FEFF', () => {
    const bytes = utf8('"\uFEFFab"');
    expect(matchCanonicalJSON(bytes, '\uFEFFab', { profile: 'jcs' })).toBe('same');
    expect(matchCanonicalJSON(bytes, 'ab', { profile: 'jcs' })).toBe('other');
  });
});

describe('refusal order', () => {
  it('a refused duplicate is reported at the name, by both entry points', () => {
    const doc = utf8('{"a":1,"a":2');
    const a = canonicalFromJSON(doc, { profile: 'seam', duplicateKeys: 'refuse' });
    const b = parseJSON(doc, { duplicateKeys: 'refuse' });
    expect([a.ok ? 'ok' : a.code, b.ok ? 'ok' : b.code]).toEqual(['duplicate-key', 'duplicate-key']);
  });
  it('details never echo the document', () => {
    const secret = 'SECRET-TOKEN';
    for (const doc of [`{"${secret}":1,`, `["${secret}\\x"]`, `"${secret}\\ud800"`, `[${secret}]`]) {
      const v = canonicalFromJSON(utf8(doc), { profile: 'seam' });
      expect(v.ok).toBe(false);
      if (!v.ok) expect(v.detail ?? '').not.toContain(secret);
    }
  });
});

describe('programmer errors throw SeamError', () => {
  it('bad profile, options and argument types', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof SeamError ? e.code : 'other';
      }
      return 'none';
    };
    expect(code(() => canonicalString(1, { profile: 'nope' as never }))).toBe('unknown-profile');
    expect(code(() => canonicalFromJSON(utf8('1'), { profile: 'seam', maxDepth: -1 }))).toBe('bad-options');
    expect(
      code(() => canonicalFromJSON(utf8('1'), { profile: 'seam', duplicateKeys: 'first' as never })),
    ).toBe('bad-options');
    expect(code(() => parseJSON(utf8('1'), { floats: 'big' as never }))).toBe('bad-options');
    expect(canonicalString(1, { profile: profiles.jcs })).toBe('1');
  });
});

it('every parse refusal code is produced by a vector', () => {
  const wire = loadVectors<{ reject: { encoding: { refuse: { category: string }[] } } }>('wire_vectors.json');
  const own = loadVectors<{ 'canonical.parseBoundary': { refuse: { code: string }[] } }>(
    'canonical_profiles.json',
  );
  const produced = new Set([
    ...wire.reject.encoding.refuse.map((c) => c.category),
    ...own['canonical.parseBoundary'].refuse.map((c) => c.code),
  ]);
  expect([...PARSE_CODES].sort()).toEqual([...produced].sort());
});

it('every sign-side refusal code is produced by a vector', () => {
  const own = loadVectors<{ 'canonical.signSide': { refuse: { code: string }[] } }>(
    'canonical_profiles.json',
  );
  const produced = new Set(own['canonical.signSide'].refuse.map((c) => c.code));
  expect([...CANONICALIZE_CODES].sort()).toEqual([...produced].sort());
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('a bad maxBytes, a cut escape, many repeated names', () => {
  it('a bad maxBytes is refused with its message', () => {
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
});

describe('the verify side refuses a repeated name in a large object', () => {
  it('a name repeated after the object outgrew a scan is still a repeat', () => {
    // why: sinks.ts:36:5 `this.index.add(name)` removed (the index held only the first 16 names,
    // so a repeat of the 17th was accepted)
    const names = Array.from({ length: 17 }, (_, i) => `"k${String(i).padStart(2, '0')}":${i}`);
    expectRefusal(`{${names.join(',')},"k16":0}`, 'jcs', 'duplicate-key');
    expectRefusal(`{${names.join(',')},"k00":0}`, 'jcs', 'duplicate-key');
  });
});

describe('parseJSON builds members as JSON.parse does', () => {
  it('every member is a configurable, writable, enumerable data property', () => {
    // why: sinks.ts:201:82 `configurable: true` → false (a caller could not delete a member, and
    // a repeated name could not replace the first)
    const doc = '{"a":1,"b":{"c":[2]}}';
    const v = parseJSON(doc);
    if (!v.ok) throw new Error(v.code);
    const value = v.value as { b: object };
    const native = JSON.parse(doc) as { b: object };
    expect(Object.getOwnPropertyDescriptors(value)).toEqual(Object.getOwnPropertyDescriptors(native));
    expect(Object.getOwnPropertyDescriptors(value.b)).toEqual(Object.getOwnPropertyDescriptors(native.b));
    expect(parseJSON('{"a":1,"a":2}')).toEqual({ ok: true, value: { a: 2 } });
  });
});

describe('the UTF-8 gate of the parse boundary', () => {
  const doc = (...inner: number[]) => Uint8Array.of(0x22, ...inner, 0x22);
  const truncated = (...tail: number[]) => Uint8Array.of(0x22, ...tail);

  it('takes the last two-byte lead and the first and last four-byte sequences', () => {
    // why: utf8-check.ts:19:22 `b <= 0xdf` → `b < 0xdf` (U+07FF, DF BF, refused)
    for (const ok of [doc(0xdf, 0xbf), doc(0xf0, 0x90, 0x80, 0x80), doc(0xf4, 0x8f, 0xbf, 0xbf)]) {
      const v = canonicalFromJSON(ok, { profile: 'seam' });
      expect(v.ok && text(v.value)).toBe(text(ok));
    }
  });

  it('refuses an overlong four-byte form and one above U+10FFFF', () => {
    // why: utf8-check.ts:27:11 `b === 0xf0` → false (F0 8F BF BF, U+FFFF overlong, accepted),
    // 29:16 `b === 0xf4` → false (F4 90 80 80, U+110000, accepted)
    expectRefusal(doc(0xf0, 0x8f, 0xbf, 0xbf), 'seam', 'invalid-utf8');
    expectRefusal(doc(0xf4, 0x90, 0x80, 0x80), 'seam', 'invalid-utf8');
  });

  it('refuses a sequence cut off by the end of the document as UTF-8, not as JSON', () => {
    // why: utf8-check.ts:32:9 `second === undefined` → false and 35:11 `c === undefined` →
    // false (a missing byte compares neither below nor above the range, so the cut sequence
    // passed and the parser answered invalid-json)
    expectRefusal(truncated(0xc2), 'seam', 'invalid-utf8');
    expectRefusal(truncated(0xe2, 0x82), 'seam', 'invalid-utf8');
    expectRefusal(truncated(0xf0, 0x9f, 0x98), 'seam', 'invalid-utf8');
  });
});

describe('parseJSON: the options it refuses, whole, and the edges it admits', () => {
  /** parseJSON's refusal of `document`, as the fields a case compares whole. */
  const refusal = (code: string, detail: string) => ({ ok: false, code, detail });
  const badOptions = (message: string) => ({
    name: 'SeamError',
    code: 'bad-options',
    message: `bad-options: ${message}`,
  });

  it('each bad option is named in its message', () => {
    // why: from-json.ts:49:40, 53:40 and 138:40 the messages → ""
    const doc = utf8('1');
    expect(thrown(() => parseJSON(doc, { duplicateKeys: 'first' as 'refuse' }))).toEqual(
      badOptions("duplicateKeys must be 'last-wins' or 'refuse'"),
    );
    expect(thrown(() => parseJSON(doc, { maxDepth: 1.5 }))).toEqual(
      badOptions('maxDepth must be a non-negative integer'),
    );
    expect(thrown(() => parseJSON(doc, { floats: 'bigint' as 'marked' }))).toEqual(
      badOptions("floats must be 'number' or 'marked'"),
    );
  });

  it('maxDepth 0 and maxBytes 0 are caps, not bad options', () => {
    // why: from-json.ts:52:42 `maxDepth < 0` → `<= 0` and 54:42 `maxBytes < 0` → `<= 0` (0 threw);
    // parser.ts:86:40 the too-deep detail → ''
    expect(parseJSON(utf8('1'), { maxDepth: 0 })).toEqual({ ok: true, value: 1 });
    expect(parseJSON(utf8('[]'), { maxDepth: 0 })).toEqual(refusal('too-deep', 'nesting deeper than 0'));
    expect(parseJSON(utf8(''), { maxBytes: 0 })).toMatchObject({ ok: false, code: 'invalid-json' });
    expect(parseJSON(utf8('1'), { maxBytes: 0 })).toEqual(
      refusal('too-large', 'document is larger than 0 bytes'),
    );
  });
});

describe('parseJSON: the encoding gate, code and detail', () => {
  /** parseJSON's refusal of `document`, as the fields a case compares whole. */
  const refusal = (code: string, detail: string) => ({ ok: false, code, detail });
  const bytes = (...xs: number[]) => new Uint8Array(xs);

  it('a document that is neither bytes nor a string is described by its type, never its value', () => {
    // why: from-json.ts:70:30 the detail → "", and describeType: 81:3 `v === null` → true, → false,
    // → `!==`, 81:16 'null' → "", 81:44 'an array' → "", 81:57 `typeof v === 'object'` → true, →
    // false, → `!==`, 81:70 'object' → "", 81:81 'an object' → "", 81:95 `a ${typeof v}` → ''
    const cases: [unknown, string][] = [
      [null, 'null'],
      [[1], 'an array'],
      [{ a: 1 }, 'an object'],
      [7, 'a number'],
      [undefined, 'undefined'],
    ];
    for (const [document, described] of cases) {
      expect(parseJSON(document as never)).toEqual(
        refusal('not-bytes', `the document is ${described}, not a Uint8Array or a string`),
      );
    }
  });

  it('too large, as a string and as bytes, names the cap', () => {
    // why: from-json.ts:71:60 (a string) and 89:57 (bytes) the detail → ''
    const detail = 'document is larger than 2 bytes';
    expect(parseJSON('123', { maxBytes: 2 })).toEqual(refusal('too-large', detail));
    expect(parseJSON(utf8('123'), { maxBytes: 2 })).toEqual(refusal('too-large', detail));
  });

  it('a string holding an unpaired surrogate has no UTF-8', () => {
    // why: from-json.ts:73:33 the detail → ""
    expect(parseJSON('"\ud800"')).toEqual(
      refusal('invalid-utf8', 'the string holds an unpaired surrogate, which has no UTF-8 encoding'),
    );
  });

  it('only the three bytes EF BB BF are a byte order mark', () => {
    // why: from-json.ts:90:7 `bytes[0] === 0xef && bytes[1] === 0xbb` → `||` and `bytes[0] === 0xef`
    // → true, 90:28 `bytes[1] === 0xbb` → true, 90:49 `bytes[2] === 0xbf` → true (each took a
    // character that shares two of those bytes for a mark), 91:24 the detail → ""
    expect(parseJSON(bytes(0xef, 0xbb, 0xbf, 0x31))).toEqual(
      refusal('bom', 'document starts with a UTF-8 byte order mark'),
    );
    // U+F03F (EF 80 BF), U+1EFF (E1 BB BF), U+FEC0 (EF BB 80): well-formed, and no JSON value
    for (const c of ['\uf03f', '\u1eff', '\ufec0']) {
      expect(parseJSON(c)).toEqual(refusal('invalid-json', 'unexpected character at offset 0'));
    }
  });

  it('UTF-16 is told by its byte order mark or a zero byte among the first four, and only there', () => {
    // why: from-json.ts:95:19 the mark test → false and its `||` → `&&`, 95:20 `FE FF` → false,
    // 95:64 `FF FE` → false (a mark followed by no zero byte was called invalid UTF-8), 95:41
    // `bytes[1] === 0xff` → true and → `!==` (FE then another byte was called UTF-16), 97:48 the
    // detail → ""; 94:16 `Math.min` → `Math.max` and 96:19 `i < head` → `<=` (a zero byte at
    // offset 4, inside a string, was called UTF-16: it is a raw control character)
    const utf16 = refusal('utf16-or-utf32', 'document is UTF-16 or UTF-32, not UTF-8');
    expect(parseJSON(bytes(0xfe, 0xff, 0x41, 0x42))).toEqual(utf16);
    expect(parseJSON(bytes(0xff, 0xfe, 0x41, 0x42))).toEqual(utf16);
    expect(parseJSON(bytes(0x31, 0x00))).toEqual(utf16);
    // why: 98:68 the detail → ""
    const notUtf8 = refusal('invalid-utf8', 'document is not well-formed UTF-8');
    expect(parseJSON(bytes(0xfe, 0x41, 0x42, 0x43))).toEqual(notUtf8);
    expect(parseJSON(bytes(0x22, 0x61, 0x62, 0x63, 0x00, 0x22))).toEqual(
      refusal('invalid-json', 'raw control character in a string at offset 4'),
    );
  });
});
