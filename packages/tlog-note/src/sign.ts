import { type Instant, SeamError, unixSeconds } from '@agent-seam/canonical';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { parseCheckpoint } from './checkpoint.js';
import { cosignatureMessage, writePayload } from './cosignature.js';
import { COSIGNATURE_V1, computeKeyId, ED25519_NOTE, requireKeyName } from './keys.js';
import { formatSignatureLine, splitNote } from './note.js';
import { checkText } from './text.js';

/** A signing key: the key name and the 32-byte Ed25519 seed. */
export interface NoteSigner {
  name: string;
  seed: Uint8Array;
}

/** The signer's public key; throws SeamError naming `field` for a malformed signer. */
function publicKeyOf(signer: NoteSigner, field: string): Uint8Array {
  if (typeof signer !== 'object' || signer === null)
    throw new SeamError('bad-signer', `${field} is not { name, seed }`);
  requireKeyName(signer.name, `${field}.name`);
  if (!(signer.seed instanceof Uint8Array) || signer.seed.length !== 32)
    throw new SeamError('bad-seed', `${field}.seed is not a 32-byte Ed25519 seed`);
  return keyPairFromSeed(signer.seed).publicKey;
}

/** Note text as bytes, or a thrown SeamError naming `field` when the text cannot be a note text. */
function textOf(text: string, field: string): Uint8Array {
  if (typeof text !== 'string') throw new SeamError('not-a-string', `${field} is not a string`);
  const checked = checkText(text);
  if (!checked.ok) throw new SeamError(checked.code, `${field} is not a valid note text (${checked.code})`);
  if (!text.endsWith('\n')) throw new SeamError('malformed-note', `${field} does not end with a newline`);
  return checked.value;
}

/** Signs `body` with each signer (Ed25519, type 0x01) and returns the signed note. */
export function signNote(body: string, signers: readonly NoteSigner[]): string {
  const bytes = textOf(body, 'body');
  if (!Array.isArray(signers) || signers.length === 0)
    throw new SeamError('no-signers', 'signers is not a non-empty array: a signed note has a signature');
  let note = `${body}\n`;
  signers.forEach((signer, i) => {
    const publicKey = publicKeyOf(signer, `signers[${i}]`);
    const keyId = computeKeyId(signer.name, ED25519_NOTE, publicKey);
    note += formatSignatureLine(signer.name, keyId, signEd25519(signer.seed, bytes));
  });
  return note;
}

/**
 * Appends a cosignature/v1 line from `cosigner`, dated `timestamp` (a Date or Unix
 * seconds), to a signed checkpoint note. The note must have a valid shape and a
 * checkpoint body; the existing signatures are not judged here (a witness opens the
 * note first).
 */
export function cosign(note: string, cosigner: NoteSigner, timestamp: Instant): string {
  const publicKey = publicKeyOf(cosigner, 'cosigner');
  const seconds = unixSeconds(timestamp, 'cosign timestamp');
  // Readers refuse time 0 (bad-timestamp); the upper bound 2^63 - 1 lies far beyond any instant accepted.
  if (seconds < 1) throw new SeamError('bad-timestamp', 'cosign timestamp is 0, which readers refuse');
  const parts = splitNote(textOf(note, 'note'));
  if (!parts.ok) throw new SeamError(parts.code, `note is not a signed note (${parts.code})`);
  if (!parseCheckpoint(parts.value.text).ok)
    throw new SeamError('not-a-checkpoint', 'note is not a checkpoint: cosignatures sign checkpoints');
  const t = BigInt(seconds);
  const signature = signEd25519(cosigner.seed, cosignatureMessage(parts.value.body, t));
  const keyId = computeKeyId(cosigner.name, COSIGNATURE_V1, publicKey);
  return note + formatSignatureLine(cosigner.name, keyId, writePayload(t, signature));
}
