import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  cid,
  type DecodeOptions,
  decode,
  decodeEntries,
  decodeObject,
  encode,
  encodeObject,
  parseCid,
  parseDiagnostic,
} from '../src/index.js';
import { fromHex, thrownCode, toHex } from './helpers.js';
import { fromJson, type JsonCbor, normalize } from './json-value.js';
import { schemas } from './schema-fixture.js';

const ledger = openLedger();
const doc = loadVectors('coredet_cbor.json');

interface Refusal {
  name: string;
  /** The input bytes; or, with `input` instead, a JSON value given to decode as it is. */
  hex?: string;
  input?: unknown;
  options?: DecodeOptions;
  code: string;
}

describe('cbor.encode', () => {
  const cases: { name: string; value: JsonCbor; hex: string }[] = doc['cbor.encode'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(28));
  for (const c of cases) {
    it(`${c.name} encodes`, () =>
      ledger.accept('cbor.encode', `${c.name}/encode`, () =>
        expect(toHex(encode(fromJson(c.value)))).toBe(c.hex),
      ));
    // RawCbor copies bytes verbatim, possibly non-canonical ones: only the encode side applies.
    if (JSON.stringify(c.value).includes('"raw"')) continue;
    it(`${c.name} decodes back`, () =>
      ledger.accept('cbor.encode', `${c.name}/decode`, () =>
        expect(decode(fromHex(c.hex))).toEqual({ ok: true, value: normalize(fromJson(c.value)) }),
      ));
  }
});

describe('cbor.encodeRefuse', () => {
  const cases: { name: string; value: JsonCbor; code: string }[] = doc['cbor.encodeRefuse'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(11));
  for (const c of cases)
    it(c.name, () =>
      ledger.refuse('cbor.encodeRefuse', c.name, () =>
        expect(thrownCode(() => encode(fromJson(c.value)))).toBe(c.code),
      ),
    );
});

describe('cbor.refuse', () => {
  const cases: Refusal[] = doc['cbor.refuse'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(39));
  for (const c of cases)
    it(c.name, () =>
      ledger.refuse('cbor.refuse', c.name, () =>
        expect(
          decode((c.hex === undefined ? c.input : fromHex(c.hex)) as Uint8Array, c.options),
        ).toMatchObject({
          ok: false,
          code: c.code,
        }),
      ),
    );
});

describe('cbor.lenient', () => {
  const cases: { name: string; hex: string; strictCode: string; value: JsonCbor }[] = doc['cbor.lenient'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(8));
  for (const c of cases) {
    it(`${c.name} refused by strict`, () =>
      ledger.refuse('cbor.lenient', `${c.name}/strict`, () =>
        expect(decode(fromHex(c.hex))).toMatchObject({ ok: false, code: c.strictCode }),
      ));
    it(`${c.name} read by lenient`, () =>
      ledger.accept('cbor.lenient', `${c.name}/lenient`, () =>
        expect(decode(fromHex(c.hex), { lenient: true })).toEqual({
          ok: true,
          value: normalize(fromJson(c.value)),
        }),
      ));
  }
});

describe('cbor.rawEntries', () => {
  const cases: { name: string; hex: string; options?: DecodeOptions; entries?: string[][]; code?: string }[] =
    doc['cbor.rawEntries'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(3));
  for (const c of cases) {
    if (c.code !== undefined) {
      it(c.name, () =>
        ledger.refuse('cbor.rawEntries', c.name, () =>
          expect(decodeEntries(fromHex(c.hex), c.options)).toMatchObject({ ok: false, code: c.code }),
        ),
      );
      continue;
    }
    it(c.name, () =>
      ledger.accept('cbor.rawEntries', c.name, () => {
        const v = decodeEntries(fromHex(c.hex), c.options);
        expect(v.ok).toBe(true);
        if (v.ok) expect(v.value.map((e) => [toHex(e.keyBytes), toHex(e.valueBytes)])).toEqual(c.entries);
      }),
    );
  }
});

