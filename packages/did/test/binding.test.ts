import { didFromPublicKey, didFromSeed, signDeviceBindingV2, verifyDeviceBindingV2 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

// Verdicts and thrown errors are compared whole. Each `why` names the mutant(s) of src/ the case
// holds by `file.ts:line:column` of the `--rest` run.
const ownerSeed = new Uint8Array(32).fill(0x11);
const deviceSeed = new Uint8Array(32).fill(0x22);
const deviceDid = didFromSeed(deviceSeed);
const now = 1_800_000_000;
const signed = signDeviceBindingV2({ ts: now - 10, validUntil: 0 }, ownerSeed, deviceSeed);
const check = { expectedDeviceDid: deviceDid, now };
/** The same 64 bytes spelled with a non-zero trailing bit (the last data character of `X?==` moved by one). */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const respelled = (sig: string) => `${sig.slice(0, -3)}${B64[B64.indexOf(sig.at(-3)!) ^ 1]}==`;
/** The other signature of the pair, so the text is canonical and 64 bytes but does not verify. */
const swapped = { sig: signed.deviceSig, deviceSig: signed.sig };

describe('verifyDeviceBindingV2: every refusal whole', () => {
  it('a valid binding verifies to its five signed fields', () => {
    // why: kills binding.ts:104:7 (`!device.ok` → true) and binding.ts:105:13 (the
    // verified value emptied).
    expect(verifyDeviceBindingV2(signed, check)).toEqual({
      ok: true,
      value: {
        typ: 'muretai/devicebinding/2',
        rootDid: didFromSeed(ownerSeed),
        deviceDid,
        ts: now - 10,
        validUntil: 0,
      },
    });
  });

  it('a missing check is a SeamError, not a TypeError', () => {
    // why: kills binding.ts:81:14 (`check?.` → `check.`) and binding.ts:82:41 (the message).
    expect(thrown(() => verifyDeviceBindingV2(signed, undefined as never))).toEqual({
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: verifyDeviceBindingV2 needs expectedDeviceDid (a string)',
    });
  });

  it('the shape refusals carry their details', () => {
    // why: kills binding.ts:84:56, 88:34, 90:34, 91:76 and 93:33 (each detail emptied).
    expect(verifyDeviceBindingV2([], check)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the binding is an array, not a JSON object',
    });
    expect(verifyDeviceBindingV2({ ...signed, typ: 'x' }, check)).toEqual({
      ok: false,
      code: 'wrong-typ',
      detail: 'typ is not muretai/devicebinding/2',
    });
    expect(verifyDeviceBindingV2({ ...signed, rootDid: 7 }, check)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'rootDid is a number; it is a string',
    });
    expect(verifyDeviceBindingV2({ ...signed, ts: 1.5 }, check)).toEqual({
      ok: false,
      code: 'not-integer',
      detail: 'ts is a number that is not a safe integer; it is an integer',
    });
    expect(verifyDeviceBindingV2({ ...signed, validUntil: '0' }, check)).toEqual({
      ok: false,
      code: 'not-integer',
      detail: 'validUntil is a string; it is an integer',
    });
    expect(verifyDeviceBindingV2(signed, { ...check, expectedDeviceDid: didFromSeed(ownerSeed) })).toEqual({
      ok: false,
      code: 'wrong-device',
      detail: 'deviceDid names another device than the expectedDeviceDid given',
    });
  });

  it('a deviceDid that is not a string is missing-field, not another device', () => {
    // why: kills binding.ts:87:38 (`typeof deviceDid !== 'string'` → false, which lets the
    // pin refuse it as wrong-device).
    expect(verifyDeviceBindingV2({ ...signed, deviceDid: 7 }, check)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'deviceDid is a number; it is a string',
    });
  });

  it('a missing sig is missing-field, not a refusal of its text', () => {
    // why: kills binding.ts:89:7 (`typeof sig !== 'string'` → false) and binding.ts:90:34.
    const { sig: _, ...unsigned } = signed;
    expect(verifyDeviceBindingV2(unsigned, check)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'sig is undefined; it is a string',
    });
  });

  it('a deviceDid that is no Ed25519 did:key is refused by its own code', () => {
    // why: kills binding.ts:98:7 (`!deviceKey.ok` → false): the pin matches, so only the
    // key check stands between the binding and the signatures.
    const p256 = didFromPublicKey(new Uint8Array(33).fill(2), 'p256');
    expect(
      verifyDeviceBindingV2({ ...signed, deviceDid: p256 }, { ...check, expectedDeviceDid: p256 }),
    ).toEqual({
      ok: false,
      code: 'wrong-multicodec',
      detail: 'deviceDid is not a usable Ed25519 did:key (not an Ed25519 key)',
    });
  });

  it('a ts of -0 has no canonical seam spelling: a refusal before any signature is read', () => {
    // why: kills binding.ts:100:7 (`!payload.ok` → false), and signed-record.ts:35:40 (its
    // detail): -0 passes the integer check but canonical refuses to sign it.
    expect(verifyDeviceBindingV2({ ...signed, ts: -0 }, check)).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: 'ts is a number a Python and a JavaScript reader would write differently; do not sign it',
    });
  });

  it('a bad owner signature is refused and named sig:, with the text detail or the code', () => {
    // why: kills binding.ts:102:7 (`!owner.ok` → false: the device signature alone is
    // good), binding.ts:102:45 (the template emptied) and binding.ts:102:53 (`??` → `&&`,
    // which would write the code where the detail is set).
    expect(verifyDeviceBindingV2({ ...signed, sig: swapped.sig }, check)).toEqual({
      ok: false,
      code: 'bad-signature',
      detail: `sig: the signature does not verify under ${didFromSeed(ownerSeed).slice(0, 20)}…`,
    });
    expect(verifyDeviceBindingV2({ ...signed, sig: respelled(signed.sig) }, check)).toEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'sig: the signature text is not the one standard padded base64 spelling of its bytes',
    });
  });

  it('a bad device signature is refused and named deviceSig:, with the text detail or the code', () => {
    // why: kills binding.ts:104:47 (the template emptied) and binding.ts:104:61 (`??` → `&&`).
    expect(verifyDeviceBindingV2({ ...signed, deviceSig: swapped.deviceSig }, check)).toEqual({
      ok: false,
      code: 'bad-signature',
      detail: `deviceSig: the signature does not verify under ${deviceDid.slice(0, 20)}…`,
    });
    expect(verifyDeviceBindingV2({ ...signed, deviceSig: respelled(signed.deviceSig) }, check)).toEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'deviceSig: the signature text is not the one standard padded base64 spelling of its bytes',
    });
  });
});
