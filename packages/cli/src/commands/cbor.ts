import { hex } from '@agent-seam/canonical';
import { CBOR_DECODE_CHECKS, type CborValue, cid, encode, explainCbor } from '@agent-seam/coredet-cbor';
import { type Command, oneInput } from '../command.js';
import { EXIT, print, printJson, readInput, readJson, readText, Unreadable } from '../io.js';
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

export const cborEncode: Command = {
  name: 'cbor encode',
  summary: 'CoreDet-CBOR bytes of a JSON document',
  usage: `usage: seam cbor encode FILE|- [--hex]

Encodes the JSON document in FILE as CoreDet-CBOR (@agent-seam/coredet-cbor encode):
shortest heads, sorted keys, shortest exact floats. Writes the bytes, or hex with --hex.
Input is JSON only (diagnostic notation is not read).

exit: 0, 1 a value CoreDet-CBOR cannot hold, 2 bad command line, 4 unreadable or not JSON`,
  example: `  $ echo '{"b":1,"a":[1.5,"x"]}' | seam cbor encode - --hex
  a26161820f9f63e...`,
  options: { hex: { type: 'boolean' } },
  run(values, positionals) {
    const value = readJson(oneInput(cborEncode, positionals));
    const bytes = trySign(() => encode(value as CborValue));
    if (!bytes.ok) return signRefusal('cbor encode', values.json === true, bytes.code, bytes.detail);
    if (values.json === true) printJson({ command: 'cbor encode', ok: true, value: hex.encode(bytes.value) });
    else if (values.hex === true) print(hex.encode(bytes.value));
    else process.stdout.write(bytes.value);
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
