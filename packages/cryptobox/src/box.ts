import type { Verdict } from '@agent-seam/canonical';
import { hasV2Prefix, type OpenBoxOptions, readBlob, type SealBoxOptions } from './box-frame.js';
import { openV1, sealBoxV1 } from './box-v1.js';
import { openV2, sealV2 } from './box-v2.js';
import type { BoxCode } from './codes.js';

/**
 * The box in both versions. Sealing picks v2 exactly when the caller gives the
 * recipient's ML-KEM-768 key; opening picks by the blob's `a2b2` prefix alone, and a
 * blob read as one version is never retried as the other.
 */

/** Seals `plaintext` from the sender's seed to the recipient: v2 with `recipientPqPub`, else v1. */
export function sealBox(options: SealBoxOptions): string {
  return options?.recipientPqPub === undefined ? sealBoxV1(options) : sealV2(options);
}

/** `openBox` with the reason it refused; the same checks in the same order. */
export function openBoxVerdict(options: OpenBoxOptions): Verdict<Uint8Array, BoxCode> {
  const read = readBlob(options);
  if (!read.ok) return read;
  return hasV2Prefix(read.value.bytes) ? openV2(read.value) : openV1(read.value);
}

/** The plaintext of a v1 or v2 box, or null when it does not open for any reason. Never throws on the blob. */
export function openBox(options: OpenBoxOptions): Uint8Array | null {
  const verdict = openBoxVerdict(options);
  return verdict.ok ? verdict.value : null;
}
