/**
 * `@agent-seam/tlog-note/verify`: opening signed notes (sync and through the asynchronous
 * door), checkpoints, verifier keys and the cosigned message; no note signing or cosigning.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

export {
  CHECKPOINT_CODES,
  type Checkpoint,
  type CheckpointCode,
  formatCheckpoint,
  parseCheckpoint,
} from './checkpoint.js';
export { CHECKPOINT_CHECKS, NOTE_CHECKS, VERIFIER_KEY_CHECKS } from './checks.js';
export { COSIGNATURE_PAYLOAD_LENGTH, cosignatureMessage, MAX_TIMESTAMP } from './cosignature.js';
export { type DescribedLine, type DescribedNote, describeNote } from './explain.js';
export {
  COSIGNATURE_V1,
  computeKeyId,
  cosignatureVerifier,
  ED25519_NOTE,
  ed25519Verifier,
  formatVerifierKey,
  type NoteVerifier,
  parseVerifierKey,
  type SignatureType,
  VERIFIER_KEY_CODES,
  type VerifierKeyCode,
} from './keys.js';
export {
  DEFAULT_MAX_NOTE_BYTES,
  DEFAULT_MAX_SIGNATURES,
  NOTE_SHAPE_CODES,
  type NoteLimits,
  type NoteParts,
  type NoteShapeCode,
  type SignatureLine,
  splitNote,
} from './note.js';
export {
  NOTE_CODES,
  type NoteCode,
  type NoteTime,
  type OpenedNote,
  type OpenOptions,
  openNote,
  openNoteAsync,
  type UnverifiedSignature,
  type VerifiedSignature,
  type WitnessQuorum,
} from './open.js';
export type { TextCode } from './text.js';
