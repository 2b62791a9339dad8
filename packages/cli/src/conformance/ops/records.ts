import { hex } from '@agent-seam/canonical';
import type { OpTable } from '@agent-seam/conformance/harness';
import {
  bindingPayload,
  bindingV2Payload,
  resolveOpDid,
  signDeviceBindingV2,
  signOwnerState,
  verifyDeviceBindingV2,
  verifyOwnerState,
} from '@agent-seam/did';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: records travel as untyped JSON; the package judges them.
type Json = any;

/** The ops of @agent-seam/did's signed records (spec/harness.md, "did records"). */
export const recordOps: OpTable = {
  'binding.payload': (args) => fromWriter(() => hex.encode(bindingPayload(args as Json))),
  'binding.payloadV2': (args) => fromWriter(() => hex.encode(bindingV2Payload(args as Json))),
  'binding.signV2': (args) =>
    fromWriter(() =>
      signDeviceBindingV2(args as Json, bytesArg(args, 'ownerSeedHex'), bytesArg(args, 'deviceSeedHex')),
    ),
  'binding.verifyV2': (args) =>
    fromVerdict(
      verifyDeviceBindingV2(args.binding, {
        expectedDeviceDid: args.expectedDeviceDid as string,
        now: args.now as number,
      }),
    ),
  'owner.signState': (args) => fromWriter(() => signOwnerState(args as Json, bytesArg(args, 'ownerSeedHex'))),
  'owner.verifyState': (args) =>
    fromVerdict(verifyOwnerState(args.record, { rootDid: args.rootDid as string })),
  'keystate.resolveOpDid': (args) =>
    fromWriter(() =>
      resolveOpDid(args.rootDid as string, args.inline, args.now as number, { pinned: args.pinned as Json }),
    ),
};
