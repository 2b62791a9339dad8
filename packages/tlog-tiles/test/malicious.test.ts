import { unwrap } from '@agent-seam/canonical';
import { MerkleTree } from '@agent-seam/merkle';
import {
  type FetchFunction,
  type FetchResponse,
  httpSource,
  memoryStore,
  storeSource,
  TileLog,
  tileFiles,
} from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { AT, checkpointOf, entries, flip, ORIGIN, QUORUM, readerOf, writtenLog } from './support.js';

/**
 * A malicious log server, one misbehaviour at a time, each refused by its own check. Each
 * check was deleted once and its cases went red: the tile length check (the 10 GB tile and
 * the short tile pass through), the full tile's hash in its parent (the altered tile is
 * used), the partial tiles' root (the altered partial tile is used, and the fork's tiles
 * with it), the consistency check (the fork is taken), the rollback check, the byte cap
 * (the 10 GB bodies are read whole) and the redirect count (the loop never ends).
 */
const PREFIX = 'https://log.example/tiles/';

/** A fetch function over a memory store, with `override` answering some paths itself; counts requests. */
function server(
  files: Map<string, Uint8Array>,
  override: (path: string) => FetchResponse | undefined = () => undefined,
) {
  const requests: string[] = [];
  const fetch: FetchFunction = async (url) => {
    const path = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : url;
    requests.push(path);
    const answer = override(path);
    if (answer !== undefined) return answer;
    const bytes = files.get(path);
    return bytes === undefined
      ? { status: 404, headers: new Headers(), body: null }
      : new Response(new Uint8Array(bytes));
  };
  return { fetch, requests };
}

/** A response body of `total` bytes made chunk by chunk as it is read, counting what was pulled. */
function endless(total: number, chunk = 64 * 1024) {
  const pulled = { bytes: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += chunk;
      controller.enqueue(new Uint8Array(chunk));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return {
    response: { status: 200, headers: new Headers({ 'content-length': '10000000000' }), body },
    pulled,
  };
}

const TEN_GB = 10 * 1024 ** 3;

async function httpReader(n: number, override?: (path: string) => FetchResponse | undefined, options = {}) {
  const log = await writtenLog(n);
  const { fetch, requests } = server(log.store.files, override);
  const reader = new TileLog({
    source: httpSource(fetch, PREFIX),
    origin: ORIGIN,
    quorum: QUORUM,
    ...options,
  });
  return { ...log, reader, requests };
}

describe('a malicious log server', () => {
  it('a tile of the wrong length is refused: 8,193 bytes (one past a full tile) read, no more', async () => {
    const { pulled, response } = endless(TEN_GB);
    const { reader } = await httpReader(300, (path) => (path === 'tile/0/000' ? response : undefined));
    unwrap(await reader.refresh(AT));
    const proof = await reader.inclusionProof(7);
    expect(proof).toMatchObject({ ok: false, code: 'tile-wrong-length' });
    expect(proof.ok || proof.detail).toBe('tile/0/000: more than 8192 bytes where 256 hashes are 8192');
    // The chunk that crosses the cap (and the one the stream queued ahead), then the stream is cancelled.
    expect(pulled.bytes).toBeLessThanOrEqual(2 * 64 * 1024);
    expect(pulled.cancelled).toBe(true);
  });

  it('a tile one hash short (a partial tile served as full) is refused', async () => {
    const { reader, store } = await httpReader(300);
    store.files.set('tile/0/001.p/44', store.files.get('tile/0/001.p/44')!.subarray(32));
    unwrap(await reader.refresh(AT));
    expect(await reader.inclusionProof(299)).toMatchObject({ ok: false, code: 'tile-wrong-length' });
  });

  it('a tile that does not hash to what the checkpoint commits to is refused, and not kept', async () => {
    const { reader, store } = await httpReader(300);
    const honest = store.files.get('tile/0/000')!;
    flip(store, 'tile/0/000', 32 * 9);
    unwrap(await reader.refresh(AT));
    expect(await reader.inclusionProof(7)).toMatchObject({ ok: false, code: 'tile-mismatch' });
    // A refused tile is not cached: once the server serves the right one, it is read again and used.
    store.files.set('tile/0/000', honest);
    expect((await reader.inclusionProof(7)).ok).toBe(true);
  });

  it('a partial tile altered is refused through the root', async () => {
    const { reader, store } = await httpReader(300);
    flip(store, 'tile/0/001.p/44', 5);
    unwrap(await reader.refresh(AT));
    expect(await reader.inclusionProof(299)).toMatchObject({ ok: false, code: 'tile-mismatch' });
  });

  it('a fork (a checkpoint that does not extend the last one seen) is refused, and the older kept', async () => {
    const { reader, store, tree } = await httpReader(260);
    const before = unwrap(await reader.refresh(AT));
    // The log now serves a tree of 300 where leaf 5 was rewritten, with genuine tiles for it.
    const forked = MerkleTree.fromLeaves(
      entries(300).map((e, i) => (i === 5 ? new TextEncoder().encode('rewritten') : e)),
    );
    for (const file of tileFiles(forked)) store.files.set(file.path, file.bytes);
    store.files.set('checkpoint', new TextEncoder().encode(checkpointOf(forked)));
    const refused = await reader.refresh(AT);
    expect(refused).toMatchObject({ ok: false, code: 'fork' });
    expect(reader.checkpoint).toBe(before);
    expect(reader.seen).toEqual({ size: 260, root: tree.root() });
    // Proofs are still read under the checkpoint kept: the fork overwrote tile/1/000.p/1, which
    // does not hash to the kept root, so a proof that needs it is refused, not computed from it.
    expect(await reader.inclusionProof(259)).toMatchObject({ ok: false, code: 'tile-mismatch' });
  });

  it('the same size with another root is a fork too', async () => {
    const { store } = await writtenLog(300);
    const seen = { size: 300, root: MerkleTree.fromLeaves(entries(299).concat([new Uint8Array(1)])).root() };
    expect(await readerOf(store, seen).refresh(AT)).toMatchObject({ ok: false, code: 'fork' });
  });

  it('a smaller checkpoint than the last one seen is refused (a rollback), the larger kept', async () => {
    const { store, tree } = await writtenLog(300);
    const reader = readerOf(store, { size: 400, root: tree.root() });
    expect(await reader.refresh(AT)).toMatchObject({ ok: false, code: 'checkpoint-rollback' });
    expect(reader.seen?.size).toBe(400);
  });

  it('a redirect loop is followed maxRedirects times, then refused', async () => {
    const loop: FetchResponse = {
      status: 302,
      headers: new Headers({ location: `${PREFIX}checkpoint` }),
      body: null,
    };
    const { reader, requests } = await httpReader(
      3,
      (path) => (path === 'checkpoint' ? loop : undefined),
      {},
    );
    expect(await reader.refresh(AT)).toMatchObject({ ok: false, code: 'too-many-redirects' });
    expect(requests).toHaveLength(5);
  });

  it('a fetch that never settles is refused at the deadline, and its request told to abort', async () => {
    const signals: AbortSignal[] = [];
    const hanging: FetchFunction = (_url, init) => {
      signals.push(init.signal);
      return new Promise(() => {}); // a fetch that ignores its signal, too
    };
    const reader = new TileLog({
      source: httpSource(hanging, PREFIX, { timeoutMs: 50 }),
      origin: ORIGIN,
      quorum: QUORUM,
    });
    expect(await reader.refresh(AT)).toEqual({
      ok: false,
      code: 'fetch-failed',
      detail: 'checkpoint: no complete answer within 50 ms',
    });
    expect(signals.map((s) => s.aborted)).toEqual([true]);
  });

  it('a 10 GB checkpoint is refused after reading its cap and two chunks', async () => {
    const { pulled, response } = endless(TEN_GB);
    const { reader } = await httpReader(3, (path) => (path === 'checkpoint' ? response : undefined));
    expect(await reader.refresh(AT)).toMatchObject({ ok: false, code: 'response-too-large' });
    expect(pulled.bytes).toBeLessThanOrEqual(256 * 1024 + 2 * 64 * 1024);
    expect(pulled.cancelled).toBe(true);
  });

  it('a 10 GB entry bundle is refused after reading its cap and two chunks', async () => {
    const { pulled, response } = endless(TEN_GB);
    const { reader } = await httpReader(300, (path) => (path === 'tile/entries/000' ? response : undefined), {
      maxEntryBundleBytes: 1024 * 1024,
    });
    unwrap(await reader.refresh(AT));
    expect(await reader.entry(3)).toMatchObject({ ok: false, code: 'response-too-large' });
    expect(pulled.bytes).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024);
  });

  it('a server whose connection breaks off mid-body is refused, not thrown on', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const { reader } = await httpReader(3, (path) =>
      path === 'checkpoint' ? { status: 200, headers: new Headers(), body: broken } : undefined,
    );
    expect(await reader.refresh(AT)).toMatchObject({ ok: false, code: 'fetch-failed' });
  });
});

