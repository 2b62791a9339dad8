import {
  describeType,
  fail,
  type Instant,
  ok,
  requiredInstant,
  SeamError,
  unixSeconds,
  type Verdict,
} from '@agent-seam/canonical';
import { didFromSeed, verificationKeyFromDid } from './did-key.js';
import { didLabel, signToBase64, verifyBase64Signature } from './signature-text.js';
import {
  declaredFields,
  type Fields,
  isRecord,
  notInteger,
  type RecordCode,
  signingBytes,
  unusableDid,
  verifiablePayload,
} from './signed-record.js';

export const BINDING_V2_TYP = 'muretai/devicebinding/2';
export const BINDING_V2_FIELDS = ['typ', 'rootDid', 'deviceDid', 'ts', 'validUntil'] as const;

/** Canonical bytes a v1 binding signs: exactly `{deviceDid, rootDid, ts}` (seam profile). */
export function bindingPayload(fields: { rootDid: string; deviceDid: string; ts: number }): Uint8Array {
  return signingBytes({ deviceDid: fields.deviceDid, rootDid: fields.rootDid, ts: fields.ts });
}

/** Canonical bytes both v2 signatures cover: typ, rootDid, deviceDid, ts, validUntil. */
export function bindingV2Payload(fields: {
  rootDid: string;
  deviceDid: string;
  ts: number;
  validUntil: number;
}) {
  return signingBytes({ ...declaredFields(fields, BINDING_V2_FIELDS), typ: BINDING_V2_TYP });
}

export interface DeviceBindingV2 {
  typ: typeof BINDING_V2_TYP;
  rootDid: string;
  deviceDid: string;
  ts: number;
  /** Last second (inclusive) the binding holds; 0 means no expiry. */
  validUntil: number;
  sig: string;
  deviceSig: string;
}

/**
 * A v2 binding: the owner (root) key signs that the device belongs to it, and the
 * device key countersigns the same bytes, so no owner can claim a device it does not hold.
 * `ts` and `validUntil` are instants (a Date or Unix seconds; `validUntil: 0` means no
 * expiry), written on the wire as whole seconds.
 */
export function signDeviceBindingV2(
  fields: { ts: Instant; validUntil: Instant },
  ownerSeed: Uint8Array,
  deviceSeed: Uint8Array,
): DeviceBindingV2 {
  const body = {
    typ: BINDING_V2_TYP,
    rootDid: didFromSeed(ownerSeed),
    deviceDid: didFromSeed(deviceSeed),
    ts: unixSeconds(fields?.ts, 'signDeviceBindingV2 ts'),
    validUntil: unixSeconds(fields?.validUntil, 'signDeviceBindingV2 validUntil'),
  } as const;
  const payload = bindingV2Payload(body);
  return { ...body, sig: signToBase64(ownerSeed, payload), deviceSig: signToBase64(deviceSeed, payload) };
}

export interface BindingCheck {
  /** The device the caller is asking about; never read from the binding. */
  expectedDeviceDid: string;
  /** Required: the moment to judge `validUntil` at, a Date or Unix seconds. */
  now: Instant;
}

/**
 * Verifies a v2 binding for the device the caller names, at `now`: typ first (it is
 * inside the signed bytes so no other artifact replays as a binding), integer
 * times, the device pin, the expiry, then both signatures. Never throws on the binding.
 */
export function verifyDeviceBindingV2(
  binding: unknown,
  check: BindingCheck,
): Verdict<Omit<DeviceBindingV2, 'sig' | 'deviceSig'>, RecordCode> {
  if (typeof check?.expectedDeviceDid !== 'string')
    throw new SeamError('bad-argument', 'verifyDeviceBindingV2 needs expectedDeviceDid (a string)');
  const now = requiredInstant(check.now, 'verifyDeviceBindingV2', "to judge the binding's validUntil");
  if (!isRecord(binding))
    return fail('not-an-object', `the binding is ${describeType(binding)}, not a JSON object`);
  const { typ, rootDid, deviceDid, ts, validUntil, sig, deviceSig } = binding as Fields;
  if (typ !== BINDING_V2_TYP) return fail('wrong-typ', `typ is not ${BINDING_V2_TYP}`);
  for (const [name, value] of [
    ['rootDid', rootDid],
    ['deviceDid', deviceDid],
    ['sig', sig],
    ['deviceSig', deviceSig],
  ] as const)
    if (typeof value !== 'string')
      return fail('missing-field', `${name} is ${describeType(value)}; it is a string`);
  const integers = notInteger(binding, ['ts', 'validUntil']);
  if (integers !== null) return fail('not-integer', integers);
  if (deviceDid !== check.expectedDeviceDid)
    return fail('wrong-device', 'deviceDid names another device than the expectedDeviceDid given');
  const until = validUntil as number;
  if (until !== 0 && now > until) return fail('expired', `expired ${now - until} s ago`);
  const rootKey = verificationKeyFromDid(rootDid);
  if (!rootKey.ok) return unusableDid(rootKey, 'rootDid');
  const deviceKey = verificationKeyFromDid(deviceDid);
  if (!deviceKey.ok) return unusableDid(deviceKey, 'deviceDid');
  const payload = verifiablePayload(declaredFields(binding, BINDING_V2_FIELDS));
  if (!payload.ok) return payload;
  const owner = verifyBase64Signature(rootKey.value, payload.value, sig, didLabel(rootDid as string));
  if (!owner.ok) return { ...owner, detail: `sig: ${owner.detail}` };
  const device = verifyBase64Signature(
    deviceKey.value,
    payload.value,
    deviceSig,
    didLabel(deviceDid as string),
  );
  if (!device.ok) return { ...device, detail: `deviceSig: ${device.detail}` };
  return ok({
    typ: BINDING_V2_TYP,
    rootDid: rootDid as string,
    deviceDid: deviceDid as string,
    ts: ts as number,
    validUntil: until,
  });
}
