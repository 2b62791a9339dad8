import { base64Strict, SeamError, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { MerkleTree } from '@agent-seam/merkle';
import {
  encodeBundle,
  formatTilePath,
  formatTlogProof,
  httpSource,
  makeTlogProof,
  memoryStore,
  parseTilePath,
  parseTlogProof,
  storeSource,
  TileLog,
  tileFiles,
  verifyTlogProof,
  writeTileLog,
} from '@agent-seam/tlog-tiles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AT, checkpointOf, entries, entry, NOW, ORIGIN, QUORUM, readerOf, writtenLog } from './support.js';

const codeOf = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    if (e instanceof SeamError) return `${e.code}: ${e.message.replace(`${e.code}: `, '')}`;
    throw e;
  }
  return 'no error';
};

describe('tile paths', () => {
  it('formatTilePath and parseTilePath are inverses over every level, index and width', () =>
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 7 }), fc.constant('entries' as const)).chain((level) =>
          fc.tuple(
            fc.constant(level),
            // Every tile that starts below 2^64 leaves: index · 256^(level + 1) < 2^64.
            fc.bigInt({ min: 0n, max: 2n ** BigInt(64 - 8 * ((level === 'entries' ? 0 : level) + 1)) - 1n }),
          ),
        ),
        fc.integer({ min: 1, max: 256 }),
        ([level, index], width) => {
          const path = formatTilePath({ level, index, width });
          expect(unwrap(parseTilePath(path))).toEqual({ level, index, width });
        },
      ),
    ));

  it('formatTilePath refuses what has no path', async () => {
    expect(await codeOf(() => formatTilePath({ level: 64, index: 0 }))).toBe(
      'invalid-argument: level must be an integer 0..63 or "entries"',
    );
    expect(await codeOf(() => formatTilePath({ level: 0, index: 0, width: 0 }))).toBe(
      'invalid-argument: width must be an integer 1..256',
    );
    expect(await codeOf(() => formatTilePath({ level: 7, index: 1 }))).toBe(
      'invalid-argument: index must be a whole number and the tile start below 2^64 leaves',
    );
    expect(await codeOf(() => formatTilePath({ level: 0, index: -1 }))).toMatch(/^invalid-argument/);
    expect(await codeOf(() => formatTilePath({ level: 0, index: 1.5 }))).toMatch(/^invalid-argument/);
  });
});

