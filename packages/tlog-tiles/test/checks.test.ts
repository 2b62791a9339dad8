import { unwrap } from '@agent-seam/canonical';
import { MerkleTree } from '@agent-seam/merkle';
import {
  makeTlogProof,
  parseTilePath,
  storeSource,
  TILE_CHECKPOINT_CHECKS,
  TILE_CHECKPOINT_CODES,
  TILE_PATH_CHECKS,
  TILE_PATH_CODES,
  TILE_PROOF_CHECKS,
  TILE_PROOF_CODES,
  TileLog,
  TLOG_PROOF_CHECKS,
  TLOG_PROOF_CODES,
  tileFiles,
  verifyTlogProof,
} from '@agent-seam/tlog-tiles';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import {
  AT,
  bodyOf,
  checkpointOf,
  cosigLine,
  entries,
  LOG,
  NOW,
  noteLine,
  ORIGIN,
  QUORUM,
  T,
  W1,
  W2,
  writtenLog,
} from './support.js';

const N = 300;
const tree = MerkleTree.fromLeaves(entries(N));
const ROOT = tree.root();
const BODY = bodyOf(ORIGIN, BigInt(N), ROOT);
/** The log's note of `text`, cosigned by W1, whatever the text. */
const noteOf = (text: string) => `${text}\n${noteLine(text, LOG)}${cosigLine(text, W1, BigInt(T))}`;
const policy = { origin: ORIGIN, quorum: QUORUM, leafHash: tree.leafHash(7), now: NOW };
const file = (note: string, index = 7) =>
  makeTlogProof(tree, checkpointOf(tree), 7)
    .replace(/index 7\n/, `index ${index}\n`)
    .split('\n\n')[0] + `\n\n${note}`;
const verify = (proof: string, changes: object = {}) => verifyTlogProof(proof, { ...policy, ...changes });
const twiceW1 = { quorum: { ...QUORUM, witnesses: [QUORUM.witnesses[0]!, ...QUORUM.witnesses] } };
/** A signature line with its payload cut to `bytes` bytes after the key id. */
const cut = (line: string, bytes: number) => {
  const [dash, name, b64] = line.trimEnd().split(' ');
  const decoded = Uint8Array.from(atob(b64!), (c) => c.charCodeAt(0)).subarray(0, 4 + bytes);
  return `${dash} ${name} ${btoa(String.fromCharCode(...decoded))}\n`;
};
const forged = (line: string) => line.replace(/(.)(=*\n)$/, (_m, c, end) => `${c === 'A' ? 'B' : 'A'}${end}`);

holdChecksToVerifier('verifyTlogProof', TLOG_PROOF_CHECKS, TLOG_PROOF_CODES, {
  'text > header': () => verify(file(noteOf(BODY)).replace('@v1\n', '@v2\r\n')),
  'header > extra': () => verify(file(noteOf(BODY)).replace('@v1\n', '@v2\nextra =\n')),
  'extra > index': () =>
    verify(file(noteOf(BODY)).replace('@v1\n', '@v1\nextra =\n').replace('index 7', 'index 07')),
  'index > proof-hashes': () => verify(file(noteOf(BODY)).replace('index 7\n', 'index 07\nnot a hash\n')),
  'proof-hashes > blank-line': () => verify('c2sp.org/tlog-proof@v1\nindex 7\nnot a hash\n'),
  'blank-line > shape': 'a file that ends before its blank line has no note to be malformed',
  'shape > lines': () => verify(file(noteOf(`${ORIGIN}\n${N}\n`).replace('\u2014 ', '- '))),
  'lines > origin': () => verify(file(noteOf(`\n${N}\n`))),
  'origin > size': () => verify(file(noteOf(bodyOf('', `0${N}`, ROOT)))),
  'size > root': () => verify(file(noteOf(bodyOf(ORIGIN, `0${N}`, ROOT.subarray(1))))),
  'root > extensions': () => verify(file(noteOf(bodyOf(ORIGIN, BigInt(N), ROOT.subarray(1), '', 'x')))),
  'extensions > empty-tree': () => verify(file(noteOf(bodyOf(ORIGIN, 0n, ROOT, '', 'x')))),
  'empty-tree > expected-origin': () => verify(file(noteOf(bodyOf('example.com/elsewhere', 0n, ROOT)))),
  'expected-origin > key-match': () =>
    verify(file(noteOf(bodyOf('example.com/elsewhere', BigInt(N), ROOT))), twiceW1),
  'key-match > signature-length': () =>
    verify(file(`${BODY}\n${cut(cosigLine(BODY, W1, BigInt(T)), 71)}${noteLine(BODY, LOG)}`), twiceW1),
  'signature-length > timestamp': () =>
    verify(file(`${BODY}\n${cut(noteLine(BODY, LOG), 63)}${cosigLine(BODY, W1, 0n)}`)),
  'timestamp > not-future': () =>
    verify(
      file(
        `${BODY}\n${cosigLine(BODY, W1, 0n)}${cosigLine(BODY, W2, BigInt(T) + 100n)}${noteLine(BODY, LOG)}`,
      ),
      {
        now: T,
      },
    ),
  'not-future > signature': () =>
    verify(file(`${BODY}\n${forged(cosigLine(BODY, W1, BigInt(T) + 100n))}${noteLine(BODY, LOG)}`), {
      now: T,
    }),
  'signature > verified': () => verify(file(`${BODY}\n${forged(noteLine(BODY, LOG))}`)),
  'verified > freshness': 'with no verified signature there is no cosignature to be stale',
  'freshness > quorum': () =>
    verify(file(noteOf(BODY)), { quorum: { ...QUORUM, atLeast: 2 }, now: T + 7200, maxAge: 3600 }),
  'quorum > leaf-index': () => verify(file(`${BODY}\n${noteLine(BODY, LOG)}`, N)),
  'leaf-index > proof-length': () => verify(file(noteOf(BODY), N).replace(/\n[^\n]*\n\n/, '\n\n')),
  'proof-length > inclusion': () =>
    verify(file(noteOf(BODY)).replace(/\n[^\n]*\n\n/, '\n\n'), { leafHash: tree.leafHash(8) }),
});

