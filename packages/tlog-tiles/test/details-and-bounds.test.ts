import { ok, SeamError, unwrap } from '@agent-seam/canonical';
import { emptyRoot, MerkleTree } from '@agent-seam/merkle';
import { formatCheckpoint, signNote } from '@agent-seam/tlog-note';
import {
  encodeBundle,
  type FetchFunction,
  type FetchResponse,
  formatTilePath,
  httpSource,
  makeTlogProof,
  memoryStore,
  parseTilePath,
  parseTlogProof,
  storeSource,
  TileLog,
  type TileLogOptions,
  tileFiles,
  verifyTlogProof,
  writeTileLog,
} from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError } from '../../../tools/thrown.ts';
import {
  AT,
  checkpointOf,
  entries,
  entry,
  LOG,
  NOW,
  ORIGIN,
  QUORUM,
  readerOf,
  writtenLog,
} from './support.js';
import { SyntheticLog } from './synthetic.js';

/**
 * Cases a mutation run asked for (reports/mutation/tlog-tiles.md): every refusal's detail,
 * the boundaries of every cap, the options' checks, the copies handed out, and the reads the
 * cache saves.
 */
const refusal = (v: { ok: boolean; code?: string; detail?: string }) =>
  v.ok ? 'accepted' : `${v.code}: ${v.detail}`;
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof SeamError) return e.message;
    throw e;
  }
  return 'no error';
};
const PREFIX = 'https://log.example/tiles/';
const headers = (h: Record<string, string> = {}) => new Headers(h);

describe('tlog-proof text: details and bounds', () => {
  const tree = MerkleTree.fromLeaves(entries(20));
  const FILE = makeTlogProof(tree, checkpointOf(tree), 5);
  const bytes = new TextEncoder().encode(FILE);

  it('says what is wrong with each line', () => {
    expect(refusal(parseTlogProof(7 as never))).toBe('not-bytes: a tlog proof is bytes or a string');
    expect(refusal(parseTlogProof('c2sp.org/tlog-proof@v1'))).toBe(
      'truncated: the file ends after its header',
    );
    expect(refusal(parseTlogProof(FILE.replace('@v1', '@v9')))).toBe(
      'bad-header: the first line is not c2sp.org/tlog-proof@v1',
    );
    expect(refusal(parseTlogProof(FILE.replace('\nindex', '\nextra =\nindex')))).toBe(
      'bad-extra: the extra line holds non-empty canonical standard base64',
    );
    expect(refusal(parseTlogProof('c2sp.org/tlog-proof@v1\n'))).toBe(
      'truncated: the file ends before its index line',
    );
    expect(refusal(parseTlogProof(FILE.replace('index 5', 'index x')))).toBe(
      'bad-index: the line after the header (and extra) is "index" and a uint64 in decimal',
    );
    expect(refusal(parseTlogProof('c2sp.org/tlog-proof@v1\nindex 5\n'))).toBe(
      'truncated: the file ends before the blank line and the checkpoint',
    );
    const lines = FILE.split('\n');
    lines[4] = 'not base64!';
    expect(refusal(parseTlogProof(lines.join('\n')))).toBe(
      'bad-proof-hash: proof line 3 is not canonical base64 of 32 bytes',
    );
    const many = FILE.replace('index 5\n', `index 5\n${`${lines[3]}\n`.repeat(65)}`);
    expect(refusal(parseTlogProof(many))).toBe('too-many-proof-hashes: more than 64 proof hashes');
  });

  it('takes a file of exactly maxBytes, as a string and as bytes, and refuses one byte more', () => {
    // ASCII, so that a string's length is its byte count (the note is not judged here).
    const ascii = 'c2sp.org/tlog-proof@v1\nindex 0\n\nnote\n';
    expect(parseTlogProof(ascii, { maxBytes: ascii.length }).ok).toBe(true);
    expect(refusal(parseTlogProof(ascii, { maxBytes: ascii.length - 1 }))).toBe('proof-too-large: undefined');
    expect(parseTlogProof(bytes, { maxBytes: bytes.length }).ok).toBe(true);
    expect(refusal(parseTlogProof(bytes, { maxBytes: bytes.length - 1 }))).toBe('proof-too-large: undefined');
    expect(parseTlogProof(new Uint8Array(0), { maxBytes: 0 })).toMatchObject({ code: 'bad-header' });
  });

  it('refuses a string holding a lone surrogate', () => {
    expect(parseTlogProof(FILE.replace('index', '\uD800index'))).toMatchObject({ code: 'invalid-utf8' });
  });

  it('reads the largest uint64 index, and refuses one more', () => {
    const max = FILE.replace('index 5', 'index 18446744073709551615');
    expect(unwrap(parseTlogProof(max)).index).toBe(2n ** 64n - 1n);
    expect(parseTlogProof(max.replace('551615', '551616'))).toMatchObject({ code: 'bad-index' });
  });

  it('refuses options that are not an object', () => {
    expect(thrown(() => parseTlogProof(FILE, null as never))).toBe(
      'invalid-argument: the options are not an object',
    );
    expect(thrown(() => parseTlogProof(FILE, 5 as never))).toBe(
      'invalid-argument: the options are not an object',
    );
  });
});

