/** Why `canonicalize` refused to write a value (thrown as SeamError codes; sign side). */
export type CanonicalizeCode =
  | 'not-finite'
  | 'lone-surrogate'
  | 'unsafe-integer'
  | 'number-hazard'
  | 'undefined-value'
  | 'cycle'
  | 'unsupported-type';

/** Why `parseJSON` / `canonicalFromJSON` refused a document (returned as Verdict codes). */
export type ParseCode =
  | 'not-bytes'
  | 'too-large'
  | 'bom'
  | 'utf16-or-utf32'
  | 'invalid-utf8'
  | 'invalid-json'
  | 'lone-surrogate'
  | 'duplicate-key'
  | 'number-hazard'
  | 'too-deep';

export const CANONICALIZE_CODES: readonly CanonicalizeCode[] = [
  'not-finite',
  'lone-surrogate',
  'unsafe-integer',
  'number-hazard',
  'undefined-value',
  'cycle',
  'unsupported-type',
];

export const PARSE_CODES: readonly ParseCode[] = [
  'not-bytes',
  'too-large',
  'bom',
  'utf16-or-utf32',
  'invalid-utf8',
  'invalid-json',
  'lone-surrogate',
  'duplicate-key',
  'number-hazard',
  'too-deep',
];
