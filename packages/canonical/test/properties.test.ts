import {
  canonicalFromJSON,
  canonicalize,
  canonicalString,
  type ProfileName,
  parseJSON,
  pythonFloatRepr,
  SeamError,
} from '@agent-seam/canonical';
import npmCanonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILES, text, utf8 } from './helpers.js';

const RUNS = { numRuns: 300 };

/** JSON values with strings over all code points (lone surrogates included) and numbers of every size. */
const stringArb = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ maxLength: 8 }));
const numberArb = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e-7, 1e16, 1e21, 2 ** 53, 0.1, 1e-6, 123456789.5),
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    numberArb,
    stringArb,
    fc.array(tie('json'), { maxLength: 5 }),
    fc.dictionary(stringArb, tie('json'), { maxKeys: 5 }),
  ),
}));

/** canonicalize, or undefined when the sign side refuses the value (a SeamError). */
function signed(v: unknown, profile: ProfileName): Uint8Array | undefined {
  try {
    return canonicalize(v, { profile });
  } catch (e) {
    if (e instanceof SeamError) return undefined;
    throw e;
  }
}

describe.each(PROFILES)('%s', (profile) => {
  it('the parse boundary over JSON.stringify agrees with the sign side', () =>
    fc.assert(
      fc.property(json, (v) => {
        const expected = signed(v, profile);
        fc.pre(expected !== undefined);
        const got = canonicalFromJSON(utf8(JSON.stringify(v)), { profile });
        expect(got.ok && text(got.value)).toBe(text(expected!));
      }),
      RUNS,
    ));

  it('canonical output re-parses to an equal value and is a fixed point', () =>
    fc.assert(
      fc.property(json, (v) => {
        const out = signed(v, profile);
        fc.pre(out !== undefined);
        expect(JSON.parse(text(out!))).toEqual(JSON.parse(JSON.stringify(v)));
        const again = canonicalFromJSON(out!, { profile });
        expect(again.ok && text(again.value)).toBe(text(out!));
      }),
      RUNS,
    ));
});

/**
 * RFC-004's canonical() as interop/rfc004/NOTES.md describes the reference: leaves are
 * JSON.stringify (NaN and Infinity become null), arrays keep order, object members whose
 * value is undefined are dropped and the rest sorted with the default sort.
 */