describe('tlog-proof files', () => {
  const tree = MerkleTree.fromLeaves(entries(20));
  const note = checkpointOf(tree);
  const policy = { origin: ORIGIN, quorum: QUORUM, now: NOW };

  it('makeTlogProof writes what verifyTlogProof accepts, with extra data, for an earlier checkpoint too', () => {
    const file = makeTlogProof(tree, note, 13, { extra: new Uint8Array([1, 2, 3]) });
    const verified = unwrap(verifyTlogProof(file, { ...policy, entry: entry(13) }));
    expect([verified.index, verified.extra, verified.checkpoint.size]).toEqual([
      13n,
      new Uint8Array([1, 2, 3]),
      20n,
    ]);
    const earlier = MerkleTree.fromLeaves(entries(15));
    const old = makeTlogProof(tree, checkpointOf(earlier), 3);
    expect(unwrap(verifyTlogProof(old, { ...policy, leafHash: tree.leafHash(3) })).checkpoint.size).toBe(15n);
  });

  it('formatTlogProof is parseTlogProof read backwards', () => {
    const proof = tree.inclusionProof(5);
    const text = formatTlogProof({ index: 5n, proof, note, extra: new Uint8Array([9]) });
    expect(unwrap(parseTlogProof(text))).toEqual({
      extra: new Uint8Array([9]),
      index: 5n,
      proof,
      note: new TextEncoder().encode(note),
    });
  });

  it('the writers refuse what would not read back', async () => {
    const proof = tree.inclusionProof(5);
    expect(await codeOf(() => formatTlogProof({ index: -1, proof, note }))).toBe(
      'invalid-argument: index must be a uint64',
    );
    expect(await codeOf(() => formatTlogProof({ index: 5, proof: [new Uint8Array(31)], note }))).toBe(
      'bad-hash-length: proof[0] is not 32 bytes',
    );
    expect(await codeOf(() => formatTlogProof({ index: 5, proof: Array(65).fill(proof[0]), note }))).toMatch(
      /^invalid-argument: proof must be a list of at most 64/,
    );
    expect(await codeOf(() => formatTlogProof({ index: 5, proof, note, extra: new Uint8Array(0) }))).toMatch(
      /^invalid-argument: extra must be non-empty/,
    );
    expect(await codeOf(() => formatTlogProof({ index: 5, proof, note: note.slice(0, -1) }))).toMatch(
      /^invalid-argument: note must end in a newline/,
    );
    expect(
      await codeOf(() => formatTlogProof({ index: 5, proof, note: new Uint8Array([0xff, 0x0a]) })),
    ).toMatch(/^invalid-argument: note must be UTF-8/);
    expect(await codeOf(() => makeTlogProof(tree, note, 20))).toMatch(/^index-out-of-range/);
    const other = checkpointOf(MerkleTree.fromLeaves(entries(21)));
    expect(await codeOf(() => makeTlogProof(tree, other, 3))).toMatch(/^checkpoint-mismatch/);
    expect(await codeOf(() => makeTlogProof(tree, 'not a note\n', 3))).toMatch(
      /^invalid-argument: note is not a signed note/,
    );
  });

  it('a policy that is not one throws, before the file is read', async () => {
    const file = makeTlogProof(tree, note, 5);
    expect(await codeOf(() => verifyTlogProof(file, policy as never))).toBe(
      'invalid-argument: give exactly one of policy.leafHash and policy.entry',
    );
    expect(
      await codeOf(() => verifyTlogProof(file, { ...policy, leafHash: tree.leafHash(5), entry: entry(5) })),
    ).toMatch(/^invalid-argument: give exactly one/);
    expect(await codeOf(() => verifyTlogProof('junk', { ...policy, leafHash: new Uint8Array(31) }))).toBe(
      'bad-hash-length: policy.leafHash is 32 bytes',
    );
    expect(await codeOf(() => verifyTlogProof('junk', { ...policy, origin: '', entry: entry(5) }))).toMatch(
      /^invalid-argument: policy.origin/,
    );
    expect(await codeOf(() => verifyTlogProof('junk', { origin: ORIGIN, entry: entry(5) } as never))).toMatch(
      /^invalid-quorum/,
    );
    expect(
      await codeOf(() =>
        verifyTlogProof('junk', { ...policy, entry: entry(5), quorum: { ...QUORUM, atLeast: 3 } }),
      ),
    ).toMatch(/^invalid-quorum/);
    expect(await codeOf(() => verifyTlogProof('junk', { ...policy, entry: entry(5), maxBytes: -1 }))).toMatch(
      /^invalid-argument: maxBytes/,
    );
  });
});

describe('the writer', () => {
  it('writes the tiles and bundles of the published vectors, byte for byte', async () => {
    const log300 = loadVectors('tlog_tiles.json')['tlog-tiles.read'].logs.log300 as Record<string, string>;
    const { store } = await writtenLog(300);
    for (const [path, b64] of Object.entries(log300))
      if (path !== 'checkpoint')
        expect(store.files.get(path), path).toEqual(unwrap(base64Strict.decode(b64)));
    expect([...store.files.keys()].sort()).toEqual(Object.keys(log300).sort());
  });

  it('refuses what is not the tree it publishes', async () => {
    const tree = MerkleTree.fromLeaves(entries(10));
    expect(await codeOf(() => tileFiles(tree, { from: 11 }))).toMatch(/^invalid-argument: from must be/);
    expect(await codeOf(() => tileFiles(tree, { entries: entries(9) }))).toMatch(
      /^invalid-argument: entries must hold/,
    );
    const swapped = entries(10).reverse();
    expect(await codeOf(() => tileFiles(tree, { entries: swapped }))).toBe(
      'entry-mismatch: entries[0] is not the data of leaf 0',
    );
    expect(await codeOf(() => encodeBundle([new Uint8Array(65_536)]))).toMatch(/^entry-too-large/);
    const store = memoryStore();
    const other = checkpointOf(MerkleTree.fromLeaves(entries(11)));
    expect(await codeOf(() => writeTileLog(store, tree, { checkpoint: other }))).toMatch(
      /^checkpoint-mismatch/,
    );
    expect(await codeOf(() => writeTileLog(store, tree, { checkpoint: 'junk' }))).toMatch(
      /^invalid-argument/,
    );
    expect(await codeOf(() => writeTileLog({} as never, tree, { checkpoint: other }))).toMatch(
      /^invalid-argument/,
    );
    expect(store.files.size).toBe(0);
  });
});