describe('verifyTlogProof: the policy and the note cap', () => {
  const tree = MerkleTree.fromLeaves(entries(20));
  const FILE = makeTlogProof(tree, checkpointOf(tree), 5);
  const policy = { origin: ORIGIN, quorum: QUORUM, now: NOW };

  it('throws on a policy that is not one', () => {
    for (const policy of [null, 5])
      expect(thrown(() => verifyTlogProof(FILE, policy as never))).toBe(
        'invalid-argument: verifyTlogProof takes a policy { origin, quorum, leafHash | entry }',
      );
    expect(thrown(() => verifyTlogProof(FILE, { ...policy, origin: 5 } as never))).toMatch(
      /^invalid-argument: policy.origin/,
    );
    expect(thrown(() => verifyTlogProof(FILE, { origin: ORIGIN } as never))).toBe(
      'invalid-quorum: policy.quorum { log, witnesses, atLeast } is required',
    );
    expect(thrown(() => verifyTlogProof(FILE, { ...policy, entry: 'entry 5' } as never))).toBe(
      'invalid-argument: policy.entry is a Uint8Array',
    );
  });

  it('says which origin check refused', () => {
    const other = MerkleTree.fromLeaves(entries(20));
    const file = makeTlogProof(other, checkpointOf(other, 'example.com/elsewhere'), 5);
    expect(refusal(verifyTlogProof(file, { ...policy, entry: entry(5) }))).toBe(
      'origin-mismatch: the checkpoint is from another log than the origin you accept',
    );
  });

  it('raises the note’s cap with the file’s: a note over 256 KiB opens under a larger maxBytes', () => {
    const body = formatCheckpoint({
      origin: ORIGIN,
      size: 20n,
      root: tree.root(),
      extensions: ['x'.repeat(300 * 1024)],
    });
    const note = signNote(body, [LOG]);
    const file = makeTlogProof(tree, note, 5);
    const big = { ...policy, quorum: { ...QUORUM, atLeast: 0 }, entry: entry(5), maxBytes: 1024 * 1024 };
    expect(refusal(verifyTlogProof(file, big))).toBe('accepted');
  });
});

