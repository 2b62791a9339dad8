import {
  anetSenderKeyResolver,
  anetSenderKeyResolverAsync,
  chooseEncryptionKey,
  type KelPinStore,
  keySetUpdate,
  keyStateAt,
  MemoryKelPinStore,
  pinKel,
  pinKelAsync,
  type ReplayedKel,
  replayKel,
  verifyKeySet,
  verifyNotice,
} from '@agent-seam/anet-identity';
import { hex, MemoryReplayCache } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import { deriveKeyPair, keyRingOf, openEnvelope, openEnvelopeAsync } from '@agent-seam/hpke-seal';
import { bytesArg, fromVerdict } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: requests are untyped JSON, read member by member.
type Json = Record<string, any>;

/** The received field: `<name>Hex` as bytes, or `input`, handed over as the JSON holds it. */
export const receivedArg = (args: Json, name: string): unknown =>
  args[`${name}Hex`] === undefined ? args.input : bytesArg(args, `${name}Hex`);

/**
 * A verdict as an outcome, a refusal held to the request's `detailHas` (spec/harness.md,
 * DECIDED): a detail that does not name it answers a code that says so, which disagrees.
 */
export function fromVerdictNaming<T>(
  verdict: { ok: true; value: T } | { ok: false; code: string; detail?: string },
  args: Json,
  show: (value: T) => unknown = (v) => v,
): Outcome {
  const part = args.detailHas as string | undefined;
  if (!verdict.ok && part !== undefined && !verdict.detail?.includes(part))
    return { ok: false, code: `${verdict.code} (its detail does not name ${part})` };
  return fromVerdict(verdict, show);
}

/** A log the request carries, replayed at its `nowMs`; a log that does not replay is the harness's bug. */
function replayed(kelHex: unknown, nowMs: unknown): ReplayedKel {
  const kel = replayKel(bytesArg({ kelHex }, 'kelHex'), { now: new Date(nowMs as number) });
  if (!kel.ok) throw new Error(`the request's log does not replay [${kel.code}]`);
  return kel.value;
}

/** Hex of each map value: witness keys (or witness logs) by AID. */
const bytesByAid = (map: Json | undefined) =>
  map === undefined
    ? undefined
    : Object.fromEntries(Object.entries(map).map(([aid, h]) => [aid, bytesArg({ h }, 'h')]));

/** A key set judged against the request's log at its `nowMs`. */
const keySetAt = (args: Json, keySet: unknown) =>
  verifyKeySet(keySet as Uint8Array, { kel: replayed(args.kelHex, args.nowMs), now: new Date(args.nowMs) });

/** A shared store whose server cannot be reached: every answer is a rejected promise. */
const unreachable = () => Promise.reject(new Error('unreachable'));
const UNAVAILABLE: KelPinStore = { get: unreachable, compareAndSet: unreachable };

/** The logs pinned in order into one store; each outcome, or `{code}` for a refusal. */
async function pinSequence(args: Json): Promise<Outcome> {
  const unavailable = args.store === 'unavailable';
  const store = unavailable ? UNAVAILABLE : new MemoryKelPinStore();
  const outcomes: unknown[] = [];
  for (const kelHex of args.kelsHex as string[]) {
    const kel = replayed(kelHex, args.nowMs);
    const verdict = unavailable ? await pinKelAsync(store, kel) : pinKel(store, kel);
    outcomes.push(verdict.ok ? verdict.value : { code: verdict.code });
  }
  return { ok: true, value: outcomes };
}

/**
 * The envelope opened by the recipient with the ANet resolver over a fresh pin store
 * (holding `pinnedKelHex` when given); the async opener over a store answering with
 * promises must give the same verdict, or the answer says it does not.
 */
