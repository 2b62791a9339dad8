import { consistencyPath, inclusionPath, nodeHash } from '@agent-seam/merkle';
import {
  placeOf,
  runRoot,
  subtreesOf,
  TILE_WIDTH,
  type TileHashList,
  type TileRef,
  tileWidth,
} from './layout.js';

/**
 * Proofs computed from tiles, synchronously: the tree's hashes are read from tiles a
 * caller already holds (and has authenticated), through the same RFC walk `MerkleTree`
 * uses. Which tiles a proof needs is learned by running that walk once with a callback
 * that only records the ranges it is asked for.
 */
export class TileHashes {
  constructor(
    readonly size: number,
    /** The hashes of a tile of this tree (`width` of them). */
    private readonly tile: (ref: TileRef) => TileHashList,
  ) {}

  /** Root of leaves [lo, hi): its perfect subtrees read from tiles, folded right to left. */
  rangeRoot(lo: number, hi: number): Uint8Array {
    const parts = subtreesOf(lo, hi).map((subtree) => {
      const place = placeOf(subtree);
      const ref = {
        level: place.level,
        index: place.index,
        width: tileWidth(this.size, place.level, place.index),
      };
      return runRoot(this.tile(ref), place.offset, place.count);
    });
    let root = parts.pop()!;
    while (parts.length > 0) root = nodeHash(parts.pop()!, root);
    return root;
  }

  inclusionProof(index: number): Uint8Array[] {
    return inclusionPath(index, this.size, (lo, hi) => this.rangeRoot(lo, hi));
  }

  /** The proof from `m` (0 < m < size) to this tree's size. */
  consistencyProof(m: number): Uint8Array[] {
    return consistencyPath(m, this.size, (lo, hi) => this.rangeRoot(lo, hi));
  }
}

const PLACEHOLDER = new Uint8Array(32);

/** The tiles a walk reads, each once, in the order it first asks for them. */
function tilesOfWalk(
  size: number,
  walk: (record: (lo: number, hi: number) => Uint8Array) => unknown,
): TileRef[] {
  const tiles = new Map<string, TileRef>();
  walk((lo, hi) => {
    for (const subtree of subtreesOf(lo, hi)) {
      const { level, index } = placeOf(subtree);
      tiles.set(`${level}/${index}`, { level, index, width: tileWidth(size, level, index) });
    }
    return PLACEHOLDER;
  });
  return [...tiles.values()];
}

/** The tiles the inclusion proof of leaf `index` in a tree of `size` leaves reads. */
export const tilesForInclusion = (index: number, size: number): TileRef[] =>
  tilesOfWalk(size, (record) => inclusionPath(index, size, record));

/** The tiles the consistency proof from `m` to `size` (0 < m < size) reads. */
export const tilesForConsistency = (m: number, size: number): TileRef[] =>
  tilesOfWalk(size, (record) => consistencyPath(m, size, record));

/** The tile a full tile's hash is an element of, and which element (tlog-tiles: level l + 1 hashes full tiles of level l). */
export function parentOf(tile: TileRef, size: number): { parent: TileRef; element: number } {
  const level = (tile.level as number) + 1;
  const index = Math.floor(tile.index / 256);
  return { parent: { level, index, width: tileWidth(size, level, index) }, element: tile.index % 256 };
}

/** The hash a full tile stands for one level up: the root of its 256 hashes. */
export const fullTileHash = (tile: TileHashList): Uint8Array => runRoot(tile, 0, TILE_WIDTH);