holdChecksToVerifier('parseTilePath', TILE_PATH_CHECKS, TILE_PATH_CODES, {
  'text > prefix': () => parseTilePath(7 as never),
  'prefix > level': () => parseTilePath('tiles/01/000'),
  'level > index': () => parseTilePath('tile/01/00'),
  'index > width': () => parseTilePath('tile/0/00.p/0'),
  'width > range': () => parseTilePath('tile/0/x072/x057/x594/x037/x927/936.p/0'),
});

/** A reader's refresh of a log of 300 entries, its checkpoint replaced by `note`. */
async function refresh(
  note: string | Uint8Array | null,
  options: { quorum?: typeof QUORUM; maxCheckpointBytes?: number; now?: number; maxAge?: number } = {},
  change?: (files: Map<string, Uint8Array>) => void,
  seen?: { size: number; root: Uint8Array },
) {
  const { store } = await writtenLog(N);
  if (note !== null)
    store.files.set('checkpoint', typeof note === 'string' ? new TextEncoder().encode(note) : note);
  change?.(store.files);
  const { now, maxAge, ...rest } = options;
  const log = new TileLog({
    source: storeSource(store),
    origin: ORIGIN,
    quorum: QUORUM,
    ...rest,
    ...(seen ? { seen } : {}),
  });
  return log.refresh({ now: now ?? NOW, maxAge });
}
const checkpointRefusal = (text: string, extra: object = {}) => refresh(text, extra);