describe('tile paths: details and the writer’s checks', () => {
  it('says what is wrong', () => {
    expect(refusal(parseTilePath(5 as never))).toBe('not-a-string: a tile path is a string');
    expect(refusal(parseTilePath('tiles/0/000'))).toBe('not-a-tile-path: a tile path starts with tile/');
    expect(refusal(parseTilePath('tile/0'))).toBe('not-a-tile-path: a tile path is tile/<level>/<index>');
    // why: paths.ts `slash < 0` (`<= 0` calls an empty level a path without one)
    expect(refusal(parseTilePath('tile//000'))).toBe(
      'bad-level: the level is entries or a decimal 0..63 without leading zeros',
    );
    expect(refusal(parseTilePath('tile/00/000'))).toBe(
      'bad-level: the level is entries or a decimal 0..63 without leading zeros',
    );
    expect(refusal(parseTilePath('tile/0/0000'))).toBe(
      'bad-index: the index is 3-digit groups, all but the last behind an x, no leading x000',
    );
    expect(refusal(parseTilePath('tile/0/000.p/300'))).toBe(
      'bad-width: a partial width is a decimal 1..255 without leading zeros',
    );
    expect(refusal(parseTilePath('tile/0/x001/x000/x000/x000/x000/x000/000'))).toBe(
      'index-out-of-range: the tile starts beyond 2^64 leaves',
    );
    expect(refusal(parseTilePath('tile/1/x281/x474/x976/x710/656'))).toBe(
      'index-out-of-range: the tile starts beyond 2^64 leaves',
    );
  });

  it('formatTilePath refuses levels and widths no path has', () => {
    for (const level of [-1, 1.5, Number.NaN])
      expect(thrown(() => formatTilePath({ level, index: 0 }))).toBe(
        'invalid-argument: level must be an integer 0..63 or "entries"',
      );
    expect(thrown(() => formatTilePath({ level: 0, index: 0, width: 257 }))).toBe(
      'invalid-argument: width must be an integer 1..256',
    );
  });

  it('an entry of 300 bytes (its length prefix beyond one byte) is written and read back', async () => {
    const long = [new Uint8Array(300).fill(5), ...entries(3)];
    const tree = MerkleTree.fromLeaves(long);
    const store = memoryStore();
    await writeTileLog(store, tree, { entries: long, checkpoint: checkpointOf(tree) });
    const reader = readerOf(store);
    unwrap(await reader.refresh(AT));
    expect(unwrap(await reader.entry(0))).toEqual(long[0]);
  });

  it('the writer refuses an entry a uint16 cannot measure, and takes the largest', () => {
    expect(thrown(() => encodeBundle([new Uint8Array(65_536)]))).toBe(
      'entry-too-large: entries[0] is not bytes of at most 65535',
    );
    expect(encodeBundle([new Uint8Array(65_535)]).length).toBe(65_537);
  });
});

