/**
 * The inner signature: its preimage rebuilt from the inner entries as received, and the
 * check under the sender key that the caller's key-state logic resolves.
 */
import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { encode } from '@agent-seam/coredet-cbor';
import { verifyEd25519 } from '@agent-seam/did';
import { sha256Digest } from './primitives.js';
import { encodeRawMap } from './wire-map.js';

/**
 * Refusals a sender-key resolver may return; they pass through `openEnvelope` unchanged.
 * bad-kel: the key history does not replay; from-mismatch: it replays to another AID;
 * bad-key-state: ksn lies beyond it; revoked-key / rotation-grace-expired: the key at ksn
 * was retired before ts / the grace after a rotation has run out; bad-notice: the witness
 * notice does not vouch for the history.
 */
export const SENDER_KEY_CODES = [
  'bad-kel',
  'from-mismatch',
  'bad-key-state',
  'revoked-key',
  'rotation-grace-expired',
  'bad-notice',
] as const;
export type SenderKeyCode = (typeof SENDER_KEY_CODES)[number];

/**
 * The resolver is the caller's code: an answer that is not a Verdict, or a refusal with a
 * code outside SenderKeyCode, is a programmer error. Checking it keeps the openers' code
 * unions closed.
 */
function requireAnswer(answer: Verdict<Uint8Array, SenderKeyCode>): void {
  const valid =
    typeof answer === 'object' &&
    answer !== null &&
    (answer.ok === true ||
      (answer.ok === false && (SENDER_KEY_CODES as readonly string[]).includes(answer.code)));
  if (!valid)
    throw new SeamError(
      'bad-argument',
      'resolveSenderKey must return ok(publicKey) or fail(code) with a SenderKeyCode',
    );
}

/**
 * What a resolver gets to choose the sender's Ed25519 key (KEL replay is the caller's).
 * DECIDED: both times are milliseconds since the Unix epoch, the wire's unit, so a
 * resolver compares the message time with its key history and the receiver's clock
 * without converting (`new Date(nowMs)` gives a Date).
 */
export interface SenderKeyQuery {
  from: string;
  /** Key sequence number: which key of the sender's key event log signed. */
  ksn: number;
  /** The message's ts (inner key 7), as sent. */
  tsMs: number;
  /** The receiver's clock: the opener's `now`, in whole milliseconds. */
  nowMs: number;
  /** Inner key 10, when present: the sender's key event log as sent. */
  kel?: Uint8Array;
  /** Inner key 11, when present: the witness notices as sent. */
  notices?: Uint8Array[];
  /** Inner key 12, when present: the sender's signed encryption key set as sent. */
  keys?: Uint8Array;
}

export type ResolveSenderKey = (query: SenderKeyQuery) => Verdict<Uint8Array, SenderKeyCode>;

export interface PreimageRecipe {
  /** The domain-separation label, placed at key 0. */
  label: string;
  /** Inner keys left out of the preimage (the signature, v1's unsigned pad). */
  drop: readonly number[];
  /** v2: key 9 carries SHA-256 of the body instead of the body. */
  hashBodyAt?: number;
  /** Entries bound from outside the inner map (outer enc, kid, suite, ...), already encoded. */
  bind: readonly (readonly [number, Uint8Array])[];
}

/** The signature preimage: a CoreDet map of the inner entries as received, adjusted by the recipe. */
export function signaturePreimage(
  inner: Iterable<{ key: number | bigint | string | Uint8Array; valueBytes: Uint8Array; value: unknown }>,
  recipe: PreimageRecipe,
): Uint8Array {
  const entries: [number | bigint, Uint8Array][] = [[0, encode(recipe.label)]];
  for (const { key, value, valueBytes } of inner) {
    if (typeof key !== 'number' && typeof key !== 'bigint') continue;
    if (typeof key === 'number' && recipe.drop.includes(key)) continue;
    entries.push([
      key,
      key === recipe.hashBodyAt && value instanceof Uint8Array ? encode(sha256Digest(value)) : valueBytes,
    ]);
  }
  for (const [key, bytes] of recipe.bind) entries.push([key, bytes]);
  return encodeRawMap(entries);
}

/** Resolve the sender key, then verify; the resolver's refusal wins over bad-sig. */
export function checkInnerSignature(
  query: SenderKeyQuery,
  resolve: ResolveSenderKey,
  preimage: Uint8Array,
  signature: Uint8Array,
): Verdict<Uint8Array, SenderKeyCode | 'bad-sig'> {
  const key = resolve(query);
  requireAnswer(key);
  if (!key.ok) return key;
  const verdict = verifyEd25519(key.value, preimage, signature);
  return verdict.ok
    ? ok(key.value)
    : fail(
        'bad-sig',
        `the inner signature does not verify under the key your resolver gave (${verdict.code})`,
      );
}
