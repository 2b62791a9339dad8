import { bytesEqual, hex, parseJSON, utf8Strict, type Verdict } from '@agent-seam/canonical';
import {
  CBOR_DECODE_CHECKS,
  type CborValue,
  cid,
  DIAGNOSTIC_CHECKS,
  type DiagnosticCode,
  encode,
  explainCbor,
  parseDiagnostic,
} from '@agent-seam/coredet-cbor';
import { type Command, oneInput, str } from '../command.js';
import {
  EXIT,
  print,
  printJson,
  readInput,
  readJson,
  readText,
  Unreadable,
  UsageError,
  warn,
  write,
} from '../io.js';
import { report, signRefusal, trySign } from './shared.js';

/** The input bytes: the file as is, or with --hex its text read as hex (white space ignored). */
function bytesOf(path: string, asHex: boolean): Uint8Array {
  if (!asHex) return readInput(path);
  const bytes = hex.decode(readText(path).replace(/\s+/g, '').toLowerCase());
  if (!bytes.ok) throw new Unreadable(`${path} is not hex; leave out --hex to read the bytes as they are`);
  return bytes.value;
}

export const cborDecode: Command = {
  name: 'cbor decode',
  summary: 'CBOR as RFC 8949 diagnostic notation, with the strict (CoreDet) findings',
  usage: `usage: seam cbor decode FILE|- [--hex] [--json]

Prints the CBOR item in FILE in RFC 8949 §8 diagnostic notation (as received: wire order,
encoding indicators on every non-preferred encoding) and decodes it strictly with
@agent-seam/coredet-cbor: when it is not CoreDet-CBOR, the check that refused and the
offset of the first byte that breaks a rule.

  --hex   FILE holds the bytes as hex text

exit: 0 strict CoreDet-CBOR, 1 refused by the strict decoder, 2 bad command line,
      4 unreadable file`,
  example: `  $ printf 'a2616201616101' | seam cbor decode - --hex
  {"b": 1, "a": 1}
  refused [unsorted-keys]: ...`,
  options: { hex: { type: 'boolean' } },
  run(values, positionals) {
    const bytes = bytesOf(oneInput(cborDecode, positionals), values.hex === true);
    const { verdict, diagnostic } = explainCbor(bytes);
    const json = values.json === true;
    if (!json) print(diagnostic ?? '(no diagnostic notation: the bytes are not well-formed CBOR)');
    return report({
      command: 'cbor decode',
      checks: CBOR_DECODE_CHECKS,
      verdict,
      options: {},
      signed: null,
      expected: undefined,
      json,
      extra: { diagnostic },
      okLine: () => `strict: CoreDet-CBOR (${bytes.length} bytes)`,
    });
  },
};

const SOURCES = ['auto', 'diag', 'json'] as const;
type Source = (typeof SOURCES)[number];

/**
 * The item FILE holds, read as --from says. Auto takes JSON when the text is one strict
 * JSON value, else diagnostic notation. Text valid as both that means other bytes as
 * notation (`1.0` is the integer 1 in JSON, a float in notation) gets a note on stderr.
 */
function itemOf(path: string, from: Source): Verdict<CborValue, DiagnosticCode> {
  if (from === 'json') return { ok: true, value: readJson(path) as CborValue };
  if (from === 'diag') return parseDiagnostic(readText(path));
  const bytes = readInput(path);
  const json = parseJSON(bytes, { profile: 'seam' });
  const text = utf8Strict.decode(bytes);
  if (!text.ok) throw new Unreadable(`${path === '-' ? 'stdin' : path} is neither JSON nor UTF-8 text`);
  const diag = parseDiagnostic(text.value);
  if (!json.ok) return diag;
  const value = json.value as CborValue;
  if (diag.ok && !sameEncoding(diag.value, value))
    warn(
      'seam: note: read as JSON; as diagnostic notation this text means other bytes (1.0 stays a float there): add --from diag for that\n',
    );
  return { ok: true, value };
}