holdChecksToVerifier('TileLog.refresh', TILE_CHECKPOINT_CHECKS, TILE_CHECKPOINT_CODES, {
  'read > text': () =>
    refresh(new Uint8Array([0xff, ...new TextEncoder().encode(noteOf(BODY))]), { maxCheckpointBytes: 10 }),
  'text > shape': () => checkpointRefusal(`${BODY.replace(ORIGIN, `${ORIGIN}\t`)}`),
  'shape > key-match': () => checkpointRefusal(noteOf(BODY).replace('\u2014 example', '- example'), twiceW1),
  'key-match > signature-length': () =>
    checkpointRefusal(`${BODY}\n${cut(cosigLine(BODY, W1, BigInt(T)), 71)}${noteLine(BODY, LOG)}`, twiceW1),
  'signature-length > timestamp': () =>
    checkpointRefusal(`${BODY}\n${cut(noteLine(BODY, LOG), 63)}${cosigLine(BODY, W1, 0n)}`),
  'timestamp > not-future': () =>
    checkpointRefusal(
      `${BODY}\n${cosigLine(BODY, W1, 0n)}${cosigLine(BODY, W2, BigInt(T) + 100n)}${noteLine(BODY, LOG)}`,
      {
        now: T,
      },
    ),
  'not-future > signature': () =>
    checkpointRefusal(`${BODY}\n${forged(cosigLine(BODY, W1, BigInt(T) + 100n))}${noteLine(BODY, LOG)}`, {
      now: T,
    }),
  'signature > verified': () => checkpointRefusal(`${BODY}\n${forged(noteLine(BODY, LOG))}`),
  'verified > freshness': 'with no verified signature there is no cosignature to be stale',
  'freshness > quorum': () =>
    checkpointRefusal(noteOf(BODY), { quorum: { ...QUORUM, atLeast: 2 }, now: T + 7200, maxAge: 3600 }),
  'quorum > lines': () => checkpointRefusal(`${ORIGIN}\n${N}\n\n${noteLine(`${ORIGIN}\n${N}\n`, LOG)}`),
  'lines > origin': () => checkpointRefusal(noteOf(`\n${N}\n`)),
  'origin > size': () => checkpointRefusal(noteOf(bodyOf('', `0${N}`, ROOT))),
  'size > root': () => checkpointRefusal(noteOf(bodyOf(ORIGIN, `0${N}`, ROOT.subarray(1)))),
  'root > extensions': () => checkpointRefusal(noteOf(bodyOf(ORIGIN, BigInt(N), ROOT.subarray(1), '', 'x'))),
  'extensions > empty-tree': () => checkpointRefusal(noteOf(bodyOf(ORIGIN, 0n, ROOT, '', 'x'))),
  'empty-tree > expected-origin': () => checkpointRefusal(noteOf(bodyOf('example.com/elsewhere', 0n, ROOT))),
  'expected-origin > tree-size': () =>
    checkpointRefusal(noteOf(bodyOf('example.com/elsewhere', 2n ** 53n, ROOT))),
  'tree-size > no-rollback': 'a tree too large for the reader is larger than any tree it verified before',
  'no-rollback > tiles': 'a smaller tree is refused before any tile is read',
  'tiles > consistency': async () => {
    // A fork at leaf 5, with one of the tiles its consistency check reads cut short.
    const forkedLeaves = entries(N).map((e, i) => (i === 5 ? new TextEncoder().encode('forked 5') : e));
    const forked = MerkleTree.fromLeaves(forkedLeaves);
    const { store } = await writtenLog(N);
    for (const f of tileFiles(forked)) store.files.set(f.path, f.bytes);
    store.files.set('tile/0/001.p/44', store.files.get('tile/0/001.p/44')!.subarray(1));
    return refresh(
      checkpointOf(forked),
      {},
      (files) => {
        for (const [path, bytes] of store.files) if (path !== 'checkpoint') files.set(path, bytes);
      },
      { size: 260, root: tree.rootAt(260) },
    );
  },
});

/** A reader of the 300-entry log with `change` made to its files, refreshed. */
async function reader(change: (files: Map<string, Uint8Array>) => void, options: object = {}) {
  const { store } = await writtenLog(N);
  change(store.files);
  const log = new TileLog({ source: storeSource(store), origin: ORIGIN, quorum: QUORUM, ...options });
  unwrap(await log.refresh(AT));
  return log;
}

holdChecksToVerifier('TileLog proofs and entries', TILE_PROOF_CHECKS, TILE_PROOF_CODES, {
  'question > read': async () => (await reader((f) => f.delete('tile/0/000'))).inclusionProof(N),
  'read > tile-length': async () =>
    (
      await reader((f) => {
        f.set('tile/0/000', f.get('tile/0/000')!.subarray(1));
        f.delete('tile/1/000.p/1');
      })
    ).inclusionProof(7),
  'tile-length > tile-hash': async () =>
    (
      await reader((f) => {
        f.set('tile/0/000', f.get('tile/0/000')!.subarray(1));
        const partial = f.get('tile/1/000.p/1')!.slice();
        partial[0]! ^= 1;
        f.set('tile/1/000.p/1', partial);
      })
    ).inclusionProof(7),
  'tile-hash > bundle-read': async () =>
    (
      await reader((f) => {
        const tile = f.get('tile/0/000')!.slice();
        tile[0]! ^= 1;
        f.set('tile/0/000', tile);
        f.delete('tile/entries/000');
      })
    ).entry(7),
  'bundle-read > bundle': async () =>
    (
      await reader((f) => f.set('tile/entries/000', f.get('tile/entries/000')!.subarray(1)), {
        maxEntryBundleBytes: 100,
      })
    ).entry(7),
});