describe('cbor.schema', () => {
  const cases: {
    name: string;
    schema: string;
    hex: string;
    code?: string;
    fields?: string[];
    extensions?: number[];
  }[] = doc['cbor.schema'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(15));
  for (const c of cases) {
    const schema = schemas[c.schema]!;
    if (c.code !== undefined) {
      it(c.name, () =>
        ledger.refuse('cbor.schema', c.name, () =>
          expect(decodeObject(schema, fromHex(c.hex))).toMatchObject({ ok: false, code: c.code }),
        ),
      );
      continue;
    }
    it(`${c.name} decodes`, () =>
      ledger.accept('cbor.schema', `${c.name}/decode`, () => {
        const v = decodeObject(schema, fromHex(c.hex));
        expect(v.ok).toBe(true);
        if (!v.ok) return;
        expect(Object.keys(v.value.fields)).toEqual(c.fields);
        expect(v.value.extensions.map((e) => e.key)).toEqual(c.extensions);
      }));
    it(`${c.name} re-encodes with its extensions covered`, () =>
      ledger.accept('cbor.schema', `${c.name}/encode`, () => {
        const v = decodeObject(schema, fromHex(c.hex));
        if (!v.ok) throw new Error(v.code);
        expect(toHex(encodeObject(schema, v.value.fields, v.value.extensions))).toBe(c.hex);
      }));
  }
});

describe('cid.compute', () => {
  const cases: { name: string; codec: 'dag-cbor' | 'raw'; hex: string; cid: string }[] = doc['cid.compute'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(3));
  for (const c of cases) {
    it(`${c.name} computes`, () =>
      ledger.accept('cid.compute', `${c.name}/compute`, () =>
        expect(cid(fromHex(c.hex), { codec: c.codec }).text).toBe(c.cid),
      ));
    it(`${c.name} parses back`, () =>
      ledger.accept('cid.compute', `${c.name}/parse`, () => {
        const v = parseCid(c.cid);
        expect(v.ok).toBe(true);
        if (v.ok) expect([v.value.codec, v.value.text]).toEqual([c.codec, c.cid]);
      }));
  }
});

describe('cid.refuse', () => {
  const cases: { name: string; text: unknown; code: string }[] = doc['cid.refuse'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(12));
  for (const c of cases)
    it(c.name, () =>
      ledger.refuse('cid.refuse', c.name, () =>
        expect(parseCid(c.text)).toMatchObject({ ok: false, code: c.code }),
      ),
    );
});

describe('cbor.diagnostic', () => {
  const cases: { name: string; text: string; hex: string }[] = doc['cbor.diagnostic'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(21));
  for (const c of cases)
    it(`${c.name} parses to the CoreDet bytes`, () =>
      ledger.accept('cbor.diagnostic', c.name, () => {
        const v = parseDiagnostic(c.text);
        expect(v.ok).toBe(true);
        if (v.ok) expect(toHex(encode(v.value))).toBe(c.hex);
      }));
});

describe('cbor.diagnosticRefuse', () => {
  const cases: {
    name: string;
    text?: string;
    input?: unknown;
    options?: { maxLength?: number; maxDepth?: number; maxItems?: number };
    code: string;
    offset?: number;
  }[] = doc['cbor.diagnosticRefuse'];
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(37));
  for (const c of cases)
    it(c.name, () =>
      ledger.refuse('cbor.diagnosticRefuse', c.name, () => {
        const v = parseDiagnostic((c.text ?? c.input) as string, c.options);
        expect(v).toMatchObject({ ok: false, code: c.code });
        expect(v.ok ? undefined : v.offset).toBe(c.offset);
        if (!v.ok && c.offset !== undefined)
          expect(v.detail).toMatch(new RegExp(`\\(at character ${c.offset}\\)$`));
      }),
    );
});
