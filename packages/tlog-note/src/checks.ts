import type { CheckSpec } from '@agent-seam/canonical';
import type { CheckpointCode } from './checkpoint.js';
import type { VerifierKeyCode } from './keys.js';
import type { NoteCode } from './open.js';

/**
 * `openNote`'s checks, in its order. The line checks run for each signature line from a
 * trusted key in turn (the first line of each key; a later one never refuses), so a
 * refusal there is about one line, and the checks after it were not reached.
 */
export const NOTE_CHECKS: readonly CheckSpec<NoteCode>[] = [
  {
    id: 'text',
    title: 'bytes (or a string) within maxBytes, UTF-8, no control character but newline',
    codes: ['not-bytes', 'note-too-large', 'invalid-utf8', 'control-character'],
  },
  {
    id: 'shape',
    title: 'text, a blank line, then at most maxSignatures lines "— name base64(key id ‖ signature)"',
    codes: ['malformed-note', 'too-many-signatures', 'malformed-signature-line'],
  },
  {
    id: 'key-match',
    title: 'each line names at most one trusted key (name and key id)',
    codes: ['ambiguous-verifier'],
  },
  {
    id: 'signature-length',
    title: 'a trusted line carries 64 bytes (Ed25519 note) or 72 (cosignature/v1)',
    codes: ['bad-signature-length'],
  },
  { id: 'timestamp', title: 'a cosignature time is from 1 to 2^63 - 1', codes: ['bad-timestamp'] },
  {
    id: 'not-future',
    title: 'a cosignature is not dated after now (plus maxAge as skew, when given)',
    codes: ['cosignature-in-future'],
    needs: 'now',
  },
  { id: 'signature', title: 'the signature of each trusted key verifies', codes: ['signature-invalid'] },
  { id: 'verified', title: 'at least one trusted key signed', codes: ['no-verified-signature'] },
  {
    id: 'freshness',
    title: "each witness's newest cosignature is at most maxAge old",
    codes: ['stale-cosignature'],
    needs: 'maxAge',
  },
  {
    id: 'quorum',
    title: "the log's key signed, and at least atLeast of the witnesses cosigned",
    codes: ['missing-log-signature', 'witness-quorum-not-met'],
    needs: 'quorum',
  },
];

/** `parseCheckpoint`'s checks, in its order. */
export const CHECKPOINT_CHECKS: readonly CheckSpec<CheckpointCode>[] = [
  {
    id: 'text',
    title: 'a string, UTF-8, no control character but newline',
    codes: ['not-a-string', 'invalid-utf8', 'control-character'],
  },
  {
    id: 'lines',
    title: 'at least three lines, each ending in a newline',
    codes: ['missing-final-newline', 'too-few-lines'],
  },
  { id: 'origin', title: 'a non-empty origin line', codes: ['empty-origin'] },
  { id: 'size', title: 'the size is a canonical decimal uint64', codes: ['bad-size'] },
  { id: 'root', title: 'the root hash is canonical base64 of 32 bytes', codes: ['bad-root-hash'] },
  { id: 'extensions', title: 'no empty extension line', codes: ['empty-extension-line'] },
  {
    id: 'empty-tree',
    title: 'a size of 0 goes with the empty tree root',
    codes: ['size-zero-with-nonempty-root'],
  },
];

/** `parseVerifierKey`'s checks, in its order. */
export const VERIFIER_KEY_CHECKS: readonly CheckSpec<VerifierKeyCode>[] = [
  { id: 'text', title: 'a string', codes: ['not-a-string'] },
  { id: 'parts', title: 'three parts: name+keyid+key', codes: ['malformed-vkey'] },
  {
    id: 'name',
    title: 'the name is a key name (non-empty, no white space, no "+")',
    codes: ['bad-key-name'],
  },
  { id: 'key-id', title: 'the key id is 8 lowercase hex digits', codes: ['bad-key-id'] },
  { id: 'base64', title: 'the key is canonical base64', codes: ['bad-base64'] },
  {
    id: 'key-type',
    title: 'its first byte is 0x01 (Ed25519 note) or 0x04 (cosignature/v1)',
    codes: ['unsupported-key-type'],
  },
  { id: 'key-length', title: 'a 32-byte Ed25519 public key follows', codes: ['bad-public-key-length'] },
  { id: 'key-id-match', title: 'the key id is the one name, type and key give', codes: ['key-id-mismatch'] },
];
