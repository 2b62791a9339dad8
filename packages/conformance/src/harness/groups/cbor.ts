import { sortedJson } from '../protocol.js';
import { type Case, each, type OpGroup, refusal, step, value } from '../replay.js';

// The groups of @agent-seam/coredet-cbor as questions (spec/harness.md, "coredet-cbor").
const pkg = '@agent-seam/coredet-cbor';
const file = 'coredet_cbor.json';
const SAFE = 2n ** 53n - 1n;

/** A map's entries in the answer's order: by the JSON text of their keys' spelling. */
const byKey = (entries: [unknown, unknown][]) =>
  entries.sort(([a], [b]) => (sortedJson(a) < sortedJson(b) ? -1 : sortedJson(a) > sortedJson(b) ? 1 : 0));

/**
 * The file's spelling of a value as a decoder's answer spells it (spec/harness.md): an
 * integer as a number when safe, else `{int}` in shortest decimal; `{object}` and `{map}`
 * alike as `{map}` with entries ordered by key; the rest as the file spells it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the spelling is untyped JSON.
function decodedSpelling(j: any): unknown {
  if (j === null || typeof j !== 'object') return j;
  if (Array.isArray(j)) return j.map(decodedSpelling);
  if ('int' in j) {
    const n = BigInt(j.int);
    return n >= -SAFE && n <= SAFE ? Number(n) : { int: String(n) };
  }
  if ('map' in j)
    return {
      map: byKey(j.map.map(([k, v]: [unknown, unknown]) => [decodedSpelling(k), decodedSpelling(v)])),
    };
  if ('object' in j) return { map: byKey(Object.entries(j.object).map(([k, v]) => [k, decodedSpelling(v)])) };
  return j;
}

/** The bytes of a case, or the non-bytes value it hands the reader as it is. */
const data = (c: Case) => (c.hex === undefined ? { input: c.input } : { dataHex: c.hex });
const withOptions = (c: Case, args: Record<string, unknown>) =>
  c.options === undefined ? args : { ...args, options: c.options };

export const cborGroups: OpGroup[] = [
  {
    file,
    group: 'cbor.encode',
    pkg,
    // Encoded to the bytes, and read back to the value (RawCbor copies bytes verbatim: encode only).
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('cbor.encode', { value: c.value }, value(c.hex)),
        ...(JSON.stringify(c.value).includes('"raw"')
          ? []
          : [step('cbor.decode', { dataHex: c.hex }, value(decodedSpelling(c.value)))]),
      ]),
  },
  {
    file,
    group: 'cbor.encodeRefuse',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [step('cbor.encode', { value: c.value }, refusal(c.code))]),
  },
  {
    file,
    group: 'cbor.refuse',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [step('cbor.decode', withOptions(c, data(c)), refusal(c.code))]),
  },
  {
    file,
    group: 'cbor.lenient',
    pkg,
    // Refused as written, read when the caller asks for leniency.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('cbor.decode', { dataHex: c.hex }, refusal(c.strictCode)),
        step('cbor.decode', { dataHex: c.hex, options: { lenient: true } }, value(decodedSpelling(c.value))),
      ]),
  },
  {
    file,
    group: 'cbor.rawEntries',
    pkg,
    replay: (g: Case[]) =>
      each(
        g,
        (c) => (c.code === undefined ? 'accept' : 'refuse'),
        (c) => [
          step(
            'cbor.decodeEntries',
            withOptions(c, { dataHex: c.hex }),
            c.code === undefined ? value(c.entries) : refusal(c.code),
          ),
        ],
      ),
  },
  {
    file,
    group: 'cbor.schema',
    pkg,
    // Read against the named schema, and written again to the same bytes.
    replay: (g: Case[]) =>
      each(
        g,
        (c) => (c.code === undefined ? 'accept' : 'refuse'),
        (c) =>
          c.code === undefined
            ? [
                step(
                  'cbor.decodeObject',
                  { schema: c.schema, dataHex: c.hex },
                  value({ fields: c.fields, extensions: c.extensions, hex: c.hex }),
                ),
                step('cbor.reencodeObject', { schema: c.schema, dataHex: c.hex }, value(c.hex)),
              ]
            : [step('cbor.decodeObject', { schema: c.schema, dataHex: c.hex }, refusal(c.code))],
      ),
  },
  {
    file,
    group: 'cid.compute',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('cid.compute', { dataHex: c.hex, codec: c.codec }, value({ codec: c.codec, text: c.cid })),
        step('cid.parse', { text: c.cid }, value({ codec: c.codec, text: c.cid })),
      ]),
  },
  {
    file,
    group: 'cid.refuse',
    pkg,
    replay: (g: Case[]) => each(g, 'refuse', (c) => [step('cid.parse', { text: c.text }, refusal(c.code))]),
  },
  {
    file,
    group: 'cbor.diagnostic',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [step('cbor.parseDiagnostic', { text: c.text }, value(c.hex))]),
  },
  {
    file,
    group: 'cbor.diagnosticRefuse',
    pkg,
    // The refusal and where it is: the code, and the character offset when the text has a place.
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step(
          'cbor.diagnosticRefusal',
          withOptions(c, c.text === undefined ? { input: c.input } : { text: c.text }),
          value({ code: c.code, ...(c.offset === undefined ? {} : { offset: c.offset }) }),
        ),
      ]),
  },
];
