import type { CheckSpec } from '@agent-seam/canonical';
import type { CidCode } from './cid.js';
import type { DecodeCode } from './decode.js';
import type { ObjectCode } from './object.js';
import type { DiagnosticCode } from './parse-diagnostic.js';

/**
 * `decode`'s checks, in its order. The decoder reads the item once, front to back, and
 * refuses at the first byte that breaks a rule (the refusal's `offset`), so the rules of
 * the item are one check: which of them refuses first is a matter of position, not order.
 */
export const CBOR_DECODE_CHECKS: readonly CheckSpec<DecodeCode>[] = [
  { id: 'bytes', title: 'the input is a Uint8Array', codes: ['not-bytes'] },
  {
    id: 'item',
    title:
      'one CoreDet item, within maxBytes, maxItems and maxDepth: well-formed and complete, shortest integers, lengths and floats, definite lengths, map keys integers or strings sorted by their encodings and each once, no tag, no NaN or Infinity, no simple value but false, true and null, text in UTF-8',
    codes: [
      'too-large',
      'truncated',
      'malformed',
      'non-minimal-int',
      'indefinite-length',
      'tag',
      'invalid-utf8',
      'bad-simple',
      'nan-or-infinity',
      'non-minimal-float',
      'unsupported-key',
      'unsorted-keys',
      'duplicate-key',
      'too-deep',
    ],
  },
  { id: 'single-item', title: 'nothing follows the item', codes: ['trailing-bytes'] },
];

/**
 * `decodeObject`'s checks, in its order: the CBOR, a map, then entry by entry in wire
 * order its key and its type (one check: which entry refuses first is a matter of
 * position), then the presence of every required field.
 */
export const OBJECT_CHECKS: readonly CheckSpec<ObjectCode>[] = [
  ...CBOR_DECODE_CHECKS,
  { id: 'map', title: 'the item is a map', codes: ['not-a-map'] },
  {
    id: 'entries',
    title: 'each key one the schema names (or an extension key it allows), each named field of its type',
    codes: ['unknown-critical-field', 'retired-field', 'reserved-field', 'wrong-type'],
  },
  {
    id: 'presence',
    title: 'every required field present (a conditional one when its condition holds)',
    codes: ['missing-field'],
  },
];

/** `parseCid`'s checks, in its order. */
export const CID_CHECKS: readonly CheckSpec<CidCode>[] = [
  { id: 'text', title: 'a string', codes: ['not-a-string'] },
  { id: 'multibase', title: 'the lower-case base32 multibase prefix b', codes: ['unsupported-multibase'] },
  { id: 'base32', title: 'lower-case base32 without padding, unused bits zero', codes: ['bad-base32'] },
  { id: 'version', title: 'CIDv1', codes: ['unsupported-version'] },
  { id: 'codec', title: 'dag-cbor (0x71) or raw (0x55)', codes: ['unsupported-codec'] },
  { id: 'hash', title: 'sha2-256 (0x12)', codes: ['unsupported-hash'] },
  {
    id: 'digest-length',
    title: 'a digest of exactly 32 bytes, and nothing after it',
    codes: ['bad-digest-length'],
  },
];

/**
 * `parseDiagnostic`'s checks, in its order. Like the decoder it reads the text once,
 * front to back, and refuses at the first character that breaks a rule (the refusal's
 * `offset`), so the rules of the item are one check.
 */
export const DIAGNOSTIC_CHECKS: readonly CheckSpec<DiagnosticCode>[] = [
  { id: 'text', title: 'the input is a string', codes: ['not-text'] },
  {
    id: 'item',
    title:
      'one item in diagnostic notation, within maxLength, maxItems and maxDepth, that CoreDet can write: no tag, no undefined or other simple value, no NaN or Infinity, no indefinite length or encoding indicator, integers within 64 bits, map keys integers or strings and each once, text with no lone surrogate',
    codes: [
      'too-large',
      'syntax',
      'bad-byte-string',
      'invalid-utf8',
      'int-out-of-range',
      'nan-or-infinity',
      'unsupported-key',
      'duplicate-key',
      'tag',
      'bad-simple',
      'indefinite-length',
      'encoding-indicator',
      'too-deep',
    ],
  },
  {
    id: 'single-item',
    title: 'nothing but white space and comments follows the item',
    codes: ['trailing-text'],
  },
];
