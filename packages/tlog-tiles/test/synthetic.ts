import { ok } from '@agent-seam/canonical';
import { leafHash, nodeHash } from '@agent-seam/merkle';
import { formatCheckpoint, signNote } from '@agent-seam/tlog-note';
import { parseTilePath, type TileSource } from '@agent-seam/tlog-tiles';
import { LOG, ORIGIN } from './support.js';

/**
 * A log of exactly 256^levels leaves whose tiles are computed when they are read, so that
 * a 2^24-leaf log costs a few thousand hashes instead of 2^25: every level-0 tile holds
 * the same 256 leaves ("pattern j"), except the tiles listed in `distinct`, whose leaves
 * are all different ("leaf i"). A tile above is the hashes of the tiles below it, so it is
 * the same for every tile that holds no distinct leaf and is computed once; a tile that
 * holds one is computed on its own. Every tile and the root are those of that real tree
 * (RFC 6962 does not care that leaves repeat), so proofs from it verify against its root.
 */
export class SyntheticLog {
  readonly size: number;
  readonly #levels: number;
  readonly #distinct: Set<number>;
  readonly #tiles = new Map<string, Uint8Array>();

  constructor(levels: number, distinct: readonly number[]) {
    this.#levels = levels;
    this.size = 256 ** levels;
    this.#distinct = new Set(distinct.map((leaf) => Math.floor(leaf / 256)));
  }

  /** Leaf i's data. */
  leaf(i: number): Uint8Array {
    const tile = Math.floor(i / 256);
    return new TextEncoder().encode(this.#distinct.has(tile) ? `leaf ${i}` : `pattern ${i % 256}`);
  }

  /** The full tile `index` of `level` (levels below the top). */
  tile(level: number, index: number): Uint8Array {
    // Tiles without a distinct leaf below them are all the same: one key for them.
    const span = 256 ** level;
    const holdsDistinct = [...this.#distinct].some((t) => Math.floor(t / span) === index);
    const key = holdsDistinct ? `${level}/${index}` : `${level}/base`;
    let bytes = this.#tiles.get(key);
    if (bytes === undefined) {
      bytes = new Uint8Array(256 * 32);
      for (let j = 0; j < 256; j++)
        bytes.set(
          level === 0
            ? leafHash(this.leaf(index * 256 + j))
            : tileHash(this.tile(level - 1, index * 256 + j)),
          j * 32,
        );
      this.#tiles.set(key, bytes);
    }
    return bytes;
  }

  root(): Uint8Array {
    return tileHash(this.tile(this.#levels - 1, 0));
  }

  checkpoint(): Uint8Array {
    const body = formatCheckpoint({
      origin: ORIGIN,
      size: BigInt(this.size),
      root: this.root(),
      extensions: [],
    });
    return new TextEncoder().encode(signNote(body, [LOG]));
  }

  /** The log as a source: its checkpoint (signed by the log alone), full tiles, and the top partial tile. */
  source(): TileSource {
    return async (path) => {
      if (path === 'checkpoint') return ok(this.checkpoint());
      const tile = parseTilePath(path);
      if (!tile.ok || tile.value.level === 'entries') return ok(null);
      const level = tile.value.level as number;
      if (level === this.#levels && tile.value.index === 0n && tile.value.width === 1) return ok(this.root());
      if (level >= this.#levels || tile.value.width !== 256) return ok(null);
      return ok(this.tile(level, Number(tile.value.index)));
    };
  }
}

/** The root of a full tile's 256 hashes. */
function tileHash(tile: Uint8Array): Uint8Array {
  let level: Uint8Array[] = Array.from({ length: 256 }, (_, j) => tile.subarray(j * 32, (j + 1) * 32));
  while (level.length > 1)
    level = Array.from({ length: level.length / 2 }, (_, j) => nodeHash(level[2 * j]!, level[2 * j + 1]!));
  return level[0]!;
}
