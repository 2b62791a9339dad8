import {
  type MessageKind,
  readTaskMessage,
  verifyAnetCard,
  verifyLedger,
  verifyPow,
  verifyResult,
  verifySignedObject,
} from '@agent-seam/anet';
import { MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import type { OpTable } from '@agent-seam/conformance/harness';
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
};
