// Vectors of @agent-seam/coredet-cbor: vectors/coredet_cbor.json, one top-level key per
// group. Every expected hex string below is written out by hand from RFC 8949 and the
// CoreDet rules; the generator runs the reference code over each case and refuses to
// write a file the code disagrees with, so the published file and the code move together.
import { SeamError } from '../../canonical/src/index.ts';
import { base32LowerEncode } from '../src/base32.ts';
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
} from '../src/index.ts';
import { fromHex, toHex } from '../test/helpers.ts';
import { fromJson, type JsonCbor } from '../test/json-value.ts';
import { schemas } from '../test/schema-fixture.ts';

interface EncodeCase {
  name: string;
  value: JsonCbor;
  hex: string;
}
interface RefuseCase {
  name: string;
  /** The input bytes; or, with `input` instead, a JSON value passed to decode as it is. */
  hex?: string;
  input?: unknown;
  options?: DecodeOptions;
  code: string;
  why: string;
}
interface LenientCase {
  name: string;
  hex: string;
  strictCode: string;
  value: JsonCbor;
}
interface EncodeRefuseCase {
  name: string;
  value: JsonCbor;
  code: string;
  why: string;
}

const encodeCases: EncodeCase[] = [
  { name: 'uint-inline-max', value: 23, hex: '17' },
  { name: 'uint-1-byte-min', value: 24, hex: '1818' },
  { name: 'uint-2-byte-min', value: 256, hex: '190100' },
  { name: 'uint-4-byte-min', value: 65536, hex: '1a00010000' },
  { name: 'uint-8-byte-min', value: 4294967296, hex: '1b0000000100000000' },
  { name: 'uint-max-safe', value: 9007199254740991, hex: '1b001fffffffffffff' },
  { name: 'uint-64-max', value: { int: '18446744073709551615' }, hex: '1bffffffffffffffff' },
  { name: 'nint-inline', value: -24, hex: '37' },
  { name: 'nint-1-byte', value: -25, hex: '3818' },
  { name: 'nint-64-min', value: { int: '-18446744073709551616' }, hex: '3bffffffffffffffff' },
  { name: 'bytes-empty', value: { bytes: '' }, hex: '40' },
  { name: 'bytes-24', value: { bytes: '00'.repeat(24) }, hex: `5818${'00'.repeat(24)}` },
  { name: 'text-utf8', value: 'ü水𐅑', hex: '69c3bce6b0b4f0908591' },
  { name: 'text-bom-kept', value: '\ufeff', hex: '63efbbbf' },
  { name: 'simple-values', value: [false, true, null], hex: '83f4f5f6' },
  { name: 'float-half', value: { float: 1.5 }, hex: 'f93e00' },
  { name: 'float-half-subnormal', value: { float: 2 ** -24 }, hex: 'f90001' },
  { name: 'float-negative-zero', value: { float: '-0' }, hex: 'f98000' },
  { name: 'float-single', value: { float: 100000.5 }, hex: 'fa47c35040' },
  { name: 'float-double', value: { float: 1.1 }, hex: 'fb3ff199999999999a' },
  { name: 'float-integral-stays-float', value: { float: 1 }, hex: 'f93c00' },
  { name: 'float-beyond-safe-integers', value: { float: 1e300 }, hex: 'fb7e37e43c8800759c' },
  {
    name: 'map-int-keys-numeric-order',
    value: {
      map: [
        [10, 1],
        [2, 2],
        [24, 3],
      ],
    },
    hex: 'a302020a01181803',
  },
  {
    name: 'map-negative-keys-after-unsigned',
    value: {
      map: [
        [-1, 0],
        [-25, 0],
        [100, 0],
      ],
    },
    hex: 'a31864002000381800',
  },
  {
    name: 'map-text-keys-bytewise-not-length-first',
    value: { object: { b: 1, aa: 2, a: 3 } },
    hex: 'a361610361620162616102',
  },
  {
    name: 'map-mixed-key-types',
    value: {
      map: [
        [{ bytes: '01' }, 0],
        ['a', 0],
        [1, 0],
        [-1, 0],
      ],
    },
    hex: 'a401002000410100616100',
  },
  {
    name: 'nested-envelope-shape',
    value: {
      map: [
        [1, { map: [[1, 1]] }],
        [
          4,
          [
            {
              map: [
                [3, 'do x'],
                [1, 's1'],
              ],
            },
          ],
        ],
      ],
    },
    hex: 'a201a101010481a2016273310364646f2078',
  },
  {
    name: 'raw-value-copied-verbatim',
    value: {
      map: [
        [2, { raw: '1801' }],
        [1, { raw: 'a0' }],
      ],
    },
    hex: 'a201a0021801',
  },
];

