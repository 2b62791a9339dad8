/**
 * tlog-note's codes as the verifiers here meet them: a note read from a file (or a log) whose
 * text was already judged as text, so only its shape and its checkpoint's content
 * (tlog-note's CHECKPOINT_CONTENT_CODES) can fail.
 */
export const NOTE_SHAPE_CODES_AFTER_TEXT = [
  'malformed-note',
  'too-many-signatures',
  'malformed-signature-line',
] as const;

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
