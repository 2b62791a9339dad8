import { base64Strict, hex } from '@agent-seam/canonical';
import { parseVerifierKey } from '@agent-seam/tlog-note';
import {
  type FetchFunction,
  formatTilePath,
  httpSource,
  parseTilePath,
  TileLog,
  verifyTlogProof,
} from '@agent-seam/tlog-tiles';
import { accepted, bytesOf, type Case, type FileReplay, Mismatch, refused, same, sides } from './replay.js';

const pkg = '@agent-seam/tlog-tiles';

function key(vkey: string) {
  const v = parseVerifierKey(vkey);
  if (!v.ok) throw new Mismatch(`the case's verifier key is refused [${v.code}]`);
  return v.value;
}
const quorumOf = (q: Case) => ({ log: key(q.log), witnesses: q.witnesses.map(key), atLeast: q.atLeast });
function base64(text: string): Uint8Array {
  const v = base64Strict.decode(text);
  if (!v.ok) throw new Mismatch('the vector holds bad base64');
  return v.value;
}

const PREFIX = 'https://log.example/tiles/';

/** A case's log served over a fetch function: the group's files with the case's own over them. */
const serve =
  (files: Case): FetchFunction =>
  async (url) => {
    const file = files[url.startsWith(PREFIX) ? url.slice(PREFIX.length) : new URL(url).pathname];
    if (file?.fails === true) throw new TypeError('network error');
    if (file === undefined || file === null) return { status: 404, headers: new Headers(), body: null };
    if (typeof file === 'object')
      return { status: file.status, headers: new Headers({ location: file.location }), body: null };
    return new Response(new Uint8Array(base64(file)));
  };

/** Refreshes, then asks the case's question: the first refusal, or the answer as the vector spells it. */
async function read(group: Case, c: Case, quorum: Case) {
  const log = new TileLog({
    source: httpSource(serve({ ...group.logs.log300, ...c.files }), PREFIX),
    origin: 'example.com/tiles',
    quorum: quorumOf(c.quorum ?? quorum),
    ...(c.seen === undefined ? {} : { seen: { size: c.seen.size, root: bytesOf(c.seen.root) } }),
    ...(c.maxCheckpointBytes === undefined ? {} : { maxCheckpointBytes: c.maxCheckpointBytes }),
    ...(c.maxEntryBundleBytes === undefined ? {} : { maxEntryBundleBytes: c.maxEntryBundleBytes }),
  });
  const fresh = await log.refresh({ now: c.now ?? 'off', maxAge: c.maxAge });
  if (!fresh.ok) return fresh;
  same(fresh.value.checkpoint.origin, 'example.com/tiles', 'origin');
  if (c.ask.kind === 'refresh')
    return {
      ok: true,
      value: { size: String(fresh.value.size), root: hex.encode(fresh.value.checkpoint.root) },
    };
  const answer =
    c.ask.kind === 'inclusion'
      ? await log.inclusionProof(c.ask.index)
      : c.ask.kind === 'consistency'
        ? await log.consistencyProof(c.ask.oldSize)
        : await log.entry(c.ask.index);
  if (!answer.ok) return answer;
  const value = answer.value;
  return {
    ok: true,
    value: Array.isArray(value) ? { proof: value.map((h) => hex.encode(h)) } : { entry: hex.encode(value) },
  };
}

export const tiles: FileReplay = {
  file: 'tlog_tiles.json',
  layout: 'top-level',
  groups: {
    'tlog-proof': {
      pkg,
      replay: (g) => {
        const verify = (c: Case) =>
          verifyTlogProof(c.proof ?? (c.proofBase64 === undefined ? c.proofJson : base64(c.proofBase64)), {
            origin: c.origin ?? g.origin,
            quorum: quorumOf(c.quorum),
            ...(c.leafHash === undefined ? { entry: bytesOf(c.entry) } : { leafHash: bytesOf(c.leafHash) }),
            ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
            // A case without a clock is judged with time off by name: only its one check can refuse it.
            now: c.now ?? 'off',
            maxAge: c.maxAge,
          });
        return sides(
          (c) => {
            const v = verify(c);
            accepted(v);
            if (!v.ok) return;
            same(
              {
                origin: v.value.checkpoint.origin,
                index: String(v.value.index),
                size: String(v.value.checkpoint.size),
                root: hex.encode(v.value.checkpoint.root),
                extra: v.value.extra === null ? null : base64Strict.encode(v.value.extra),
                verifiedBy: v.value.verifiedBy.map((s) => s.name),
              },
              {
                origin: c.origin ?? g.origin,
                index: c.index,
                size: c.size,
                root: c.root,
                extra: c.extra,
                verifiedBy: c.verifiedBy,
              },
              'verified proof',
            );
          },
          (c) => refused(verify(c), c.code),
        )(g);
      },
    },
    'tlog-tiles.paths': {
      pkg,
      replay: sides(
        (c) => {
          const v = parseTilePath(c.path);
          accepted(v);
          if (!v.ok) return;
          same(
            { ...v.value, index: String(v.value.index) },
            { level: c.level, index: c.index, width: c.width },
            'tile',
          );
          same(formatTilePath(v.value), c.path, 'formatted again');
        },
        (c) => refused(parseTilePath(c.path), c.code),
      ),
    },
    'tlog-tiles.read': {
      pkg,
      replay: (g, doc) => {
        const quorum = doc['tlog-proof'].accept[0].quorum;
        return sides(
          async (c) => {
            const v = await read(g, c, quorum);
            accepted(v, c.expect);
          },
          async (c) => refused(await read(g, c, quorum), c.code),
        )(g);
      },
    },
  },
};
