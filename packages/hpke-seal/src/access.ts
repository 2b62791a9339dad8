/**
 * The delivery credential in outer key 7. It sits outside the HPKE info and the inner
 * signature; a capability (kind 1) proves possession with a signature by the holder key
 * over the envelope digest. DECIDED: env_digest = SHA-256(CoreDet of the outer map without
 * key 7, every other entry as received) and the proof signs "anet-cap-pop/v2" ‖ 0x00 ‖
 * env_digest. Whether a capability is still honoured (mailbox signature, epoch, class,
 * expiry, revocation) is the issuing recipient's policy and not judged here.
 */
import { concatBytes, fail, ok, type Verdict } from '@agent-seam/canonical';
import { encode, type RawEntry } from '@agent-seam/coredet-cbor';
import { signEd25519, verifyEd25519 } from '@agent-seam/did';
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

export type AccessCode = 'bad-access' | 'bad-pop';

/** A first-contact session (the hub checks its MAC), or a capability with its holder seed. */
export type AccessInput =
  | { kind: typeof ACCESS_KIND_SESSION }
  | {
      kind: typeof ACCESS_KIND_CAPABILITY;
      cap: { body: Uint8Array; sig: Uint8Array };
      holderSeed: Uint8Array;
    };

export type Access =
  | { kind: typeof ACCESS_KIND_SESSION }
  | { kind: typeof ACCESS_KIND_CAPABILITY; capBody: Uint8Array; capSig: Uint8Array; holderKey: Uint8Array };

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

/** A closed map: no unknown key in 0-63, no extension, every rule met. */
function closedMap(bytes: Uint8Array, schema: Schema): WireMap | null {
  const map = decodeWireMap(bytes, bytes.length);
  if (map === null || map.extensions.length > 0) return null;
  return firstUnknownKey(map, schema) === null && firstBadField(map, schema) === null ? map : null;
}

/** Structure of the credential, then (kind 1) the holder's proof over the envelope digest. */
export function checkAccess(accessBytes: Uint8Array, outer: WireMap): Verdict<Access, AccessCode> {
  const access = closedMap(accessBytes, ACCESS_SCHEMA);
  if (access === null) return fail('bad-access', 'not a closed Access map');
  const kind = uintField(access, ACCESS.kind);
  const hasCap = access.fields.has(ACCESS.cap);
  const hasPop = access.fields.has(ACCESS.pop);
  if (kind === ACCESS_KIND_SESSION) return hasCap || hasPop ? fail('bad-access') : ok({ kind });
  if (kind !== ACCESS_KIND_CAPABILITY || !hasCap || !hasPop)
    return fail('bad-access', 'unknown kind or missing parts');
  const cap = closedMap(access.fields.get(ACCESS.cap)!.valueBytes, CAP_SCHEMA);
  if (cap === null) return fail('bad-access', 'not a closed Cap map');
  const capBody = bytesField(cap, CAP.body);
  const body = closedMap(capBody, CAP_BODY_SCHEMA);
  if (body === null || textField(body, CAP_BODY.tag) !== CAP_BODY_TAG)
    return fail('bad-access', 'not a CapBody');
  if (textField(body, CAP_BODY.owner) !== textField(outer, OUTER.to))
    return fail('bad-access', 'owner is not to');
  const holderKey = bytesField(body, CAP_BODY.holder);
  const pop = bytesField(access, ACCESS.pop);
  if (!verifyEd25519(holderKey, popMessage(envelopeDigest(outer.entries)), pop).ok) return fail('bad-pop');
  return ok({ kind, capBody, capSig: bytesField(cap, CAP.sig), holderKey });
}
