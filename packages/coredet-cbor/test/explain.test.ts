import { hex } from '@agent-seam/canonical';
import {
  CBOR_DECODE_CHECKS,
  DECODE_CODES,
  decode,
  diagnosticNotation,
  encode,
  explainCbor,
} from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';

const bytes = (h: string) => {
  const decoded = hex.decode(h);
  if (!decoded.ok) throw new Error(h);
  return decoded.value;
};

holdChecksToVerifier('decode', CBOR_DECODE_CHECKS, DECODE_CODES, {
  // The numbers of a non-shortest head, handed over as a plain array.
  'bytes > item': () => decode([0x18, 0x01] as never),
  'item > single-item': () => decode(bytes('180100')),
});

describe('a refusal carries the offset of the first byte that breaks a rule', () => {
  const cases: [string, string, (typeof DECODE_CODES)[number], number][] = [
    ['a non-shortest integer in an array: its head', '82011802', 'non-minimal-int', 2],
    ['map keys out of order: the later key', 'a26162016161 02'.replace(' ', ''), 'unsorted-keys', 4],
    ['a repeated key: the second one', 'a2616101616102', 'duplicate-key', 4],
    ['a float wider than its value: its head', '81fa3f800000', 'non-minimal-float', 1],
    ['an indefinite length: its head', '819f01ff', 'indefinite-length', 1],
    ['a tag inside a map value', 'a16161c101', 'tag', 3],
    ['an item missing: where the input ends', '828101', 'truncated', 3],
    ['a container longer than the input: its head', '818201', 'truncated', 1],
    ['a string longer than the input: its head', '8143 0102'.replace(' ', ''), 'truncated', 1],
    ['trailing bytes: the first byte after the item', '0100', 'trailing-bytes', 1],
  ];
  for (const [name, input, code, offset] of cases)
    it(name, () => {
      const verdict = decode(bytes(input));
      expect(verdict).toMatchObject({ ok: false, code, offset });
      expect(!verdict.ok && verdict.detail).toMatch(new RegExp(`\\(at byte ${offset}\\)$`));
    });

  it('over maxBytes: the first byte past the cap; not bytes at all: no offset', () => {
    expect(decode(bytes('83010203'), { maxBytes: 3 })).toMatchObject({ code: 'too-large', offset: 3 });
    const notBytes = decode('01' as never);
    expect(notBytes).toMatchObject({ ok: false, code: 'not-bytes' });
    expect(notBytes).not.toHaveProperty('offset');
  });
});

describe('diagnostic notation (RFC 8949 §8)', () => {
  // RFC 8949 Appendix A: encoded bytes and their diagnostic notation.
  const appendixA: [string, string][] = [
    ['00', '0'],
    ['1bffffffffffffffff', '18446744073709551615'],
    ['3bffffffffffffffff', '-18446744073709551616'],
    ['3903e7', '-1000'],
    ['f90000', '0.0'],
    ['f98000', '-0.0'],
    ['f93c00', '1.0'],
    ['fb3ff199999999999a', '1.1'],
    ['f93e00', '1.5'],
    ['fa47c35000', '100000.0'],
    ['fb7e37e43c8800759c', '1.0e+300'],
    ['f90001', '5.960464477539063e-8'],
    ['fbc010666666666666', '-4.1'],
    ['f97c00', 'Infinity'],
    ['f97e00', 'NaN'],
    ['f9fc00', '-Infinity'],
    ['f4', 'false'],
    ['f6', 'null'],
    ['f7', 'undefined'],
    ['f0', 'simple(16)'],
    ['f8ff', 'simple(255)'],
    ['40', "h''"],
    ['4401020304', "h'01020304'"],
    ['60', '""'],
    ['6449455446', '"IETF"'],
    ['62225c', '"\\"\\\\"'],
    ['63e6b0b4', '"水"'],
    ['80', '[]'],
    ['8301820203820405', '[1, [2, 3], [4, 5]]'],
    ['a0', '{}'],
    ['a201020304', '{1: 2, 3: 4}'],
    ['a26161016162820203', '{"a": 1, "b": [2, 3]}'],
    ['5f42010243030405ff', "(_ h'0102', h'030405')"],
    ['7f657374726561646d696e67ff', '(_ "strea", "ming")'],
    ['9fff', '[_ ]'],
    ['9f018202039f0405ffff', '[_ 1, [2, 3], [_ 4, 5]]'],
    ['bf61610161629f0203ffff', '{_ "a": 1, "b": [_ 2, 3]}'],
  ];
  for (const [input, notation] of appendixA)
    it(`${input} is ${notation}`, () => {
      expect(diagnosticNotation(bytes(input))).toEqual({ ok: true, value: notation });
    });

  it('marks each non-preferred encoding with its §8.1 indicator, and keeps wire order', () => {
    const shown: [string, string][] = [
      ['1801', '1_0'],
      ['190001', '1_1'],
      ['1a00000001', '1_2'],
      ['1b0000000000000001', '1_3'],
      ['3800', '-1_0'],
      ['fa3fc00000', '1.5_2'],
      ['fb3ff8000000000000', '1.5_3'],
      ['fb3ff199999999999a', '1.1'],
      ['58026162', "h'6162'_0"],
      ['780161', '"a"_0'],
      ['980101', '[_0 1]'],
      ['b8010102', '{_0 1: 2}'],
      ['5fff', "''_"],
      ['7fff', '""_'],
      ['a26162016161 02'.replace(' ', ''), '{"b": 1, "a": 2}'],
      ['a2 6131 01 63313030 02'.replaceAll(' ', ''), '{"1": 1, "100": 2}'],
      ['a2 62 6162 01 63 313030 02'.replaceAll(' ', ''), '{"ab": 1, "100": 2}'],
    ];
    for (const [input, notation] of shown)
      expect(diagnosticNotation(bytes(input))).toEqual({ ok: true, value: notation });
  });

  it('what no reader takes is refused with its code and offset', () => {
    expect(diagnosticNotation(bytes('c101'))).toMatchObject({ ok: false, code: 'tag', offset: 0 });
    expect(diagnosticNotation(bytes('8201'))).toMatchObject({ ok: false, code: 'truncated', offset: 0 });
    expect(() => diagnosticNotation(bytes('00'), { maxDepth: 5000 })).toThrow(/bad-argument/);
  });

  it('prints what encode writes, for a value of every kind', () => {
    const value = { a: [1, -2, 1.5, 'x', new Uint8Array([1, 255]), null, true], b: new Map([[1, false]]) };
    expect(diagnosticNotation(encode(value))).toEqual({
      ok: true,
      value: `{"a": [1, -2, 1.5, "x", h'01ff', null, true], "b": {1: false}}`,
    });
  });
});

describe('explainCbor', () => {
  it('a CoreDet item: accepted, shown', () => {
    expect(explainCbor(bytes('a26161016162820203'))).toEqual({
      verdict: { ok: true, value: { a: 1, b: [2, 3] } },
      diagnostic: '{"a": 1, "b": [2, 3]}',
    });
  });
  it('a foreign item: refused where determinism breaks, and shown as received', () => {
    const explained = explainCbor(bytes('a2616201616118 02'.replace(' ', '')));
    expect(explained.verdict).toMatchObject({ ok: false, code: 'unsorted-keys', offset: 4 });
    expect(explained.diagnostic).toBe('{"b": 1, "a": 2_0}');
  });
  it('an item no reader takes: refused, nothing to show', () => {
    expect(explainCbor(bytes('0100'))).toMatchObject({
      verdict: { ok: false, code: 'trailing-bytes', offset: 1 },
      diagnostic: null,
    });
  });
});
