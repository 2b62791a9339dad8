import { loadVectors } from '@agent-seam/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import {
  CborFloat,
  type CborKey,
  type CborValue,
  DIAGNOSTIC_CHECKS,
  DIAGNOSTIC_CODES,
  decode,
  diagnosticNotation,
  encode,
  parseDiagnostic,
} from '../src/index.js';
import { fromHex, thrownCode, toHex } from './helpers.js';

/** The CoreDet bytes of a parsed text, or its refusal code. */
const bytesOf = (text: string, options?: Parameters<typeof parseDiagnostic>[1]): string => {
  const v = parseDiagnostic(text, options);
  return v.ok ? toHex(encode(v.value)) : v.code;
};

/** Every value the strict decoder can return, drawn widely (all key kinds, every float, any text). */
const key: fc.Arbitrary<CborKey> = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n - 1n }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constant('__proto__'),
  fc.uint8Array({ maxLength: 8 }),
);
const leaf: fc.Arbitrary<CborValue> = fc.oneof(
  key,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => new CborFloat(Math.trunc(d) % 2 ** 53)),
  fc.constantFrom(true, false, null, -0, 5e-324, 1e300),
);
const { value: anyValue } = fc.letrec<{ value: CborValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc
      .uniqueArray(fc.tuple(key, tie('value')), { selector: ([k]) => toHex(encode(k)), maxLength: 5 })
      .map((entries) => new Map(entries)),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), tie('value'), { maxKeys: 5 }),
  ),
}));

/** decode(encode(v)): the value exactly as the strict decoder gives it back. */
function decoded(bytes: Uint8Array): CborValue {
  const v = decode(bytes);
  if (!v.ok) throw new Error(`test data: ${v.code}`);
  return v.value;
}

describe('parseDiagnostic reads back what diagnosticNotation writes', () => {
  it('for every decodable value: the same value, and the same encode bytes', () =>
    fc.assert(
      fc.property(anyValue, (v) => {
        const bytes = encode(v);
        const notation = diagnosticNotation(bytes);
        expect(notation.ok).toBe(true);
        if (!notation.ok) return;
        const parsed = parseDiagnostic(notation.value);
        expect(parsed.ok, notation.value).toBe(true);
        if (!parsed.ok) return;
        expect(toHex(encode(parsed.value))).toBe(toHex(bytes));
        expect(parsed.value).toStrictEqual(decoded(bytes));
      }),
      { numRuns: 600 },
    ));

  it('at the decoder default depth (32 non-empty levels), and refuses one more', () => {
    const nested = (n: number) => `${'['.repeat(n)}0${']'.repeat(n)}`;
    const deepest = fromHex(`${'81'.repeat(32)}00`);
    expect(decode(deepest).ok).toBe(true);
    expect(bytesOf(nested(32))).toBe(toHex(deepest));
    expect(bytesOf(nested(33))).toBe('too-deep');
    // An empty container does not count, as in decode.
    expect(bytesOf(`${'['.repeat(33)}${']'.repeat(33)}`)).toBe(`${'81'.repeat(32)}80`);
  });

  it('the notation of every strictly decodable input in vectors/coredet_cbor.json', () => {
    const hexes: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object')
        for (const [k, v] of Object.entries(node))
          if (k === 'hex' && typeof v === 'string') hexes.push(v);
          else walk(v);
    };
    walk(loadVectors('coredet_cbor.json'));
    const strict = hexes.filter((h) => decode(fromHex(h)).ok);
    expect(strict.length).toBeGreaterThanOrEqual(67);
    for (const h of strict) {
      const notation = diagnosticNotation(fromHex(h));
      if (!notation.ok) throw new Error(h);
      expect(bytesOf(notation.value), notation.value).toBe(h);
    }
  });
});

