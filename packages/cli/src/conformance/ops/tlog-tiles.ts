import { hex } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import { parseVerifierKey } from '@agent-seam/tlog-note';
import {
  type FetchFunction,
  formatTilePath,
  httpSource,
  parseTilePath,
  TileLog,
  verifyTlogProof,
} from '@agent-seam/tlog-tiles';
import { bytesArg, fromVerdict, fromWriter, stringArg } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: requests are untyped JSON, read member by member.
type Json = Record<string, any>;

/** A verifier key the request names. A key the package refuses is the harness's bug, so it throws. */
function key(vkey: string) {
  const v = parseVerifierKey(vkey);
  if (!v.ok) throw new Error(`args.quorum holds a verifier key the package refuses [${v.code}]`);
  return v.value;
}
const quorumOf = (q: Json) => ({ log: key(q.log), witnesses: q.witnesses.map(key), atLeast: q.atLeast });

/** Where the files of `tiles.read` are served (spec/harness.md, "tlog-tiles"). */
const PREFIX = 'https://log.example/tiles/';

/**
 * A server answering from the request's files, no network: a path under the prefix (or, with
 * a leading `/`, on the host) gets its body (200), null or nothing a 404, `{status, location}`
 * that response, `{fails: true}` a request that rejects.
 */
const serve =
  (files: Json): FetchFunction =>
  async (url) => {
    const file = files[url.startsWith(PREFIX) ? url.slice(PREFIX.length) : new URL(url).pathname];
    if (file?.fails === true) throw new TypeError('network error');
    if (file === undefined || file === null) return { status: 404, headers: new Headers(), body: null };
    if (typeof file === 'object')
      return { status: file.status, headers: new Headers({ location: file.location }), body: null };
    return new Response(new Uint8Array(bytesArg({ file }, 'file')));
  };

/** A fresh client over the request's files: refresh, then the ask; the first refusal, or the answer. */
async function read(args: Json): Promise<Outcome> {
  const log = new TileLog({
    source: httpSource(serve(args.files), PREFIX),
    origin: stringArg(args, 'origin'),
    quorum: quorumOf(args.quorum),
    ...(args.seen === undefined ? {} : { seen: { size: args.seen.size, root: bytesArg(args.seen, 'root') } }),
    ...(args.maxCheckpointBytes === undefined ? {} : { maxCheckpointBytes: args.maxCheckpointBytes }),
    ...(args.maxEntryBundleBytes === undefined ? {} : { maxEntryBundleBytes: args.maxEntryBundleBytes }),
  });
  const fresh = await log.refresh({ now: args.now, maxAge: args.maxAge });
  const ask = args.ask as Json;
  if (!fresh.ok || ask.kind === 'refresh')
    return fromVerdict(fresh, (f) => ({
      origin: f.checkpoint.origin,
      size: String(f.size),
      root: hex.encode(f.checkpoint.root),
    }));
  const origin = fresh.value.checkpoint.origin;
  const answer =
    ask.kind === 'inclusion'
      ? await log.inclusionProof(ask.index)
      : ask.kind === 'consistency'
        ? await log.consistencyProof(ask.oldSize)
        : await log.entry(ask.index);
  return fromVerdict(
    answer as { ok: true; value: Uint8Array | Uint8Array[] } | { ok: false; code: string },
    (v) => (Array.isArray(v) ? { origin, proof: v.map(hex.encode) } : { origin, entry: hex.encode(v) }),
  );
}

/** The file as the request carries it: text, raw bytes, or a JSON value handed over as it is. */
const proofArg = (args: Json) =>
  (args.proof ?? (args.proofHex === undefined ? args.input : bytesArg(args, 'proofHex'))) as
    | string
    | Uint8Array;

/** The ops of @agent-seam/tlog-tiles (spec/harness.md, "tlog-tiles"). */
export const tlogTilesOps: OpTable = {
  'tiles.verifyProof': (args) =>
    fromVerdict(
      verifyTlogProof(proofArg(args), {
        origin: stringArg(args, 'origin'),
        quorum: quorumOf(args.quorum as Json),
        ...(args.leafHashHex === undefined
          ? { entry: bytesArg(args, 'entryHex') }
          : { leafHash: bytesArg(args, 'leafHashHex') }),
        ...(args.maxBytes === undefined ? {} : { maxBytes: args.maxBytes as number }),
        now: args.now as number | 'off',
        maxAge: args.maxAge as number | undefined,
      }),
      (v) => ({
        origin: v.checkpoint.origin,
        index: String(v.index),
        size: String(v.checkpoint.size),
        root: hex.encode(v.checkpoint.root),
        extra: v.extra === null ? null : hex.encode(v.extra),
        verifiedBy: v.verifiedBy.map((s) => s.name),
      }),
    ),
  'tiles.parsePath': (args) =>
    fromVerdict(parseTilePath(args.path as string), (t) => ({ ...t, index: String(t.index) })),
  'tiles.formatPath': (args) =>
    fromWriter(() =>
      formatTilePath({
        level: args.level as number | 'entries',
        index: BigInt(stringArg(args, 'index')),
        width: args.width as number,
      }),
    ),
  'tiles.read': read,
};
