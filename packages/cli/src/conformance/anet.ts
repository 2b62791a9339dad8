import {
  MemoryRelayReplayWindow,
  type OpenedBucket,
  type OpenedDirEntry,
  openBucket,
  openDirEntry,
  type RelayReplayWindow,
  verifyHubRequest,
  verifyHubRequestAsync,
} from '@agent-seam/anet';
import { MemoryKelPinStore } from '@agent-seam/anet-identity';
import { hex, type Verdict } from '@agent-seam/canonical';
import { opEntries } from './harness.js';
import { pinsOf } from './ops/anet.js';
import { accepted, bytesOf, type Case, type FileReplay, Mismatch, refused, same, sides } from './replay.js';

const pkg = '@agent-seam/anet';

const value = <T>(v: Verdict<T, string>): T => {
  accepted(v);
  if (!v.ok) throw new Mismatch('unreachable');
  return v.value;
};
/** A received field: bytes from hex, or (named in `asIs`) the JSON value itself, of the wrong type. */
const wire = (c: Case, field: string) => (c.asIs?.includes(field) ? c[field] : bytesOf(c[field]));
/** A switch the vector spells 'on' or 'off' (anything else is a vector this replayer cannot read). */
function onOrOff(text: string): true {
  if (text !== 'on') throw new Mismatch(`the vector says ${JSON.stringify(text)}, neither on nor off`);
  return true;
}

/** The window of a case's `windowFails`: every call rejects (a store whose server is away), or only commit does. */
function failingWindow(kind: string | undefined): RelayReplayWindow | undefined {
  if (kind === undefined) return undefined;
  const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
  if (kind === 'every-call') return { reserve: down, commit: down, release: down };
  const memory = new MemoryRelayReplayWindow();
  return { reserve: (e) => memory.reserve(e), commit: down, release: (e) => memory.release(e) };
}

export const anet: FileReplay = {
  file: 'anet.json',
  layout: 'top-level',
  groups: {
    ...opEntries('anet.json'),
    'anet.relay-auth': {
      pkg,
      replay: (g) => {
        const asRequest = (r: Case) =>
          typeof r === 'string'
            ? r
            : { method: r.method, url: r.url, headers: r.headers, body: bytesOf(r.body) };
        const judge = async (c: Case) => {
          const window = failingWindow(c.windowFails) ?? new MemoryRelayReplayWindow(c.window ?? {});
          const pins = pinsOf({
            pinnedKelHex: c.pinned === undefined ? undefined : g.kels[c.pinned],
            nowMs: g.nowMs,
          });
          const options = (requestAid: string | undefined) => ({
            action: c.action,
            hub: c.hub ?? g.hub,
            now: new Date(g.nowMs),
            kels: (aid: string) => {
              const name = aid === requestAid ? c.kel : g.aids[aid];
              return name === null || name === undefined ? undefined : bytesOf(g.kels[name]);
            },
            pins,
            replay: c.replay === 'off' ? ('off' as const) : window,
            signerClass: c.signerClass ?? 'agent',
            allowV1: c.allowV1,
            maxBodyBytes: c.maxBodyBytes,
          });
          for (const earlier of c.before ?? []) {
            const first = value(verifyHubRequest(asRequest(earlier), options(undefined)));
            same(
              { version: first.version, aid: first.aid },
              { version: 'v2', aid: earlier.headers['X-ANet-AID'] },
              'an earlier request',
            );
          }
          // A window that fails answers with promises: the async verifier's.
          const verify = c.windowFails === undefined ? verifyHubRequest : verifyHubRequestAsync;
          return verify(asRequest(c.request), options(c.request.headers?.['X-ANet-AID']));
        };
        return sides(
          async (c) => {
            const v = value(await judge(c));
            same(
              { version: v.version, aid: v.aid, seq: v.seq, body: hex.encode(v.body), replay: v.replay },
              {
                ...c.expect,
                body: c.request.body,
                replay: c.replay === 'off' ? 'off-by-caller' : (c.signerClass ?? 'agent'),
              },
              'request',
            );
          },
          async (c) => refused(await judge(c), c.code),
        )(g);
      },
    },
    'anet.directory': {
      pkg,
      replay: (g) => {
        const options = (c: Case) => ({
          aid: c.aid,
          now: new Date(g.nowMs),
          pins: new MemoryKelPinStore(),
          notices:
            c.notices === 'off'
              ? ('off' as const)
              : onOrOff(c.notices === 'witness-key' ? 'on' : c.notices) && {
                  witnessKeys: { [g.witness]: bytesOf(g.witnessKey) },
                },
          maxEntryBytes: c.maxEntryBytes,
          maxBucketBytes: c.maxBucketBytes,
        });
        const judge = (c: Case): Verdict<OpenedBucket | OpenedDirEntry, string> =>
          'bucket' in c
            ? openBucket(wire(c, 'bucket'), options(c))
            : openDirEntry(wire(c, 'box'), options(c));
        return sides(
          (c) => {
            const v = value(judge(c));
            if ('entry' in v)
              same(
                { aid: v.entry.aid, keySetSeq: v.entry.keySet.seq, skipped: v.skipped },
                { aid: c.aid, ...c.expect },
                'bucket',
              );
            else
              same(
                { aid: v.aid, hub: v.hub, notice: typeof v.notice === 'string' ? v.notice : 'verified' },
                { aid: c.aid, ...c.expect },
                'entry',
              );
          },
          async (c) => refused(await judge(c), c.code),
        )(g);
      },
    },
  },
};
