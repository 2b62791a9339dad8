import { MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import { hex, unwrap, type Verdict } from '@agent-seam/canonical';
import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { anetOps } from '../../cli/src/conformance/ops/anet.js';
import {
  MemoryRelayReplayWindow,
  type OpenedBucket,
  type OpenedDirEntry,
  openBucket,
  openDirEntry,
  type RelayReplayWindow,
  verifyHubRequest,
  verifyHubRequestAsync,
} from '../src/index.js';

const ledger = openLedger();
const b = (text: string) => unwrap(hex.decode(text));
const file = loadVectors<any>('anet.json');
type Case = any;
/** A received field: bytes from hex, or (named in `asIs`) the JSON value itself, of the wrong type. */
const wire = (c: Case, field: string) => (c.asIs?.includes(field) ? c[field] : b(c[field]));

/** A pin store holding the named log already (for the rollback cases), or a fresh one. */
function pinsFor(c: Case, kels: Record<string, string>, nowMs: number) {
  const store = new MemoryKelPinStore();
  if (c.pinned !== undefined) {
    const kel = unwrap(replayKel(b(kels[c.pinned]!), { now: new Date(nowMs) }));
    store.compareAndSet(kel.aid, undefined, { aid: kel.aid, eventIds: kel.states.map((s) => s.id) });
  }
  return store;
}

/** The window of a case's `windowFails`: every call rejects (a store whose server is away), or only commit does. */
function failingWindow(kind: string | undefined): RelayReplayWindow | undefined {
  if (kind === undefined) return undefined;
  const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
  if (kind === 'every-call') return { reserve: down, commit: down, release: down };
  const memory = new MemoryRelayReplayWindow();
  return { reserve: (e) => memory.reserve(e), commit: down, release: (e) => memory.release(e) };
}

describe('anet.relay-auth: signed hub requests, and one refusal per check', () => {
  const g = file['anet.relay-auth'];
  const now = new Date(g.nowMs);
  const asRequest = (r: Case) =>
    typeof r === 'string' ? r : { method: r.method, url: r.url, headers: r.headers, body: b(r.body) };
  const judge = async (c: Case) => {
    const window = failingWindow(c.windowFails) ?? new MemoryRelayReplayWindow(c.window ?? {});
    const pins = pinsFor(c, g.kels, g.nowMs);
    const options = (aidOfRequest: string | undefined) => ({
      action: c.action,
      hub: c.hub ?? g.hub,
      now,
      kels: (aid: string) => {
        const name = aid === aidOfRequest ? c.kel : g.aids[aid];
        return name === null || name === undefined ? undefined : b(g.kels[name]);
      },
      pins,
      replay: c.replay === 'off' ? ('off' as const) : window,
      signerClass: c.signerClass ?? 'agent',
      allowV1: c.allowV1,
      maxBodyBytes: c.maxBodyBytes,
    });
    for (const earlier of c.before ?? []) {
      const first = verifyHubRequest(asRequest(earlier), {
        ...options(undefined),
        kels: (aid: string) => b(g.kels[g.aids[aid]]),
      });
      expect(first.ok, 'an earlier request of the case').toBe(true);
    }
    // A window that fails answers with promises: the async verifier's.
    const verify = c.windowFails === undefined ? verifyHubRequest : verifyHubRequestAsync;
    return verify(asRequest(c.request), options(c.request.headers?.['X-ANet-AID']));
  };
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.relay-auth', c.name, async () => {
        const v = unwrap(await judge(c));
        expect({ version: v.version, aid: v.aid, seq: v.seq }).toEqual(c.expect);
        expect(hex.encode(v.body)).toBe(c.request.body);
        expect(v.replay).toBe(c.replay === 'off' ? 'off-by-caller' : (c.signerClass ?? 'agent'));
      }));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.relay-auth', c.name, async () =>
        expect(await judge(c)).toMatchObject({ ok: false, code: c.code }),
      ));
});

describe('anet.directory: sealed entries and buckets', () => {
  const g = file['anet.directory'];
  const options = (c: Case) => ({
    aid: c.aid,
    now: new Date(g.nowMs),
    pins: new MemoryKelPinStore(),
    notices: c.notices === 'off' ? ('off' as const) : { witnessKeys: { [g.witness]: b(g.witnessKey) } },
    maxEntryBytes: c.maxEntryBytes,
    maxBucketBytes: c.maxBucketBytes,
  });
  const judge = (c: Case): Verdict<OpenedBucket | OpenedDirEntry, string> =>
    'bucket' in c ? openBucket(wire(c, 'bucket'), options(c)) : openDirEntry(wire(c, 'box'), options(c));
  for (const c of g.accept)
    it(`accept/${c.name}`, () =>
      ledger.accept('anet.directory', c.name, () => {
        const v = unwrap(judge(c));
        if ('entry' in v) expect({ keySetSeq: v.entry.keySet.seq, skipped: v.skipped }).toEqual(c.expect);
        else
          expect({ hub: v.hub, notice: typeof v.notice === 'string' ? v.notice : 'verified' }).toEqual(
            c.expect,
          );
      }));
  for (const c of g.refuse)
    it(`refuse/${c.name}`, () =>
      ledger.refuse('anet.directory', c.name, () =>
        expect(judge(c)).toMatchObject({ ok: false, code: c.code }),
      ));
});

// The groups replayed through their op replayers (spec/harness.md, "anet").
const impl = packageImplementation('@agent-seam/anet', anetOps);
for (const group of ['anet.pow', 'anet.objects', 'anet.messages', 'anet.ledger', 'anet.card'])
  describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), file[group]));
