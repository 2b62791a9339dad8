import {
  bytesEqual,
  fail,
  type Instant,
  OFF,
  type Off,
  ok,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import { HASH_SIZE, leafHash, verifyConsistency } from '@agent-seam/merkle';
import {
  type Checkpoint,
  DEFAULT_MAX_NOTE_BYTES,
  type NoteTime,
  openNote,
  parseCheckpoint,
  type VerifiedSignature,
  type WitnessQuorum,
} from '@agent-seam/tlog-note';
import { MAX_ENTRY_BYTES, parseBundle } from './bundle.js';
import { witnessClock } from './clock.js';
import {
  FULL_TILE_BYTES,
  hashesOf,
  partialTiles,
  rootFromPartials,
  TILE_WIDTH,
  type TileHashList,
  type TileRef,
  tileWidth,
} from './layout.js';
import { CHECKPOINT_CONTENT_CODES, NOTE_SHAPE_CODES_AFTER_TEXT, SIGNATURE_CODES } from './note-codes.js';
import { formatTilePath } from './paths.js';
import { READ_CODES, type ReadCode, type TileSource } from './source.js';
import { fullTileHash, parentOf, TileHashes, tilesForConsistency, tilesForInclusion } from './tile-hashes.js';
import { requireOriginAndQuorum } from './trust-options.js';

/** Every way `refresh` refuses a log's checkpoint, in the order of its checks. */
export const TILE_CHECKPOINT_CODES = [
  ...READ_CODES,
  'invalid-utf8',
  'control-character',
  ...NOTE_SHAPE_CODES_AFTER_TEXT,
  ...SIGNATURE_CODES,
  ...CHECKPOINT_CONTENT_CODES,
  'origin-mismatch',
  'tree-too-large',
  'checkpoint-rollback',
  'tile-wrong-length',
  'tile-mismatch',
  'fork',
] as const;
export type TileCheckpointCode = (typeof TILE_CHECKPOINT_CODES)[number];

/** Every way a proof or an entry read from tiles is refused, in the order of its checks. */
export const TILE_PROOF_CODES = [
  'beyond-checkpoint',
  ...READ_CODES,
  'tile-wrong-length',
  'tile-mismatch',
  'bad-entry-bundle',
  'entry-mismatch',
] as const;
export type TileProofCode = (typeof TILE_PROOF_CODES)[number];

/** Largest tree the reader takes: sizes are numbers (spec/tlog-tiles.md, DECIDED). */
export const MAX_TREE_SIZE = Number.MAX_SAFE_INTEGER;
/** Default cap on an entry bundle: 256 entries of the largest size a uint16 allows. */
export const DEFAULT_MAX_ENTRY_BUNDLE_BYTES = TILE_WIDTH * (2 + MAX_ENTRY_BYTES);
/** Default number of verified tiles kept between calls (8 KiB each at most). */
export const DEFAULT_MAX_CACHED_TILES = 64;

export interface TileLogOptions {
  /** Where the log's resources are read (httpSource over an injected fetch, or storeSource). */
  source: TileSource;
  /** The checkpoint origin the client accepts (compared exactly). */
  origin: string;
  /** The log's key and the witnesses the client requires (tlog-note's WitnessQuorum). */
  quorum: WitnessQuorum;
  /**
   * The last checkpoint this client verified (from an earlier run): a new one must be
   * consistent with it, or it is refused as a fork.
   */
  seen?: { size: number | bigint; root: Uint8Array };
  /** Cap on the checkpoint note, in bytes. Default 256 KiB (tlog-note's cap on a note). */
  maxCheckpointBytes?: number;
  /** Cap on an entry bundle, in bytes. Default 256 × (2 + 65,535). */
  maxEntryBundleBytes?: number;
  /** Verified tiles kept between calls, least recently used dropped first. Default 64. */
  maxCachedTiles?: number;
}

/** A checkpoint the reader verified and now reads tiles under. */
export interface TileCheckpoint {
  checkpoint: Checkpoint;
  /** The tree size as a number (the reader takes sizes up to 2^53 − 1). */
  size: number;
  /** The signed note's exact bytes, as the log served them. */
  note: Uint8Array;
  verifiedBy: VerifiedSignature[];
  /** What was judged of the cosignatures' times: `judged`, `off-by-caller` or `no-timed-keys` (no witness trusted). */
  time: NoteTime;
}

/** What the reader asked its source for, by kind (each read one request, redirects aside). */
export interface ReadCounts {
  checkpoints: number;
  tiles: number;
  entryBundles: number;
}

/** The caller's clock for the witnesses, per refresh (as openNote takes them). */
export interface RefreshOptions {
  /**
   * A Date or Unix seconds, required when the quorum names witnesses: a cosignature dated
   * after it is refused. `'off'` leaves the cosignatures' times unjudged, by name.
   */
  now?: Instant | Off;
  /** Needs `now`: each witness's newest cosignature at most this many seconds old. */
  maxAge?: number;
}

type Tiles = Map<string, TileHashList>;
/** How reading tiles fails, in a refresh's consistency check as in a proof. */
type TileReadCode = ReadCode | 'tile-wrong-length' | 'tile-mismatch';
/** Where a verified tile is kept: a cheap key (proofs look tiles up by it); the path is for reads and details. */
const keyOf = (tile: TileRef) => `${tile.level}/${tile.index}/${tile.width}`;

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new SeamError('invalid-argument', `${name} must be a positive integer`);
  return n;
}

