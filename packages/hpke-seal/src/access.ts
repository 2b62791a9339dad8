/**
 * The delivery credential in outer key 7. It sits outside the HPKE info and the inner
 * signature; a capability (kind 1) proves possession with a signature by the holder key
 * over the envelope digest. DECIDED: env_digest = SHA-256(CoreDet of the outer map without
 * key 7, every other entry as received) and the proof signs "anet-cap-pop/v2" ‖ 0x00 ‖
 * env_digest. A capability is judged against the recipient's own mailbox key and epoch
 * (seed 002, "Delivery credentials"): the mailbox signature over the CapBody bytes, the
 * `anet.cap/1` tag, owner = the recipient, epoch = the current mailbox epoch, class
 * contact or stranger, `now - 5 min <= cap_exp <= now + 31 days`, then the holder's proof.
 * Revocation of single capabilities is the hub's (the recipient revokes them there).
 */
import { bytesEqual, concatBytes, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { encode, type RawEntry } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { ascii } from './bytes.js';
import {
  ACCESS,
  ACCESS_KIND_CAPABILITY,
  ACCESS_KIND_SESSION,
  ACCESS_SCHEMA,
  CAP,
  CAP_BODY,
  CAP_BODY_SCHEMA,
  CAP_BODY_TAG,
  CAP_SCHEMA,
  LABEL_POP_V2,
  OUTER,
} from './envelope-wire.js';
import { sha256Digest } from './primitives.js';
import {
  bytesField,
  decodeWireMap,
  encodeRawMap,
  firstBadField,
  firstUnknownKey,
  type Schema,
  textField,
  uintField,
  type WireMap,
} from './wire-map.js';

export type AccessCode =
  | 'bad-access'
  | 'capability-not-accepted'
  | 'bad-cap-sig'
  | 'cap-epoch-mismatch'
  | 'cap-expired'
  | 'cap-too-long'
  | 'bad-pop';

/** A capability may have expired this long ago and still be honoured: 5 minutes (clock skew). */
export const CAP_EXPIRY_SKEW_MS = 5 * 60 * 1000;
/** The furthest a capability's expiry may lie ahead of now: 31 days. */
export const CAP_MAX_LIFETIME_MS = 31 * 24 * 60 * 60 * 1000;
/** CapBody classes (key 4). */
export const CAP_CLASS = { 1: 'contact', 2: 'stranger' } as const;
export type CapClass = (typeof CAP_CLASS)[keyof typeof CAP_CLASS];

/**
 * The recipient's own mailbox signing key and its current epoch: what a capability it
 * issued is judged against. `'off'` (the caller's opt-out by name) accepts first-contact
 * sessions only: a capability then is `capability-not-accepted`.
 */
export interface MailboxKey {
  /** The Ed25519 public key of the recipient's mailbox signing key (mbox in its key set). */
  publicKey: Uint8Array;
  /** The current mailbox epoch (>= 1); a capability signed under another one is void. */
  epoch: number;
}

/** The mailbox option, read once: a MailboxKey, or 'off'; SeamError otherwise. */
export function readMailbox(value: unknown, opener: string): MailboxKey | 'off' {
  if (value === undefined)
    throw new SeamError(
      'missing-option',
      `${opener} needs mailbox ({ publicKey, epoch }: your mailbox signing key and its current epoch) to judge a capability credential; to accept first-contact sessions only, pass mailbox: 'off'`,
    );
  if (value === 'off') return 'off';
  const { publicKey, epoch } = (value ?? {}) as Partial<MailboxKey>;
  if (
    !(publicKey instanceof Uint8Array) ||
    publicKey.length !== 32 ||
    !Number.isSafeInteger(epoch) ||
    epoch! < 1
  )
    throw new SeamError(
      'bad-argument',
      `${opener} mailbox must be { publicKey: 32-byte Ed25519 key, epoch: integer >= 1 } or 'off'`,
    );
  return { publicKey, epoch: epoch! };
}

/** A first-contact session (the hub checks its MAC), or a capability with its holder seed. */
export type AccessInput =
  | { kind: typeof ACCESS_KIND_SESSION }
  | {
      kind: typeof ACCESS_KIND_CAPABILITY;
      cap: { body: Uint8Array; sig: Uint8Array };
      holderSeed: Uint8Array;
    };

/** A capability as judged: what a recipient needs to account for it (and revoke it at the hub). */
export interface JudgedCapability {
  /** The 16-byte random identifier (CapBody key 3). */
  id: Uint8Array;
  class: CapClass;
  /** The mailbox epoch it was signed under: the current one. */
  epoch: number;
  /** Its expiry, milliseconds since the Unix epoch (the wire's unit). */
  expMs: number;
}

export type Access =
  | { kind: typeof ACCESS_KIND_SESSION }
  | {
      kind: typeof ACCESS_KIND_CAPABILITY;
      capBody: Uint8Array;
      capSig: Uint8Array;
      holderKey: Uint8Array;
      capability: JudgedCapability;
    };

/** env_digest over outer entries (raw), leaving out the credential itself. */
export function envelopeDigest(
  outerEntries: Iterable<RawEntry | readonly [number | bigint, Uint8Array]>,
): Uint8Array {
  const kept: [number | bigint, Uint8Array][] = [];
  for (const e of outerEntries) {
    const [key, bytes] = Array.isArray(e) ? e : [(e as RawEntry).key, (e as RawEntry).valueBytes];
    if (key !== OUTER.access) kept.push([key as number | bigint, bytes]);
  }
  return sha256Digest(encodeRawMap(kept));
}

const popMessage = (digest: Uint8Array) => concatBytes([ascii(LABEL_POP_V2), Uint8Array.of(0), digest]);

/** The encoded Access map a sender puts at outer key 7. */
export function encodeAccess(access: AccessInput, digest: Uint8Array): Uint8Array {
  if (access.kind === ACCESS_KIND_SESSION) return encode(new Map([[ACCESS.kind, ACCESS_KIND_SESSION]]));
  const cap = encode(
    new Map<number, Uint8Array>([
      [CAP.body, access.cap.body],
      [CAP.sig, access.cap.sig],
    ]),
  );
  return encodeRawMap([
    [ACCESS.kind, encode(ACCESS_KIND_CAPABILITY)],
    [ACCESS.cap, cap],
    [ACCESS.pop, encode(signEd25519(access.holderSeed, popMessage(digest)))],
  ]);
}

/**
 * What a sealer's capability would be refused for, whatever the recipient's clock and
 * mailbox: a CapBody that is not a closed anet.cap/1 map, another owner than `to`, a class
 * that is neither contact nor stranger, or a holder seed that is not the CapBody's holder
 * (its proof would not verify). Null when none: the writer refuses what the reader refuses.
 */
export function unsendableCapability(access: AccessInput, to: string): string | null {
  if (access.kind !== ACCESS_KIND_CAPABILITY) return null;
  const body = closedMap(access.cap.body, CAP_BODY_SCHEMA);
  if (body === null || textField(body, CAP_BODY.tag) !== CAP_BODY_TAG)
    return 'access.cap.body is not a closed anet.cap/1 CapBody';
  if (textField(body, CAP_BODY.owner) !== to) return 'access.cap.body names another owner than to';
  if (!(uintField(body, CAP_BODY.class) in CAP_CLASS))
    return 'access.cap.body class is neither contact (1) nor stranger (2)';
  if (!bytesEqual(keyPairFromSeed(access.holderSeed).publicKey, bytesField(body, CAP_BODY.holder)))
    return "access.holderSeed is not the seed of the CapBody's holder key";
  return null;
}

/** A closed map: no unknown key in 0-63, no extension, every rule met. */
function closedMap(bytes: Uint8Array, schema: Schema): WireMap | null {
  const map = decodeWireMap(bytes, bytes.length);
  if (map === null || map.extensions.length > 0) return null;
  return firstUnknownKey(map, schema) === null && firstBadField(map, schema) === null ? map : null;
}

/** What the capability is judged against: the recipient's mailbox, and its clock. */
export interface CapabilityJudge {
  mailbox: MailboxKey | 'off';
  nowMs: number;
}

/** A span of milliseconds in seconds, exact to the millisecond. */
const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * Structure of the credential; for a capability, the recipient's judgement of it (the
 * mailbox signature, epoch and expiry window), then the holder's proof over the envelope
 * digest. Details say what failed in the credential's terms, never echoing its bytes.
 */
