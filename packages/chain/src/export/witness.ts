import { base64Strict, hex } from '@agent-seam/canonical';
import * as tlog from '@agent-seam/tlog-note';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Checkpoint } from './frames.js';

/** A witness verifier key in the C2SP `name+hash+base64` vkey form. */
export type WitnessKey = string;

const COSIGNATURE_V1 = 0x04;

/** The vkey of an Ed25519 cosignature/v1 witness key: name+hex(key id)+base64(0x04 ‖ key). */
export function witnessVerifierKey(name: string, publicKey: Uint8Array): WitnessKey {
  const typed = new Uint8Array([COSIGNATURE_V1, ...publicKey]);
  const id = sha256(new Uint8Array([...new TextEncoder().encode(name), 0x0a, ...typed])).subarray(0, 4);
  return `${name}+${hex.encode(id)}+${base64Strict.encode(typed)}`;
}

export interface CosignedCheckpoint {
  checkpoint: Checkpoint;
  /** Cosignature lines that verified under a supplied witness key, with their own timestamps. */
  cosignatures: { name: string; timestamp: number }[];
}

/**
 * Reads a checkpoint note given as an anchor: its body must be a checkpoint, and the
 * cosignatures that count are those `openNote` verified under the supplied witness
 * keys (name and key id both matching, exact payload, valid timestamp and signature).
 * Returns null when the body is not a checkpoint.
 */
export function openCosignedCheckpoint(
  text: string,
  witnessKeys: readonly WitnessKey[],
): CosignedCheckpoint | null {
  const end = text.indexOf('\n\n');
  if (end === -1) return null;
  const parsed = (tlog as any).parseCheckpoint(text.slice(0, end + 1));
  if (!parsed.ok) return null;
  const checkpoint = {
    origin: parsed.value.origin,
    size: Number(parsed.value.size),
    root: parsed.value.root,
  };
  if (!Number.isSafeInteger(checkpoint.size)) return null;
  if (witnessKeys.length === 0) return { checkpoint, cosignatures: [] };
  const opened = (tlog as any).openNote(text, { verifiers: witnessKeys });
  if (!opened.ok) return { checkpoint, cosignatures: [] };
  const cosignatures = opened.value.verifiedBy
    .filter((v: any) => v.timestamp !== undefined)
    .map((v: any) => ({ name: v.name, timestamp: Number(v.timestamp) }));
  return { checkpoint, cosignatures };
}
