import {
  describeType,
  fail,
  hex,
  type Instant,
  ok,
  requiredInstant,
  unixSeconds,
  type Verdict,
} from '@agent-seam/canonical';
import { keyPairFromSeed } from './ed25519.js';
import { signToBase64, verifyBase64Signature } from './signature-text.js';
import {
  declaredFields,
  type Fields,
  isRecord,
  notInteger,
  type RecordCode,
  refuseToWrite,
  signingBytes,
  verifiablePayload,
} from './signed-record.js';

export const KEYSTATE_TYP = 'muretai/keystate/1';

/** The fields a KeyState v1 signature covers (those the record carries), besides `sig`. */
export const KEYSTATE_FIELDS = [
  'typ',
  'rootDid',
  'epoch',
  'rootKey',
  'rootNextHash',
  'opDid',
  'opNextHash',
  'encPub',
  'encNextHash',
  'guardiansHash',
  'revokedOps',
  'notBefore',
  'notAfter',
  'ts',
] as const;

/** A KeyState whose signature verified under the rootKey it names. */
export interface VerifiedKeyState {
  rootDid: string;
  /** Lowercase hex of the 32-byte root key that signed the record. */
  rootKey: string;
  epoch: number;
  opDid: string;
  /** The op DIDs this record burns: empty unless `revokedOps` is a list. */
  revokedOps: readonly string[];
  notBefore: number | null;
  notAfter: number | null;
  ts: number;
}

export type KeyStateFields = Fields & {
  rootDid: string;
  epoch: number;
  opDid: string;
  /** Instants (a Date or Unix seconds), written as whole seconds; the window bounds may be null. */
  ts: Instant;
  notBefore?: Instant | null;
  notAfter?: Instant | null;
};

/** The instants of a KeyState, written as whole seconds (null and absent bounds stay as they are). */
const TIME_FIELDS = ['ts', 'notBefore', 'notAfter'] as const;

/** Signs a KeyState v1 with the root seed; `rootKey` defaults to the seed's own key. */
export function signKeyState(fields: KeyStateFields, rootSeed: Uint8Array): Fields {
  const rootKey = hex.encode(keyPairFromSeed(rootSeed).publicKey);
  const record: Fields = { typ: KEYSTATE_TYP, rootKey, ...fields };
  for (const name of TIME_FIELDS)
    if (name === 'ts' || (record[name] !== undefined && record[name] !== null))
      record[name] = unixSeconds(record[name] as Instant, `signKeyState ${name}`);
  // The reader's own shape check: a record it would refuse is never signed.
  refuseToWrite('signKeyState', readKeyState({ ...record, sig: '' }, record.rootDid as string));
  return { ...record, sig: signToBase64(rootSeed, signingBytes(declaredFields(record, KEYSTATE_FIELDS))) };
}

/** Only a list burns: a number, boolean, string or object carried as `revokedOps` burns nothing. */
const burnList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A KeyState's shape, checked, with what its signature must be verified over. */
interface ReadKeyState {
  state: VerifiedKeyState;
  key: Uint8Array;
  payload: Uint8Array;
  sig: string;
}

/** Reads the fields of a KeyState for `rootDid`; the signature is not looked at here. */
function readKeyState(record: unknown, rootDid: string): Verdict<ReadKeyState, RecordCode> {
  if (!isRecord(record))
    return fail('not-an-object', `the KeyState is ${describeType(record)}, not a JSON object`);
  if (record.typ !== KEYSTATE_TYP) return fail('wrong-typ', `typ is not ${KEYSTATE_TYP}`);
  if (typeof rootDid !== 'string' || record.rootDid !== rootDid)
    return fail('wrong-root', 'rootDid names another root than the one given');
  const { epoch, ts, notBefore = null, notAfter = null, opDid, rootKey, sig } = record;
  const integers = notInteger(record, ['epoch', 'ts']) ?? notInteger(record, ['notBefore', 'notAfter'], true);
  if (integers !== null) return fail('not-integer', integers);
  if (typeof opDid !== 'string')
    return fail('missing-field', `opDid is ${describeType(opDid)}; it is a did:key`);
  if (typeof sig !== 'string')
    return fail('missing-field', `sig is ${describeType(sig)}; it is the base64 signature`);
  const key = hex.decode(rootKey);
  if (!key.ok || key.value.length !== 32)
    return fail('missing-field', 'rootKey is not 64 lowercase hex digits (a 32-byte key)');
  const payload = verifiablePayload(declaredFields(record, KEYSTATE_FIELDS));
  if (!payload.ok) return payload;
  const burns = burnList(record.revokedOps);
  const state = {
    rootDid,
    rootKey: rootKey as string,
    epoch: epoch as number,
    opDid,
    revokedOps: burns,
    notBefore: notBefore as number | null,
    notAfter: notAfter as number | null,
    ts: ts as number,
  };
  return ok({ state, key: key.value, payload: payload.value, sig });
}