describe('the reader: options, copies and details', () => {
  it('throws on options that are not its own', async () => {
    const { store } = await writtenLog(3);
    const source = storeSource(store);
    for (const options of [null, 5])
      expect(thrown(() => new TileLog(options as never))).toBe(
        'invalid-argument: TileLog takes { source, origin, quorum }',
      );
    expect(thrown(() => new TileLog({ source, origin: 5, quorum: QUORUM } as never))).toMatch(
      /^invalid-argument: origin/,
    );
    expect(thrown(() => new TileLog({ source, origin: ORIGIN } as never))).toBe(
      'invalid-quorum: quorum { log, witnesses, atLeast } is required',
    );
    /** What TileLog throws given the store, the origin and the quorum, and `options` over them. */
    const thrownWith = (options: Partial<TileLogOptions>) =>
      thrown(() => new TileLog({ source, origin: ORIGIN, quorum: QUORUM, ...options }));
    expect(thrownWith({ quorum: { ...QUORUM, atLeast: 3 } })).toMatch(/^invalid-quorum/);
    expect(thrownWith({ maxCheckpointBytes: 0 })).toBe(
      'invalid-argument: maxCheckpointBytes must be a positive integer',
    );
    expect(thrownWith({ maxEntryBundleBytes: 1.5 })).toBe(
      'invalid-argument: maxEntryBundleBytes must be a positive integer',
    );
    expect(new TileLog({ source, origin: ORIGIN, quorum: QUORUM, maxCachedTiles: 1 }).seen).toBeNull();
    expect(thrownWith({ seen: null as never })).toBe(
      'invalid-argument: seen.size must be a whole number up to 2^53 - 1',
    );
    expect(thrownWith({ seen: { size: 2n ** 53n, root: emptyRoot() } })).toMatch(
      /^invalid-argument: seen.size/,
    );
    expect(thrownWith({ seen: { size: 1, root: new Uint8Array(31) } })).toBe(
      'bad-hash-length: seen.root is a 32-byte root hash',
    );
    const reader = readerOf(store);
    expect((await rejectedSeamError(reader.inclusionProof(0))).message).toContain(
      'no-checkpoint: call refresh() first: proofs are read under a verified checkpoint',
    );
    unwrap(await reader.refresh(AT));
    expect((await rejectedSeamError(reader.inclusionProof(0.5))).message).toContain(
      'invalid-argument: index must be a whole number',
    );
    expect((await rejectedSeamError(reader.consistencyProof(-1))).message).toContain(
      'invalid-argument: oldSize must be a whole number',
    );
    expect((await rejectedSeamError(reader.entry(-1))).message).toContain(
      'invalid-argument: index must be a whole number',
    );
    expect((await rejectedSeamError(reader.consistencyProof(0))).message).toContain(
      'empty-tree-consistency: no consistency proof starts at the empty tree',
    );
  });

  it('takes a seen of size 0, of 2^53 - 1 leaves, and as a bigint; keeps its own copies', async () => {
    const { store, tree } = await writtenLog(30);
    const root = tree.root();
    const fromEmpty = readerOf(store, { size: 0, root: emptyRoot() });
    expect(refusal(await fromEmpty.refresh(AT))).toBe('accepted');
    const big = new TileLog({
      source: storeSource(store),
      origin: ORIGIN,
      quorum: QUORUM,
      seen: { size: 2n ** 53n - 1n, root },
    });
    expect(big.seen?.size).toBe(2 ** 53 - 1);
    const given = root.slice();
    const reader = new TileLog({
      source: storeSource(store),
      origin: ORIGIN,
      quorum: QUORUM,
      seen: { size: 30n, root: given },
    });
    given.fill(0);
    expect(refusal(await reader.refresh(AT))).toBe('accepted');
    reader.seen!.root.fill(0);
    expect(reader.seen!.root).toEqual(root);
    const fresh = reader.checkpoint!;
    fresh.note.fill(0);
    fresh.checkpoint.root.fill(0);
    expect(reader.seen!.root).toEqual(root);
    expect(refusal(await reader.refresh(AT))).toBe('accepted');
  });

  it('says why a checkpoint is refused', async () => {
    const { store, tree } = await writtenLog(30);
    const at = (seen?: { size: number; root: Uint8Array }) => readerOf(store, seen).refresh(AT);
    store.files.delete('checkpoint');
    expect(refusal(await at())).toBe('not-found: checkpoint: the log serves none');
    const note = new TextEncoder().encode(checkpointOf(tree));
    store.files.set('checkpoint', note);
    const capped = new TileLog({
      source: storeSource(store),
      origin: ORIGIN,
      quorum: QUORUM,
      maxCheckpointBytes: note.length,
    });
    expect(refusal(await capped.refresh(AT))).toBe('accepted');
    const under = new TileLog({
      source: storeSource(store),
      origin: ORIGIN,
      quorum: QUORUM,
      maxCheckpointBytes: note.length - 1,
    });
    expect(refusal(await under.refresh(AT))).toBe(
      `response-too-large: checkpoint: more than ${note.length - 1} bytes`,
    );
    expect(refusal(await at({ size: 31, root: tree.root() }))).toBe(
      'checkpoint-rollback: a tree of 30 leaves, after one of 31 was verified',
    );
    expect(refusal(await at({ size: 30, root: emptyRoot() }))).toBe(
      'fork: another root for the tree of 30 leaves verified before',
    );
    const forked = MerkleTree.fromLeaves(entries(30).map((e, i) => (i === 2 ? new Uint8Array(1) : e)));
    expect(refusal(await at({ size: 20, root: forked.rootAt(20) }))).toBe(
      'fork: the tree of 30 leaves does not extend the one of 20 verified before',
    );
    store.files.set('checkpoint', new TextEncoder().encode(checkpointOf(tree, 'example.com/elsewhere')));
    expect(refusal(await at())).toBe(
      'origin-mismatch: the checkpoint is from another log than the origin you accept',
    );
  });

  it('reads a tree of 2^53 - 1 leaves and refuses one of 2^53', async () => {
    const store = memoryStore();
    const root = new Uint8Array(32).fill(9);
    const sized = (size: bigint) =>
      new TextEncoder().encode(
        signNote(formatCheckpoint({ origin: ORIGIN, size, root, extensions: [] }), [LOG]),
      );
    const reader = () =>
      new TileLog({ source: storeSource(store), origin: ORIGIN, quorum: { ...QUORUM, atLeast: 0 } });
    store.files.set('checkpoint', sized(2n ** 53n - 1n));
    expect(unwrap(await reader().refresh(AT)).size).toBe(2 ** 53 - 1);
    store.files.set('checkpoint', sized(2n ** 53n));
    expect(refusal(await reader().refresh(AT))).toBe('tree-too-large: a tree of more than 2^53 - 1 leaves');
  });

  it('says why a proof or an entry is refused, and hands out copies', async () => {
    const { store, tree } = await writtenLog(300);
    const reader = readerOf(store);
    unwrap(await reader.refresh(AT));
    expect(refusal(await reader.inclusionProof(300))).toBe(
      "beyond-checkpoint: the checkpoint's tree has 300 leaves",
    );
    expect(refusal(await reader.consistencyProof(301))).toBe(
      "beyond-checkpoint: the checkpoint's tree has 300 leaves",
    );
    expect(refusal(await reader.entry(300))).toBe("beyond-checkpoint: the checkpoint's tree has 300 leaves");
    expect(refusal(await reader.leafHash(300))).toBe(
      "beyond-checkpoint: the checkpoint's tree has 300 leaves",
    );
    const proof = unwrap(await reader.inclusionProof(299));
    for (const hash of proof) hash.fill(0);
    expect(unwrap(await reader.inclusionProof(299))).toEqual(tree.inclusionProof(299));
    unwrap(await reader.leafHash(3)).fill(0);
    expect(unwrap(await reader.leafHash(3))).toEqual(tree.leafHash(3));
    unwrap(await reader.entry(3)).fill(0);
    expect(unwrap(await reader.entry(3))).toEqual(entry(3));
    expect(unwrap(await reader.consistencyProof(300))).toEqual([]);
  });

  it('says why a tile is refused, naming the highest tile that does not hash', async () => {
    const { store } = await writtenLog(70_000);
    const flip = (path: string, at = 40) => {
      const bytes = store.files.get(path)!.slice();
      bytes[at]! ^= 1;
      store.files.set(path, bytes);
    };
    flip('tile/0/000');
    flip('tile/1/000');
    const reader = readerOf(store);
    unwrap(await reader.refresh(AT));
    expect(refusal(await reader.inclusionProof(5))).toBe(
      'tile-mismatch: tile/1/000: does not hash to its hash in tile/2/000.p/1',
    );
    // An entry's tiles are read from the bottom up; they are judged from the top down all the same.
    expect(refusal(await reader.entry(5))).toBe(
      'tile-mismatch: tile/1/000: does not hash to its hash in tile/2/000.p/1',
    );
    flip('tile/2/000.p/1', 0);
    expect(refusal(await reader.inclusionProof(5))).toBe(
      "tile-mismatch: tile/2/000.p/1, tile/1/001.p/17, tile/0/273.p/112: these partial tiles do not hash to the checkpoint's root",
    );
    store.files.set('tile/0/273.p/112', store.files.get('tile/0/273.p/112')!.subarray(32));
    expect(refusal(await reader.inclusionProof(69_999))).toBe(
      'tile-wrong-length: tile/0/273.p/112: only 3552 bytes where 112 hashes are 3584',
    );
    store.files.set('tile/0/273.p/112', new Uint8Array(3585));
    expect(refusal(await reader.inclusionProof(69_999))).toBe(
      'tile-wrong-length: tile/0/273.p/112: more than 3584 bytes where 112 hashes are 3584',
    );
  });

  it('an entry of a full tile whose parent is full reads the whole chain, and bundles at their caps', async () => {
    const { store } = await writtenLog(70_000);
    const reader = readerOf(store);
    unwrap(await reader.refresh(AT));
    expect(unwrap(await reader.entry(5))).toEqual(entry(5));
    expect(reader.reads).toEqual({ checkpoints: 1, tiles: 5, entryBundles: 1 });
    const bundle = store.files.get('tile/entries/000')!;
    /** Entry 5 read by a fresh reader whose bundle cap is `maxEntryBundleBytes`. */
    const entryUnderCap = async (maxEntryBundleBytes: number) => {
      const capped = new TileLog({
        source: storeSource(store),
        origin: ORIGIN,
        quorum: QUORUM,
        maxEntryBundleBytes,
      });
      unwrap(await capped.refresh(AT));
      return capped.entry(5);
    };
    expect(refusal(await entryUnderCap(bundle.length))).toBe('accepted');
    expect(refusal(await entryUnderCap(bundle.length - 1))).toBe(
      'response-too-large: entry bundle tile/entries/000: longer than its cap',
    );
  });

  it('says why an entry bundle is refused', async () => {
    const { store } = await writtenLog(300);
    const reader = readerOf(store);
    unwrap(await reader.refresh(AT));
    store.files.delete('tile/entries/000');
    expect(refusal(await reader.entry(5))).toBe(
      'not-found: entry bundle tile/entries/000: the log serves none',
    );
    expect(reader.reads.entryBundles).toBe(1); // a full bundle has nothing to fall back to
    store.files.set('tile/entries/000', encodeBundle(entries(255)));
    expect(refusal(await reader.entry(5))).toBe(
      'bad-entry-bundle: entry bundle tile/entries/000: not 256 length-prefixed entries',
    );
    store.files.set(
      'tile/entries/000',
      encodeBundle(entries(256).map((e, i) => (i === 9 ? new Uint8Array(9) : e))),
    );
    expect(refusal(await reader.entry(5))).toBe(
      'entry-mismatch: entry bundle tile/entries/000: entry 9 does not hash to its leaf in the verified tile',
    );
    store.files.delete('tile/0/000');
    const cold = readerOf(store);
    unwrap(await cold.refresh(AT));
    expect(refusal(await cold.entry(5))).toBe('not-found: tile/0/000: the log serves no such tile');
    expect(cold.reads.tiles).toBe(3); // a missing full tile is not read twice
  });

  it('a source that throws, or a bundle read that fails, is refused with what it was reading', async () => {
    const broken = new TileLog({
      source: async () => {
        throw new Error('disk on fire');
      },
      origin: ORIGIN,
      quorum: QUORUM,
    });
    expect(refusal(await broken.refresh(AT))).toBe('fetch-failed: checkpoint: the source failed');
    const { store } = await writtenLog(300);
    const failing = storeSource({
      read: async (path, max) => {
        if (path.startsWith('tile/entries/')) throw new Error('gone');
        return store.files.get(path)?.subarray(0, max + 1) ?? null;
      },
    });
    const reader = new TileLog({ source: failing, origin: ORIGIN, quorum: QUORUM });
    unwrap(await reader.refresh(AT));
    expect(refusal(await reader.entry(5))).toBe(
      'fetch-failed: entry bundle tile/entries/000: the store could not read it',
    );
  });
});

