/**
 * The Redis keys of every store. A caller's id (a sender, a message id, an AID, a URL) is
 * never written into a key as text: each key names its space with a fixed word and its
 * ids with one SHA-256 digest of them, in hex. So no id, however long or whatever it
 * holds (`*`, `{`, `}`, `:`, newlines, NUL, a lone surrogate), can make two different id
 * tuples share a key, reach another space or another prefix, or pick a cluster slot with
 * a hash tag of its own; and every key has the same small size.
 */
import { hex, SeamError, sha256 } from '@agent-seam/canonical';

/** The stores' spaces: the first word after the prefix. */
export type KeySpace = 'replay' | 'keystate' | 'kel' | 'relay' | 'directory';

/** The longest key prefix accepted: a prefix is configuration, not data. */
export const MAX_KEY_PREFIX = 256;
/** The prefix when the caller names none. */
export const DEFAULT_KEY_PREFIX = 'seam:';

/**
 * The digest input of an id tuple: the space, then each id as its length in UTF-16 code
 * units (4 bytes, big-endian) and its code units (2 bytes each). Code units, not UTF-8:
 * UTF-8 would write every lone surrogate as U+FFFD, and two ids would meet.
 */
export function idBytes(space: KeySpace, ids: readonly string[]): Uint8Array {
  const all = [space, ...ids];
  let size = 0;
  for (const id of all) size += 4 + 2 * id.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const id of all) {
    view.setUint32(at, id.length);
    at += 4;
    for (let i = 0; i < id.length; i++, at += 2) view.setUint16(at, id.charCodeAt(i));
  }
  return out;
}

/** The key prefix, checked: a string of at most MAX_KEY_PREFIX characters (empty allowed). */
export function keyPrefixOption(value: unknown): string {
  if (value === undefined) return DEFAULT_KEY_PREFIX;
  if (typeof value !== 'string' || value.length > MAX_KEY_PREFIX)
    throw new SeamError('bad-options', `keyPrefix is a string of at most ${MAX_KEY_PREFIX} characters`);
  return value;
}

/**
 * Builds keys under one prefix: `<prefix><space>:{<digest>}` and, for a store of several
 * keys per id, `...:<part>`. The digest sits in braces, a hash tag: the keys of one id
 * share a cluster slot, so a script may touch them together (unless the prefix carries a
 * hash tag of its own, which then puts every key in that one slot).
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  /** The key of an id tuple in a space. */
  of(space: KeySpace, ids: readonly string[], part?: string): string {
    const key = `${this.prefix}${space}:{${hex.encode(sha256(idBytes(space, ids)))}}`;
    return part === undefined ? key : `${key}:${part}`;
  }

  /**
   * The space's memory marker: present while the server holds what the space wrote; its
   * absence tells a script that the server lost its data (see RedisReplayCache).
   */
  marker(space: KeySpace): string {
    return `${this.prefix}${space}:marker`;
  }
}
