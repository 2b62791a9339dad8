import { base64Strict, fail, ok, SeamError, utf8Strict, type Verdict } from '@agent-seam/canonical';
import { hasControlCharacter, isKeyName } from './text.js';

/**
 * The shape of a signed note (C2SP signed-note): text ending in a newline, one blank
 * line, then signature lines `— <name> <base64(key id ‖ signature)>\n`. The text is
 * everything before the LAST blank line, so the text itself may contain blank lines.
 * This module only splits; deciding which lines count is open.ts's job.
 */
export const NOTE_SHAPE_CODES = [
  'not-bytes',
  'note-too-large',
  'invalid-utf8',
  'control-character',
  'malformed-note',
  'too-many-signatures',
  'malformed-signature-line',
] as const;
export type NoteShapeCode = (typeof NOTE_SHAPE_CODES)[number];

export interface SignatureLine {
  name: string;
  keyId: Uint8Array;
  /** The signature bytes after the 4-byte key id; their length depends on the key type. */
  payload: Uint8Array;
  /** base64(key id ‖ payload) exactly as the line spells it. */
  base64: string;
}

export interface NoteParts {
  /** The exact bytes of the note text (what signatures cover), final newline included. */
  body: Uint8Array;
  text: string;
  lines: SignatureLine[];
}

export interface NoteLimits {
  /** Largest note accepted, in bytes. Default 256 KiB. */
  maxBytes?: number;
  /**
   * Most signature lines accepted, 1 to 100. Default 100, Go's `note.Open` limit: a
   * note with more lines is malformed to every Go reader, so the cap can be lowered
   * (the spec asks readers to take at least 16) but not raised.
   */
  maxSignatures?: number;
}
export const DEFAULT_MAX_NOTE_BYTES = 256 * 1024;
export const DEFAULT_MAX_SIGNATURES = 100;

const NEWLINE = 0x0a;
const SIGNATURE_PREFIX = '\u2014 ';

/** The caller's caps; a byte cap that is not a count, or a line cap outside 1..100, is a programming error. */
function readLimits(limits: NoteLimits): Required<NoteLimits> {
  if (typeof limits !== 'object' || limits === null)
    throw new SeamError('invalid-argument', 'the options are not an object');
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_NOTE_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new SeamError('invalid-argument', 'maxBytes must be a non-negative integer');
  const maxSignatures = limits.maxSignatures ?? DEFAULT_MAX_SIGNATURES;
  if (!Number.isInteger(maxSignatures) || maxSignatures < 1 || maxSignatures > DEFAULT_MAX_SIGNATURES)
    throw new SeamError(
      'invalid-argument',
      `maxSignatures must be an integer from 1 to ${DEFAULT_MAX_SIGNATURES}`,
    );
  return { maxBytes, maxSignatures };
}

/** Splits note bytes into text and signature lines; every malformation is refused here. */
export function splitNote(bytes: Uint8Array, limits: NoteLimits = {}): Verdict<NoteParts, NoteShapeCode> {
  const { maxBytes, maxSignatures } = readLimits(limits);
  if (!(bytes instanceof Uint8Array))
    return fail('not-bytes', 'a note is a Uint8Array (or, to openNote, a string)');
  if (bytes.length > maxBytes) return fail('note-too-large');
  const text = utf8Strict.decode(bytes);
  if (!text.ok) return fail('invalid-utf8');
  if (hasControlCharacter(bytes)) return fail('control-character');
  if (bytes[bytes.length - 1] !== NEWLINE) return fail('malformed-note', 'a note ends with a newline');

  // The separator is the last "\n\n"; the text keeps the first of the two newlines.
  let sep = -1;
  for (let i = bytes.length - 2; i >= 0; i--) {
    if (bytes[i] === NEWLINE && bytes[i + 1] === NEWLINE) {
      sep = i;
      break;
    }
  }
  if (sep < 0 || sep + 2 === bytes.length)
    return fail('malformed-note', 'no signature lines after a blank line');

  let count = 0;
  for (let i = sep + 2; i < bytes.length; i++) if (bytes[i] === NEWLINE) count++;
  if (count > maxSignatures) return fail('too-many-signatures');

  // A newline is one byte and one code unit, so the last "\n\n" of the text is the
  // same separator: the decoded text is cut there, not decoded again.
  const cut = text.value.lastIndexOf('\n\n');
  const lines: SignatureLine[] = [];
  for (const line of text.value.slice(cut + 2, -1).split('\n')) {
    const parsed = parseSignatureLine(line);
    if (parsed === null) return fail('malformed-signature-line');
    lines.push(parsed);
  }
  return ok({ body: bytes.slice(0, sep + 1), text: text.value.slice(0, cut + 1), lines });
}

/** One line without its newline, or null. At least one signature byte must follow the key id. */
function parseSignatureLine(line: string): SignatureLine | null {
  if (!line.startsWith(SIGNATURE_PREFIX)) return null;
  const rest = line.slice(SIGNATURE_PREFIX.length);
  const space = rest.indexOf(' ');
  if (space < 0) return null;
  const name = rest.slice(0, space);
  if (!isKeyName(name)) return null;
  const base64 = rest.slice(space + 1);
  const decoded = base64Strict.decode(base64);
  if (!decoded.ok || decoded.value.length < 5) return null;
  return { name, keyId: decoded.value.slice(0, 4), payload: decoded.value.slice(4), base64 };
}

/** `— <name> <base64(keyId ‖ payload)>\n`. */
export function formatSignatureLine(name: string, keyId: Uint8Array, payload: Uint8Array): string {
  const bytes = new Uint8Array(keyId.length + payload.length);
  bytes.set(keyId);
  bytes.set(payload, keyId.length);
  return `${SIGNATURE_PREFIX}${name} ${base64Strict.encode(bytes)}\n`;
}
