import { bytesEqual, fail, hex, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { verifyEd25519 } from '@agent-seam/did';
import {
  COSIGNATURE_PAYLOAD_LENGTH,
  cosignatureMessage,
  MAX_TIMESTAMP,
  readTimestamp,
} from './cosignature.js';
import { ED25519_NOTE, type NoteVerifier } from './keys.js';
import { type NoteLimits, type NoteShapeCode, type SignatureLine, splitNote } from './note.js';
import { textBytes } from './text.js';

/** Every way openNote refuses a note. */
export type NoteCode =
  | NoteShapeCode
  | 'bad-signature-length'
  | 'bad-timestamp'
  | 'signature-invalid'
  | 'cosignature-in-future'
  | 'stale-cosignature'
  | 'no-verified-signature';

export interface OpenOptions extends NoteLimits {
  /** The trusted keys. Lines whose (name, key id) match none of them are ignored. */
  verifiers: readonly NoteVerifier[];
  /**
   * Current POSIX time in seconds. With it, a cosignature dated after `now` is refused,
   * or, when `maxAge` is given too, one dated more than `maxAge` after `now` (the same
   * window both ways, as the agentplane second reader judges clock skew).
   */
  now?: number;
  /** With `now`: each trusted witness's newest cosignature must be at most this many seconds old. */
  maxAge?: number;
}

export interface VerifiedSignature {
  name: string;
  /** Lowercase hex of the 4-byte key id. */
  keyId: string;
  type: 'ed25519' | 'cosignature/v1';
  /** cosignature/v1 only: the signed POSIX timestamp. */
  timestamp?: bigint;
}

export interface OpenedNote {
  /** The note text (what the signatures cover), final newline included. */
  body: string;
  /** The exact bytes of `body`. */
  bodyBytes: Uint8Array;
  /** One entry per line that matched a trusted key and verified, in note order. */
  verifiedBy: VerifiedSignature[];
}

/** The trusted key a line claims, matched on name AND key id (neither alone is enough). */
const keyFor = (line: SignatureLine, verifiers: readonly NoteVerifier[]) =>
  verifiers.find((v) => v.name === line.name && bytesEqual(v.keyId, line.keyId));

/**
 * Opens a signed note: the shape is checked, lines from unknown keys are skipped, and
 * every line from a trusted key must have the exact payload length of its type and
 * verify through `verifyEd25519` (one bad line from a trusted key refuses the whole
 * note, as the spec advises). At least one line must verify. Freshness, when `now`
 * and `maxAge` are given, is judged per witness key on its newest cosignature.
 */
export function openNote(note: string | Uint8Array, options: OpenOptions): Verdict<OpenedNote, NoteCode> {
  let bytes: Uint8Array;
  if (typeof note === 'string') {
    const encoded = textBytes(note);
    if (!encoded.ok) return encoded;
    bytes = encoded.value;
  } else bytes = note;
  const parts = splitNote(bytes, options);
  if (!parts.ok) return parts;
  const { body, text, lines } = parts.value;

  const now = options.now === undefined ? undefined : seconds(options.now, 'now');
  const maxAge = options.maxAge === undefined ? undefined : seconds(options.maxAge, 'maxAge');
  // The latest timestamp a cosignature may carry; none without a clock.
  const latest = now === undefined ? undefined : now + (maxAge ?? 0n);
  const verifiedBy: VerifiedSignature[] = [];
  const newest = new Map<NoteVerifier, bigint>();
  for (const line of lines) {
    const key = keyFor(line, options.verifiers);
    if (key === undefined) continue;
    const judged =
      key.type === ED25519_NOTE
        ? judgeNoteSignature(key, line, body)
        : judgeCosignature(key, line, body, latest);
    if (!judged.ok) return judged;
    verifiedBy.push(judged.value);
    const t = judged.value.timestamp;
    if (t !== undefined && t > (newest.get(key) ?? 0n)) newest.set(key, t);
  }
  if (verifiedBy.length === 0) return fail('no-verified-signature');
  if (now !== undefined && maxAge !== undefined) {
    const oldest = now - maxAge;
    for (const t of newest.values()) if (t < oldest) return fail('stale-cosignature');
  }
  return ok({ body: text, bodyBytes: body, verifiedBy });
}

/** Whole seconds from a caller's number; NaN, infinities and negatives are programming errors. */
function seconds(value: number, name: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new SeamError('invalid-argument', `${name} must be a non-negative number of seconds`);
  return BigInt(Math.floor(value));
}

type Judged = Verdict<VerifiedSignature, NoteCode>;

function judgeNoteSignature(key: NoteVerifier, line: SignatureLine, body: Uint8Array): Judged {
  if (line.payload.length !== 64) return fail('bad-signature-length');
  if (!verifyEd25519(key.publicKey, body, line.payload).ok) return fail('signature-invalid');
  return ok({ name: key.name, keyId: hex.encode(key.keyId), type: 'ed25519' });
}

function judgeCosignature(key: NoteVerifier, line: SignatureLine, body: Uint8Array, latest?: bigint): Judged {
  if (line.payload.length !== COSIGNATURE_PAYLOAD_LENGTH) return fail('bad-signature-length');
  const timestamp = readTimestamp(line.payload);
  if (timestamp === 0n || timestamp > MAX_TIMESTAMP) return fail('bad-timestamp');
  if (latest !== undefined && timestamp > latest) return fail('cosignature-in-future');
  const message = cosignatureMessage(body, timestamp);
  if (!verifyEd25519(key.publicKey, message, line.payload.subarray(8)).ok) return fail('signature-invalid');
  return ok({ name: key.name, keyId: hex.encode(key.keyId), type: 'cosignature/v1', timestamp });
}