export function checkAccess(
  accessBytes: Uint8Array,
  outer: WireMap,
  judge: CapabilityJudge,
): Verdict<Access, AccessCode> {
  const access = closedMap(accessBytes, ACCESS_SCHEMA);
  if (access === null) return fail('bad-access', 'the credential is not a closed Access map');
  const kind = uintField(access, ACCESS.kind);
  const hasCap = access.fields.has(ACCESS.cap);
  const hasPop = access.fields.has(ACCESS.pop);
  if (kind === ACCESS_KIND_SESSION)
    return hasCap || hasPop
      ? fail('bad-access', 'a first-contact credential carries a capability part')
      : ok({ kind });
  if (kind !== ACCESS_KIND_CAPABILITY) return fail('bad-access', 'the credential kind is neither 0 nor 1');
  if (!hasCap || !hasPop)
    return fail('bad-access', `the capability credential has no ${hasCap ? 'proof' : 'Cap'}`);
  const cap = closedMap(access.fields.get(ACCESS.cap)!.valueBytes, CAP_SCHEMA);
  if (cap === null) return fail('bad-access', 'the Cap is not a closed map of body and signature');
  const capBody = bytesField(cap, CAP.body);
  const body = closedMap(capBody, CAP_BODY_SCHEMA);
  if (body === null) return fail('bad-access', 'the CapBody is not a closed map with its field rules');
  if (textField(body, CAP_BODY.tag) !== CAP_BODY_TAG)
    return fail('bad-access', `the CapBody tag is not ${CAP_BODY_TAG}`);
  if (textField(body, CAP_BODY.owner) !== textField(outer, OUTER.to))
    return fail('bad-access', 'the CapBody owner is not the outer to');
  const capClass = CAP_CLASS[uintField(body, CAP_BODY.class) as keyof typeof CAP_CLASS];
  if (capClass === undefined)
    return fail('bad-access', 'the CapBody class is neither contact (1) nor stranger (2)');
  const { mailbox, nowMs } = judge;
  if (mailbox === 'off')
    return fail(
      'capability-not-accepted',
      "a capability credential, and this recipient opens with mailbox: 'off'",
    );
  const capSig = bytesField(cap, CAP.sig);
  if (!verifyEd25519(mailbox.publicKey, capBody, capSig).ok)
    return fail('bad-cap-sig', 'the CapBody signature does not verify under your mailbox key');
  const epoch = uintField(body, CAP_BODY.epoch);
  if (epoch !== mailbox.epoch)
    return fail('cap-epoch-mismatch', `signed under mailbox epoch ${epoch}, and yours is ${mailbox.epoch}`);
  const expMs = uintField(body, CAP_BODY.exp);
  if (expMs < nowMs - CAP_EXPIRY_SKEW_MS)
    return fail(
      'cap-expired',
      `expired ${seconds(nowMs - expMs)} ago (allowed skew ${seconds(CAP_EXPIRY_SKEW_MS)})`,
    );
  if (expMs > nowMs + CAP_MAX_LIFETIME_MS)
    return fail(
      'cap-too-long',
      `expires ${seconds(expMs - nowMs)} from now, over the allowed ${seconds(CAP_MAX_LIFETIME_MS)} (31 days)`,
    );
  const holderKey = bytesField(body, CAP_BODY.holder);
  const pop = bytesField(access, ACCESS.pop);
  if (!verifyEd25519(holderKey, popMessage(envelopeDigest(outer.entries)), pop).ok)
    return fail('bad-pop', "the proof of possession does not verify under the CapBody's holder key");
  const capability = { id: bytesField(body, CAP_BODY.id), class: capClass, epoch, expMs };
  return ok({ kind, capBody, capSig, holderKey, capability });
}
