import * as did from '@agent-seam/did';
import {
  didFromSeed,
  MemoryKeyStatePinStore,
  resolveOpDid,
  resolveOpDidPinned,
  signDeviceBindingV2,
  signKeyState,
  verifyDeviceBindingV2,
} from '@agent-seam/did';
import { holdFailClosed } from '../../../tools/required-options.ts';

const ownerSeed = new Uint8Array(32).fill(0x11);
const deviceSeed = new Uint8Array(32).fill(0x22);
const rootDid = didFromSeed(ownerSeed);
const deviceDid = didFromSeed(deviceSeed);
const NOW = 1_800_000_000;
const binding = signDeviceBindingV2({ ts: NOW - 10, validUntil: NOW + 60 }, ownerSeed, deviceSeed);
const opDid = didFromSeed(new Uint8Array(32).fill(0x33));
const inline = signKeyState({ rootDid, epoch: 1, opDid, ts: NOW - 10, notAfter: NOW + 60 }, ownerSeed);

const DOOR = 'the Ed25519 door judges one signature over bytes: no time and no once-only rule';
const RECORD = 'authenticity only';

holdFailClosed(did, {
  verifyDeviceBindingV2: {
    call: (o) => verifyDeviceBindingV2(binding, o as never),
    given: () => ({ expectedDeviceDid: deviceDid }),
    required: () => ({ now: NOW }),
  },
  resolveOpDid: {
    // Not a Verdict: the DID that speaks for the root; judged here as "it resolved".
    call: (o) => {
      const answer = resolveOpDid(rootDid, inline, o.now as never);
      return { ok: answer === opDid, value: answer };
    },
    required: () => ({ now: NOW }),
  },
  resolveOpDidPinned: {
    // resolveOpDid with the pin in a store: the inline record pinned on first contact.
    call: (o) => resolveOpDidPinned(rootDid, inline, o.now as never, { pins: new MemoryKeyStatePinStore() }),
    required: () => ({ now: NOW }),
  },
  verifyEd25519: DOOR,
  verifyEd25519Async: DOOR,
  verifyBase64Signature: DOOR,
  verifyKeyState: `${RECORD}: the notBefore/notAfter window is resolveOpDid's rule, applied to the inline record and by the contract not to a pin (spec/did.md, reject.keystate), so verifyKeyState reports the bounds as data`,
  verifyOwnerState: `${RECORD}: an OwnerState has no time rule; which one to keep is the epoch (newerOwnerState), "whatever the clocks say"`,
});
