import { canonicalize, canonicalString, JsonFloat, type ProfileName, SeamError } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILES, text } from './helpers.js';

// canonicalString takes one of two paths: the writer with a string output, or, for a
// value whose text is large and which the survey admits, the engine's JSON.stringify
// (src/native-text.ts). Either way its text must be exactly the UTF-8 canonicalize writes, and a refusal the
// same refusal. `padded` lifts a value past the size where the native path is taken.

const RUNS = { numRuns: 300 };
// Past canonicalString's SMALL_TEXT (2048 characters) whatever `v` is.
const PAD = Array.from({ length: 1000 }, (_, i) => i + 1);
// `a` sorts first, so the writer is past the limit before it reaches `v`.
const padded = (v: unknown) => ({ a: PAD, v, list: [v, { v }] });

/** The text of canonicalize, or the refusal as `code: message`. */
function viaBytes(v: unknown, profile: ProfileName): string {
  try {
    return text(canonicalize(v, { profile }));
  } catch (e) {
    if (e instanceof SeamError) return `${e.code}: ${e.message}`;
    throw e;
  }
}

function viaText(v: unknown, profile: ProfileName): string {
  try {
    return canonicalString(v, { profile });
  } catch (e) {
    if (e instanceof SeamError) return `${e.code}: ${e.message}`;
    throw e;
  }
}

const stringArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'toJSON', '10', '9', '\ud83d', 'é', '\u{1f426}'),
);
const numberArb = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constantFrom(0, -0, 1e-7, 1e16, 1e21, 2 ** 53, 0.1, 123456789.5, Number.NaN, Number.POSITIVE_INFINITY),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => new JsonFloat(x)),
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(undefined, new Date(0), () => 1),
    numberArb,
    stringArb,
    fc.array(tie('json'), { maxLength: 5 }),
    fc.dictionary(stringArb, tie('json'), { maxKeys: 5 }),
  ),
}));

describe.each(PROFILES)('%s: canonicalString is the text of canonicalize', (profile) => {
  it('on small values (the writer)', () =>
    fc.assert(
      fc.property(json, (v) => {
        expect(viaText(v, profile)).toBe(viaBytes(v, profile));
      }),
      RUNS,
    ));

  it('on larger values (JSON.stringify where the survey admits them)', () =>
    fc.assert(
      fc.property(json, (v) => {
        expect(viaText(padded(v), profile)).toBe(viaBytes(padded(v), profile));
      }),
      RUNS,
    ));

  it('on names found on Object.prototype and members out of order', () => {
    const own = JSON.parse('{"__proto__":{"x":1},"b":2,"a":[1]}');
    for (const v of [
      [own, { b: 1 }, { constructor: 1 }, {}],
      { z: 1, a: { toString: 'x', hasOwnProperty: 2 }, m: Object.create(null) },
      { '10': 1, '9': 2, é: 3, '\u{1f426}': 4, '\uffff': 5 },
      [{ hidden: 1 }, Object.defineProperty({ shown: 2 }, 'hidden', { value: 3, enumerable: false })],
    ])
      expect(viaText(padded(v), profile)).toBe(viaBytes(padded(v), profile));
  });

  it('with a toJSON on Object.prototype or Array.prototype (never called)', () => {
    const v = padded({ a: [1, { b: 'x' }] });
    const expected = viaBytes(v, profile);
    for (const proto of [Object.prototype, Array.prototype]) {
      Object.defineProperty(proto, 'toJSON', { value: () => 'replaced', configurable: true });
      try {
        expect(viaText(v, profile)).toBe(expected);
      } finally {
        delete (proto as { toJSON?: unknown }).toJSON;
      }
    }
  });

  it('on deep nesting and cycles', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep, { i }];
    expect(viaText(padded(deep), profile)).toBe(viaBytes(padded(deep), profile));
    const cycle: Record<string, unknown> = { pad: PAD };
    cycle.self = { cycle };
    expect(viaText(cycle, profile)).toBe(viaBytes(cycle, profile));
  });
});

describe('canonicalize reuses one output buffer between calls', () => {
  it('a canonicalization inside another (from a getter) leaves the outer one intact', () => {
    const inner = { b: 'inner', list: PAD };
    // The getter runs when `m` is opened, after the outer output has written `a`.
    const outer = {
      a: 'x'.repeat(300),
      m: {
        get nested() {
          return text(canonicalize(inner, { profile: 'jcs' }));
        },
      },
      z: PAD,
    };
    const nestedText = text(canonicalize(inner, { profile: 'jcs' }));
    const expected = text(
      canonicalize({ a: outer.a, m: { nested: nestedText }, z: PAD }, { profile: 'jcs' }),
    );
    expect(text(canonicalize(outer, { profile: 'jcs' }))).toBe(expected);
    // and the buffer handed back is not shared with a result
    const first = canonicalize({ k: 1 }, { profile: 'jcs' });
    canonicalize({ k: 2 }, { profile: 'jcs' });
    expect(text(first)).toBe('{"k":1}');
  });
});
