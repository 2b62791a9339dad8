import { CHECKPOINT_CODES } from '@agent-seam/tlog-note';

/**
 * tlog-note's codes as the verifiers here meet them: a note read from a file (or a log) whose
 * text was already judged as text, so only its shape and its checkpoint's content can fail.
 */
export const NOTE_SHAPE_CODES_AFTER_TEXT = [
  'malformed-note',
  'too-many-signatures',
  'malformed-signature-line',
] as const;

/** The tail of a tuple of codes, from the code `First` on. */
type From<Codes extends readonly string[], First extends string> = Codes extends readonly [
  infer Head,
  ...infer Rest extends readonly string[],
]
  ? Head extends First
    ? Codes
    : From<Rest, First>
  : [];

/** parseCheckpoint's codes once the body's text is sound: its lines and their content. */
export const CHECKPOINT_CONTENT_CODES = CHECKPOINT_CODES.slice(
  CHECKPOINT_CODES.indexOf('too-few-lines'),
) as unknown as From<typeof CHECKPOINT_CODES, 'too-few-lines'>;

/** openNote's codes for the signature lines, their times and the quorum, in its order. */
export const SIGNATURE_CODES = [
  'ambiguous-verifier',
  'bad-signature-length',
  'bad-timestamp',
  'cosignature-in-future',
  'signature-invalid',
  'no-verified-signature',
  'stale-cosignature',
  'missing-log-signature',
  'witness-quorum-not-met',
] as const;
