import { missingOption, type ReplayCache, SeamError } from '@agent-seam/canonical';

/**
 * The replay store a request verifier asks is canonical's `ReplayCache`, the one envelope
 * and hpke-seal ask too, so a store written once (in memory, or shared between processes)
 * plugs into all of them. A store that answers with a promise needs `verifyRequestAsync`;
 * `verifyRequest` refuses it as a configuration error.
 */
export type { ReplayAnswer, ReplayCache } from '@agent-seam/canonical';

/** A request verifier's replay option: a store, or `'off'` to accept a request more than once. */
export type ReplayOption = ReplayCache | 'off';

/** What the verified value says about replay: remembered as first seen, or not judged by the caller's choice. */
export type ReplayOutcome = 'first-seen' | 'off-by-caller';

/**
 * The replay option of a request verifier, checked before anything is read: required
 * (a missing store would let a captured request through again), a store whose window
 * covers a whole signature lifetime (a request remembered for less could come back
 * before it expires), or `'off'` by name.
 */
export function replayOption(value: unknown, maxLifetime: number, entry: string): ReplayOption {
  if (value === 'off') return 'off';
  if (value === undefined)
    throw missingOption(
      entry,
      'replay',
      '(a ReplayCache, e.g. new MemoryReplayCache()) to refuse a second delivery of one signed request',
    );
  const store = value as Partial<ReplayCache> | null;
  if (typeof store !== 'object' || store === null || typeof store.checkAndRemember !== 'function')
    throw new SeamError('bad-argument', `${entry} replay must be a ReplayCache or 'off'`);
  if (!((store.windowSeconds as number) >= maxLifetime))
    throw new SeamError(
      'bad-argument',
      `${entry}: the replay window (${String(store.windowSeconds)} s) is shorter than maxLifetime (${maxLifetime} s): a request forgotten before it expires could be replayed`,
    );
  return store as ReplayCache;
}

/**
 * The store's key for a verified signature, as the pair the store expects. The sender is
 * the keyid (an RFC 7638 thumbprint of a key of the caller's directory: base64url, so no
 * separator an attacker could write); the message is the nonce when the signer sent one,
 * else the signature itself, behind a one-letter tag so the two never spell one key.
 */
export const replayKey = (keyid: string, nonce: string | undefined, signature: string) => ({
  sender: keyid,
  messageId: nonce === undefined ? `s:${signature}` : `n:${nonce}`,
});
