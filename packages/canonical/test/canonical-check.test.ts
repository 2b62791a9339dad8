import {
  canonicalFromJSON,
  isCanonicalJSON,
  JsonFloat,
  jsonReader,
  matchCanonicalJSON,
  type ParseJSONOptions,
  type ProfileName,
  parseJSON,
} from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { PROFILES, thrownCode, utf8 } from './helpers.js';

/**
 * isCanonicalJSON, matchCanonicalJSON and jsonReader are held to the functions they
 * stand in for, over random JSON text and random damage to it: canonicalFromJSON (the
 * bytes are canonical exactly when they come back unchanged), parseJSON with marked
 * floats compared type for type, and parseJSON itself (the same verdict, code and value,
 * down to member order, -0 and the number types).
 */

const RUNS = { numRuns: 400 };

// JSON text, not values: member names from a small set so that names repeat, white space,
// escapes of every kind, and number literals every profile spells differently.
const space = fc.constantFrom('', '', '', ' ', '\n', '\t ');
const name = fc.constantFrom(
  'a',
  'b',
  'B',
  'aa',
  '',
  'é',
  '\u{1F600}',
  '\uE000',
  '__proto__',
  '0',
  '10',
  'seq',
);
const stringLiteral = fc.oneof(
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
  fc.string({ unit: 'binary', maxLength: 4 }).map((s) => JSON.stringify(s)),
  fc.constantFrom(
    '"\\u0041"',
    '"\\/"',
    '"\\u001f"',
    '"\\u001F"',
    '"\\b"',
    '"\\u0008"',
    '"\\ud800"',
    '"\\ud83d\\ude00"',
    '"\\udc00x"',
    '"x\\"y"',
    '"\\\\"',
    '"\\u00e9"',
    '"é"',
    '"\u2028"',
  ),
);
const numberLiteral = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom(
    '0',
    '-0',
    '1.0',
    '-0.0',
    '1e2',
    '1E+21',
    '1e+21',
    '1e21',
    '0.1',
    '1.50',
    '0.00001',
    '1e-7',
    '1e-05',
    '1e400',
    '123456789012345',
    '1234567890123456',
    '9007199254740993',
    '-9223372036854775808',
    '18446744073709551615',
    '18446744073709551616',
    '100000000000000000000',
  ),
);
const { value: jsonText } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberLiteral,
    stringLiteral,
    fc.constantFrom('true', 'false', 'null'),
    fc
      .tuple(space, fc.array(tie('value'), { maxLength: 4 }), space)
      .map(([a, items, b]) => `[${a}${items.join(`${a},${b}`)}${b}]`),
    fc
      .tuple(space, fc.array(fc.tuple(name, tie('value')), { maxLength: 4 }), space)
      .map(
        ([a, members, b]) =>
          `{${a}${members.map(([k, v]) => `${JSON.stringify(k)}${a}:${b}${v}`).join(`${b},${a}`)}${b}}`,
      ),
  ),
}));

/** Damage at the byte level: a byte inserted, dropped or replaced. */
const damage = fc.tuple(
  fc.constantFrom('insert', 'drop', 'replace'),
  fc.nat(),
  fc.constantFrom(
    0x20,
    0x0a,
    0x22,
    0x5c,
    0x2c,
    0x3a,
    0x7b,
    0x7d,
    0x30,
    0x31,
    0x2e,
    0x65,
    0x2d,
    0x75,
    0x80,
    0xc3,
    0xef,
    0xff,
    0x00,
  ),
);
function damaged(bytes: Uint8Array, [how, at, b]: [string, number, number]): Uint8Array {
  const i = bytes.length === 0 ? 0 : at % bytes.length;
  const out = [...bytes];
  if (how === 'insert') out.splice(i, 0, b);
  else if (how === 'drop') out.splice(i, 1);
  else out[i] = b;
  return new Uint8Array(out);
}

/** Documents: random text, its canonical form under some profile, or that form damaged. */
const documents = fc
  .tuple(jsonText, fc.constantFrom(...PROFILES), fc.constantFrom('text', 'canonical', 'damaged'), damage)
  .map(([t, profile, mode, harm]) => {
    const bytes = utf8(t);
    const canonical = canonicalFromJSON(bytes, { profile });
    if (mode === 'text' || !canonical.ok) return bytes;
    return mode === 'canonical' ? canonical.value : damaged(canonical.value, harm);
  });

