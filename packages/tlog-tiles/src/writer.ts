import { bytesEqual, SeamError } from '@agent-seam/canonical';
import { HASH_SIZE, leafHash, type MerkleTree } from '@agent-seam/merkle';
import { parseCheckpoint, splitNote } from '@agent-seam/tlog-note';
import { encodeBundle } from './bundle.js';
import { levelCount, levelsOf, TILE_HEIGHT, TILE_WIDTH, type TileRef } from './layout.js';
import { formatTilePath } from './paths.js';
import type { TileStore } from './source.js';

/** One file of a tiled log: its path under the log's prefix and its bytes. */
export interface TileFile {
  path: string;
  bytes: Uint8Array;
}

export interface TileFilesOptions {
  /** The size the log had when it last published (its tiles are there already). Default 0. */
  from?: number;
  /** Every leaf's data, index by index (as the tree hashed them): entry bundles are written too. */
  entries?: readonly Uint8Array[];
}

/**
 * The tiles a log at `from` leaves has and one at `size` leaves does not: the full tiles
 * the new leaves completed and the partial tiles of the new size. A full tile, once
 * written, never is again (tiles are immutable); the partial tiles of `from` stay
 * (spec/tlog-tiles.md, DECIDED).
 */
function newTiles(from: number, size: number): TileRef[] {
  const out: TileRef[] = [];
  for (let level = 0; level < levelsOf(size); level++) {
    const [before, after] = [levelCount(from, level), levelCount(size, level)];
    const fullBefore = Math.floor(before / TILE_WIDTH);
    const fullAfter = Math.floor(after / TILE_WIDTH);
    for (let index = fullBefore; index < fullAfter; index++) out.push({ level, index, width: TILE_WIDTH });
    const width = after % TILE_WIDTH;
    if (width > 0 && (fullAfter !== fullBefore || width !== before % TILE_WIDTH))
      out.push({ level, index: fullAfter, width });
  }
  return out;
}

/** A tile's bytes: the stored subtree roots of height 8·level it holds, read from the tree. */
function tileBytes(tree: MerkleTree, { level, index, width }: TileRef): Uint8Array {
  const bytes = new Uint8Array(width * HASH_SIZE);
  const height = (level as number) * TILE_HEIGHT;
  for (let i = 0; i < width; i++) bytes.set(tree.subtreeRoot(height, index * TILE_WIDTH + i), i * HASH_SIZE);
  return bytes;
}

function bundleBytes(
  tree: MerkleTree,
  entries: readonly Uint8Array[],
  { index, width }: TileRef,
): Uint8Array {
  const first = index * TILE_WIDTH;
  const bundle = entries.slice(first, first + width);
  for (const [i, entry] of bundle.entries())
    if (!(entry instanceof Uint8Array) || !bytesEqual(leafHash(entry), tree.leafHash(first + i)))
      throw new SeamError('entry-mismatch', `entries[${first + i}] is not the data of leaf ${first + i}`);
  return encodeBundle(bundle);
}

/**
 * The files a tiled log publishes as it grows from `from` leaves to all of `tree`'s: new
 * full tiles, the new size's partial tiles, and (with `entries`) their entry bundles,
 * level 0 first. Throws SeamError for a `from` outside 0..tree.size, entries that are not
 * the tree's leaves, or an entry longer than 65,535 bytes.
 */
export function tileFiles(tree: MerkleTree, options: TileFilesOptions = {}): TileFile[] {
  const { from = 0, entries } = options;
  if (!Number.isSafeInteger(from) || from < 0 || from > tree.size)
    throw new SeamError(
      'invalid-argument',
      `from must be a whole number from 0 to the tree's size ${tree.size}`,
    );
  if (entries !== undefined && (!Array.isArray(entries) || entries.length !== tree.size))
    throw new SeamError('invalid-argument', `entries must hold the data of all ${tree.size} leaves`);
  const tiles = newTiles(from, tree.size);
  const files = tiles.map((tile) => ({ path: formatTilePath(tile), bytes: tileBytes(tree, tile) }));
  if (entries !== undefined)
    for (const tile of tiles.filter((t) => t.level === 0))
      files.push({
        path: formatTilePath({ ...tile, level: 'entries' }),
        bytes: bundleBytes(tree, entries, tile),
      });
  return files;
}

/**
 * Publishes `tree` into a directory store: `tileFiles` (from `from`), then the checkpoint
 * last, so a reader never finds a checkpoint whose tiles are not there yet. `checkpoint`
 * is the signed (and cosigned) note of the tree at its current size, written as given;
 * one of another size or root throws SeamError('checkpoint-mismatch'). Returns the files
 * written.
 */
export async function writeTileLog(
  store: TileStore,
  tree: MerkleTree,
  options: TileFilesOptions & { checkpoint: string | Uint8Array },
): Promise<TileFile[]> {
  if (typeof store?.write !== 'function')
    throw new SeamError('invalid-argument', 'store must have write(path, bytes)');
  const note =
    typeof options.checkpoint === 'string'
      ? new TextEncoder().encode(options.checkpoint)
      : options.checkpoint;
  const parts = note instanceof Uint8Array ? splitNote(note) : null;
  const checkpoint = parts?.ok ? parseCheckpoint(parts.value.text) : null;
  if (!checkpoint?.ok) throw new SeamError('invalid-argument', 'checkpoint must be a signed checkpoint note');
  if (checkpoint.value.size !== BigInt(tree.size) || !bytesEqual(checkpoint.value.root, tree.root()))
    throw new SeamError('checkpoint-mismatch', `the checkpoint is not of this tree at its size ${tree.size}`);
  const files = tileFiles(tree, options);
  for (const file of files) await store.write(file.path, file.bytes);
  const written = { path: 'checkpoint', bytes: note.slice() };
  await store.write(written.path, written.bytes);
  return [...files, written];
}