describe('the reader takes its options or throws', () => {
  it('refuses a reader without a source, origin or quorum, and proofs before a checkpoint', async () => {
    const { store } = await writtenLog(3);
    const source = storeSource(store);
    expect(await codeOf(() => new TileLog({ origin: ORIGIN, quorum: QUORUM } as never))).toMatch(
      /^invalid-argument: source/,
    );
    expect(await codeOf(() => new TileLog({ source, origin: '', quorum: QUORUM }))).toMatch(
      /^invalid-argument: origin/,
    );
    expect(await codeOf(() => new TileLog({ source, origin: ORIGIN } as never))).toMatch(/^invalid-quorum/);
    expect(
      await codeOf(() => new TileLog({ source, origin: ORIGIN, quorum: QUORUM, maxCachedTiles: 0 })),
    ).toMatch(/^invalid-argument: maxCachedTiles/);
    expect(
      await codeOf(
        () =>
          new TileLog({
            source,
            origin: ORIGIN,
            quorum: QUORUM,
            seen: { size: -1, root: new Uint8Array(32) },
          }),
      ),
    ).toMatch(/^invalid-argument: seen.size/);
    expect(
      await codeOf(
        () =>
          new TileLog({ source, origin: ORIGIN, quorum: QUORUM, seen: { size: 1, root: new Uint8Array(3) } }),
      ),
    ).toMatch(/^bad-hash-length/);
    const reader = readerOf(store);
    expect(await codeOf(() => reader.inclusionProof(0))).toMatch(/^no-checkpoint/);
    // why: reader.ts:211 the refresh options' shape check (its three conditions, the code and the
    // message): a string or null reached the witness clock and failed there under another code.
    for (const options of [null, 'off'])
      expect(await codeOf(() => reader.refresh(options as never))).toBe(
        "invalid-argument: refresh takes { now, maxAge? } (now: 'off' to leave times unjudged)",
      );
    unwrap(await reader.refresh(AT));
    expect(await codeOf(() => reader.inclusionProof(-1))).toMatch(/^invalid-argument/);
    expect(await codeOf(() => reader.consistencyProof(0))).toMatch(/^empty-tree-consistency/);
    expect(unwrap(await reader.consistencyProof(3))).toEqual([]);
    expect(await codeOf(() => storeSource({} as never))).toMatch(/^invalid-argument/);
    expect(await codeOf(() => httpSource(fetch, 'ftp://example.com/'))).toMatch(/^invalid-argument: prefix/);
    expect(await codeOf(() => httpSource(fetch, 'not a url'))).toMatch(/^invalid-argument: prefix/);
    expect(await codeOf(() => httpSource('fetch' as never, 'https://example.com/'))).toMatch(
      /^invalid-argument: fetch/,
    );
    expect(await codeOf(() => httpSource(fetch, 'https://example.com/', { maxRedirects: -1 }))).toMatch(
      /^invalid-argument: maxRedirects/,
    );
  });

  it('keeps the newest checkpoint it verified, for the next run', async () => {
    const { store, tree } = await writtenLog(30);
    const reader = readerOf(store, { size: 20, root: MerkleTree.fromLeaves(entries(20)).root() });
    expect(reader.seen?.size).toBe(20);
    unwrap(await reader.refresh(AT));
    expect(reader.seen).toEqual({ size: 30, root: tree.root() });
  });
});
