import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  CborFloat,
  type CborValue,
  decode,
  diagnosticNotation,
  encode,
  parseDiagnostic,
  SimpleValue,
} from '../src/index.js';
import { fromHex, toHex } from './helpers.js';

/**
 * RFC 8949 Appendix A (../shared/interop/standards/cbor-rfc8949/appendix_a.json).
 * Examples already in CoreDet form decode strictly, equal the listed value and
 * re-encode to the same bytes. The others are refused by the strict decoder with the
 * code named here, and read by `lenient` exactly where ANet's Go decoder reads them
 * (FACTS.md 1.2: it refuses tags and malformed items, accepts the rest).
 */
const ledger = openLedger();
const GROUP = 'cbor.rfc8949';
const examples: { hex: string; roundtrip: boolean; decoded?: unknown; diagnostic?: string }[] | null =
  loadInterop('standards/cbor-rfc8949/appendix_a.json');

/** Our reading of each non-CoreDet example: strict code, and whether ANet's decoder accepts it. */
const NOT_COREDET: Record<string, { code: string; lenient: boolean }> = {
  c249010000000000000000: { code: 'tag', lenient: false },
  c349010000000000000000: { code: 'tag', lenient: false },
  c074323031332d30332d32315432303a30343a30305a: { code: 'tag', lenient: false },
  c11a514b67b0: { code: 'tag', lenient: false },
  c1fb41d452d9ec200000: { code: 'tag', lenient: false },
  d74401020304: { code: 'tag', lenient: false },
  d818456449455446: { code: 'tag', lenient: false },
  d82076687474703a2f2f7777772e6578616d706c652e636f6d: { code: 'tag', lenient: false },
  f97c00: { code: 'nan-or-infinity', lenient: true },
  f97e00: { code: 'nan-or-infinity', lenient: true },
  f9fc00: { code: 'nan-or-infinity', lenient: true },
  fa7f800000: { code: 'nan-or-infinity', lenient: true },
  fa7fc00000: { code: 'nan-or-infinity', lenient: true },
  faff800000: { code: 'nan-or-infinity', lenient: true },
  fb7ff0000000000000: { code: 'nan-or-infinity', lenient: true },
  fb7ff8000000000000: { code: 'nan-or-infinity', lenient: true },
  fbfff0000000000000: { code: 'nan-or-infinity', lenient: true },
  f7: { code: 'bad-simple', lenient: true },
  f0: { code: 'bad-simple', lenient: true },
  f8ff: { code: 'bad-simple', lenient: true },
  // RFC 8949 section 3.3 makes f8 followed by a byte below 32 not well-formed.
  f818: { code: 'malformed', lenient: false },
  '5f42010243030405ff': { code: 'indefinite-length', lenient: true },
  '7f657374726561646d696e67ff': { code: 'indefinite-length', lenient: true },
  '9fff': { code: 'indefinite-length', lenient: true },
  '9f018202039f0405ffff': { code: 'indefinite-length', lenient: true },
  '9f01820203820405ff': { code: 'indefinite-length', lenient: true },
  '83018202039f0405ff': { code: 'indefinite-length', lenient: true },
  '83019f0203ff820405': { code: 'indefinite-length', lenient: true },
  '9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff': { code: 'indefinite-length', lenient: true },
  bf61610161629f0203ffff: { code: 'indefinite-length', lenient: true },
  '826161bf61626163ff': { code: 'indefinite-length', lenient: true },
  bf6346756ef563416d7421ff: { code: 'indefinite-length', lenient: true },
};

/** Our decoded value in the plain shape the JSON file uses (floats as numbers, maps as objects). */
function plain(v: CborValue): unknown {
  if (v instanceof CborFloat) return v.value;
  if (typeof v === 'bigint') return Number(v); // the file's JSON numbers beyond 2^53 are themselves rounded
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), plain(x)]));
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array) && !(v instanceof SimpleValue))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/** The value the file's diagnostic notation names, for the examples without a `decoded` field. */
const DIAGNOSTIC: Record<string, unknown> = {
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
  NaN: Number.NaN,
  undefined: undefined,
  'simple(16)': new SimpleValue(16),
  'simple(255)': new SimpleValue(255),
  "(_ h'0102', h'030405')": fromHex('0102030405'),
};

it('RFC 8949 Appendix A data is present, or its absence is recorded', () => {
  if (examples === null) ledger.interopMissing(GROUP);
  else expect(examples.length).toBe(82);
});

