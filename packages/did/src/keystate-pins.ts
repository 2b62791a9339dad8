/**
 * KeyState pins kept in a store: the last KeyState a verifier followed for each root, so
 * that a peer's epoch can only move forward, across messages, restarts and processes.
 * `resolveOpDid` takes the pin as a value; this is the same ratchet with the pin read
 * from a store and written back in one compare-and-set, for stores shared by several
 * processes (which answer with promises).
 */
import { fail, type Instant, ok, requiredInstant, SeamError, type Verdict } from '@agent-seam/canonical';
import { ratchet } from './keystate.js';

/** A pinned KeyState: the signed record as received; its `sig` names it. */
export interface KeyStatePin {
  readonly sig: string;
  readonly [field: string]: unknown;
}

/**
 * Where the pin of each root lives, by root DID (a record names its root and is refused
 * for any other, so the DID is the lineage's name). `compareAndSet` must be one atomic
 * step: store `next` only if the pin stored now is `expected` (the same `sig`;
 * `undefined`: nothing stored), and say whether it did. Either method may answer with a
 * promise (a store shared between processes).
 */
export interface KeyStatePinStore {
  get(rootDid: string): KeyStatePin | undefined | PromiseLike<KeyStatePin | undefined>;
  compareAndSet(
    rootDid: string,
    expected: KeyStatePin | undefined,
    next: KeyStatePin,
  ): boolean | PromiseLike<boolean>;
}

/** The one refusal of a pinned resolution: the store did not answer, so nothing is resolved. */
export const KEYSTATE_PIN_CODES = ['pin-store-unavailable'] as const;
export type KeyStatePinCode = (typeof KEYSTATE_PIN_CODES)[number];

/**
 * What resolving did to the pin: `pinned` (the first one for this root), `advanced` (the
 * inline record won the ratchet and replaced it), `kept` (the pin stands: the inline
 * record was older, a fork at the pin's epoch, invalid, or absent), `none` (no pin, and
 * no inline record to pin).
 */
export type KeyStatePinOutcome = 'pinned' | 'advanced' | 'kept' | 'none';

export interface PinnedResolution {
  /** The DID that speaks for the root now (resolveOpDid's answer with the stored pin). */
  opDid: string;
  pin: KeyStatePinOutcome;
}

/** A pin store in this process's memory. */
export class MemoryKeyStatePinStore implements KeyStatePinStore {
  readonly #pins = new Map<string, KeyStatePin>();

  get(rootDid: string): KeyStatePin | undefined {
    return this.#pins.get(rootDid);
  }

  compareAndSet(rootDid: string, expected: KeyStatePin | undefined, next: KeyStatePin): boolean {
    if (this.#pins.get(rootDid)?.sig !== expected?.sig) return false;
    this.#pins.set(rootDid, next);
    return true;
  }
}

/**
 * Each lost compare-and-set means another writer pinned a record of a strictly greater
 * epoch first; a store that keeps refusing breaks its contract (a thrown SeamError).
 */
const MAX_ROUNDS = 64;

const unavailable = () =>
  fail('pin-store-unavailable', 'the KeyState pin store did not answer, so the root cannot be resolved');

/**
 * `resolveOpDid` with the pin read from `pins`, and the inline record pinned when the
 * resolution follows it. Rollback (an older epoch) and fork (another record at the
 * pinned epoch) do not move the pin, exactly as with a pin passed by value; of two
 * processes pinning different records at once, one compare-and-set wins and the other
 * resolves again against it. A store that rejects (unreachable, timed out) makes the
 * verdict `pin-store-unavailable`, never a resolution without the pin.
 */
export async function resolveOpDidPinned(
  rootDid: string,
  inline: unknown,
  now: Instant,
  options: { pins: KeyStatePinStore },
): Promise<Verdict<PinnedResolution, KeyStatePinCode>> {
  const seconds = requiredInstant(
    now,
    'resolveOpDidPinned',
    "to judge the inline record's notBefore and notAfter",
  );
  const pins = options?.pins;
  if (typeof pins?.get !== 'function' || typeof pins.compareAndSet !== 'function')
    throw new SeamError(
      'bad-options',
      'resolveOpDidPinned needs pins: a KeyStatePinStore (get and compareAndSet)',
    );
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let pinned: KeyStatePin | undefined;
    try {
      pinned = await pins.get(rootDid);
    } catch {
      return unavailable();
    }
    const resolved = ratchet(rootDid, inline, seconds, pinned);
    if (!resolved.followedInline)
      return ok({ opDid: resolved.opDid, pin: pinned === undefined ? 'none' : 'kept' });
    let written: boolean;
    try {
      written = await pins.compareAndSet(rootDid, pinned, inline as KeyStatePin);
    } catch {
      return unavailable();
    }
    if (written === true)
      return ok({ opDid: resolved.opDid, pin: pinned === undefined ? 'pinned' : 'advanced' });
  }
  throw new SeamError(
    'store-contended',
    'the KeyState pin store refused every compare-and-set: it breaks its contract',
  );
}
