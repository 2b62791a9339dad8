import {
  BINDING_V2_CHECKS,
  bindingV2SignedBytes,
  KEYSTATE_CHECKS,
  keyStateSignedBytes,
  resolveOpDid,
  type VerifiedKeyState,
  verifyDeviceBindingV2,
  verifyKeyState,
} from '@agent-seam/did';
import { type Command, EXPECTED_OPTION, expectedBytes, oneInput, required, str } from '../command.js';
import { membersOf, parseNow, print, readJson } from '../io.js';
import { holdsOver, report } from './shared.js';

export const bindingVerify: Command = {
  name: 'binding verify',
  summary: 'verify a v2 device binding for the device you name',
  usage: `usage: seam binding verify FILE|- --device DID --now TIME [--expected FILE] [--json]

Verifies a v2 device binding (root and device signatures) with @agent-seam/did's
verifyDeviceBindingV2, for the device you name, at TIME: every check in order and the
bytes both signatures cover.

  --device DID   the device DID you are asking about (required; never read from the binding)
  --now TIME     RFC 3339 or Unix seconds (required: validUntil is judged at it)
  --expected FILE  the bytes the signers say they signed: the first differing byte,
                 and whether both signatures (sig by rootDid, deviceSig by deviceDid)
                 hold over them

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable or not JSON`,
  example: `  $ seam binding verify binding.json --device did:key:z6Mk... --now 2026-07-17T09:30:00Z`,
  options: { device: { type: 'string' }, now: { type: 'string' }, ...EXPECTED_OPTION },
  run(values, positionals) {
    const path = oneInput(bindingVerify, positionals);
    const expectedDeviceDid = required(
      str(values.device),
      '--device',
      'DID: the device you are asking about',
    );
    const now = parseNow(required(str(values.now), '--now', 'TIME: validUntil is judged at a time'))!;
    const binding = readJson(path);
    const { rootDid, deviceDid, sig, deviceSig } = membersOf(binding);
    const options = { expectedDeviceDid, now };
    return report({
      command: 'binding verify',
      checks: BINDING_V2_CHECKS,
      verdict: verifyDeviceBindingV2(binding, options),
      options,
      signed: bindingV2SignedBytes(binding),
      expected: expectedBytes(values),
      holdsOver: (bytes) => holdsOver(rootDid, bytes, sig) && holdsOver(deviceDid, bytes, deviceSig),
      json: values.json === true,
      okLine: (v: { rootDid: string; deviceDid: string }) =>
        `verified: ${v.deviceDid} is bound to ${v.rootDid}`,
    });
  },
};

export const keystateResolve: Command = {
  name: 'keystate resolve',
  summary: 'which op DID speaks for a root DID, from a KeyState record',
  usage: `usage: seam keystate resolve FILE|- --root DID --now TIME [--pinned FILE] [--expected FILE] [--json]

Verifies the KeyState record in FILE for the root DID you name (@agent-seam/did's
verifyKeyState: every check in order, the signed bytes) and resolves the DID that
speaks for the root at TIME with resolveOpDid: the record's opDid when it verifies and
TIME is inside its window (and it does not lose to --pinned), else the root itself.

  --root DID       the root DID you are resolving (required)
  --now TIME       RFC 3339 or Unix seconds (required)
  --pinned FILE    a KeyState you kept from an earlier verified contact
  --expected FILE  the bytes the root says it signed: the first differing byte, and
                   whether the record's sig by --root holds over them

exit: 0 the record verified, 1 it was refused (the root then speaks for itself),
      2 bad command line, 4 unreadable or not JSON`,
  example: `  $ seam keystate resolve keystate.json --root did:key:z6Mk... --now 2026-07-17T09:30:00Z`,
  options: {
    root: { type: 'string' },
    now: { type: 'string' },
    pinned: { type: 'string' },
    ...EXPECTED_OPTION,
  },
  run(values, positionals) {
    const path = oneInput(keystateResolve, positionals);
    const rootDid = required(str(values.root), '--root', 'DID: the root DID you are resolving');
    const now = parseNow(required(str(values.now), '--now', 'TIME: a KeyState has a window'))!;
    const pinnedPath = str(values.pinned);
    const record = readJson(path);
    const pinned = pinnedPath !== undefined ? { pinned: readJson(pinnedPath) } : {};
    const opDid = resolveOpDid(rootDid, record, now, pinned);
    const json = values.json === true;
    if (!json) print(`speaks for ${rootDid} at ${now}: ${opDid}`);
    return report({
      command: 'keystate resolve',
      checks: KEYSTATE_CHECKS,
      verdict: verifyKeyState(record, rootDid),
      options: {},
      signed: keyStateSignedBytes(record),
      expected: expectedBytes(values),
      holdsOver: (bytes) => holdsOver(rootDid, bytes, (record as { sig?: unknown } | null)?.sig),
      json,
      extra: { opDid },
      okLine: (v: VerifiedKeyState) => `the record verified: epoch ${v.epoch}, opDid ${v.opDid}`,
    });
  },
};
