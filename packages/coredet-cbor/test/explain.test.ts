import { hex } from '@agent-seam/canonical';
import {
  CBOR_DECODE_CHECKS,
  CID_CHECKS,
  CID_CODES,
  DECODE_CODES,
  decode,
  decodeObject,
  explainCbor,
  OBJECT_CHECKS,
  OBJECT_CODES,
  parseCid,
} from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import { thrown } from '../../../tools/thrown.js';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { base32LowerEncode } from '../src/base32.js';
import { diagnosticNotation, encode } from '../src/index.js';
import { fromHex } from './helpers.js';
import { schemas } from './schema-fixture.js';

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

const envelopeSchema = schemas.envelope!;
holdChecksToVerifier('decodeObject', OBJECT_CHECKS, OBJECT_CODES, {
  'bytes > item': () => decodeObject(envelopeSchema, [0x18, 0x01] as never),
  'item > single-item': () => decodeObject(envelopeSchema, bytes('180100')),
  // An integer, with a byte after it.
  'single-item > map': () => decodeObject(envelopeSchema, bytes('0100')),
  'map > entries': 'entries are read only from a map',
  // {9: 0}: a key the schema does not name, and every required field missing.
  'entries > presence': () => decodeObject(envelopeSchema, bytes('a10900')),
});

/** A CID's text from its bytes (the multibase prefix b, then lower-case base32). */
const cidText = (...head: number[]) =>
  `b${base32LowerEncode(new Uint8Array([...head, ...new Uint8Array(32)]))}`;
holdChecksToVerifier('parseCid', CID_CHECKS, CID_CODES, {
  'text > multibase': () => parseCid(5),
  'multibase > base32': () => parseCid('B!!'),
  // Upper case is not the spelling, and the bytes are CIDv0.
  'base32 > version': () => parseCid(`b${cidText(0, 0x71, 0x12, 0x20).slice(1).toUpperCase()}`),
  'version > codec': () => parseCid(cidText(0, 0x99, 0x12, 0x20)),
  'codec > hash': () => parseCid(cidText(1, 0x99, 0x13, 0x20)),
  'hash > digest-length': () => parseCid(cidText(1, 0x71, 0x13, 0x10)),
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
    expect(thrownSeamError(() => diagnosticNotation(bytes('00'), { maxDepth: 5000 })).code).toBe(
      'bad-argument',
    );
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

// Each `why` names the mutant(s) of src/ the case holds; the survivors no input can tell apart
// are listed in spec/coredet-cbor.md ("Outside the verify path …: encoder, floats, diagnostic writer (c)").
describe('the explanation and the diagnostic writer: bounds, depth and the shortest spellings', () => {
  const seam = (code: string, message: string) => ({
    name: 'SeamError',
    code,
    message: `${code}: ${message}`,
  });

  describe('explainCbor', () => {
    // why: explain.ts:25:33 { ...options, lenient: false } → {} (the caller's bounds dropped).
    it('applies the bounds passed to its verdict', () => {
      const { verdict } = explainCbor(fromHex('8180'), { maxBytes: 1 });
      expect(verdict.ok ? 'accepted' : verdict.code).toBe('too-large');
    });
  });

  describe('diagnosticNotation', () => {
    // why: diagnostic.ts:20:7 `> MAX_PRINT_DEPTH` → `>=` (1024 itself is allowed)
    it('accepts maxDepth 1024', () => {
      expect(diagnosticNotation(fromHex('00'), { maxDepth: 1024 })).toEqual({ ok: true, value: '0' });
    });

    // why: diagnostic.ts:21:41 'maxDepth above … cannot be printed' → ''
    it('refuses maxDepth 1025 with the whole message', () => {
      expect(thrown(() => diagnosticNotation(fromHex('00'), { maxDepth: 1025 }))).toEqual(
        seam('bad-argument', 'maxDepth above 1024 cannot be printed'),
      );
    });

    const printed: [why: string, hex: string, text: string][] = [
      // why: diagnostic.ts:89:48 `this.pos++` → `this.pos--` (the next item would be read from the wrong byte)
      ['diagnostic.ts:89:48', '82f82001', '[simple(32), 1]'],
      // why: diagnostic.ts:98:39 `toHalfBits(v) >= 0` → `> 0` (0.0 has the half pattern 0)
      ['diagnostic.ts:98:39', 'fa00000000', '0.0_2'],
      // why: diagnostic.ts:98:65 `Math.fround(v) === v` → false (a binary32 value written in 8 bytes)
      ['diagnostic.ts:98:65', 'fb3ff19999a0000000', '1.100000023841858_3'],
      // why: float.ts:18:7 `exp === 128` → false, 18:27 `mant === 0` → false and → `!==`
      // (Infinity has a half pattern, so 4 bytes are wider than needed)
      ['float.ts:18:7, 18:27', 'fa7f800000', 'Infinity_2'],
      // why: diagnostic.ts:76:30 `width === 1` → false and → `!==` (16 in one byte is not the shortest)
      ['diagnostic.ts:76:30 (false, !==)', '1810', '16_0'],
      // why: diagnostic.ts:76:30 `width === 1` → true (24 in two bytes is not the shortest)
      ['diagnostic.ts:76:30 (true)', '190018', '24_1'],
    ];
    for (const [_why, hex, text] of printed) {
      it(`${hex} prints as ${text}`, () => {
        expect(diagnosticNotation(fromHex(hex))).toEqual({ ok: true, value: text });
      });
    }
  });
});
