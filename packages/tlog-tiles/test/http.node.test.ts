import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { unwrap } from '@agent-seam/canonical';
import { consistencyProof, inclusionProof, MerkleTree } from '@agent-seam/merkle';
import { httpSource, memoryStore, TileLog, tileFiles, writeTileLog } from '@agent-seam/tlog-tiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AT, checkpointOf, entries, ORIGIN, QUORUM } from './support.js';

/**
 * A written tile directory served as static files by node:http on 127.0.0.1 and read back
 * through Node's own fetch: the reader's proofs and entries against the tree, a batch
 * appended and followed, and two misbehaviours a real HTTP stack brings (a redirect loop,
 * an endless body) refused within their bounds.
 */
const dir = mkdtempSync(join(tmpdir(), 'seam-tiles-'));
const leaves = entries(1000);
const tree = MerkleTree.fromLeaves(leaves.slice(0, 700));
let server: Server;
let base = '';
const served = { requests: 0, hugeBytes: 0, hugeClosed: false };

/** The files of a memory store written to the directory (what `seam tiles write` does with node:fs). */
function dump(files: Map<string, Uint8Array>) {
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
}

beforeAll(async () => {
  const store = memoryStore();
  await writeTileLog(store, tree, { entries: leaves.slice(0, 700), checkpoint: checkpointOf(tree) });
  dump(store.files);
  server = createServer((request, response) => {
    served.requests++;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/loop/checkpoint') {
      response.writeHead(302, { location: '/loop/checkpoint' }).end();
      return;
    }
    if (url.pathname === '/silent/checkpoint') return; // never answers (the client's deadline ends it)
    if (url.pathname === '/stalled/checkpoint') {
      // Headers and the first bytes of a body, then nothing more.
      response.writeHead(200, { 'content-length': '4096' });
      response.write('example.com/tiles\n');
      return;
    }
    if (url.pathname === '/huge/checkpoint') {
      // Ten gigabytes announced, written as fast as the client takes them, until it hangs up.
      response.writeHead(200, { 'content-length': String(10 * 1024 ** 3) });
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const more = () => {
        while (!response.destroyed && served.hugeBytes < 10 * 1024 ** 3) {
          served.hugeBytes += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
      };
      response.on('close', () => {
        served.hugeClosed = true;
      });
      more();
      return;
    }
    const path = normalize(url.pathname.replace(/^\/log\//, ''));
    const file = join(dir, path);
    if (
      !url.pathname.startsWith('/log/') ||
      path.startsWith('..') ||
      !statSync(file, { throwIfNoEntry: false })?.isFile()
    ) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': path === 'checkpoint' ? 'text/plain; charset=utf-8' : 'application/octet-stream',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const readerAt = (path: string, timeoutMs?: number) =>
  new TileLog({
    source: httpSource(fetch, `${base}${path}`, timeoutMs === undefined ? {} : { timeoutMs }),
    origin: ORIGIN,
    quorum: QUORUM,
  });

describe('a tile directory served over HTTP', () => {
  it('is read back through fetch: checkpoint, proofs and entries, one request per resource', async () => {
    const reader = readerAt('/log/');
    const before = served.requests;
    const checkpoint = unwrap(await reader.refresh(AT));
    expect(checkpoint.size).toBe(700);
    for (const i of [0, 255, 256, 511, 699]) {
      expect(unwrap(await reader.inclusionProof(i))).toEqual(tree.inclusionProof(i));
      expect(unwrap(await reader.entry(i))).toEqual(leaves[i]);
    }
    expect(unwrap(await reader.consistencyProof(300))).toEqual(tree.consistencyProof(300));
    const reads = reader.reads;
    expect(served.requests - before).toBe(reads.checkpoints + reads.tiles + reads.entryBundles);
  });

  it('follows the log as it grows by a batch, proving the new tree extends the old', async () => {
    const reader = readerAt('/log/');
    unwrap(await reader.refresh(AT));
    const grown = MerkleTree.fromLeaves(leaves);
    const store = memoryStore();
    await writeTileLog(store, grown, { from: 700, entries: leaves, checkpoint: checkpointOf(grown) });
    // Only the tiles the batch completed and the new partial ones: no full tile written again.
    expect([...store.files.keys()].filter((p) => !p.includes('.p/') && p !== 'checkpoint').sort()).toEqual(
      tileFiles(grown, { from: 700, entries: leaves })
        .map((f) => f.path)
        .filter((p) => !p.includes('.p/'))
        .sort(),
    );
    dump(store.files);
    expect(unwrap(await reader.refresh(AT)).size).toBe(1000);
    expect(unwrap(await reader.inclusionProof(999))).toEqual(inclusionProof(leaves, 999));
    expect(unwrap(await reader.consistencyProof(700))).toEqual(consistencyProof(leaves, 700, 1000));
  });

  it('a redirect loop is refused after maxRedirects redirects', async () => {
    const before = served.requests;
    expect(await readerAt('/loop/').refresh(AT)).toMatchObject({ ok: false, code: 'too-many-redirects' });
    expect(served.requests - before).toBe(5);
  });

  it('an endless body is refused once past the cap, and the connection closed', async () => {
    expect(await readerAt('/huge/').refresh(AT)).toMatchObject({ ok: false, code: 'response-too-large' });
    await new Promise<void>((resolve) => {
      const wait = () => (served.hugeClosed ? resolve() : setTimeout(wait, 10));
      wait();
    });
    // The cap is 256 KiB; socket buffers on both sides hold a few megabytes at most.
    expect(served.hugeBytes).toBeLessThan(64 * 1024 ** 2);
  });

  it('a server that hangs, before answering or mid-body, is refused at the deadline', async () => {
    // Without the deadline both reads wait forever (the test's own timeout turns them red).
    for (const path of ['/silent/', '/stalled/']) {
      const reader = readerAt(path, 300);
      expect(await reader.refresh(AT)).toEqual({
        ok: false,
        code: 'fetch-failed',
        detail: 'checkpoint: no complete answer within 300 ms',
      });
      expect(reader.reads.checkpoints).toBe(1);
    }
  }, 10_000);
});
