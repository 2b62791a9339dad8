import { hex, unwrap } from '@agent-seam/canonical';
import { consistencyProof, inclusionProof, leafHash, MerkleTree, rootHash } from '@agent-seam/merkle';
import { memoryStore, parseTilePath, storeSource, TileLog, writeTileLog } from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { AT, checkpointOf, entries, ORIGIN, QUORUM } from './support.js';

/**
 * The writer and the reader held to a naive reference that rebuilds the whole tree: every
 * tile element is the root of its range of leaves computed from scratch (rootHash of the
 * slice), every checkpoint root is the root of the whole prefix, and proofs are the
 * stateless ones (which hash every leaf again). The log grows in batches into one
 * directory, and a full tile is never written twice.
 */

/** A memory store that refuses to write a full tile (or bundle) twice: tiles are immutable. */
function immutableStore() {
  const store = memoryStore();
  const written = new Set<string>();
  return {
    ...store,
    write: async (path: string, bytes: Uint8Array) => {
      if (path !== 'checkpoint' && !path.includes('.p/')) {
        if (written.has(path)) throw new Error(`${path} written twice`);
        written.add(path);
      }
      await store.write(path, bytes);
    },
  };
}

/** Tile element roots from scratch, each range computed once. */
function referenceTiles(leaves: Uint8Array[]) {
  const memo = new Map<string, string>();
  const element = (level: number, k: number) => {
    const key = `${level}/${k}`;
    let root = memo.get(key);
    if (root === undefined) {
      const span = 256 ** level;
      root = hex.encode(rootHash(leaves.slice(k * span, (k + 1) * span)));
      memo.set(key, root);
    }
    return root;
  };
  /** The expected bytes (hex) of the tile at `path`; entry bundles are checked by the reader. */
  return (path: string): string | null => {
    const tile = unwrap(parseTilePath(path));
    if (tile.level === 'entries') return null;
    const first = Number(tile.index) * 256;
    return Array.from({ length: tile.width }, (_, i) => element(tile.level as number, first + i)).join('');
  };
}

/** Grows one log through `sizes` (batches), checking every file written and a reader following it. */
async function grow(leaves: Uint8Array[], sizes: number[], questions: (n: number) => number[]) {
  const store = immutableStore();
  const expected = referenceTiles(leaves);
  const tree = new MerkleTree();
  const reader = new TileLog({ source: storeSource(store), origin: ORIGIN, quorum: QUORUM });
  for (const n of sizes) {
    const from = tree.size;
    while (tree.size < n) tree.appendLeaf(leaves[tree.size]!);
    const prefix = leaves.slice(0, n);
    const written = await writeTileLog(store, tree, {
      from,
      entries: prefix,
      checkpoint: checkpointOf(tree),
    });
    for (const { path, bytes } of written) {
      if (path === 'checkpoint') continue;
      const want = expected(path);
      if (want !== null) expect(hex.encode(bytes), `${path} at size ${n}`).toBe(want);
    }
    // The refresh checks consistency with the size before, from tiles.
    const fresh = await reader.refresh(AT);
    expect(fresh.ok ? hex.encode(fresh.value.checkpoint.root) : fresh.code, `size ${n}`).toBe(
      hex.encode(rootHash(prefix)),
    );
    if (n === 0) continue;
    for (const i of questions(n)) {
      expect(unwrap(await reader.inclusionProof(i)), `leaf ${i} of ${n}`).toEqual(inclusionProof(prefix, i));
      expect(unwrap(await reader.entry(i))).toEqual(prefix[i]);
      expect(unwrap(await reader.leafHash(i))).toEqual(leafHash(prefix[i]!));
      const m = 1 + ((i * 31) % n);
      expect(unwrap(await reader.consistencyProof(m)), `from ${m} to ${n}`).toEqual(
        consistencyProof(prefix, m, n),
      );
    }
  }
}

describe('writer and reader against a naive reference', () => {
  it('every size from 0 to 1,100, one leaf at a time into one directory', async () => {
    const leaves = entries(1100);
    const sizes = Array.from({ length: 1101 }, (_, n) => n);
    // Every size's tiles and root are checked; proofs at every fifth size and the edges of a tile.
    await grow(leaves, sizes, (n) => (n % 5 === 0 || n % 256 < 2 || n % 256 === 255 ? [(n * 7919) % n] : []));
  });

  it('sizes around 256^2, appended in batches', async () => {
    const leaves = entries(65_536 + 257);
    const sizes = [65_280, 65_535, 65_536, 65_537, 65_536 + 256, 65_536 + 257];
    await grow(leaves, sizes, (n) => [n - 1, (n * 7919) % n]);
  });
});