/** `depth` arrays, each holding the next, around a 0. */
function nestedArrays(depth: number): JsonCbor {
  let v: JsonCbor = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const encodeRefusals: EncodeRefuseCase[] = [
  { name: 'nan', value: { float: 'NaN' }, code: 'nan-or-infinity', why: 'NaN has no CoreDet form' },
  {
    name: 'infinity',
    value: { float: 'Infinity' },
    code: 'nan-or-infinity',
    why: '+Infinity has no CoreDet form',
  },
  {
    name: 'int-above-64-bits',
    value: { int: '18446744073709551616' },
    code: 'int-out-of-range',
    why: '2^64 needs a tag',
  },
  {
    name: 'int-below-64-bits',
    value: { int: '-18446744073709551617' },
    code: 'int-out-of-range',
    why: '-2^64-1 needs a tag',
  },
  {
    name: 'lone-surrogate',
    value: '\ud800',
    code: 'invalid-utf8',
    why: 'a lone surrogate has no UTF-8 spelling',
  },
  {
    name: 'same-key-twice',
    value: {
      map: [
        [1, 0],
        [{ int: '1' }, 0],
      ],
    },
    code: 'duplicate-key',
    why: 'the number 1 and the bigint 1 encode to the same key',
  },
  {
    name: 'same-key-twice-found-while-sorting',
    value: {
      map: [
        [2, 0],
        [1, 0],
        [{ int: '2' }, 0],
      ],
    },
    code: 'duplicate-key',
    why: 'the two 2 keys are not adjacent in insertion order; only the sort pass can find them',
  },
  {
    name: 'undefined',
    value: { undefined: true },
    code: 'unsupported-value',
    why: 'undefined is not in the model',
  },
  {
    name: 'array-key',
    value: { map: [[[], 0]] },
    code: 'unsupported-key',
    why: 'keys are integers, text or bytes',
  },
  {
    name: 'nesting-257',
    value: nestedArrays(257),
    code: 'too-deep',
    why: 'arrays nested one beyond the encoder bound of 256 (the bound that stops cycles)',
  },
  {
    name: 'raw-two-items',
    value: { raw: '0102' },
    code: 'bad-raw',
    why: 'RawCbor must hold exactly one well-formed item (the well-formedness check reuses the decoder, here its trailing-bytes rule)',
  },
];

const nested = (depth: number) => `${'81'.repeat(depth)}00`;

const refusals: RefuseCase[] = [
  {
    name: 'hex-text-not-bytes',
    input: 'a0',
    code: 'not-bytes',
    why: 'the input must be a Uint8Array: the hex text of an empty map is refused, not read',
  },
  {
    name: 'number-array-not-bytes',
    input: [160],
    code: 'not-bytes',
    why: 'the input must be a Uint8Array: a plain array of byte values is refused',
  },
  {
    name: 'null-input',
    input: null,
    code: 'not-bytes',
    why: 'the input must be a Uint8Array: null is refused, not thrown on',
  },
  { name: 'empty-input', hex: '', code: 'truncated', why: 'end of input where an item head must start' },
  { name: 'head-cut-short', hex: '1901', code: 'truncated', why: 'a 2-byte argument with 1 byte left' },
  { name: 'string-cut-short', hex: '4301', code: 'truncated', why: 'a byte string longer than the input' },
  { name: 'trailing-byte', hex: '0000', code: 'trailing-bytes', why: 'a second item after the first' },
  {
    name: 'reserved-additional-info',
    hex: '1c',
    code: 'malformed',
    why: 'additional information 28 is reserved',
  },
  { name: 'stray-break', hex: 'ff', code: 'malformed', why: 'a break with no indefinite container open' },
  { name: 'indefinite-integer', hex: '1f', code: 'malformed', why: 'major type 0 has no indefinite form' },
  {
    name: 'two-byte-simple-below-32',
    hex: 'f818',
    code: 'malformed',
    why: 'simple 24 written in the two-byte form',
  },
  {
    name: 'wrong-chunk-in-indefinite-bytes',
    hex: '5f6161ff',
    options: { lenient: true },
    code: 'malformed',
    why: 'an indefinite byte string may only hold byte-string chunks',
  },
  {
    name: 'break-in-definite-array',
    hex: '81ff',
    code: 'malformed',
    why: 'a break inside a definite-length array',
  },
  {
    name: 'break-between-key-and-value',
    hex: 'bf01ff',
    options: { lenient: true },
    code: 'malformed',
    why: 'a break where a map value must come',
  },
  { name: 'int-not-shortest', hex: '1817', code: 'non-minimal-int', why: '23 fits in the initial byte' },
  {
    name: 'length-not-shortest',
    hex: '5800',
    code: 'non-minimal-int',
    why: 'length 0 written with a 1-byte argument',
  },
  {
    name: 'int-8-bytes-not-shortest',
    hex: '1b00000000ffffffff',
    code: 'non-minimal-int',
    why: 'fits in 4 bytes',
  },
  {
    name: 'float-single-fits-half',
    hex: 'fa3fc00000',
    code: 'non-minimal-float',
    why: '1.5 fits in binary16',
  },
  {
    name: 'float-double-fits-single',
    hex: 'fb3ff8000000000000',
    code: 'non-minimal-float',
    why: '1.5 fits in a narrower float',
  },
  {
    name: 'indefinite-array',
    hex: '9fff',
    code: 'indefinite-length',
    why: 'indefinite lengths are not CoreDet',
  },
  {
    name: 'indefinite-text',
    hex: '7f6161ff',
    code: 'indefinite-length',
    why: 'indefinite lengths are not CoreDet',
  },
  { name: 'keys-out-of-order', hex: 'a202000100', code: 'unsorted-keys', why: 'key 2 before key 1' },
  {
    name: 'keys-in-rfc7049-length-first-order',
    hex: 'a22000181800',
    code: 'unsorted-keys',
    why: 'key -1 (20) before key 24 (1818): shorter first is the RFC 7049 order, bytewise puts 1818 first',
  },
  {
    name: 'duplicate-key',
    hex: 'a201000100',
    code: 'duplicate-key',
    why: 'key 1 twice (ANet REJECT-DUPKEY shape)',
  },
  {
    name: 'duplicate-key-spelled-differently',
    hex: 'a20100180100',
    options: { lenient: true },
    code: 'duplicate-key',
    why: 'lenient reading still finds key 1 twice when one copy is not shortest',
  },
  { name: 'tag', hex: 'c060', code: 'tag', why: 'any tag (ANet REJECT-TAG)' },
  { name: 'nan', hex: 'f97e00', code: 'nan-or-infinity', why: 'NaN' },
  { name: 'negative-infinity', hex: 'f9fc00', code: 'nan-or-infinity', why: '-Infinity' },
  { name: 'text-invalid-byte', hex: '61ff', code: 'invalid-utf8', why: '0xff never appears in UTF-8' },
  { name: 'text-overlong', hex: '62c0af', code: 'invalid-utf8', why: 'an overlong encoding of "/"' },
  { name: 'text-surrogate', hex: '63eda080', code: 'invalid-utf8', why: 'an encoded UTF-16 surrogate' },
  { name: 'undefined', hex: 'f7', code: 'bad-simple', why: 'only false, true and null are allowed' },
  { name: 'unassigned-simple', hex: 'f0', code: 'bad-simple', why: 'only false, true and null are allowed' },
  { name: 'null-key', hex: 'a1f600', code: 'unsupported-key', why: 'keys are integers, text or bytes' },
  { name: 'array-key', hex: 'a18000', code: 'unsupported-key', why: 'keys are integers, text or bytes' },
  {
    name: 'negative-zero-key',
    hex: 'a1f9800000',
    code: 'unsupported-key',
    why: 'the float -0.0 is no integer key; the decoder once took it for 0 (Number.isSafeInteger(-0) is true), so a map could lose an entry: red with the -0 test of isKey deleted',
  },
  {
    name: 'nesting-33',
    hex: nested(33),
    code: 'too-deep',
    why: '33 nested arrays, one beyond the default 32',
  },
  {
    name: 'indefinite-string-at-depth-33',
    hex: `${'81'.repeat(32)}5fff`,
    options: { lenient: true },
    code: 'too-deep',
    why: 'an indefinite byte string opened at nesting 33 (its own depth check)',
  },
  {
    name: 'input-over-max-bytes',
    hex: '190100',
    options: { maxBytes: 2 },
    code: 'too-large',
    why: 'input larger than maxBytes',
  },
  {
    name: 'array-over-max-items',
    hex: '820101',
    options: { maxItems: 1 },
    code: 'too-large',
    why: 'more elements than maxItems',
  },
];

const lenientCases: LenientCase[] = [
  { name: 'int-not-shortest', hex: '1817', strictCode: 'non-minimal-int', value: 23 },
  {
    name: 'keys-out-of-order',
    hex: 'a202000100',
    strictCode: 'unsorted-keys',
    value: {
      map: [
        [2, 0],
        [1, 0],
      ],
    },
  },
  {
    name: 'indefinite-bytes',
    hex: '5f42010243030405ff',
    strictCode: 'indefinite-length',
    value: { bytes: '0102030405' },
  },
  {
    name: 'indefinite-map',
    hex: 'bf6161016162f5ff',
    strictCode: 'indefinite-length',
    value: { object: { a: 1, b: true } },
  },
  { name: 'float-not-shortest', hex: 'fa3fc00000', strictCode: 'non-minimal-float', value: { float: 1.5 } },
  { name: 'nan', hex: 'f97e00', strictCode: 'nan-or-infinity', value: { float: 'NaN' } },
  { name: 'undefined', hex: 'f7', strictCode: 'bad-simple', value: { undefined: true } },
  { name: 'unassigned-simple', hex: 'f8ff', strictCode: 'bad-simple', value: { simple: 255 } },
];

const rawEntries = [
  {
    name: 'values-kept-as-received',
    hex: 'a2011801024101',
    options: { lenient: true },
    entries: [
      ['01', '1801'],
      ['02', '4101'],
    ],
  },
  {
    name: 'nested-value-bytes',
    hex: 'a201a1010103820102',
    entries: [
      ['01', 'a10101'],
      ['03', '820102'],
    ],
  },
];

interface SchemaCase {
  name: string;
  schema: string;
  hex: string;
  code?: string;
  why?: string;
  /** Accepted cases: field names present, and extension keys kept. */
  fields?: string[];
  extensions?: number[];
}

// Base envelope object: {1: 1, 2: "a", 3: h'00', 5: 0}.
const schemaCases: SchemaCase[] = [
  {
    name: 'minimal',
    schema: 'envelope',
    hex: 'a401010261610341000500',
    fields: ['v', 'to', 'kid', 'mode'],
    extensions: [],
  },
  {
    name: 'optional-and-extension-64-kept',
    schema: 'envelope',
    hex: 'a6010102616103410004616e0500184041ff',
    fields: ['v', 'to', 'kid', 'note', 'mode'],
    extensions: [64],
  },
  {
    name: 'conditional-present-when-required',
    schema: 'envelope',
    hex: 'a501010261610341000501064101',
    fields: ['v', 'to', 'kid', 'mode', 'pskId'],
    extensions: [],
  },
  { name: 'closed-minimal', schema: 'closed', hex: 'a20061740120', fields: ['type', 'n'], extensions: [] },
  {
    name: 'unknown-key-9',
    schema: 'envelope',
    hex: 'a5010102616103410005000900',
    code: 'unknown-critical-field',
    why: 'key 9 is in 0-63 and unnamed: the must-understand rule',
  },
  {
    name: 'unknown-key-63',
    schema: 'envelope',
    hex: 'a501010261610341000500183f00',
    code: 'unknown-critical-field',
    why: 'key 63, the last must-understand key, is unnamed: the 64 boundary',
  },
  {
    name: 'closed-space-key-64',
    schema: 'closed',
    hex: 'a30061740120184000',
    code: 'unknown-critical-field',
    why: 'a closed key space has no extension range',
  },
  {
    name: 'retired-key-8',
    schema: 'envelope',
    hex: 'a5010102616103410005000800',
    code: 'retired-field',
    why: 'key 8 is retired',
  },
  {
    name: 'reserved-key-7',
    schema: 'envelope',
    hex: 'a5010102616103410005000700',
    code: 'reserved-field',
    why: 'key 7 is reserved',
  },
  {
    name: 'required-absent',
    schema: 'envelope',
    hex: 'a301010341000500',
    code: 'missing-field',
    why: 'required field 2 (to) absent',
  },
  {
    name: 'conditional-absent-when-required',
    schema: 'envelope',
    hex: 'a401010261610341000501',
    code: 'missing-field',
    why: 'mode 1 makes pskId (6) required',
  },
  {
    name: 'null-is-not-text',
    schema: 'envelope',
    hex: 'a4010102f60341000500',
    code: 'wrong-type',
    why: 'to (2) is null, not text',
  },
  {
    name: 'empty-text-is-not-bytes',
    schema: 'envelope',
    hex: 'a4010102616103600500',
    code: 'wrong-type',
    why: 'kid (3) is "", not bytes',
  },
  { name: 'not-a-map', schema: 'envelope', hex: '80', code: 'not-a-map', why: 'an object is a map' },
  {
    name: 'strict-beneath',
    schema: 'envelope',
    hex: 'a40118010261610341000500',
    code: 'non-minimal-int',
    why: 'objects are always decoded strictly: v written as 1801',
  },
];

const cidCases = [
  { name: 'dag-cbor-empty-map', codec: 'dag-cbor', hex: 'a0' },
  { name: 'raw-empty', codec: 'raw', hex: '' },
  { name: 'raw-bytes', codec: 'raw', hex: '000102' },
].map((c) => ({ ...c, cid: cid(fromHex(c.hex), { codec: c.codec as 'dag-cbor' | 'raw' }).text }));

const goodCid = cidCases[0]!.cid;
const cidRefusals = [
  { name: 'not-a-string', text: 42, code: 'not-a-string', why: 'parseCid takes text' },
  {
    name: 'base58-v0',
    text: 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
    code: 'unsupported-multibase',
    why: 'CIDv0 text has no b prefix',
  },
  {
    name: 'upper-case-multibase',
    text: goodCid.toUpperCase(),
    code: 'unsupported-multibase',
    why: 'B is base32upper, not accepted',
  },
  {
    name: 'upper-case-letter-in-digest',
    text: upperOneLetter(goodCid, 20),
    code: 'bad-base32',
    why: 'one upper-case letter inside the digest: only the alphabet check sees it',
  },
  {
    name: 'padded',
    text: `${goodCid}======`,
    code: 'bad-base32',
    why: 'RFC 4648 padding to 64 characters; = is outside the alphabet',
  },
  {
    name: 'residual-bits',
    text: `${goodCid.slice(0, -1)}r`,
    code: 'bad-base32',
    why: 'the last character carries non-zero unused bits',
  },
  { name: 'version-0', text: spell('00711220', 32), code: 'unsupported-version', why: 'only CIDv1' },
  {
    name: 'codec-dag-json',
    text: spell('01a9021220', 32),
    code: 'unsupported-codec',
    why: 'dag-json (0x0129) is not accepted',
  },
  {
    name: 'codec-dag-pb',
    text: spell('01701220', 32),
    code: 'unsupported-codec',
    why: 'dag-pb (0x70) is not accepted',
  },
  {
    name: 'hash-blake2b',
    text: spell('01711320', 32),
    code: 'unsupported-hash',
    why: 'only sha2-256 (0x12)',
  },
  {
    name: 'digest-length-byte-not-32',
    text: spell('01711221', 32),
    code: 'bad-digest-length',
    why: 'the multihash length byte says 33 while 32 bytes follow',
  },
  {
    name: 'digest-truncated',
    text: spell('01711220', 31),
    code: 'bad-digest-length',
    why: 'length byte says 32, 31 follow',
  },
];

/** `text` with the first lower-case letter at or after `from` turned upper case. */
function upperOneLetter(text: string, from: number): string {
  const at = text.slice(from).search(/[a-z]/) + from;
  return text.slice(0, at) + text[at]!.toUpperCase() + text.slice(at + 1);
}

/** A text CID spelled over the binary `prefix` followed by `n` 0xab bytes. */
function spell(prefix: string, n: number): string {
  return `b${base32LowerEncode(fromHex(prefix + 'ab'.repeat(n)))}`;
}

interface DiagnosticCase {
  name: string;
  text: string;
  hex: string;
}
interface DiagnosticRefuseCase {
  name: string;
  /** The text; or, with `input` instead, a JSON value given to parseDiagnostic as it is. */
  text?: string;
  input?: unknown;
  options?: { maxLength?: number; maxDepth?: number; maxItems?: number };
  code: string;
  /** The UTF-16 index of the first character that breaks the rule. */
  offset?: number;
  why: string;
}

// Diagnostic notation (RFC 8949 section 8, RFC 8610 Appendix G) and the CoreDet bytes
// encode writes for it; the hex is written by hand from the notation.
const diagnosticCases: DiagnosticCase[] = [
  { name: 'integer', text: '1000000', hex: '1a000f4240' },
  { name: 'max-uint64', text: '18446744073709551615', hex: '1bffffffffffffffff' },
  { name: 'min-negint64', text: '-18446744073709551616', hex: '3bffffffffffffffff' },
  { name: 'minus-zero-integer', text: '-0', hex: '00' },
  { name: 'hex-octal-binary-integers', text: '[0x1F, 0o17, -0b101]', hex: '83181f0f24' },
  { name: 'float-integral-stays-float', text: '1.0', hex: 'f93c00' },
  { name: 'float-minus-zero', text: '-0.0', hex: 'f98000' },
  { name: 'float-exponent-only', text: '1e3', hex: 'f963d0' },
  { name: 'float-binary64', text: '-4.1', hex: 'fbc010666666666666' },
  { name: 'float-binary32', text: '100000.0', hex: 'fa47c35000' },
  { name: 'text-escapes', text: '"\\u00fc\\ud800\\udd51\\n"', hex: '67c3bcf09085910a' },
  { name: 'bytes-hex-upper-case-spaces-comment', text: "h'01 0A /two/ Ff'", hex: '43010aff' },
  { name: 'bytes-empty', text: "h''", hex: '40' },
  { name: 'bytes-base64-padded', text: "b64'AQID+/8='", hex: '45010203fbff' },
  { name: 'bytes-base64url-unpadded', text: "b64'AQID-_8'", hex: '45010203fbff' },
  { name: 'single-quoted-is-bytes', text: "'a\\'b'", hex: '43612762' },
  { name: 'embedded-cbor', text: '<<1, "a">>', hex: '43016161' },
  { name: 'map-sorted-by-encode', text: '{"b": 1, "a": [true, false, null]}', hex: 'a2616183f5f4f6616201' },
  { name: 'map-mixed-keys', text: '{-1: 0, 1: h\'\', "x": 2}', hex: 'a3014020006178 02'.replace(' ', '') },
  { name: 'comments-and-white-space', text: ' /lead/ [ 1 , /mid/ 2 ]\n\t\r /trail/ ', hex: '820102' },
  { name: 'empty-containers', text: '[{}, []]', hex: '82a080' },
];

const embedded = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const diagnosticRefusals: DiagnosticRefuseCase[] = [
  {
    name: 'not-text',
    input: ['1'],
    code: 'not-text',
    why: 'the input check: an array is not text (without it, reading would throw)',
  },
  {
    name: 'too-large',
    text: '[1, 2]',
    options: { maxLength: 5 },
    code: 'too-large',
    offset: 5,
    why: 'the maxLength check, made before reading',
  },
  {
    name: 'too-many-items',
    text: '[1, 2, 3]',
    options: { maxItems: 2 },
    code: 'too-large',
    offset: 0,
    why: 'the maxItems check on an array, at its bracket',
  },
  {
    name: 'too-many-entries',
    text: '{1: 1, 2: 2, 3: 3}',
    options: { maxItems: 2 },
    code: 'too-large',
    offset: 0,
    why: 'maxItems counts map entries, as decode does',
  },
  {
    name: 'too-deep',
    text: embedded(33),
    code: 'too-deep',
    offset: 32,
    why: 'the depth check: 33 non-empty arrays, one beyond the default maxDepth 32 of decode',
  },
  { name: 'syntax-empty', text: '  ', code: 'syntax', offset: 2, why: 'an item is required' },
  {
    name: 'syntax-trailing-comma',
    text: '[1, 2,]',
    code: 'syntax',
    offset: 5,
    why: 'the trailing-comma check, at the comma (without it, the item reader refuses the ] at offset 6)',
  },
  {
    name: 'syntax-leading-zero',
    text: '012',
    code: 'syntax',
    offset: 0,
    why: 'the leading-zero check (without it 012 reads as the trailing text 12 after 0)',
  },
  {
    name: 'syntax-missing-colon',
    text: '{1 2}',
    code: 'syntax',
    offset: 3,
    why: 'a map entry needs its colon',
  },
  {
    name: 'syntax-unclosed-string',
    text: '"abc',
    code: 'syntax',
    offset: 0,
    why: 'a string needs its closing quote',
  },
  {
    name: 'syntax-control-character',
    text: '"a\tb"',
    code: 'syntax',
    offset: 2,
    why: 'the control-character check: a raw tab inside a string, as JSON refuses it',
  },
  {
    name: 'syntax-unclosed-comment',
    text: '1 /note',
    code: 'syntax',
    offset: 2,
    why: 'a comment needs its closing slash',
  },
  {
    name: 'unknown-byte-string-prefix',
    text: "b32'AE'",
    code: 'bad-byte-string',
    offset: 0,
    why: 'the prefix check: only h and b64 are read (without it, b32 is an unknown word: syntax)',
  },
  {
    name: 'bad-hex',
    text: "h'012'",
    code: 'bad-byte-string',
    offset: 0,
    why: 'the hex check: an odd number of digits',
  },
  {
    name: 'bad-base64-bits',
    text: "b64'AR'",
    code: 'bad-byte-string',
    offset: 0,
    why: 'the base64 check: non-zero unused bits (one byte has one spelling)',
  },
  {
    name: 'bad-base64-padding',
    text: "b64'AQ='",
    code: 'bad-byte-string',
    offset: 0,
    why: 'the padding check: padding, when given, is complete',
  },
  {
    name: 'lone-surrogate-escape',
    text: '"a\\ud800b"',
    code: 'invalid-utf8',
    offset: 2,
    why: 'the surrogate check: a high surrogate escape not followed by a low one',
  },
  {
    name: 'lone-low-surrogate',
    text: "'\\udc00'",
    code: 'invalid-utf8',
    offset: 1,
    why: 'the surrogate check on a single-quoted byte string: a low surrogate alone',
  },
  {
    name: 'int-too-big',
    text: '18446744073709551616',
    code: 'int-out-of-range',
    offset: 0,
    why: 'the range check: 2^64 needs a bignum tag',
  },
  {
    name: 'int-too-small',
    text: '-18446744073709551617',
    code: 'int-out-of-range',
    offset: 0,
    why: 'the range check: -2^64 - 1',
  },
  {
    name: 'int-many-digits',
    text: `1${'0'.repeat(40)}`,
    code: 'int-out-of-range',
    offset: 0,
    why: 'forty digits: out of range (a digit count no 64-bit integer has is refused before a BigInt is built, a cost bound; the range check alone gives the same answer)',
  },
  { name: 'nan', text: '[NaN]', code: 'nan-or-infinity', offset: 1, why: 'NaN has no CoreDet form' },
  {
    name: 'minus-infinity',
    text: '-Infinity',
    code: 'nan-or-infinity',
    offset: 0,
    why: '-Infinity has no CoreDet form',
  },
  {
    name: 'float-overflow',
    text: '1e400',
    code: 'nan-or-infinity',
    offset: 0,
    why: 'the overflow check: the literal rounds to Infinity',
  },
  {
    name: 'float-key',
    text: '{1.0: 1}',
    code: 'unsupported-key',
    offset: 1,
    why: 'the key check: a float key (integral, so it would otherwise be an integer key)',
  },
  {
    name: 'array-key',
    text: '{[]: 1}',
    code: 'unsupported-key',
    offset: 1,
    why: 'the key check: an array key',
  },
  {
    name: 'duplicate-key',
    text: '{"a": 1, "a": 2}',
    code: 'duplicate-key',
    offset: 9,
    why: 'the duplicate check: the same text key twice',
  },
  {
    name: 'duplicate-key-spelled-differently',
    text: '{1: 1, 0x01: 2}',
    code: 'duplicate-key',
    offset: 7,
    why: 'the duplicate check compares encodings, so 1 and 0x01 are one key',
  },
  {
    name: 'tag',
    text: '1(1363896240)',
    code: 'tag',
    offset: 0,
    why: 'the tag check (without it, ( after a number is a syntax error)',
  },
  { name: 'undefined', text: 'undefined', code: 'bad-simple', offset: 0, why: 'undefined is simple 23' },
  { name: 'simple', text: 'simple(16)', code: 'bad-simple', offset: 0, why: 'other simple values' },
  {
    name: 'indefinite-array',
    text: '[_ 1]',
    code: 'indefinite-length',
    offset: 0,
    why: 'the indefinite check after a bracket',
  },
  {
    name: 'indefinite-string',
    text: "(_ h'01', h'02')",
    code: 'indefinite-length',
    offset: 0,
    why: 'the indefinite check on a chunked string',
  },
  {
    name: 'indefinite-empty-string',
    text: '""_',
    code: 'indefinite-length',
    offset: 0,
    why: 'the indefinite check after a string',
  },
  {
    name: 'indicator-integer',
    text: '1_0',
    code: 'encoding-indicator',
    offset: 1,
    why: 'the indicator check after a number: a one-byte argument for 1',
  },
  {
    name: 'indicator-map',
    text: '{_1 1: 2}',
    code: 'encoding-indicator',
    offset: 1,
    why: 'the indicator check after a brace',
  },
  {
    name: 'trailing-text',
    text: '1 2',
    code: 'trailing-text',
    offset: 2,
    why: 'the single-item check: two items',
  },
];

// The generator refuses to publish a vector the reference code disagrees with.
const disagree = (what: string) => {
  throw new Error(`coredet-cbor vectors: reference code disagrees on ${what}`);
};
for (const c of encodeCases) if (toHex(encode(fromJson(c.value))) !== c.hex) disagree(`encode ${c.name}`);
for (const c of encodeRefusals) {
  try {
    encode(fromJson(c.value));
    disagree(`encode refusal ${c.name}`);
  } catch (e) {
    if (!(e instanceof SeamError) || e.code !== c.code) disagree(`encode refusal ${c.name}`);
  }
}
/** A refusal's input: its bytes, or the JSON value it names as it is. */
const refusalInput = (c: RefuseCase) => (c.hex === undefined ? c.input : fromHex(c.hex)) as Uint8Array;
for (const c of refusals) {
  const v = decode(refusalInput(c), c.options);
  if (v.ok || v.code !== c.code) disagree(`refusal ${c.name}`);
}
for (const c of lenientCases) {
  const s = decode(fromHex(c.hex));
  if (s.ok || s.code !== c.strictCode || !decode(fromHex(c.hex), { lenient: true }).ok)
    disagree(`lenient ${c.name}`);
}
for (const c of rawEntries) {
  const v = decodeEntries(fromHex(c.hex), c.options);
  if (
    !v.ok ||
    JSON.stringify(v.value.map((e) => [toHex(e.keyBytes), toHex(e.valueBytes)])) !== JSON.stringify(c.entries)
  )
    disagree(`raw entries ${c.name}`);
}
for (const c of schemaCases) {
  const v = decodeObject(schemas[c.schema]!, fromHex(c.hex));
  if (c.code !== undefined ? v.ok || v.code !== c.code : !v.ok) disagree(`schema ${c.name}`);
  if (v.ok) {
    const again = toHex(encodeObject(schemas[c.schema]!, v.value.fields, v.value.extensions));
    if (again !== c.hex || JSON.stringify(Object.keys(v.value.fields)) !== JSON.stringify(c.fields))
      disagree(`schema ${c.name}`);
  }
}
for (const c of cidRefusals) {
  const v = parseCid(c.text);
  if (v.ok || v.code !== c.code) disagree(`cid refusal ${c.name}`);
}

for (const c of diagnosticCases) {
  const v = parseDiagnostic(c.text);
  if (!v.ok || toHex(encode(v.value)) !== c.hex) disagree(`diagnostic ${c.name}`);
}
for (const c of diagnosticRefusals) {
  const v = parseDiagnostic((c.text ?? c.input) as string, c.options);
  if (v.ok || v.code !== c.code || v.offset !== c.offset) disagree(`diagnostic refusal ${c.name}`);
}

export const parts = [
  {
    file: 'coredet_cbor.json',
    content: {
      note: 'CoreDet-CBOR vectors (RFC 8949 section 4.2.1 with bytewise key order, no tags, no NaN/Infinity) and CIDv1, generated by packages/coredet-cbor/vectors/generate.ts. Values use the JSON spelling described in packages/coredet-cbor/test/json-value.ts. See spec/coredet-cbor.md.',
      'cbor.encode': encodeCases,
      'cbor.encodeRefuse': encodeRefusals,
      'cbor.refuse': refusals,
      'cbor.lenient': lenientCases,
      'cbor.rawEntries': [
        ...rawEntries,
        {
          name: 'not-a-map',
          hex: '8101',
          code: 'not-a-map',
          why: 'decodeEntries reads a top-level map only',
        },
      ],
      'cbor.schema': schemaCases,
      'cid.compute': cidCases,
      'cid.refuse': cidRefusals,
      'cbor.diagnostic': diagnosticCases,
      'cbor.diagnosticRefuse': diagnosticRefusals,
    },
  },
];
