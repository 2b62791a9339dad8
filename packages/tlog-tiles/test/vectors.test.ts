import { base64Strict, hex, unwrap } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { parseVerifierKey } from '@agent-seam/tlog-note';
import {
  type FetchFunction,
  formatTilePath,
  httpSource,
  parseTilePath,
  TILE_CHECKPOINT_CODES,
  TILE_PATH_CODES,
  TILE_PROOF_CODES,
  TileLog,
  TLOG_PROOF_CODES,
  verifyTlogProof,
} from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';

const ledger = openLedger();
const doc = loadVectors('tlog_tiles.json');
type Case = Record<string, any>;

const key = (vkey: string) => unwrap(parseVerifierKey(vkey));
const quorumOf = (q: Case) => ({ log: key(q.log), witnesses: q.witnesses.map(key), atLeast: q.atLeast });
const bytes = (b64: string) => unwrap(base64Strict.decode(b64));

describe('tlog-proof', () => {
  const group = doc['tlog-proof'];
  const verify = (c: Case) =>
    verifyTlogProof(c.proof ?? (c.proofBase64 === undefined ? c.proofJson : bytes(c.proofBase64)), {
      origin: c.origin ?? group.origin,
      quorum: quorumOf(c.quorum),
      ...(c.leafHash === undefined
        ? { entry: unwrap(hex.decode(c.entry)) }
        : { leafHash: unwrap(hex.decode(c.leafHash)) }),
      ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
      // A case without a clock is judged with time off by name: only its one check can refuse it.
      now: c.now ?? 'off',
      maxAge: c.maxAge,
    });
  for (const c of group.accept)
    it(c.name, () =>
      ledger.accept('tlog-proof', c.name, () => {
        const v = verify(c);
        expect(v.ok ? 'verified' : v.code).toBe('verified');
        if (!v.ok) return;
        expect({
          origin: v.value.checkpoint.origin,
          index: String(v.value.index),
          size: String(v.value.checkpoint.size),
          root: hex.encode(v.value.checkpoint.root),
          extra: v.value.extra === null ? null : base64Strict.encode(v.value.extra),
          verifiedBy: v.value.verifiedBy.map((s) => s.name),
        }).toEqual({
          origin: c.origin ?? group.origin,
          index: c.index,
          size: c.size,
          root: c.root,
          extra: c.extra,
          verifiedBy: c.verifiedBy,
        });
      }),
    );
  for (const c of group.refuse)
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('tlog-proof', c.name, () =>
        expect(verify(c)).toMatchObject({ ok: false, code: c.code }),
      ));
});

describe('tlog-tiles.paths', () => {
  const group = doc['tlog-tiles.paths'];
  for (const c of group.accept)
    it(c.name, () =>
      ledger.accept('tlog-tiles.paths', c.name, () => {
        const tile = unwrap(parseTilePath(c.path));
        expect({ ...tile, index: String(tile.index) }).toEqual({
          level: c.level,
          index: c.index,
          width: c.width,
        });
        expect(formatTilePath(tile)).toBe(c.path);
      }),
    );
  for (const c of group.refuse)
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('tlog-tiles.paths', c.name, () =>
        expect(parseTilePath(c.path)).toMatchObject({ ok: false, code: c.code }),
      ));
});

const PREFIX = 'https://log.example/tiles/';

/** The case's log served over a fetch function: its files, with the case's own over them. */
function serve(files: Case): FetchFunction {
  return async (url) => {
    const path = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : new URL(url).pathname;
    const file = files[path];
    if (file?.fails === true) throw new TypeError('network error');
    if (file === undefined || file === null) return { status: 404, headers: new Headers(), body: null };
    if (typeof file === 'object')
      return { status: file.status, headers: new Headers({ location: file.location }), body: null };
    return new Response(new Uint8Array(bytes(file)));
  };
}

/** Refreshes, then asks the case's question: the first refusal, or the answer as the vector spells it. */
async function read(group: Case, c: Case) {
  const log = new TileLog({
    source: httpSource(serve({ ...group.logs.log300, ...c.files }), PREFIX),
    origin: 'example.com/tiles',
    quorum: quorumOf(c.quorum ?? doc['tlog-proof'].accept[0].quorum),
    ...(c.seen === undefined ? {} : { seen: { size: c.seen.size, root: unwrap(hex.decode(c.seen.root)) } }),
    ...(c.maxCheckpointBytes === undefined ? {} : { maxCheckpointBytes: c.maxCheckpointBytes }),
    ...(c.maxEntryBundleBytes === undefined ? {} : { maxEntryBundleBytes: c.maxEntryBundleBytes }),
  });
  const refreshed = await log.refresh({ now: c.now ?? 'off', maxAge: c.maxAge });
  if (refreshed.ok) expect(refreshed.value.checkpoint.origin).toBe('example.com/tiles');
  if (!refreshed.ok || c.ask.kind === 'refresh')
    return refreshed.ok
      ? { size: String(refreshed.value.size), root: hex.encode(refreshed.value.checkpoint.root) }
      : refreshed;
  const answer =
    c.ask.kind === 'inclusion'
      ? await log.inclusionProof(c.ask.index)
      : c.ask.kind === 'consistency'
        ? await log.consistencyProof(c.ask.oldSize)
        : await log.entry(c.ask.index);
  if (!answer.ok) return answer;
  return Array.isArray(answer.value)
    ? { proof: answer.value.map((h) => hex.encode(h)) }
    : { entry: hex.encode(answer.value) };
}

describe('tlog-tiles.read', () => {
  const group = doc['tlog-tiles.read'];
  for (const c of group.accept)
    it(c.name, () =>
      ledger.accept('tlog-tiles.read', c.name, async () => expect(await read(group, c)).toEqual(c.expect)),
    );
  for (const c of group.refuse)
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('tlog-tiles.read', c.name, async () =>
        expect(await read(group, c)).toMatchObject({ ok: false, code: c.code }),
      ));
});

describe('every refusal code has a vector', () => {
  const codes = (group: string) => new Set(doc[group].refuse.map((c: Case) => c.code));
  it('tlog-proof: every code of TLOG_PROOF_CODES', () =>
    expect(TLOG_PROOF_CODES.filter((c) => !codes('tlog-proof').has(c))).toEqual([]));
  it('tlog-tiles.paths: every code of TILE_PATH_CODES', () =>
    expect(TILE_PATH_CODES.filter((c) => !codes('tlog-tiles.paths').has(c))).toEqual([]));
  it('tlog-tiles.read: every code of TILE_CHECKPOINT_CODES and TILE_PROOF_CODES', () =>
    expect(
      [...new Set([...TILE_CHECKPOINT_CODES, ...TILE_PROOF_CODES])].filter(
        (c) => !codes('tlog-tiles.read').has(c),
      ),
    ).toEqual([]));
});
