import { SeamError } from '@agent-seam/canonical';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { parseCheckpoint } from './checkpoint.js';
import { cosignatureMessage, MAX_TIMESTAMP, writePayload } from './cosignature.js';
import { COSIGNATURE_V1, computeKeyId, ED25519_NOTE } from './keys.js';
import { formatSignatureLine, splitNote } from './note.js';
import { checkText, isKeyName } from './text.js';

/** A signing key: the key name and the 32-byte Ed25519 seed. */
export interface NoteSigner {
  name: string;
  seed: Uint8Array;
}

function requireName(name: string): void {
  if (!isKeyName(name)) throw new SeamError('bad-key-name', 'key names are non-empty, without spaces or "+"');
}

/** Note text as bytes, or a thrown SeamError when the text cannot be a note text. */
function bodyBytes(body: string): Uint8Array {
  const checked = checkText(body);
  if (!checked.ok) throw new SeamError(checked.code, 'not a valid note text');
  if (!body.endsWith('\n')) throw new SeamError('malformed-note', 'note text ends with a newline');
  return checked.value;
}

/** Signs `body` with each signer (Ed25519, type 0x01) and returns the signed note. */
export function signNote(body: string, signers: readonly NoteSigner[]): string {
  const bytes = bodyBytes(body);
  if (signers.length === 0) throw new SeamError('no-signers', 'a signed note has at least one signature');
  let note = `${body}\n`;
  for (const { name, seed } of signers) {
    requireName(name);
    const { publicKey } = keyPairFromSeed(seed);
    note += formatSignatureLine(name, computeKeyId(name, ED25519_NOTE, publicKey), signEd25519(seed, bytes));
  }
  return note;
}

/**
 * Appends a cosignature/v1 line from `cosigner` at POSIX time `timestamp` to a signed
 * checkpoint note. The note must have a valid shape and a checkpoint body; the
 * existing signatures are not judged here (a witness opens the note first).
 */
export function cosign(note: string, cosigner: NoteSigner, timestamp: number | bigint): string {
  requireName(cosigner.name);
  const t = BigInt(timestamp);
  if (t < 1n || t > MAX_TIMESTAMP) throw new SeamError('bad-timestamp', 'timestamp must be in 1..2^63-1');
  const parts = splitNote(bodyBytes(note));
  if (!parts.ok) throw new SeamError(parts.code, 'not a signed note');
  if (!parseCheckpoint(parts.value.text).ok)
    throw new SeamError('not-a-checkpoint', 'cosignatures sign checkpoints');
  const { publicKey } = keyPairFromSeed(cosigner.seed);
  const signature = signEd25519(cosigner.seed, cosignatureMessage(parts.value.body, t));
  return (
    note +
    formatSignatureLine(
      cosigner.name,
      computeKeyId(cosigner.name, COSIGNATURE_V1, publicKey),
      writePayload(t, signature),
    )
  );
}