describe.runIf(examples !== null)('RFC 8949 Appendix A', () => {
  const all = examples ?? [];
  it('every non-CoreDet example is listed here and exists in the file', () => {
    const inFile = new Set(all.map((e) => e.hex));
    for (const hexText of Object.keys(NOT_COREDET)) expect(inFile.has(hexText)).toBe(true);
  });
  for (const e of all) {
    const verdict = NOT_COREDET[e.hex];
    if (verdict === undefined) {
      it(`${e.hex} round-trips`, () =>
        ledger.accept(
          GROUP,
          `${e.hex}/round-trip`,
          () => {
            const v = decode(fromHex(e.hex));
            expect(v.ok).toBe(true);
            if (!v.ok) return;
            expect(toHex(encode(v.value))).toBe(e.hex);
            if ('decoded' in e) expect(plain(v.value)).toEqual(e.decoded);
          },
          { interop: true },
        ));
      continue;
    }
    it(`${e.hex} refused by strict`, () =>
      ledger.refuse(
        GROUP,
        `${e.hex}/strict`,
        () => expect(decode(fromHex(e.hex))).toMatchObject({ ok: false, code: verdict.code }),
        {
          interop: true,
        },
      ));
    if (verdict.lenient)
      it(`${e.hex} read by lenient`, () =>
        ledger.accept(
          GROUP,
          `${e.hex}/lenient`,
          () => {
            const v = decode(fromHex(e.hex), { lenient: true });
            expect(v.ok).toBe(true);
            if (!v.ok) return;
            const want = 'decoded' in e ? e.decoded : DIAGNOSTIC[e.diagnostic!];
            if (!('decoded' in e)) expect(e.diagnostic! in DIAGNOSTIC).toBe(true);
            expect(plain(v.value)).toEqual(want);
          },
          { interop: true },
        ));
    else
      it(`${e.hex} refused by lenient too`, () =>
        ledger.refuse(
          GROUP,
          `${e.hex}/lenient`,
          () =>
            expect(decode(fromHex(e.hex), { lenient: true })).toMatchObject({
              ok: false,
              code: verdict.code,
            }),
          { interop: true },
        ));
  }
});

/**
 * The RFC's own diagnostic notation for the float examples (the file lists the value as a
 * JSON number, which cannot tell 1.0 from 1), as RFC 8949 Appendix A prints it.
 */
const RFC_FLOAT_NOTATION: Record<string, string> = {
  f90000: '0.0',
  f98000: '-0.0',
  f93c00: '1.0',
  fb3ff199999999999a: '1.1',
  f93e00: '1.5',
  f97bff: '65504.0',
  fa47c35000: '100000.0',
  fa7f7fffff: '3.4028234663852886e+38',
  fb7e37e43c8800759c: '1.0e+300',
  f90001: '5.960464477539063e-8',
  f90400: '0.00006103515625',
  f9c400: '-4.0',
  fbc010666666666666: '-4.1',
};

/**
 * parseDiagnostic over Appendix A. Each example's notation (the RFC's own where the file
 * gives it or the float table above has it, else the notation diagnosticNotation writes
 * from the bytes) is read to the example's bytes when the example is CoreDet; every
 * other example whose notation exists is refused with the code that names what CoreDet
 * lacks (tags, NaN and infinities, undefined and simple values, indefinite lengths).
 */
describe.runIf(examples !== null)('RFC 8949 Appendix A in diagnostic notation', () => {
  const all = examples ?? [];
  it('the float table names examples of the file', () => {
    const inFile = new Set(all.map((e) => e.hex));
    for (const hexText of Object.keys(RFC_FLOAT_NOTATION)) expect(inFile.has(hexText)).toBe(true);
  });
  /** The notation of an example: the RFC's, or ours from the bytes (lenient), or null (a tag without one). */
  const notationOf = (e: (typeof all)[number]): string | null => {
    const given = e.diagnostic ?? RFC_FLOAT_NOTATION[e.hex];
    if (given !== undefined) return given;
    const ours = diagnosticNotation(fromHex(e.hex));
    return ours.ok ? ours.value : null;
  };
  for (const e of all) {
    const text = notationOf(e);
    const expected = NOT_COREDET[e.hex];
    if (expected === undefined)
      it(`${e.hex}: ${text} parses to its bytes`, () =>
        ledger.accept(
          GROUP,
          `${e.hex}/parse-diagnostic`,
          () => {
            const v = parseDiagnostic(text!);
            expect(v.ok).toBe(true);
            if (v.ok) expect(toHex(encode(v.value))).toBe(e.hex);
          },
          { interop: true },
        ));
    else if (text !== null)
      it(`${e.hex}: ${text} is refused`, () =>
        ledger.refuse(
          GROUP,
          `${e.hex}/parse-diagnostic`,
          () => {
            // f818 (simple(24)) is not well-formed bytes, but its notation is just a simple value.
            const code = expected.code === 'malformed' ? 'bad-simple' : expected.code;
            expect(parseDiagnostic(text)).toMatchObject({ ok: false, code });
          },
          { interop: true },
        ));
  }
});