describe('the cache: what it saves, and its bound', () => {
  // In a 2^24-leaf log a proof reads a level-0, a level-1 and the level-2 tile, and the one-hash
  // partial tile of level 3 (the root).
  const indexes = [5, 70_000, 70_300, 9_000_000];
  const log = new SyntheticLog(3, indexes);
  /** A reader keeping `maxCachedTiles` tiles, after its first refresh. */
  const refreshed = async (maxCachedTiles: number) => {
    const r = new TileLog({
      source: log.source(),
      origin: ORIGIN,
      quorum: { ...QUORUM, atLeast: 0 },
      maxCachedTiles,
    });
    unwrap(await r.refresh(AT));
    return r;
  };
  const tilesRead = async (r: TileLog, f: () => Promise<unknown>) => {
    const before = r.reads.tiles;
    await f();
    return r.reads.tiles - before;
  };
  const proofReads = (r: TileLog, index: number) => tilesRead(r, () => r.inclusionProof(index));

  it('a chain stops at a verified tile: the partial tiles are read only when the chain reaches them', async () => {
    const r = await refreshed(3);
    // Three tiles kept: the level-2 tile, read first, is dropped.
    expect(await proofReads(r, 5)).toBe(4);
    // Another level-1 tile: the level-2 tile again, and the chain stops at the root's partial tile,
    // which, used first, is the one dropped now.
    expect(await proofReads(r, 70_000)).toBe(3);
    // The same level-1 tile, another level-0 tile: one read, its chain stopping at the kept
    // level-1 tile; the partial tile is not needed, so not read again.
    expect(await proofReads(r, 70_300)).toBe(1);
  });

  it('drops the least recently used tile: one a proof used is kept over one read earlier', async () => {
    const r = await refreshed(5);
    expect(await proofReads(r, 5)).toBe(4);
    // Uses the level-2 tile again (its chain stops there) and reads two: the level-2 tile is now
    // more recent than the root's partial tile, which is dropped.
    expect(await proofReads(r, 70_000)).toBe(2);
    expect(await proofReads(r, 70_300)).toBe(1);
  });

  it('keeps exactly maxCachedTiles tiles, the most recently used', async () => {
    const r = await refreshed(4);
    expect(await proofReads(r, 5)).toBe(4);
    expect(await proofReads(r, 5)).toBe(0);
    const one = await refreshed(1);
    expect(await proofReads(one, 5)).toBe(4);
    expect(await proofReads(one, 5)).toBe(3);
  });

  it('the tiles a consistency proof read are kept: asking for it again reads none', async () => {
    // why: reader.ts consistencyProof's `this.#keep(tiles)` (removed, the second ask reads again)
    const r = await refreshed(100);
    expect(await tilesRead(r, () => r.consistencyProof(70_000))).toBeGreaterThan(0);
    expect(await tilesRead(r, () => r.consistencyProof(70_000))).toBe(0);
  });

  it('a consistency proof, an entry’s tile and a refresh’s consistency check fill the cache', async () => {
    const { store } = await writtenLog(600);
    const r = readerOf(store, { size: 300, root: MerkleTree.fromLeaves(entries(300)).root() });
    unwrap(await r.refresh(AT));
    const afterRefresh = r.reads.tiles;
    unwrap(await r.consistencyProof(300));
    expect(r.reads.tiles).toBe(afterRefresh);
    // Leaf 5's level-0 tile was not among the tiles of the consistency check from 300.
    expect(await tilesRead(r, () => r.entry(5))).toBe(1);
    expect(await tilesRead(r, () => r.entry(5))).toBe(0);
    // From 10, a proof needs the first level-0 tile's hashes and the partial ones, all kept.
    expect(await tilesRead(r, () => r.consistencyProof(10))).toBe(0);
    expect(await tilesRead(r, () => r.consistencyProof(300 + 256))).toBe(0);
  });
});

