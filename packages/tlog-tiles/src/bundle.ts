import { SeamError } from '@agent-seam/canonical';

/**
 * Entry bundles (C2SP tlog-tiles, "Log entries"): the entries of one level-0 tile, each
 * behind its length as a big-endian uint16, so an entry is at most 65,535 bytes.
 */
export const MAX_ENTRY_BYTES = 0xffff;

/** The bundle of `entries`; throws SeamError for an entry a uint16 cannot measure. */
export function encodeBundle(entries: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const [i, entry] of entries.entries()) {
    if (!(entry instanceof Uint8Array) || entry.length > MAX_ENTRY_BYTES)
      throw new SeamError('entry-too-large', `entries[${i}] is not bytes of at most ${MAX_ENTRY_BYTES}`);
    length += 2 + entry.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const entry of entries) {
    out[at] = entry.length >> 8;
    out[at + 1] = entry.length & 0xff;
    out.set(entry, at + 2);
    at += 2 + entry.length;
  }
  return out;
}

/** The entries of a bundle of `count` entries (views into `bytes`), or null when the bytes are not exactly that. */
export function parseBundle(bytes: Uint8Array, count: number): Uint8Array[] | null {
  const entries: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    // A length prefix or an entry that runs past the end leaves `at` past it: refused below.
    const length = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
    entries.push(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return at === bytes.length ? entries : null;
}
