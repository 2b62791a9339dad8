import { loadVectors } from '@agent-seam/conformance';
import { holdWritersToReaders, type WriterCase } from '../../../tools/writers-sweep.ts';
import { type CborValue, cid, decode, encode, parseCid } from '../src/index.js';
import { fromHex } from './helpers.js';

/**
 * Writers refuse what readers refuse (issue 32). Every refusal case of coredet_cbor.json's
 * decode and CID groups is either a value `encode` or `cid` could be asked for, and then it
 * throws a SeamError naming what is wrong; or a value the writer writes in its one
 * spelling (shortest heads and floats, sorted keys, definite lengths), which the strict
 * reader accepts; or listed with the reason no writer is asked for it (bytes the writer
 * lays out itself, the reader's own caps). `encode`'s own refusals are cbor.encodeRefuse.
 */
const doc = loadVectors('coredet_cbor.json');
type Case = WriterCase;

/** The value a non-canonical spelling stands for, as the lenient reader reads it. */
const meant = (c: Case): CborValue => {
  const read = decode(fromHex(c.hex), { lenient: true });
  if (!read.ok) throw new Error(`${c.name}: the lenient reader refuses it too (${read.code})`);
  return read.value;
};
/** The writer, given what the refused bytes meant, writes bytes the strict reader accepts. */
const rewritten = (c: Case) => decode(encode(meant(c)));
const written = (value: CborValue) => () => decode(encode(value));
const nested = (depth: number): CborValue => {
  let v: CborValue = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
};

const FRAMING = 'bytes the writer lays out itself: every item whole, each head well-formed';
const NOT_BYTES = 'encode returns a Uint8Array; the reader was handed something else';
const CAP = "the reader's own cap, an option of the caller's (decode's maxBytes, maxItems)";

holdWritersToReaders({
  'cbor.refuse': {
    cases: doc['cbor.refuse'],
    throws: {
      nan: [() => encode(Number.NaN), /^nan-or-infinity: /],
      'negative-infinity': [() => encode(Number.NEGATIVE_INFINITY), /^nan-or-infinity: /],
      undefined: [() => encode(undefined as never), /^unsupported-value: undefined/],
      'null-key': [() => encode(new Map([[null as never, 1]])), /^unsupported-key: map keys/],
      'array-key': [() => encode(new Map([[[1] as never, 1]])), /^unsupported-key: map keys/],
      'duplicate-key': [
        () =>
          encode(
            new Map<CborValue, CborValue>([
              [1, 1],
              [1n, 2],
            ]) as never,
          ),
        /^duplicate-key: /,
      ],
      'text-surrogate': [() => encode('\ud800'), /^invalid-utf8: text holds a lone surrogate/],
    },
    normalises: {
      'int-not-shortest': rewritten,
      'length-not-shortest': rewritten,
      'int-8-bytes-not-shortest': rewritten,
      'float-single-fits-half': rewritten,
      'float-double-fits-single': rewritten,
      'indefinite-array': rewritten,
      'indefinite-text': rewritten,
      'keys-out-of-order': rewritten,
      'keys-in-rfc7049-length-first-order': rewritten,
      'text-overlong': written('/'),
      // A float key -0.0 is no integer: asked for the key -0 (a JavaScript number), encode writes the integer 0.
      'negative-zero-key': written(new Map([[-0, 1]])),
      // Asked for 32 nested arrays, the default reader's deepest, it writes them and they read back.
      'nesting-33': written(nested(32)),
    },
    notWritten: {
      'hex-text-not-bytes': NOT_BYTES,
      'number-array-not-bytes': NOT_BYTES,
      'null-input': NOT_BYTES,
      'empty-input': FRAMING,
      'head-cut-short': FRAMING,
      'string-cut-short': FRAMING,
      'trailing-byte': 'encode writes one item',
      'reserved-additional-info': FRAMING,
      'stray-break': FRAMING,
      'indefinite-integer': FRAMING,
      'two-byte-simple-below-32': FRAMING,
      'wrong-chunk-in-indefinite-bytes': 'encode writes definite lengths only',
      'break-in-definite-array': FRAMING,
      'break-between-key-and-value': FRAMING,
      'duplicate-key-spelled-differently':
        'encode writes each key once, in its shortest spelling (duplicate-key above)',
      tag: 'encode writes no tags: nothing in a CborValue asks for one',
      'text-invalid-byte': 'encode writes text from JavaScript strings, always as UTF-8',
      'unassigned-simple':
        'encode writes false, true and null only; a SimpleValue it throws on (unsupported-value)',
      'indefinite-string-at-depth-33': 'encode writes definite lengths only',
      'input-over-max-bytes': CAP,
      'array-over-max-items': CAP,
    },
  },
  'cid.refuse': {
    cases: doc['cid.refuse'],
    throws: {
      'codec-dag-json': [
        () => cid(new Uint8Array(0), { codec: 'dag-json' as never }),
        /^unsupported-codec: codec/,
      ],
      'codec-dag-pb': [
        () => cid(new Uint8Array(0), { codec: 'dag-pb' as never }),
        /^unsupported-codec: codec/,
      ],
    },
    notWritten: { 'not-a-string': "cid's text is a string; the reader was handed something else" },
    normalises: {
      // cid writes the one spelling: b, lower-case base32 without padding or stray bits, v1, sha2-256, 32 bytes.
      ...Object.fromEntries(
        [
          'base58-v0',
          'upper-case-multibase',
          'upper-case-letter-in-digest',
          'padded',
          'residual-bits',
          'version-0',
          'hash-blake2b',
          'digest-length-byte-not-32',
          'digest-truncated',
        ].map((name) => [name, () => parseCid(cid(new Uint8Array([1, 2, 3]), { codec: 'raw' }).text)]),
      ),
    },
  },
});

/*
 * Not a writer refusal, a DECIDED (spec/coredet-cbor.md): encode's nesting bound is 256
 * (ENCODE_MAX_DEPTH), the most any reader may be configured to take; a reader's default of
 * 32 is its own cap, so encode does write 33 levels, which only a reader with maxDepth > 32 reads.
 */