/**
 * A client of a tiled log (C2SP tlog-tiles). `refresh` reads the checkpoint and verifies
 * it under the policy (the log's signature, the witness quorum, the origin) and against
 * the last checkpoint it verified (a fork is refused and the older one kept); proofs and
 * entries are then computed from tiles, each tile read only when a proof needs it and
 * trusted only once it hashes to what the verified checkpoint commits to: a partial tile
 * through the root, a full tile through its element in the tile above. Verified tiles are
 * kept in a bounded cache. Nothing here throws on what the log serves.
 */
export class TileLog {
  readonly #source: TileSource;
  readonly #origin: string;
  readonly #quorum: WitnessQuorum;
  readonly #maxCheckpointBytes: number;
  readonly #maxEntryBundleBytes: number;
  readonly #maxCachedTiles: number;
  readonly #cache: Tiles = new Map();
  readonly #reads: ReadCounts = { checkpoints: 0, tiles: 0, entryBundles: 0 };
  #seen: { size: number; root: Uint8Array } | null;
  #current: TileCheckpoint | null = null;

  constructor(options: TileLogOptions) {
    if (typeof options !== 'object' || options === null)
      throw new SeamError('invalid-argument', 'TileLog takes { source, origin, quorum }');
    const { source, seen } = options;
    if (typeof source !== 'function')
      throw new SeamError('invalid-argument', 'source must be a TileSource (httpSource, storeSource)');
    const { origin, quorum } = requireOriginAndQuorum(options.origin, options.quorum, '');
    // openNote reads its options before its note: asked about no note, it throws on a quorum it would
    // refuse. The clock is each refresh's.
    openNote(new Uint8Array(0), { quorum, now: OFF });
    this.#source = source;
    this.#origin = origin;
    this.#quorum = quorum;
    this.#maxCheckpointBytes = positiveInteger(
      options.maxCheckpointBytes,
      DEFAULT_MAX_NOTE_BYTES,
      'maxCheckpointBytes',
    );
    this.#maxEntryBundleBytes = positiveInteger(
      options.maxEntryBundleBytes,
      DEFAULT_MAX_ENTRY_BUNDLE_BYTES,
      'maxEntryBundleBytes',
    );
    this.#maxCachedTiles = positiveInteger(
      options.maxCachedTiles,
      DEFAULT_MAX_CACHED_TILES,
      'maxCachedTiles',
    );
    this.#seen = seen === undefined ? null : readSeen(seen);
  }

  /** The checkpoint verified by the last successful refresh, or null before one. */
  get checkpoint(): TileCheckpoint | null {
    return this.#current;
  }

  /** The newest checkpoint this client verified (to keep for the next run's `seen`). */
  get seen(): { size: number; root: Uint8Array } | null {
    return this.#seen === null ? null : { size: this.#seen.size, root: this.#seen.root.slice() };
  }

  /** Reads made so far, by kind. */
  get reads(): ReadCounts {
    return { ...this.#reads };
  }

  /**
   * Reads and verifies the log's checkpoint: the note under the quorum, the checkpoint
   * text, the origin, a size the reader takes, and consistency with the last checkpoint
   * verified (computed from tiles of the new tree and checked with verifyConsistency).
   * On a refusal the reader keeps the checkpoint it had.
   */
  async refresh(options: RefreshOptions = {}): Promise<Verdict<TileCheckpoint, TileCheckpointCode>> {
    if (typeof options !== 'object' || options === null)
      throw new SeamError(
        'invalid-argument',
        "refresh takes { now, maxAge? } (now: 'off' to leave times unjudged)",
      );
    const { maxAge } = options;
    const now = witnessClock(this.#quorum, options.now, maxAge, 'TileLog refresh');
    const read = await this.#read('checkpoint', this.#maxCheckpointBytes, 'checkpoints');
    if (!read.ok) return read;
    if (read.value === null) return fail('not-found', 'checkpoint: the log serves none');
    if (read.value.length > this.#maxCheckpointBytes)
      return fail('response-too-large', `checkpoint: more than ${this.#maxCheckpointBytes} bytes`);
    const note = read.value;
    const opened = openNote(note, { quorum: this.#quorum, maxBytes: this.#maxCheckpointBytes, now, maxAge });
    if (!opened.ok) return passOn(opened);
    const parsed = parseCheckpoint(opened.value.body);
    if (!parsed.ok) return passOn(parsed);
    const checkpoint = parsed.value;
    if (checkpoint.origin !== this.#origin)
      return fail('origin-mismatch', 'the checkpoint is from another log than the origin you accept');
    if (checkpoint.size > BigInt(MAX_TREE_SIZE))
      return fail('tree-too-large', `a tree of more than 2^53 - 1 leaves`);
    const size = Number(checkpoint.size);

    let tiles: Tiles = new Map();
    const seen = this.#seen;
    if (seen !== null && size < seen.size)
      return fail('checkpoint-rollback', `a tree of ${size} leaves, after one of ${seen.size} was verified`);
    if (seen !== null && size === seen.size && !bytesEqual(checkpoint.root, seen.root))
      return fail('fork', `another root for the tree of ${size} leaves verified before`);
    if (seen !== null && seen.size > 0 && size > seen.size) {
      const gathered = await this.#tiles(size, checkpoint.root, tilesForConsistency(seen.size, size));
      if (!gathered.ok) return gathered;
      tiles = gathered.value;
      const proof = this.#hashes(size, tiles).consistencyProof(seen.size);
      const consistent = verifyConsistency({
        m: seen.size,
        n: size,
        rootM: seen.root,
        rootN: checkpoint.root,
        proof,
      });
      if (!consistent.ok)
        return fail(
          'fork',
          `the tree of ${size} leaves does not extend the one of ${seen.size} verified before`,
        );
    }
    this.#keep(tiles);
    this.#seen = { size, root: checkpoint.root.slice() };
    const { verifiedBy, time } = opened.value;
    this.#current = { checkpoint, size, note: note.slice(), verifiedBy, time };
    return ok(this.#current);
  }

  /** The inclusion proof of leaf `index` in the verified checkpoint's tree, from tiles. */
  async inclusionProof(index: number): Promise<Verdict<Uint8Array[], TileProofCode>> {
    const { size, checkpoint } = this.#verified();
    requireCount(index, 'index');
    if (index >= size) return fail('beyond-checkpoint', `the checkpoint's tree has ${size} leaves`);
    const gathered = await this.#tiles(size, checkpoint.root, tilesForInclusion(index, size));
    if (!gathered.ok) return gathered;
    const tiles = gathered.value;
    this.#keep(tiles);
    return ok(this.#hashes(size, tiles).inclusionProof(index));
  }

  /** The consistency proof from the tree of `oldSize` leaves to the verified checkpoint's, from tiles. */
  async consistencyProof(oldSize: number): Promise<Verdict<Uint8Array[], TileProofCode>> {
    const { size, checkpoint } = this.#verified();
    requireCount(oldSize, 'oldSize');
    if (oldSize === 0)
      throw new SeamError('empty-tree-consistency', 'no consistency proof starts at the empty tree');
    if (oldSize > size) return fail('beyond-checkpoint', `the checkpoint's tree has ${size} leaves`);
    if (oldSize === size) return ok([]);
    const gathered = await this.#tiles(size, checkpoint.root, tilesForConsistency(oldSize, size));
    if (!gathered.ok) return gathered;
    const tiles = gathered.value;
    this.#keep(tiles);
    return ok(this.#hashes(size, tiles).consistencyProof(oldSize));
  }

  /** The leaf hash of entry `index`, from its verified level-0 tile. */
  async leafHash(index: number): Promise<Verdict<Uint8Array, TileProofCode>> {
    const located = await this.#leafTile(index);
    if (!located.ok) return located;
    const { hashes, offset } = located.value;
    return ok(hashes[offset]!.slice());
  }

  /**
   * The bytes of entry `index`, from its entry bundle: the bundle must hold exactly its
   * tile's number of entries, each hashing to its leaf hash in the verified tile.
   */
  async entry(index: number): Promise<Verdict<Uint8Array, TileProofCode>> {
    const located = await this.#leafTile(index);
    if (!located.ok) return located;
    const { tile, hashes, offset } = located.value;
    const bundle = { ...tile, level: 'entries' as const };
    const path = formatTilePath(bundle);
    const cap = Math.min(this.#maxEntryBundleBytes, tile.width * (2 + MAX_ENTRY_BYTES));
    let read = await this.#read(path, cap, 'entryBundles');
    let count = tile.width;
    if (read.ok && read.value === null && tile.width < TILE_WIDTH) {
      // The spec lets a log drop a partial bundle once the full one exists: its first entries are the same.
      count = TILE_WIDTH;
      read = await this.#read(
        formatTilePath({ ...bundle, width: TILE_WIDTH }),
        this.#maxEntryBundleBytes,
        'entryBundles',
      );
    }
    if (!read.ok) return fail(read.code, `entry bundle ${read.detail}`);
    if (read.value === null) return fail('not-found', `entry bundle ${path}: the log serves none`);
    if (read.value.length > Math.min(this.#maxEntryBundleBytes, count * (2 + MAX_ENTRY_BYTES)))
      return fail('response-too-large', `entry bundle ${path}: longer than its cap`);
    const entries = parseBundle(read.value, count);
    if (entries === null)
      return fail('bad-entry-bundle', `entry bundle ${path}: not ${count} length-prefixed entries`);
    for (let i = 0; i < tile.width; i++)
      if (!bytesEqual(leafHash(entries[i]!), hashes[i]!))
        return fail(
          'entry-mismatch',
          `entry bundle ${path}: entry ${i} does not hash to its leaf in the verified tile`,
        );
    return ok(entries[offset]!.slice());
  }

  /** The verified level-0 tile holding leaf `index`. */
  async #leafTile(
    index: number,
  ): Promise<Verdict<{ tile: TileRef; hashes: TileHashList; offset: number }, TileProofCode>> {
    const { size, checkpoint } = this.#verified();
    requireCount(index, 'index');
    if (index >= size) return fail('beyond-checkpoint', `the checkpoint's tree has ${size} leaves`);
    const n = Math.floor(index / TILE_WIDTH);
    const tile = { level: 0, index: n, width: tileWidth(size, 0, n) };
    const gathered = await this.#tiles(size, checkpoint.root, [tile]);
    if (!gathered.ok) return gathered;
    const tiles = gathered.value;
    this.#keep(tiles);
    return ok({ tile, hashes: tiles.get(keyOf(tile))!, offset: index % TILE_WIDTH });
  }

  #verified(): TileCheckpoint {
    if (this.#current === null)
      throw new SeamError(
        'no-checkpoint',
        'call refresh() first: proofs are read under a verified checkpoint',
      );
    return this.#current;
  }

  #hashes(size: number, tiles: Tiles): TileHashes {
    return new TileHashes(size, (tile) => tiles.get(keyOf(tile))!);
  }

  /**
   * Every tile `wanted` names (with the tiles read to verify it), verified against the tree of `size`
   * leaves with this `root`: each tile not already verified is read, with the tiles above
   * it up to one that is (a cached tile) or up to the partial tiles, which are verified
   * through the root. All reads are made first (in parallel); then their lengths, then
   * their hashes, are judged, top level first.
   */
  async #tiles(
    size: number,
    root: Uint8Array,
    wanted: readonly TileRef[],
  ): Promise<Verdict<Tiles, TileReadCode>> {
    const tiles: Tiles = new Map();
    const reading = new Map<string, TileRef>();
    let throughRoot = false;
    const need = (tile: TileRef): boolean => {
      const key = keyOf(tile);
      const cached = this.#cache.get(key);
      if (cached !== undefined) tiles.set(key, cached);
      else reading.set(key, tile);
      return cached === undefined;
    };
    for (let tile of wanted)
      for (;;) {
        if (!need(tile)) break;
        if (tile.width < TILE_WIDTH) {
          throughRoot = true;
          break;
        }
        tile = parentOf(tile, size).parent;
      }
    if (throughRoot) for (const tile of partialTiles(size)) need(tile);

    const refs = [...reading.values()];
    const results = await Promise.all(refs.map((tile) => this.#readTile(tile)));
    for (const result of results) if (!result.ok && result.code !== 'tile-wrong-length') return result;
    for (const result of results) if (!result.ok) return result;
    for (const [i, tile] of refs.entries())
      tiles.set(keyOf(tile), (results[i] as { value: TileHashList }).value);

    if (throughRoot) {
      const partials = partialTiles(size);
      const computed = rootFromPartials(
        partials.map((tile) => ({ width: tile.width, hashes: tiles.get(keyOf(tile))! })),
      );
      if (!bytesEqual(computed, root))
        return fail(
          'tile-mismatch',
          `${partials.map((tile) => formatTilePath(tile)).join(', ')}: these partial tiles do not hash to the checkpoint's root`,
        );
    }
    const full = refs
      .filter((tile) => tile.width === TILE_WIDTH)
      .sort((a, b) => (b.level as number) - (a.level as number));
    for (const tile of full) {
      const { parent, element } = parentOf(tile, size);
      const above = tiles.get(keyOf(parent))![element]!;
      if (!bytesEqual(fullTileHash(tiles.get(keyOf(tile))!), above))
        return fail(
          'tile-mismatch',
          `${formatTilePath(tile)}: does not hash to its hash in ${formatTilePath(parent)}`,
        );
    }
    return ok(tiles);
  }

  /** One tile's hashes, exactly 32 · width bytes of them; a missing partial tile is read from its full tile. */
  async #readTile(tile: TileRef): Promise<Verdict<TileHashList, TileReadCode>> {
    const path = formatTilePath(tile);
    const bytes = HASH_SIZE * tile.width;
    let read = await this.#read(path, bytes, 'tiles');
    let expected = bytes;
    if (read.ok && read.value === null && tile.width < TILE_WIDTH) {
      // Logs may delete a partial tile once the full tile exists; its first hashes are the same.
      expected = FULL_TILE_BYTES;
      read = await this.#read(formatTilePath({ ...tile, width: TILE_WIDTH }), FULL_TILE_BYTES, 'tiles');
    }
    if (!read.ok) return read;
    if (read.value === null) return fail('not-found', `${path}: the log serves no such tile`);
    if (read.value.length !== expected)
      return fail(
        'tile-wrong-length',
        `${path}: ${read.value.length > expected ? 'more than' : 'only'} ${Math.min(read.value.length, expected)} bytes where ${expected / HASH_SIZE} hashes are ${expected}`,
      );
    return ok(hashesOf(read.value.subarray(0, bytes)));
  }

  async #read(
    path: string,
    maxBytes: number,
    kind: keyof ReadCounts,
  ): Promise<Verdict<Uint8Array | null, ReadCode>> {
    this.#reads[kind]++;
    try {
      return await this.#source(path, maxBytes);
    } catch {
      return fail('fetch-failed', `${path}: the source failed`);
    }
  }

  /**
   * Keeps the tiles a call used (read or found in the cache) as the most recently used,
   * dropping the least recently used beyond the cap.
   */
  #keep(tiles: Tiles): void {
    for (const [key, bytes] of tiles) {
      this.#cache.delete(key);
      this.#cache.set(key, bytes);
    }
    for (const key of this.#cache.keys()) {
      if (this.#cache.size <= this.#maxCachedTiles) break;
      this.#cache.delete(key);
    }
  }
}

/** A refusal of tlog-note passed on as it is (only the codes listed above can arrive: the read cap covers note-too-large). */
const passOn = (refusal: { code: string; detail?: string }) =>
  fail(refusal.code as TileCheckpointCode, refusal.detail);

function requireCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new SeamError('invalid-argument', `${name} must be a whole number`);
}

function readSeen(seen: { size: number | bigint; root: Uint8Array }): { size: number; root: Uint8Array } {
  const size =
    typeof seen?.size === 'bigint' ? seen.size : Number.isSafeInteger(seen?.size) ? BigInt(seen.size) : -1n;
  if (size < 0n || size > BigInt(MAX_TREE_SIZE))
    throw new SeamError('invalid-argument', 'seen.size must be a whole number up to 2^53 - 1');
  if (!(seen.root instanceof Uint8Array) || seen.root.length !== HASH_SIZE)
    throw new SeamError('bad-hash-length', 'seen.root is a 32-byte root hash');
  return { size: Number(size), root: seen.root.slice() };
}
