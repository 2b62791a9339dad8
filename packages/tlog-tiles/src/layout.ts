import { HASH_SIZE, nodeHash } from '@agent-seam/merkle';

/**
 * Where a tree's hashes live in tiles (C2SP tlog-tiles, "Merkle Tree"). Level l of the
 * tiles holds the roots of the perfect subtrees of height 8·l, 256 to a full tile; a hash
 * at any other height h is the root of a run of 2^(h mod 8) consecutive hashes of one
 * tile at level ⌊h/8⌋, recomputed by hashing. Sizes and indexes are numbers: the reader
 * takes trees up to 2^53 − 1 leaves (spec/tlog-tiles.md, DECIDED).
 */
export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;
/** Bytes of a full tile: 256 hashes. */
export const FULL_TILE_BYTES = TILE_WIDTH * HASH_SIZE;

/** One tile (or entry bundle) of a tree: `width` is 256 for a full one, 1..255 for a partial one. */
export interface TileRef {
  /** The tile level (hashes of subtrees of height 8·level), or 'entries' for an entry bundle. */
  level: number | 'entries';
  index: number;
  width: number;
}

/** 256^level, exact for every level a tree below 2^53 leaves reaches. */
const span = (level: number): number => TILE_WIDTH ** level;

/** How many hashes of height 8·level a tree of `size` leaves has (complete subtrees only). */
export const levelCount = (size: number, level: number): number => Math.floor(size / span(level));

/**
 * The width of tile `index` at `level` in a tree of `size` leaves, which has it: 256 for a
 * full tile, 1..255 for the partial one at the right edge.
 */
export function tileWidth(size: number, level: number, index: number): number {
  const count = levelCount(size, level);
  return index < Math.floor(count / TILE_WIDTH) ? TILE_WIDTH : count % TILE_WIDTH;
}

/** The number of tile levels a tree of `size` leaves has (0 for the empty tree). */
export function levelsOf(size: number): number {
  let levels = 0;
  while (levelCount(size, levels) > 0) levels++;
  return levels;
}

/**
 * The partial tiles of a tree, highest level first: their hashes, read left to right,
 * fold into the root (see `rootFromPartials`). A level whose hash count is a multiple of
 * 256 has none.
 */
export function partialTiles(size: number): TileRef[] {
  const out: TileRef[] = [];
  for (let level = levelsOf(size) - 1; level >= 0; level--) {
    const count = levelCount(size, level);
    if (count % TILE_WIDTH > 0)
      out.push({ level, index: Math.floor(count / TILE_WIDTH), width: count % TILE_WIDTH });
  }
  return out;
}

/** A stored hash: the root of the perfect subtree of height `height` over leaves [index·2^height, (index+1)·2^height). */
export interface SubtreeRef {
  height: number;
  index: number;
}

/**
 * The perfect subtrees leaves [lo, hi) split into, largest first, as RFC 9162 splits a
 * range that starts at a multiple of the largest power of two not above its length
 * (every range a proof asks for does).
 */
export function subtreesOf(lo: number, hi: number): SubtreeRef[] {
  // Widths kept by doubling and halving (exact up to 2^53), not recomputed as powers: a
  // proof asks for a range per level, and the powers were most of its time outside hashing.
  let height = 0;
  let width = 1;
  for (; width * 2 <= hi - lo; width *= 2) height++;
  const out: SubtreeRef[] = [];
  for (let at = lo; at < hi; height--, width /= 2) {
    if (hi - at < width) continue;
    out.push({ height, index: at / width });
    at += width;
  }
  return out;
}

/** Where a stored hash is read from: the tile holding its run of hashes, the run's offset and length. */
export interface HashPlace {
  level: number;
  index: number;
  offset: number;
  count: number;
}

export function placeOf({ height, index }: SubtreeRef): HashPlace {
  const level = Math.floor(height / TILE_HEIGHT);
  const count = 2 ** (height - level * TILE_HEIGHT);
  const first = index * count;
  return { level, index: Math.floor(first / TILE_WIDTH), offset: first % TILE_WIDTH, count };
}

// Read once: a build that spells re-exports as getters (tsx, the source condition) would
// otherwise run one getter per hash through merkle's entry points.
const hashNode = nodeHash;

/** A tile's bytes as its hashes: views into the bytes, made once so that hashing them allocates nothing more. */
export type TileHashList = readonly Uint8Array[];

export function hashesOf(bytes: Uint8Array): Uint8Array[] {
  return Array.from({ length: bytes.length / HASH_SIZE }, (_, i) =>
    bytes.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE),
  );
}

/**
 * The root of `count` (a power of two) consecutive hashes of a tile, from hash `offset`: a
 * perfect subtree, hashed level by level in place of a recursion.
 */
export function runRoot(tile: TileHashList, offset: number, count: number): Uint8Array {
  if (count === 1) return tile[offset]!.slice();
  const nodeHash = hashNode;
  // The pairs of the tile first, then each level in place over the one below it.
  const level: Uint8Array[] = [];
  for (let i = offset; i < offset + count; i += 2) level.push(nodeHash(tile[i]!, tile[i + 1]!));
  for (let width = count / 2; width > 1; width /= 2)
    for (let i = 0; i < width / 2; i++) level[i] = nodeHash(level[2 * i]!, level[2 * i + 1]!);
  return level[0]!;
}

/**
 * The root of a tree from its partial tiles (in `partialTiles` order, each tile's hashes
 * beside it): each tile's hashes split by the set bits of its width, largest first, and
 * the runs folded right to left.
 */
export function rootFromPartials(tiles: readonly { width: number; hashes: TileHashList }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { width, hashes } of tiles)
    for (let count = TILE_WIDTH / 2, offset = 0; count >= 1; count /= 2)
      if ((width & count) !== 0) {
        parts.push(runRoot(hashes, offset, count));
        offset += count;
      }
  // A tree that is not empty has a partial tile (its top level holds fewer than 256 hashes).
  let root = parts.pop()!;
  while (parts.length > 0) root = nodeHash(parts.pop()!, root);
  return root;
}