/**
 * Verifies a KeyState for `rootDid`: the shape, then the signature under the `rootKey`
 * the record names. A record whose rootKey is not the DID's own key (a rotated root)
 * cannot be lineage-checked here, but it must still be signed by the key it claims.
 * Never throws, whatever the field types.
 */
export function verifyKeyState(record: unknown, rootDid: string): Verdict<VerifiedKeyState, RecordCode> {
  const read = readKeyState(record, rootDid);
  if (!read.ok) return read;
  const { state, key, payload, sig } = read.value;
  const verdict = verifyBase64Signature(key, payload, sig, 'the rootKey the record names');
  return verdict.ok ? ok(state) : verdict;
}

/** Inside the record's own window: two separate comparisons, each bound optional. */
const insideWindow = (state: VerifiedKeyState, now: number): boolean =>
  (state.notBefore === null || now >= state.notBefore) && (state.notAfter === null || now <= state.notAfter);

export interface ResolveOptions {
  /** A KeyState the caller kept from an earlier verified contact with this root. */
  pinned?: unknown;
}

/**
 * The DID that currently speaks for `rootDid`: the op DID of the KeyState that wins
 * the ratchet, or `rootDid` itself when none does.
 *
 * 1. A supplied pin is verified first; a pin that fails verification fails closed to
 *    the root. The inline record counts only if it verifies and `now` is inside its
 *    notBefore/notAfter window (the window is not applied to the pin).
 * 2. The inline record displaces the pin only at a strictly greater epoch under the
 *    same rootKey; an equal epoch with other content is a fork and the pin stands.
 * 3. Burns (`revokedOps` lists) of the pin and of an inline record of the same root key
 *    are unioned. A burned answer falls back to the pin's op DID, then to the root.
 *
 * Pure and total: never throws, whatever either record holds (`now` is the caller's:
 * a Date or Unix seconds, and a SeamError when it is neither).
 */
export function resolveOpDid(
  rootDid: string,
  inline: unknown,
  now: Instant,
  options: ResolveOptions = {},
): string {
  const seconds = requiredInstant(now, 'resolveOpDid', "to judge the inline record's notBefore and notAfter");
  return ratchet(rootDid, inline, seconds, options?.pinned ?? null).opDid;
}

/** The resolution, and whether it followed the inline record (the record a pin store would keep next). */
export interface Ratchet {
  opDid: string;
  followedInline: boolean;
}

/** resolveOpDid's rules at `seconds`, with `pinned` (null: none). */
export function ratchet(rootDid: string, inline: unknown, seconds: number, pinned: unknown): Ratchet {
  const root = { opDid: rootDid, followedInline: false };
  let pin: VerifiedKeyState | null = null;
  if (pinned !== null && pinned !== undefined) {
    const verdict = verifyKeyState(pinned, rootDid);
    if (!verdict.ok) return root;
    pin = verdict.value;
  }
  let fresh: VerifiedKeyState | null = null;
  if (inline !== null && inline !== undefined) {
    const verdict = verifyKeyState(inline, rootDid);
    if (verdict.ok && insideWindow(verdict.value, seconds)) fresh = verdict.value;
  }
  // An inline record under another root key is no part of the pin's lineage.
  if (pin !== null && fresh !== null && fresh.rootKey !== pin.rootKey) fresh = null;
  const winner = pin !== null && (fresh === null || fresh.epoch <= pin.epoch) ? pin : fresh;
  if (winner === null) return root;
  const burned = new Set([...(pin?.revokedOps ?? []), ...(fresh?.revokedOps ?? [])]);
  if (!burned.has(winner.opDid)) return { opDid: winner.opDid, followedInline: winner === fresh };
  if (pin !== null && !burned.has(pin.opDid)) return { opDid: pin.opDid, followedInline: false };
  return root;
}