function rfc004Reference(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(rfc004Reference).join(',')}]`;
  const object = v as Record<string, unknown>;
  const names = Object.keys(object)
    .filter((k) => object[k] !== undefined)
    .sort();
  return `{${names.map((k) => `${JSON.stringify(k)}:${rfc004Reference(object[k])}`).join(',')}}`;
}

describe('rfc004 writes what the RFC-004 reference writes', () => {
  const nonFinite = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
  it('on the sign side, NaN and Infinity included', () =>
    fc.assert(
      fc.property(json, nonFinite, (v, x) => {
        const value = { v, x, list: [x, v] };
        expect(canonicalString(value, { profile: 'rfc004' })).toBe(rfc004Reference(value));
      }),
      RUNS,
    ));

  // Documents with overflowing literals and repeated names, read by JSON.parse on the reference side.
  const literal = fc.oneof(
    fc.constantFrom('1e400', '-1e400', '1E+999', '0.5e309', '9'.repeat(400), '1e-400', '-0', '1.0'),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  );
  const { doc } = fc.letrec((tie) => ({
    doc: fc.oneof(
      { depthSize: 'small' },
      literal,
      fc.array(tie('doc'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
      fc
        .array(fc.tuple(fc.constantFrom('a', 'b', '\\u0061', '\\ud800', 'é'), tie('doc')), { maxLength: 4 })
        .map((members) => `{${members.map(([k, x]) => `"${k}":${x}`).join(',')}}`),
    ),
  }));
  it('on the verify side, overflowing literals and repeated names included', () =>
    fc.assert(
      fc.property(doc, (d) => {
        const got = canonicalFromJSON(utf8(d), { profile: 'rfc004' });
        expect(got.ok && text(got.value)).toBe(rfc004Reference(JSON.parse(d)));
      }),
      { numRuns: 1000 },
    ));
});

it('jcs agrees with the npm canonicalize package on well-formed values', () =>
  fc.assert(
    fc.property(json, (v) => {
      const ours = signed(v, 'jcs');
      fc.pre(ours !== undefined);
      expect(text(ours!)).toBe(npmCanonicalize(v));
    }),
    RUNS,
  ));

it('seam refuses exactly the numbers a JavaScript reader would spell differently', () =>
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const out = signed([x], 'seam');
      const jsSpelling = `[${JSON.stringify(x)}]`;
      if (out !== undefined) expect(text(out)).toBe(jsSpelling);
      else expect(canonicalString([x], { profile: 'jcs' })).toBe(jsSpelling);
    }),
    { numRuns: 1000 },
  ));

describe('no exception escapes the parse boundary', () => {
  const jsonish = fc
    .array(fc.constantFrom(...'{}[]":,.-+eE0123456789 \\u/tfnrlsa\ud800\udc00é\u0000'.split('')), {
      maxLength: 40,
    })
    .map((cs) => utf8(cs.join('')));
  const inputs = fc.oneof(fc.uint8Array({ maxLength: 64 }), jsonish);
  for (const profile of PROFILES) {
    it(profile, () =>
      fc.assert(
        fc.property(
          inputs,
          fc.constantFrom('last-wins' as const, 'refuse' as const),
          (bytes, duplicateKeys) => {
            const a = canonicalFromJSON(bytes, { profile, duplicateKeys, maxDepth: 4 });
            const b = parseJSON(bytes, { profile, duplicateKeys, maxDepth: 4, floats: 'marked' });
            expect(a.ok).toBe(b.ok);
            if (!a.ok && !b.ok) expect(a.code).toBe(b.code);
          },
        ),
        { numRuns: 500 },
      ),
    );
  }
});

describe('the UTF-8 gate agrees with a fatal TextDecoder', () => {
  const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const accepts = (b: Uint8Array) => {
    try {
      fatal.decode(b);
      return true;
    } catch {
      return false;
    }
  };
  // Quoted so the grammar accepts the text; byte values biased toward UTF-8 lead and continuation bytes.
  const bytesArb = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0x80, max: 0xff }),
        fc.constantFrom(0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xbf, 0x80, 0x9f, 0xa0, 0x8f, 0x90),
      ),
      { maxLength: 12 },
    )
    .map((xs) => new Uint8Array([0x22, ...xs.filter((x) => x !== 0x22 && x !== 0x5c), 0x22]));
  it('on random byte strings', () =>
    fc.assert(
      fc.property(bytesArb, (b) => {
        const v = canonicalFromJSON(b, { profile: 'seam' });
        expect(v.ok || v.code !== 'invalid-utf8').toBe(accepts(b));
      }),
      { numRuns: 2000 },
    ));
});

it('float literals with up to 15 significant digits are spelled as the slow path would', () =>
  fc.assert(
    fc.property(
      fc.boolean(),
      fc.stringMatching(/^(0|[1-9][0-9]{0,9})$/),
      fc.stringMatching(/^[0-9]{1,12}$/),
      (negative, whole, fraction) => {
        const literal = `${negative ? '-' : ''}${whole}.${fraction}`;
        const x = Number(literal);
        const jcs = canonicalFromJSON(utf8(literal), { profile: 'jcs' });
        expect(jcs.ok && text(jcs.value)).toBe(String(x));
        const seam = canonicalFromJSON(utf8(literal), { profile: 'seam' });
        expect(seam.ok && text(seam.value)).toBe(pythonFloatRepr(x));
      },
    ),
    { numRuns: 1000 },
  ));

describe('the grammar accepts exactly what JSON.parse accepts, with the same result', () => {
  // Random token strings (mostly invalid) and valid documents with one character replaced.
  const token = fc.constantFrom(
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    ' ',
    '\n',
    '"a"',
    '"b"',
    '"\\u00e9\\ud83d\\ude00"',
    '"\\ud800"',
    '"x\\/"',
    '0',
    '-0',
    '1',
    '12',
    '1.5',
    '-2e3',
    '1E+2',
    '01',
    '1.',
    '.5',
    'true',
    'false',
    'null',
    'nul',
    '"',
    '\\',
  );
  const tokens = fc.array(token, { maxLength: 14 }).map((ts) => ts.join(''));
  const edited = fc
    .tuple(
      json,
      fc.constantFrom(undefined, 1, '\t'),
      fc.nat(),
      fc.constantFrom(null, '', ',', '"', ']', '}', ' ', ':', '{', '[', '\\'),
    )
    .map(([v, indent, at, replacement]) => {
      const s = JSON.stringify(v, null, indent);
      if (replacement === null) return s;
      const i = at % (s.length + 1);
      return s.slice(0, i) + replacement + s.slice(i + 1);
    });
  const hasNonFinite = (v: unknown): boolean =>
    typeof v === 'number'
      ? !Number.isFinite(v)
      : typeof v === 'object' && v !== null && Object.values(v).some(hasNonFinite);

  for (const [label, docs] of [
    ['token strings', tokens],
    ['edited documents', edited],
  ] as const) {
    it(label, () =>
      fc.assert(
        fc.property(docs, (source) => {
          // The bytes are what is judged; a raw lone surrogate in the source string has
          // already become U+FFFD in them, so JSON.parse reads the bytes' text too.
          const doc = text(utf8(source));
          let expected: unknown;
          let valid = true;
          try {
            expected = JSON.parse(doc);
          } catch {
            valid = false;
          }
          // swarmrelay-v1 accepts lone surrogates as JSON.parse does; only an overflowing
          // literal (which JSON.parse turns into Infinity) is refused on top, possibly
          // before a later syntax error is reached.
          const got = canonicalFromJSON(utf8(doc), { profile: 'swarmrelay-v1', maxDepth: 64 });
          if (!got.ok && got.code === 'number-hazard') expect(!valid || hasNonFinite(expected)).toBe(true);
          else {
            expect(got.ok).toBe(valid);
            if (got.ok) expect(text(got.value)).toBe(canonicalString(expected, { profile: 'swarmrelay-v1' }));
          }
        }),
        { numRuns: 1500 },
      ),
    );
  }
});