/** Whether two values have the same CoreDet bytes (false when one has none). */
function sameEncoding(a: CborValue, b: CborValue): boolean {
  const x = trySign(() => encode(a));
  const y = trySign(() => encode(b));
  return x.ok && y.ok && bytesEqual(x.value, y.value);
}

export const cborEncode: Command = {
  name: 'cbor encode',
  summary: 'CoreDet-CBOR bytes of RFC 8949 diagnostic notation or a JSON document',
  usage: `usage: seam cbor encode FILE|- [--from auto|diag|json] [--hex]

Encodes the item in FILE as CoreDet-CBOR (@agent-seam/coredet-cbor parseDiagnostic and
encode): shortest heads, sorted keys, shortest exact floats. Writes the bytes, or hex
with --hex.

  --from diag   RFC 8949 diagnostic notation, as seam cbor decode prints it, with h'..',
                b64'..', 'bytes', <<..>> and /comments/; 1.0 is a float, 1 an integer
  --from json   one strict JSON value (JSON's numbers: 1.0 is the integer 1)
  --from auto   (default) JSON when FILE is one strict JSON value, else diagnostic notation

What CoreDet cannot hold is refused with its code and the character offset: a tag,
undefined, NaN, an indefinite length [_ ...], an encoding indicator such as 1_0, an
integer beyond 64 bits.

exit: 0, 1 refused (the code and the offset), 2 bad command line, 4 unreadable input
      (no such file, not UTF-8, not JSON under --from json)`,
  example: `  $ echo "{1: h'0102', 2: [1.0, 'ab']}" | seam cbor encode - --hex
  a2014201020282f93c00426162
  $ echo '[1, 2_1]' | seam cbor encode - --hex
  refused [encoding-indicator]: ... (at character 5)`,
  options: { hex: { type: 'boolean' }, from: { type: 'string' } },
  run(values, positionals) {
    const from = str(values.from) ?? 'auto';
    if (!(SOURCES as readonly string[]).includes(from))
      throw new UsageError(`--from names one of ${SOURCES.join(', ')}`);
    const value = itemOf(oneInput(cborEncode, positionals), from as Source);
    const json = values.json === true;
    if (!value.ok)
      return report({
        command: 'cbor encode',
        checks: DIAGNOSTIC_CHECKS,
        verdict: value,
        options: {},
        signed: null,
        expected: undefined,
        json,
        extra: 'offset' in value ? { offset: value.offset } : {},
        okLine: () => '',
      });
    const bytes = trySign(() => encode(value.value));
    if (!bytes.ok) return signRefusal('cbor encode', json, bytes.code, bytes.detail);
    if (json) printJson({ command: 'cbor encode', ok: true, value: hex.encode(bytes.value) });
    else if (values.hex === true) print(hex.encode(bytes.value));
    else write(bytes.value);
    return EXIT.ok;
  },
};

export const cborCid: Command = {
  name: 'cbor cid',
  summary: 'the CIDv1 (sha2-256) of a file: dag-cbor, or raw with --raw',
  usage: `usage: seam cbor cid FILE|- [--raw] [--hex]

Prints the CIDv1 of the bytes in FILE (@agent-seam/coredet-cbor cid): codec dag-cbor
(bafyrei...), or raw (bafkrei...) with --raw. It hashes the bytes as they are; seam
cbor decode says whether they are CoreDet-CBOR.

exit: 0, 2 bad command line, 4 unreadable file`,
  example: `  $ seam cbor cid record.cbor`,
  options: { raw: { type: 'boolean' }, hex: { type: 'boolean' } },
  run(values, positionals) {
    const bytes = bytesOf(oneInput(cborCid, positionals), values.hex === true);
    const c = cid(bytes, { codec: values.raw === true ? 'raw' : 'dag-cbor' });
    if (values.json === true) printJson({ command: 'cbor cid', ok: true, value: c.text });
    else print(c.text);
    return EXIT.ok;
  },
};
