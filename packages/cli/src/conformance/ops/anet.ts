import {
  MemoryRelayReplayWindow,
  type MessageKind,
  type OpenedDirEntry,
  openBucket,
  openDirEntry,
  type RelayReplayWindow,
  readTaskMessage,
  type VerifiedHubRequest,
  verifyAnetCard,
  verifyHubRequest,
  verifyHubRequestAsync,
  verifyLedger,
  verifyPow,
  verifyResult,
  verifySignedObject,
} from '@agent-seam/anet';
import { MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import { hex } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import { fromVerdictNaming, receivedArg } from './anet-identity.js';
import { bytesArg, fromVerdict } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: requests are untyped JSON, read member by member.
type Json = Record<string, any>;

/** A pin store holding `pinnedKelHex` already (the rollback cases), or an empty one. */
export function pinsOf(args: Json): MemoryKelPinStore {
  const store = new MemoryKelPinStore();
  if (args.pinnedKelHex !== undefined) {
    const kel = replayKel(bytesArg(args, 'pinnedKelHex'), { now: new Date(args.nowMs) });
    if (!kel.ok) throw new Error(`the request's pinned log does not replay [${kel.code}]`);
    store.compareAndSet(kel.value.aid, undefined, {
      aid: kel.value.aid,
      eventIds: kel.value.states.map((s) => s.id),
    });
  }
  return store;
}

/** The signer's log and the clock every signed ANet object is judged with. */
const signerOf = (args: Json) => ({ kel: bytesArg(args, 'kelHex'), now: new Date(args.nowMs) });

/** A solution spelled as bytes, or the JSON value the request hands over as it is. */
const solutionOf = (args: Json): unknown =>
  args.solution === undefined
    ? args.input
    : {
        aid: args.solution.aid,
        seed: bytesArg(args.solution, 'seedHex'),
        nonce: bytesArg(args.solution, 'nonceHex'),
      };

/** The request's window: a fresh memory window, or a store whose every call (or only commit) fails. */
function windowOf(window: Json): RelayReplayWindow {
  if (window.memory !== undefined) return new MemoryRelayReplayWindow(window.memory);
  const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
  if (window.fails === 'every-call') return { reserve: down, commit: down, release: down };
  if (window.fails !== 'commit') throw new Error('args.window is neither memory nor a failing store');
  const memory = new MemoryRelayReplayWindow();
  return { reserve: (e) => memory.reserve(e), commit: down, release: (e) => memory.release(e) };
}

/**
 * The requests judged in order by one hub: one window, one pin store; each answers its
 * outcome or `{code}`. A failing window answers with promises, so the async verifier judges.
 */
async function verifyHubRequests(args: Json): Promise<Outcome> {
  const kels = args.kels as Record<string, string>;
  const hubLog = (aid: string) => (kels[aid] === undefined ? undefined : bytesArg(kels, aid));
  const window = args.window === 'off' ? ('off' as const) : windowOf(args.window);
  const options = {
    action: args.action,
    hub: args.hub,
    now: new Date(args.nowMs),
    kels: hubLog,
    pins: pinsOf(args),
    replay: window,
    signerClass: args.signerClass,
    allowV1: args.allowV1,
    maxBodyBytes: args.maxBodyBytes,
  };
  const failing = args.window !== 'off' && args.window.fails !== undefined;
  const outcomes: unknown[] = [];
  const requests = args.requests as Json[];
  const own = args.ownKel as { aid: string; kelHex?: string } | undefined;
  // The last request's own AID holds the log `ownKel` names (none without `kelHex`); earlier ones see the hub's.
  const lastLog = (aid: string) =>
    own === undefined || aid !== own.aid
      ? hubLog(aid)
      : own.kelHex === undefined
        ? undefined
        : bytesArg(own, 'kelHex');
  for (const [i, r] of requests.entries()) {
    const judged = i === requests.length - 1 ? { ...options, kels: lastLog } : options;
    const request =
      typeof r === 'string'
        ? r
        : { method: r.method, url: r.url, headers: r.headers, body: bytesArg(r, 'bodyHex') };
    const v = failing ? await verifyHubRequestAsync(request, judged) : verifyHubRequest(request, judged);
    outcomes.push(v.ok ? shownRequest(v.value) : { code: v.code });
  }
  return { ok: true, value: outcomes };
}

const shownRequest = (v: VerifiedHubRequest) => ({
  version: v.version,
  aid: v.aid,
  seq: v.seq,
  bodyHex: hex.encode(v.body),
  replay: v.replay,
});

/** The directory reader's options as the request names them; a fresh pin store. */
const directoryOptions = (args: Json) => ({
  aid: args.aid,
  now: new Date(args.nowMs),
  pins: new MemoryKelPinStore(),
  notices:
    args.notices === 'off'
      ? ('off' as const)
      : {
          witnessKeys: Object.fromEntries(
            Object.keys(args.notices.witnessKeys).map((aid) => [
              aid,
              bytesArg(args.notices.witnessKeys, aid),
            ]),
          ),
        },
  maxEntryBytes: args.maxEntryBytes,
  maxBucketBytes: args.maxBucketBytes,
});

const shownEntry = (v: OpenedDirEntry) => ({
  aid: v.aid,
  hub: v.hub,
  notice: typeof v.notice === 'string' ? v.notice : 'verified',
});

/** The ops of @agent-seam/anet (spec/harness.md, "anet"). */
export const anetOps: OpTable = {
  'anet.verifyPow': (args: Json) =>
    fromVerdict(
      verifyPow(solutionOf(args), {
        hub: args.hub,
        hour:
          args.hour === 'off'
            ? 'off'
            : { secret: bytesArg(args.hour, 'secretHex'), now: new Date(args.hour.nowMs) },
        bits: args.bits,
      }),
      (v) => ({ bits: v.bits, hour: v.hour }),
    ),
  'anet.verifySignedObject': (args: Json) =>
    fromVerdict(
      verifySignedObject(receivedArg(args, 'wire'), {
        kind: args.kind,
        ...signerOf(args),
        pins: pinsOf(args),
        signer: args.signer,
      }),
      (v) => ({ kind: v.kind, version: v.version, signer: v.envelope.signer, cid: v.cid }),
    ),
  'anet.readTaskMessage': (args: Json) =>
    fromVerdict(readTaskMessage(args.kind as MessageKind, receivedArg(args, 'bytes')), (v) => ({
      kind: v.kind,
      version: v.version,
      time: v.fields.sentAt ?? v.fields.ts,
    })),
  'anet.verifyResult': (args: Json) =>
    fromVerdict(
      verifyResult(receivedArg(args, 'bytes'), {
        ...signerOf(args),
        pins: 'off',
        requestCid: args.requestCid,
      }),
      (v) => ({ kind: v.result.kind, binding: v.binding }),
    ),
  'anet.verifyLedger': (args: Json) =>
    fromVerdictNaming(
      verifyLedger(receivedArg(args, 'ledger'), { ...signerOf(args), pins: 'off' }),
      args,
      (v) => ({
        actor: v.actor,
        events: v.events.length,
        genesis: v.events[0]?.fields.prevId,
      }),
    ),
  'anet.verifyCard': (args: Json) =>
    fromVerdict(
      verifyAnetCard(receivedArg(args, 'card'), {
        ...signerOf(args),
        pins: pinsOf(args),
        variant: args.variant,
      }),
      (v) => ({ aid: v.aid, seq: v.seq, state: v.state.seq }),
    ),
  'anet.verifyHubRequests': verifyHubRequests,
  'anet.openDirEntry': (args: Json) =>
    fromVerdict(openDirEntry(receivedArg(args, 'box'), directoryOptions(args)), shownEntry),
  'anet.openBucket': (args: Json) =>
    fromVerdict(openBucket(receivedArg(args, 'bucket'), directoryOptions(args)), (v) => ({
      aid: v.entry.aid,
      keySetSeq: v.entry.keySet.seq,
      skipped: v.skipped,
    })),
};
