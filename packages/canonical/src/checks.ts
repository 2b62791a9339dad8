import type { ParseCode } from './codes.js';
import type { CheckSpec } from './explain.js';

/**
 * The parse boundary's checks (`canonicalFromJSON`, `parseJSON`), in its order. The JSON
 * check reads the text once, front to back, and refuses at the first offending place,
 * so its five codes are one check: which comes first is a matter of position, not order.
 */
export const PARSE_CHECKS: readonly CheckSpec<ParseCode>[] = [
  {
    id: 'document',
    title: 'the document is bytes (or a string) within maxBytes',
    codes: ['not-bytes', 'too-large'],
  },
  {
    id: 'encoding',
    title: 'UTF-8 without a byte order mark, not UTF-16 or UTF-32',
    codes: ['bom', 'utf16-or-utf32', 'invalid-utf8'],
  },
  {
    id: 'json',
    title:
      'one strict RFC 8259 value: no lone surrogate, no repeated name the profile refuses, numbers the profile can write, within maxDepth',
    codes: ['invalid-json', 'lone-surrogate', 'duplicate-key', 'number-hazard', 'too-deep'],
  },
];