describe('reading only what a proof needs', () => {
  it('a repeated question is answered from the cache; the cache is bounded', async () => {
    const { store } = await writtenLog(70_000);
    // A proof here reads 5 tiles: a level-0 and a level-1 full tile, and the three partial tiles.
    const reader = new TileLog({
      source: storeSource(store),
      origin: ORIGIN,
      quorum: QUORUM,
      maxCachedTiles: 6,
    });
    unwrap(await reader.refresh(AT));
    unwrap(await reader.inclusionProof(1000));
    const first = reader.reads.tiles;
    unwrap(await reader.inclusionProof(1001));
    expect(reader.reads.tiles).toBe(first);
    // Leaves far apart need other level-0 tiles; with 6 tiles kept, the first ones are read again.
    for (const i of [20_000, 40_000, 60_000, 69_999]) unwrap(await reader.inclusionProof(i));
    const again = reader.reads.tiles;
    unwrap(await reader.inclusionProof(1000));
    expect(reader.reads.tiles).toBeGreaterThan(again);
  });

  it('a missing partial tile is read from its full tile, when the log has one', async () => {
    const leaves = entries(512);
    const tree = MerkleTree.fromLeaves(leaves);
    const store = memoryStore();
    const small = MerkleTree.fromLeaves(leaves.slice(0, 300));
    // The log published 300 leaves, then grew to 512 and deleted the partial tile the full one replaced.
    const written = [
      ...tileFiles(small, { entries: leaves.slice(0, 300) }),
      ...tileFiles(tree, { from: 300, entries: leaves }),
    ];
    for (const f of written) store.files.set(f.path, f.bytes);
    store.files.delete('tile/0/001.p/44');
    store.files.set('checkpoint', new TextEncoder().encode(checkpointOf(small)));
    const reader = readerOf(store);
    unwrap(await reader.refresh(AT));
    expect(unwrap(await reader.inclusionProof(299))).toEqual(small.inclusionProof(299));
    // The partial tile asked for and not found, then its full tile, then the level-1 partial tile.
    expect(reader.reads).toEqual({ checkpoints: 1, tiles: 3, entryBundles: 0 });
    // The same for the entry bundle: the partial one asked for, then the full one.
    store.files.delete('tile/entries/001.p/44');
    expect(unwrap(await reader.entry(290))).toEqual(entries(512)[290]);
    expect(reader.reads.entryBundles).toBe(2);
  });
});