describe('what the notation means', () => {
  it('a fraction or an exponent makes a float; integral floats stay floats', () => {
    expect(parseDiagnostic('1.0')).toEqual({ ok: true, value: new CborFloat(1) });
    expect(parseDiagnostic('1e2')).toEqual({ ok: true, value: new CborFloat(100) });
    expect(parseDiagnostic('1')).toEqual({ ok: true, value: 1 });
    expect(parseDiagnostic('9007199254740992')).toEqual({ ok: true, value: 2n ** 53n });
    expect(Object.is((parseDiagnostic('-0.0') as { value: number }).value, -0)).toBe(true);
    expect(Object.is((parseDiagnostic('-0') as { value: number }).value, 0)).toBe(true);
  });

  it("'…' is a byte string of the text's UTF-8, and maps are built as decode builds them", () => {
    expect(parseDiagnostic("'ü'")).toEqual({ ok: true, value: new Uint8Array([0xc3, 0xbc]) });
    const obj = parseDiagnostic('{"__proto__": 1}');
    expect(obj.ok && Object.getOwnPropertyNames(obj.value)).toEqual(['__proto__']);
    expect(parseDiagnostic('{}')).toEqual({ ok: true, value: new Map() });
    expect(parseDiagnostic('{"a": 1, 2: 3}')).toEqual({
      ok: true,
      value: new Map<CborKey, CborValue>([
        ['a', 1],
        [2, 3],
      ]),
    });
  });

  it('comments go wherever white space goes, inside h-strings too, and / is base64 in b64', () => {
    expect(bytesOf("/a/ h'00 /b/ 01' /c/")).toBe('420001');
    expect(bytesOf("b64'/w'")).toBe('41ff');
  });

  it('refuses white space JSON does not know (a no-break space), with the offset', () => {
    expect(parseDiagnostic('[1,\u00a02]')).toMatchObject({ ok: false, code: 'syntax', offset: 3 });
  });

  it('details say where, and never repeat the text', () => {
    const secret = 'zzsecretzz';
    for (const text of [`[1, ${secret}]`, `"${secret}`, `{"${secret}": 1, "${secret}": 2}`, `h'${secret}'`]) {
      const v = parseDiagnostic(text);
      expect(v.ok).toBe(false);
      if (!v.ok) {
        expect(v.detail).not.toContain('secret');
        expect(v.detail).toMatch(/\(at character \d+\)$/);
      }
    }
  });
});

describe('bounds and arguments', () => {
  it('a bound that is not a count, or a depth encode cannot write, throws bad-argument', () => {
    expect(thrownCode(() => parseDiagnostic('1', { maxDepth: Number.NaN }))).toBe('bad-argument');
    expect(thrownCode(() => parseDiagnostic('1', { maxLength: -1 }))).toBe('bad-argument');
    expect(thrownCode(() => parseDiagnostic('1', { maxItems: '9' as never }))).toBe('bad-argument');
    expect(thrownCode(() => parseDiagnostic('1', { maxDepth: 257 }))).toBe('bad-argument');
    expect(bytesOf(`${'['.repeat(256)}0${']'.repeat(256)}`, { maxDepth: 256 })).toBe(`${'81'.repeat(256)}00`);
  });

  it('maxLength is checked before anything is read', () => {
    expect(parseDiagnostic('"unclosed', { maxLength: 4 })).toMatchObject({ code: 'too-large', offset: 4 });
    expect(bytesOf('[1]', { maxLength: 3 })).toBe('8101');
  });
});

describe('never throws', () => {
  const mutate = fc
    .tuple(anyValue, fc.nat(), fc.string({ unit: 'binary', maxLength: 3 }), fc.nat({ max: 3 }))
    .map(([v, at, insert, cut]) => {
      const n = diagnosticNotation(encode(v));
      const text = n.ok ? n.value : '';
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + cut);
    });
  const alphabet = fc.string({
    unit: fc.constantFrom(...'[]{}(),:_<>\'"\\/ -+.0123456789eExobh64aAfntrulsiNIy\u00fc\ud800'),
    maxLength: 40,
  });

  it('on any input: a code from DIAGNOSTIC_CODES, or a value encode writes and decode accepts', () =>
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), mutate, alphabet), (input) => {
        const v = parseDiagnostic(input as string);
        if (!v.ok) {
          expect(DIAGNOSTIC_CODES).toContain(v.code);
          return;
        }
        expect(decode(encode(v.value)).ok).toBe(true);
      }),
      { numRuns: 2000 },
    ));
});

holdChecksToVerifier('parseDiagnostic', DIAGNOSTIC_CHECKS, DIAGNOSTIC_CODES, {
  'text > item': () => parseDiagnostic(['[_ 1]'] as never),
  // An indefinite array, then a second item.
  'item > single-item': () => parseDiagnostic('[_ 1] 2'),
});

describe('diagnosticNotation keeps a leading byte-order mark', () => {
  it('"\\ufeff" is written, and read back to the same bytes', () => {
    const notation = diagnosticNotation(fromHex('63efbbbf'));
    expect(notation).toEqual({ ok: true, value: '"\ufeff"' });
    expect(bytesOf('"\ufeff"')).toBe('63efbbbf');
  });
});
