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
import { text, utf8 } from './helpers.js';

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
