/** The publishing side of the directory: an entry sealed for its AID, and a bucket's bytes. Root entry only. */
import { concatBytes } from '@agent-seam/canonical';
import { type CborValue, encode, encodeObject } from '@agent-seam/coredet-cbor';
import { DIR_ENTRY, dirEntryKey, dirLookupHash } from './directory.js';
import { CHACHA_NONCE_BYTES } from './limits.js';
import { chachaSeal, randomBytes } from './primitives.js';

export interface DirEntryInput {
  aid: string;
  hub: string;
  kel: Uint8Array;
  keys: Uint8Array;
  card?: Uint8Array;
  notice?: Uint8Array;
}

/** An entry sealed for its AID: the lookup hash and the box (nonce ‖ ciphertext ‖ tag). `nonce` for reproducible vectors. */
export function sealDirEntry(
  entry: DirEntryInput,
  nonce: Uint8Array = randomBytes(CHACHA_NONCE_BYTES),
): { hash: Uint8Array; box: Uint8Array } {
  const plain = encodeObject(DIR_ENTRY, entry as unknown as Record<string, CborValue>);
  return sealDirPlaintext(entry.aid, plain, nonce);
}

/** Seal any plaintext as an entry for `aid` (for entries that break a rule on purpose). */
export function sealDirPlaintext(
  aid: string,
  plaintext: Uint8Array,
  nonce: Uint8Array,
): { hash: Uint8Array; box: Uint8Array } {
  const hash = dirLookupHash(aid);
  return { hash, box: concatBytes([nonce, chachaSeal(dirEntryKey(aid), nonce, hash, plaintext)]) };
}

/** A bucket's bytes: the CoreDet array of {1: hash, 2: box}. */
export const encodeBucket = (entries: readonly { hash: Uint8Array; box: Uint8Array }[]): Uint8Array =>
  encode(
    entries.map(
      (e) =>
        new Map<number, CborValue>([
          [1, e.hash],
          [2, e.box],
        ]),
    ),
  );