async function openWithResolver(args: Json): Promise<Outcome> {
  const recipient = deriveKeyPair(bytesArg(args, 'recipientIkmHex'));
  const setup = () => {
    const pins = new MemoryKelPinStore();
    if (args.pinnedKelHex !== undefined) {
      const pinned = pinKel(pins, replayed(args.pinnedKelHex, args.nowMs));
      if (!pinned.ok) throw new Error(`the request's pinned log does not pin [${pinned.code}]`);
    }
    const roots = { witnessKeys: bytesByAid(args.witnessKeys) ?? {}, acceptedAtMs: args.acceptedAtMs };
    const options = {
      ownAid: args.recipient as string,
      keyRing: keyRingOf([recipient.privateKey]),
      now: new Date(args.nowMs),
      // One first delivery: a fresh store judges it once; a session credential, no mailbox.
      replay: new MemoryReplayCache(),
      mailbox: 'off' as const,
    };
    return { pins, roots, options };
  };
  const envelope = bytesArg(args, 'envelopeHex');
  const show = (opened: { senderKey: Uint8Array }) => ({ senderKeyHex: hex.encode(opened.senderKey) });
  const now = setup();
  const sync = fromVerdictNaming(
    openEnvelope(envelope, {
      ...now.options,
      resolveSenderKey: anetSenderKeyResolver({ ...now.roots, pins: now.pins }),
    }),
    args,
    show,
  );
  const later = setup();
  const shared: KelPinStore = {
    get: async (aid) => later.pins.get(aid),
    compareAndSet: async (aid, expected, next) => later.pins.compareAndSet(aid, expected, next),
  };
  const viaAsync = fromVerdictNaming(
    await openEnvelopeAsync(envelope, {
      ...later.options,
      resolveSenderKey: anetSenderKeyResolverAsync({ ...later.roots, pins: shared }),
    }),
    args,
    show,
  );
  if (JSON.stringify(sync) !== JSON.stringify(viaAsync))
    return { ok: false, code: `async-opener-disagrees: ${JSON.stringify(viaAsync)}` };
  return sync;
}

/** The ops of @agent-seam/anet-identity (spec/harness.md, "anet-identity"). */
export const anetIdentityOps: OpTable = {
  'anet.replayKel': (args) =>
    fromVerdictNaming(
      replayKel(receivedArg(args, 'kel') as Uint8Array, { now: new Date(args.nowMs as number) }),
      args,
      (kel) => ({
        aid: kel.aid,
        version: kel.version,
        ...(kel.kind === undefined ? {} : { kind: kel.kind }),
        ...(kel.witness === undefined ? {} : { witness: kel.witness }),
        deactivated: kel.deactivated,
        states: kel.states.map((s) => [s.status, s.supersededAtMs, s.type, hex.encode(s.key)]),
      }),
    ),
  'anet.keyState': (args) =>
    fromVerdict(
      keyStateAt(replayed(args.kelHex, args.nowMs), {
        ksn: args.ksn as number,
        tsMs: args.tsMs as number,
        acceptedAtMs: args.acceptedAtMs as number,
      }),
      (state) => ({ seq: state.seq, keyHex: hex.encode(state.key) }),
    ),
  'anet.pinSequence': pinSequence,
  'anet.verifyNotice': (args) =>
    fromVerdict(
      verifyNotice(
        receivedArg(args, 'notice') as Uint8Array,
        {
          kel: replayed(args.kelHex, args.nowMs),
          now: new Date(args.nowMs as number),
          ...(args.witnessKeys === undefined ? {} : { witnessKeys: bytesByAid(args.witnessKeys as Json) }),
          ...(args.witnesses === undefined ? {} : { witnesses: bytesByAid(args.witnesses as Json) }),
        } as Parameters<typeof verifyNotice>[1],
      ),
      (notice) => ({ aid: notice.aid, witness: notice.witness, witnessKeyFrom: notice.witnessKeyFrom }),
    ),
  'anet.verifyKeySet': (args) => {
    const set = keySetAt(args, receivedArg(args, 'keySet'));
    return fromVerdict(set, (s) => {
      const chosen = chooseEncryptionKey(s, args.nowMs as number);
      return {
        version: s.version,
        aid: s.aid,
        seq: s.seq,
        keys: s.keys.length,
        ...(s.mbox === undefined ? {} : { mbox: { epoch: s.mbox.epoch, key: hex.encode(s.mbox.key) } }),
        // The key a sender picks: one of the set's, or null.
        chosenHex: chosen !== undefined && s.keys.includes(chosen) ? hex.encode(chosen.publicKey) : null,
      };
    });
  },
  'anet.keySetUpdate': (args) => {
    const stored = keySetAt(args, bytesArg(args, 'storedHex'));
    const candidate = keySetAt(args, bytesArg(args, 'candidateHex'));
    if (!stored.ok) return fromVerdict(stored);
    if (!candidate.ok) return fromVerdict(candidate);
    return fromVerdict(keySetUpdate(stored.value, candidate.value));
  },
  'anet.openWithResolver': openWithResolver,
};
