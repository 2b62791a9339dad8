import { fail, type Instant, ok, SeamError, unixSeconds, type Verdict } from '@agent-seam/canonical';
import { didFromSeed, verificationKeyFromDid } from './did-key.js';
import { signToBase64, verifyBase64Signature } from './signature-text.js';
import {
  compareCodePoints,
  declaredFields,
  isInteger,
  isRecord,
  type RecordCode,
  signingBytes,
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
  if (!isRecord(record)) return fail('not-an-object', 'an OwnerState is a JSON object');
  const { typ, rootDid, epoch, revoked, ts, sig } = record;
  if (typ !== OWNER_STATE_TYP) return fail('wrong-typ');
  if (rootDid !== expected.rootDid) return fail('wrong-root');
  if (!isInteger(epoch) || !isInteger(ts)) return fail('not-integer', 'epoch and ts are integers');
  if (!Array.isArray(revoked) || !revoked.every((v) => typeof v === 'string'))
    return fail('missing-field', 'revoked is a list of DIDs');
  // A reordered or repeated list is a second spelling of one decision: refuse, never normalise.
  if (!isStrictlyAscending(revoked)) return fail('non-canonical', 'revoked must be sorted and unique');
  if (typeof sig !== 'string') return fail('missing-field', 'there is no unsigned OwnerState');
  const key = verificationKeyFromDid(rootDid);
  if (!key.ok) return key;
  const payload = verifiablePayload(declaredFields(record, OWNER_STATE_FIELDS));
  if (!payload.ok) return payload;
  const verdict = verifyBase64Signature(key.value, payload.value, sig);
  if (!verdict.ok) return verdict;
  return ok({ rootDid, epoch, revoked, ts });
}

/** The state to keep: `candidate` only at a strictly greater epoch, whatever the clocks say. */
export const newerOwnerState = (current: OwnerState | null, candidate: OwnerState): OwnerState =>
  current === null || candidate.epoch > current.epoch ? candidate : current;

/**
 * True when `state` lists `deviceDid`. False is NOT proof the device is still owned:
 * the list is revocation-only and capped, so absence means only "not revoked here".
 */
export const isRevoked = (state: OwnerState, deviceDid: string): boolean => state.revoked.includes(deviceDid);