describe('httpSource: statuses, redirects, caps', () => {
  const serve = (answer: (url: string) => FetchResponse) => {
    const urls: string[] = [];
    const fetch: FetchFunction = async (url) => {
      urls.push(url);
      return answer(url);
    };
    return { fetch, urls };
  };
  const read = (fetch: FetchFunction, prefix = PREFIX, maxRedirects?: number) =>
    httpSource(fetch, prefix, maxRedirects === undefined ? {} : { maxRedirects })('checkpoint', 10);

  it('joins a prefix with or without its final slash', async () => {
    const { fetch, urls } = serve(() => ({ status: 404, headers: headers(), body: null }));
    await read(fetch, 'https://log.example/tiles');
    await read(fetch, 'https://log.example/tiles/');
    expect(urls).toEqual(['https://log.example/tiles/checkpoint', 'https://log.example/tiles/checkpoint']);
  });

  it('follows 300 and 399 with a Location, refuses a 2xx or a 3xx without one, and non-http targets', async () => {
    for (const status of [300, 399]) {
      const { fetch, urls } = serve((url) =>
        url.endsWith('/moved')
          ? new Response('ok')
          : { status, headers: headers({ location: '/moved' }), body: null },
      );
      expect(refusal(await read(fetch))).toBe('accepted');
      expect(urls).toEqual([`${PREFIX}checkpoint`, 'https://log.example/moved']);
    }
    const created = serve(() => ({ status: 201, headers: headers({ location: '/x' }), body: null }));
    expect(refusal(await read(created.fetch))).toBe('http-status: checkpoint: HTTP 201');
    const bare = serve(() => ({ status: 302, headers: headers(), body: null }));
    expect(refusal(await read(bare.fetch))).toBe('http-status: checkpoint: HTTP 302');
    const ftp = serve(() => ({
      status: 302,
      headers: headers({ location: 'ftp://log.example/c' }),
      body: null,
    }));
    expect(refusal(await read(ftp.fetch))).toBe(
      'http-status: checkpoint: a redirect to a URL that is not http(s)',
    );
    const opaque = serve(() => ({ status: 0, type: 'opaqueredirect', headers: headers(), body: null }));
    expect(refusal(await read(opaque.fetch))).toBe(
      "http-status: checkpoint: a redirect whose target this fetch hides (a browser's opaque redirect)",
    );
  });

  it('maxRedirects 0 follows none; the default four, then refuses', async () => {
    const loop = () =>
      serve(() => ({ status: 302, headers: headers({ location: `${PREFIX}checkpoint` }), body: null }));
    const none = loop();
    expect(refusal(await read(none.fetch, PREFIX, 0))).toBe(
      'too-many-redirects: checkpoint: more than 0 redirects',
    );
    expect(none.urls).toHaveLength(1);
    expect(thrown(() => httpSource(loop().fetch, PREFIX, { maxRedirects: -1 }))).toBe(
      'invalid-argument: maxRedirects must be a non-negative integer',
    );
  });

  it('a 200 without a body is empty bytes; a body is cut at the cap and one byte', async () => {
    const empty = serve(() => ({ status: 200, headers: headers(), body: null }));
    expect(await read(empty.fetch)).toEqual(ok(new Uint8Array(0)));
    const long = serve(() => new Response(new Uint8Array(1000).fill(7)));
    expect(await read(long.fetch)).toEqual(ok(new Uint8Array(11).fill(7)));
    const exact = serve(() => new Response(new Uint8Array(10).fill(7)));
    expect(await read(exact.fetch)).toEqual(ok(new Uint8Array(10).fill(7)));
    // Over several chunks, the one that crosses the cap is cut: 6 + 5 bytes, not 12.
    const chunked = serve(() => ({
      status: 200,
      headers: headers(),
      body: new ReadableStream({
        start(c) {
          c.enqueue(new Uint8Array(6).fill(1));
          c.enqueue(new Uint8Array(6).fill(2));
          c.enqueue(new Uint8Array(6).fill(3));
          c.close();
        },
      }),
    }));
    expect(await read(chunked.fetch)).toEqual(ok(new Uint8Array([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2])));
  });

  it('names what failed', async () => {
    const rejects = serve(() => {
      throw new TypeError('offline');
    });
    expect(refusal(await read(rejects.fetch))).toBe('fetch-failed: checkpoint: the request failed');
    const broken = serve(() => ({
      status: 200,
      headers: headers(),
      body: new ReadableStream({ pull: (c) => c.error(new Error('reset')) }),
    }));
    expect(refusal(await read(broken.fetch))).toBe('fetch-failed: checkpoint: the response broke off');
  });

  it('storeSource refuses a store it cannot read; memoryStore keeps its own copy', async () => {
    expect(thrown(() => storeSource(null as never))).toBe(
      'invalid-argument: store must have read(path, maxBytes)',
    );
    const store = memoryStore();
    const bytes = new Uint8Array([1, 2, 3]);
    await store.write('a', bytes);
    bytes.fill(0);
    expect(await store.read('a', 10)).toEqual(new Uint8Array([1, 2, 3]));
    expect(tileFiles(MerkleTree.fromLeaves(entries(1))).map((f) => f.path)).toEqual(['tile/0/000.p/1']);
  });
});
