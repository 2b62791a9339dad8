import type { CheckSpec } from '@agent-seam/canonical';
import type { DecodeCode } from './decode.js';

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
