import { SeamError } from '@agent-seam/canonical';
import {
  cosignatureVerifier,
  formatVerifierKey,
  type NoteVerifier,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import type { Checkpoint } from './frames.js';

/** A witness verifier key in the C2SP `name+hash+base64` vkey form (type 0x04, cosignature/v1). */
export type WitnessKey = string;

/** The vkey of an Ed25519 cosignature/v1 witness key. */
export function witnessVerifierKey(name: string, publicKey: Uint8Array): WitnessKey {
  return formatVerifierKey(cosignatureVerifier(name, publicKey));
}

/** Parses the caller's witness vkeys once; a malformed one is a configuration error. */
export function witnessVerifiers(keys: readonly WitnessKey[]): NoteVerifier[] {
  return keys.map((vkey, i) => {
    const parsed = parseVerifierKey(vkey);
    if (!parsed.ok) throw new SeamError(parsed.code, `witnessKeys[${i}] is not a well-formed vkey`);
    return parsed.value;
  });
}

/** The checkpoint a note's body states (up to its blank line); null when the body is not one. */
export function checkpointOfNote(text: string): Checkpoint | null {
  const end = text.indexOf('\n\n');
  if (end === -1) return null;
  const parsed = parseCheckpoint(text.slice(0, end + 1));
  if (!parsed.ok || parsed.value.size > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { origin: parsed.value.origin, size: Number(parsed.value.size), root: parsed.value.root };
}

/**
 * The cosignatures on a checkpoint note that count: the cosignature/v1 lines `openNote`
 * verified under the supplied witness keys (name and key id both matching, exact
 * payload, valid timestamp, signature through the did door), each with its own
 * timestamp. A note whose trusted line fails refuses as a whole, so it counts none.
 */
export function cosignaturesOf(
  text: string,
  verifiers: readonly NoteVerifier[],
): { name: string; timestamp: number }[] {
  if (verifiers.length === 0) return [];
  // The export reader judges the cosignatures' times itself (anchors.ts, judgeFreshness).
  const opened = openNote(text, { verifiers, now: 'off' });
  if (!opened.ok) return [];
  const cosignatures: { name: string; timestamp: number }[] = [];
  for (const v of opened.value.verifiedBy)
    if (v.type === 'cosignature/v1' && v.timestamp !== undefined)
      cosignatures.push({ name: v.name, timestamp: Number(v.timestamp) });
  return cosignatures;
}