const isCanonicalReference = (bytes: Uint8Array, profile: ProfileName): boolean => {
  const v = canonicalFromJSON(bytes, { profile });
  return v.ok && v.value.length === bytes.length && v.value.every((b, i) => b === bytes[i]);
};

/** parseJSON's value with its types, member order, -0 and number kinds spelled out. */
const spelled = (v: unknown): string =>
  JSON.stringify(v, (_, x) =>
    typeof x === 'bigint'
      ? `\u0000big ${x}`
      : x instanceof JsonFloat
        ? `\u0000float ${Object.is(x.value, -0) ? '-0' : x.value}`
        : Object.is(x, -0)
          ? '\u0000-0'
          : x,
  );

/** Type-for-type equality as the export verifier compares a body with its raw: member order aside. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof JsonFloat || b instanceof JsonFloat)
    return a instanceof JsonFloat && b instanceof JsonFloat && Object.is(a.value, b.value);
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => Object.hasOwn(b, k) && sameValue((a as any)[k], (b as any)[k]))
    );
  }
  return typeof a === typeof b && Object.is(a, b);
}

describe('isCanonicalJSON', () => {
  it.each(PROFILES)('%s: true exactly when canonicalFromJSON gives the same bytes back', (profile) => {
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(documents, (bytes) => {
        const got = isCanonicalJSON(bytes, { profile });
        expect(got).toBe(isCanonicalReference(bytes, profile));
        seen.add(got);
      }),
      RUNS,
    );
    expect(seen.size).toBe(2);
  });

  it.each(PROFILES)('%s: every canonical form is canonical, and most damage to it is not', (profile) => {
    let refused = 0;
    fc.assert(
      fc.property(jsonText, damage, (t, harm) => {
        const canonical = canonicalFromJSON(utf8(t), { profile });
        fc.pre(canonical.ok);
        if (!canonical.ok) return;
        expect(isCanonicalJSON(canonical.value, { profile })).toBe(true);
        const hurt = damaged(canonical.value, harm);
        expect(isCanonicalJSON(hurt, { profile })).toBe(isCanonicalReference(hurt, profile));
        if (!isCanonicalJSON(hurt, { profile })) refused++;
      }),
      RUNS,
    );
    // A floor, not a count: the damage is mostly fatal, so the property saw both verdicts.
    expect(refused).toBeGreaterThan(100);
  });

  // One case per check, each the only thing standing between its document and `true`.
  const cases: [string, string, ProfileName, boolean][] = [
    ['canonical object', '{"a":1,"b":[true,null,"x"]}', 'jcs', true],
    ['a space after a colon', '{"a": 1}', 'jcs', false],
    ['white space before a closing bracket', '[1 ]', 'jcs', false],
    ['white space after the value', '{"a":1}\n', 'jcs', false],
    ['white space before the value', ' 1', 'jcs', false],
    ['members out of order', '{"b":1,"a":2}', 'jcs', false],
    ['a repeated member (refused)', '{"a":1,"a":1}', 'jcs', false],
    ['a repeated member (last-wins)', '{"a":1,"a":1}', 'seam', false],
    ['UTF-16 order is not code point order', '{"\u{1F600}":1,"\uE000":2}', 'jcs', true],
    ['code point order is not UTF-16 order', '{"\u{1F600}":1,"\uE000":2}', 'seam', false],
    ['an escape the writer does not use', '"\\u0041"', 'jcs', false],
    ['an escaped solidus', '"\\/"', 'jcs', false],
    ['a short escape', '"\\b\\t\\n\\"\\\\"', 'jcs', true],
    ['a long escape for a short one', '"\\u0008"', 'jcs', false],
    ['a lowercase control escape', '"\\u001f"', 'jcs', true],
    ['an uppercase control escape', '"\\u001F"', 'jcs', false],
    ['an escaped name', '{"\\u0061":1}', 'jcs', false],
    ['a lone surrogate written as the writer writes it', '"\\udc00"', 'swarmrelay-v1', true],
    ['a lone surrogate refused', '"\\udc00"', 'jcs', false],
    ['an escaped pair', '"\\ud83d\\ude00"', 'swarmrelay-v1', false],
    ['a float written as an integer by ECMAScript', '1.0', 'jcs', false],
    ['a float as CPython writes it', '1.0', 'seam', true],
    ['an exponent ECMAScript writes', '1e+21', 'jcs', true],
    ['an exponent ECMAScript does not write', '1e21', 'jcs', false],
    ['-0', '-0', 'agentplane-v1', false],
    ['an integer kept exact', '18446744073709551615', 'agentplane-v1', true],
    ['an integer beyond u64', '18446744073709551616', 'agentplane-v1', false],
    ['an integer JCS rounds', '9007199254740993', 'jcs', false],
    ['a literal beyond the double range', '1e400', 'rfc004', false],
    ['a byte order mark', '\uFEFF1', 'jcs', false],
  ];
  it.each(cases)('%s', (_, document, profile, expected) => {
    expect(isCanonicalJSON(utf8(document), { profile })).toBe(expected);
    expect(isCanonicalReference(utf8(document), profile)).toBe(expected);
  });

  it('refuses invalid UTF-8 the canonical writer would copy unchanged', () => {
    const bytes = new Uint8Array([0x22, 0xc3, 0x28, 0x22]); // "\xc3(" : a truncated sequence
    expect(isCanonicalJSON(bytes, { profile: 'jcs' })).toBe(false);
    expect(isCanonicalReference(bytes, 'jcs')).toBe(false);
  });

  it('holds the size and depth caps of the parse boundary', () => {
    expect(isCanonicalJSON(utf8('[1]'), { profile: 'jcs', maxBytes: 2 })).toBe(false);
    expect(isCanonicalJSON(utf8('[[1]]'), { profile: 'jcs', maxDepth: 1 })).toBe(false);
    expect(isCanonicalJSON(utf8('[[1]]'), { profile: 'jcs', maxDepth: 2 })).toBe(true);
  });

  it('is false for anything that is not bytes, and throws on bad options', () => {
    for (const v of ['{}', null, undefined, [123, 125], new ArrayBuffer(2)])
      expect(isCanonicalJSON(v as unknown as Uint8Array, { profile: 'jcs' })).toBe(false);
    expect(thrownCode(() => isCanonicalJSON(utf8('1'), { profile: 'nope' as ProfileName }))).toBe(
      'unknown-profile',
    );
    expect(thrownCode(() => isCanonicalJSON(utf8('1'), { profile: 'jcs', maxDepth: -1 }))).toBe(
      'bad-options',
    );
  });
});

describe('matchCanonicalJSON', () => {
  const marked = (bytes: Uint8Array, profile: ProfileName) => {
    const v = parseJSON(bytes, { profile, floats: 'marked' });
    return v.ok ? v.value : undefined;
  };
  function reference(bytes: Uint8Array, expected: unknown, profile: ProfileName) {
    if (!isCanonicalReference(bytes, profile)) return 'not-canonical';
    return sameValue(marked(bytes, profile), expected) ? 'same' : 'other';
  }

  it.each(PROFILES)('%s: the canonical check and type-for-type equality, in one pass', (profile) => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(documents, jsonText, fc.boolean(), (bytes, other, own) => {
        // Expected: the document's own value (often the same), another text's, or the text it came from.
        const expected = own ? marked(bytes, profile) : marked(utf8(other), profile);
        const got = matchCanonicalJSON(bytes, expected, { profile });
        expect(got).toBe(reference(bytes, expected, profile));
        seen.add(got);
      }),
      RUNS,
    );
    expect([...seen].sort()).toEqual(['not-canonical', 'other', 'same']);
  });

  it('keeps integers and floats apart, and bigints by value', () => {
    const canonical = utf8('{"a":1,"b":1.5,"c":18446744073709551615}');
    const body = (a: unknown, b: unknown, c: unknown) => ({ c, b, a });
    const p = 'agentplane-v1';
    expect(
      matchCanonicalJSON(canonical, body(1, new JsonFloat(1.5), 18446744073709551615n), { profile: p }),
    ).toBe('same');
    expect(
      matchCanonicalJSON(canonical, body(new JsonFloat(1), new JsonFloat(1.5), 18446744073709551615n), {
        profile: p,
      }),
    ).toBe('other');
    expect(matchCanonicalJSON(canonical, body(1, 1.5, 18446744073709551615n), { profile: p })).toBe('other');
    expect(
      matchCanonicalJSON(canonical, body(1, new JsonFloat(1.5), 18446744073709551614n), { profile: p }),
    ).toBe('other');
  });

  it('needs exactly the members, elements and prototype the document has', () => {
    const p = 'jcs';
    const doc = utf8('{"a":[1,"x"],"b":{}}');
    expect(matchCanonicalJSON(doc, { b: {}, a: [1, 'x'] }, { profile: p })).toBe('same');
    expect(matchCanonicalJSON(doc, { b: {}, a: [1, 'x'], c: null }, { profile: p })).toBe('other');
    expect(matchCanonicalJSON(doc, { b: {}, a: [1] }, { profile: p })).toBe('other');
    expect(matchCanonicalJSON(doc, { b: {}, a: [1, 'x', 2] }, { profile: p })).toBe('other');
    expect(matchCanonicalJSON(doc, { b: [], a: [1, 'x'] }, { profile: p })).toBe('other');
    expect(matchCanonicalJSON(doc, { b: Object.create(null), a: [1, 'x'] }, { profile: p })).toBe('other');
    expect(matchCanonicalJSON(doc, { b: {}, a: [1, 'y'] }, { profile: p })).toBe('other');
    expect(matchCanonicalJSON(utf8('{"a":1}'), { a: 1, b: undefined }, { profile: p })).toBe('other');
  });

  it('reports not-canonical before a difference', () => {
    expect(matchCanonicalJSON(utf8('{"b":1,"a":2}'), { a: 9 }, { profile: 'jcs' })).toBe('not-canonical');
  });
});

describe('jsonReader', () => {
  const OPTIONS: ParseJSONOptions[] = PROFILES.flatMap((profile) => [
    { profile },
    { profile, floats: 'marked' as const },
    { profile, duplicateKeys: 'last-wins' as const },
    { profile, duplicateKeys: 'refuse' as const, maxDepth: 3, maxBytes: 24 },
  ]);

  it('gives parseJSON verdict for verdict, code for code and value for value', () =>
    fc.assert(
      fc.property(documents, fc.constantFrom(...OPTIONS), (bytes, options) => {
        const want = parseJSON(bytes, options);
        const got = jsonReader(options)(bytes);
        expect(got.ok).toBe(want.ok);
        if (got.ok && want.ok) expect(spelled(got.value)).toBe(spelled(want.value));
        if (!got.ok && !want.ok) expect([got.code, got.detail]).toEqual([want.code, want.detail]);
      }),
      { numRuns: 1500 },
    ));

  it('builds the values JSON.parse would build differently the way parseJSON does', () => {
    const read = jsonReader({ profile: 'agentplane-v1', floats: 'marked' });
    const value = (t: string) => {
      const v = read(utf8(t));
      return v.ok ? spelled(v.value) : v.code;
    };
    // Each literal JSON.parse reads differently, alone, so that nothing else sends it to parseJSON.
    expect(value('[-0]')).toBe(spelled([0]));
    expect(value('[1.0]')).toBe(spelled([new JsonFloat(1)]));
    expect(value('[9007199254740993]')).toBe(spelled([9007199254740993n]));
    expect(value('[1234567890123456]')).toBe(spelled([1234567890123456]));
    expect(jsonReader({ maxBytes: 4 })(utf8('[1,2]')).ok ? 'ok' : 'refused').toBe('refused');
    expect(value('{"a":1,"a":2}')).toBe('duplicate-key');
    const many = Array.from({ length: 20 }, (_, i) => `"m${i}":${i}`).join(',');
    expect(value(`{${many},"m3":0}`)).toBe('duplicate-key');
    expect(spelled(jsonReader({ duplicateKeys: 'last-wins' })(utf8('{"a":1,"b":2,"a":3}')))).toBe(
      spelled({ ok: true, value: { b: 2, a: 3 } }),
    );
    expect(value('{"__proto__":{"x":1}}')).toBe('{"__proto__":{"x":1}}');
    expect(value('"\\ud800"')).toBe('lone-surrogate');
    expect(value('\uFEFF{}')).toBe('bom');
    expect(read(new Uint8Array([0x22, 0xff, 0x22])).ok ? 'ok' : 'refused').toBe('refused');
    const unmarked = jsonReader({ profile: 'jcs' });
    expect(spelled(unmarked(utf8('[1.5, -0.0, 1e2]')))).toBe(spelled({ ok: true, value: [1.5, -0, 100] }));
    expect(unmarked(utf8('1e400')).ok ? 'ok' : 'refused').toBe('refused');
  });

  it('checks its options once, as parseJSON would', () => {
    expect(thrownCode(() => jsonReader({ floats: 'maybe' as 'marked' }))).toBe('bad-options');
    expect(thrownCode(() => jsonReader({ profile: 'nope' as ProfileName }))).toBe('unknown-profile');
  });
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
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
