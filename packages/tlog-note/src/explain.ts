import { hex, ok, type Verdict } from '@agent-seam/canonical';
import { COSIGNATURE_PAYLOAD_LENGTH, cosignatureMessage, readTimestamp } from './cosignature.js';
import { type NoteLimits, type NoteShapeCode, splitNote } from './note.js';
import { textBytes } from './text.js';

/** One signature line of a note, decoded for a person. */
export interface DescribedLine {
  name: string;
  /** Lowercase hex of the 4-byte key id. */
  keyId: string;
  /**
   * What the payload's length says it is: 64 bytes an Ed25519 note signature, 72 a
   * cosignature/v1; anything else `other`. Only a trusted key settles the type.
   */
  type: 'ed25519' | 'cosignature/v1' | 'other';
  /** A cosignature's signed Unix time in seconds. */
  timestamp?: bigint;
  /** The bytes this line's signature covers, if it is what its length says (null for `other`). */
  signed: Uint8Array | null;
}

export interface DescribedNote {
  /** The note text, the exact bytes every signature covers (a cosignature after its header). */
  body: Uint8Array;
  lines: DescribedLine[];
}

/**
 * A received note taken apart without judging any signature: the text the signatures
 * cover and each signature line decoded (name, key id, what its length says it is, a
 * cosignature's time) with the bytes it signs, built as `openNote` builds them. Refuses
 * only what keeps the note from being split (its shape codes).
 */
export function describeNote(
  note: string | Uint8Array,
  limits: NoteLimits = {},
): Verdict<DescribedNote, NoteShapeCode> {
  const bytes = typeof note === 'string' ? textBytes(note) : ok(note);
  if (!bytes.ok) return bytes;
  const parts = splitNote(bytes.value, limits);
  if (!parts.ok) return parts;
  const { body, lines } = parts.value;
  return ok({
    body,
    lines: lines.map((line): DescribedLine => {
      const described = { name: line.name, keyId: hex.encode(line.keyId) };
      if (line.payload.length === 64) return { ...described, type: 'ed25519', signed: body };
      if (line.payload.length !== COSIGNATURE_PAYLOAD_LENGTH)
        return { ...described, type: 'other', signed: null };
      const timestamp = readTimestamp(line.payload);
      return { ...described, type: 'cosignature/v1', timestamp, signed: cosignatureMessage(body, timestamp) };
    }),
  });
}
