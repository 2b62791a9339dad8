import {
  describeType,
  fail,
  type Instant,
  ok,
  SeamError,
  unixSeconds,
  type Verdict,
} from '@agent-seam/canonical';
import { didFromSeed, verificationKeyFromDid } from './did-key.js';
import { didLabel, signToBase64, verifyBase64Signature } from './signature-text.js';
import {
  compareCodePoints,
  declaredFields,
  isInteger,
  isRecord,
  notInteger,
  type RecordCode,
  signingBytes,
  unusableDid,
  verifiablePayload,
} from './signed-record.js';

export const OWNER_STATE_TYP = 'muretai/ownerstate/1';
const OWNER_STATE_FIELDS = ['typ', 'rootDid', 'epoch', 'revoked', 'ts'] as const;

/** Most device DIDs one OwnerState may list; the signer refuses more (see isRevoked). */
export const MAX_REVOKED = 1024;

export interface OwnerState {
  rootDid: string;
  epoch: number;
  /** Disowned device DIDs, sorted by code point, no duplicates. */
  revoked: readonly string[];
  ts: number;
}

/** Strictly ascending by code point: sorted and free of duplicates, the one spelling of a set. */
const isStrictlyAscending = (list: readonly string[]): boolean =>
  list.every((v, i) => i === 0 || compareCodePoints(list[i - 1]!, v) < 0);

/**
 * Signs an OwnerState; the revoked list is de-duplicated and sorted here, at the mint
 * point. `ts` is an instant (a Date or Unix seconds), written as whole seconds.
 */
export function signOwnerState(
  fields: { epoch: number; revoked: readonly string[]; ts: Instant },
  ownerSeed: Uint8Array,
): OwnerState & { typ: string; sig: string } {
  const ts = unixSeconds(fields?.ts, 'signOwnerState ts');
  if (!isInteger(fields.epoch)) throw new SeamError('not-integer', 'signOwnerState epoch is an integer');
  // The reader refuses a list holding anything but DIDs: the signer never writes one.
  if (!Array.isArray(fields.revoked) || fields.revoked.some((v) => typeof v !== 'string'))
    throw new SeamError('missing-field', 'signOwnerState revoked is not a list of DIDs');
  const revoked = [...new Set(fields.revoked)].sort(compareCodePoints);
  if (revoked.length > MAX_REVOKED) throw new SeamError('too-many-revoked', `at most ${MAX_REVOKED} devices`);
  const body = {
    typ: OWNER_STATE_TYP,
    rootDid: didFromSeed(ownerSeed),
    epoch: fields.epoch,
    revoked,
    ts,
  };
  return { ...body, sig: signToBase64(ownerSeed, signingBytes(body)) };
}

/**
 * Verifies an OwnerState as authority over the caller's `rootDid` only: the key is
 * derived from that DID, never taken from the record. Answers "is this authentic",
 * not "is this newer" (see newerOwnerState). Never throws on the record.
 */
export function verifyOwnerState(
  record: unknown,
  expected: { rootDid: string },
): Verdict<OwnerState, RecordCode> {
  if (typeof expected?.rootDid !== 'string')
    throw new SeamError('bad-argument', 'the expected rootDid is required');
  if (!isRecord(record))
    return fail('not-an-object', `the OwnerState is ${describeType(record)}, not a JSON object`);
  const { typ, rootDid, epoch, revoked, ts, sig } = record;
  if (typ !== OWNER_STATE_TYP) return fail('wrong-typ', `typ is not ${OWNER_STATE_TYP}`);
  if (rootDid !== expected.rootDid)
    return fail('wrong-root', 'rootDid names another root than the one given');
  const integers = notInteger(record, ['epoch', 'ts']);
  if (integers !== null) return fail('not-integer', integers);
  if (!Array.isArray(revoked))
    return fail('missing-field', `revoked is ${describeType(revoked)}; it is a list of DIDs`);
  const notText = revoked.findIndex((v) => typeof v !== 'string');
  if (notText !== -1)
    return fail('missing-field', `revoked[${notText}] is ${describeType(revoked[notText])}; it is a DID`);
  // A reordered or repeated list is a second spelling of one decision: refuse, never normalise.
  if (!isStrictlyAscending(revoked))
    return fail('non-canonical', 'revoked is not sorted by code point without repeats (its one spelling)');
  if (typeof sig !== 'string')
    return fail('missing-field', `sig is ${describeType(sig)}; there is no unsigned OwnerState`);
  const key = verificationKeyFromDid(rootDid);
  if (!key.ok) return unusableDid(key, 'rootDid');
  const payload = verifiablePayload(declaredFields(record, OWNER_STATE_FIELDS));
  if (!payload.ok) return payload;
  const verdict = verifyBase64Signature(key.value, payload.value, sig, didLabel(rootDid as string));
  if (!verdict.ok) return verdict;
  return ok({ rootDid: rootDid as string, epoch: epoch as number, revoked, ts: ts as number });
}

/** The state to keep: `candidate` only at a strictly greater epoch, whatever the clocks say. */
export const newerOwnerState = (current: OwnerState | null, candidate: OwnerState): OwnerState =>
  current === null || candidate.epoch > current.epoch ? candidate : current;

/**
 * True when `state` lists `deviceDid`. False is NOT proof the device is still owned:
 * the list is revocation-only and capped, so absence means only "not revoked here".
 */
export const isRevoked = (state: OwnerState, deviceDid: string): boolean => state.revoked.includes(deviceDid);
