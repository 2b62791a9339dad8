import {
  durationSeconds,
  type Freshness,
  fail,
  type Instant,
  judgeAge,
  ok,
  SeamError,
  unixSeconds,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import { SIGNATURE_TEXT_CODES, signToBase64, verifyBase64Signature } from '@agent-seam/did';
import { signerKey } from './signer-key.js';

/** Refusals of the relay signatures (`stale` and `from-future`: listen tokens judged at a `now`). */
export const RELAY_CODES = [
  'not-an-object',
  'not-a-string',
  'missing-field',
  'stale',
  'from-future',
  'from-not-did-key',
  ...SIGNATURE_TEXT_CODES,
] as const;
export type RelayCode = (typeof RELAY_CODES)[number];

export interface RelaySend {
  to: string;
  from: string;
  id: string;
  /** The sealed payload as the relay stores it (base64 text). */
  blob: string;
}

const SEND_FIELDS = ['to', 'from', 'id', 'blob'] as const;

/** Four strings, none holding `|`: otherwise two different sends could spell one string. */
const isSend = (v: object): v is RelaySend =>
  SEND_FIELDS.every((k) => {
    const f = (v as Record<string, unknown>)[k];
    return typeof f === 'string' && !f.includes('|');
  });

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text a sender signs to deposit at a relay: `to|from|id|blob` (not canonical JSON). */
export function relaySendMessage(fields: RelaySend): string {
  if (!isObject(fields) || !isSend(fields))
    throw new SeamError('missing-field', 'to, from, id and blob are strings without |');
  return SEND_FIELDS.map((k) => fields[k]).join('|');
}

export const signRelaySend = (fields: RelaySend, seed: Uint8Array): string =>
  signToBase64(seed, utf8Strict.encode(relaySendMessage(fields)));

/** Verifies a deposit signature under the key `from` names. Never throws. */
export function verifyRelaySend(fields: unknown, sig: unknown): Verdict<true, RelayCode> {
  if (!isObject(fields)) return fail('not-an-object', 'a deposit is an object');
  if (!isSend(fields)) return fail('missing-field', 'to, from, id and blob are strings without |');
  if (typeof sig !== 'string') return fail('not-a-string', 'the signature is base64 text');
  const key = signerKey(fields.from);
  if (!key.ok) return key;
  return verifyBase64Signature(key.value, utf8Strict.encode(relaySendMessage(fields)), sig);
}

/**
 * The one spelling of a relay's origin: scheme and host lowercased, default port
 * dropped, no path (`HTTPS://Muretai.com:443/` is `https://muretai.com`). Throws for
 * anything but an http(s) URL: the relay URL is configuration, not wire input.
 */
export function relayOrigin(relayUrl: string): string {
  let url: URL | null = null;
  try {
    url = new URL(relayUrl);
  } catch {}
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new SeamError('bad-origin', 'the relay URL is not an http(s) URL');
  return url.origin;
}

export interface ListenClaim {
  did: string;
  /** Whole minutes since the epoch (`listenMinute(now)`). */
  minute: number;
  relayUrl: string;
}

/** The minute a listen token made at `now` (a Date or Unix seconds) names. */
export const listenMinute = (now: Instant): number => Math.floor(unixSeconds(now, 'listenMinute now') / 60);

const isMinute = (minute: unknown): minute is number =>
  Number.isSafeInteger(minute) && (minute as number) >= 0;

/** `listen:<did>:<minute>:<origin>`, the text a listener signs for one minute at one relay. */
export function listenTokenMessage(claim: ListenClaim): string {
  if (!isMinute(claim.minute)) throw new SeamError('not-integer', 'minute is a whole number');
  return `listen:${claim.did}:${claim.minute}:${relayOrigin(claim.relayUrl)}`;
}

export const signListenToken = (claim: ListenClaim, seed: Uint8Array): string =>
  signToBase64(seed, utf8Strict.encode(listenTokenMessage(claim)));

/** How far a listener's clock may be from the relay's: 60 s either side of the token's minute. */
export const DEFAULT_LISTEN_SKEW = 60;

export interface VerifyListenTokenOptions extends ListenClaim {
  /**
   * The relay's clock: a Date or Unix seconds. With it the token's minute must be the
   * current one, give or take `maxSkew`; without it freshness is not judged.
   */
  now?: Instant;
  /** Seconds of clock skew allowed on each side of the minute. Default DEFAULT_LISTEN_SKEW (60). */
  maxSkew?: number;
}

/**
 * Verifies a listen token for the DID, minute and relay the RELAY names (the DID and the
 * minute as the listener's request states them, the relay URL from its own
 * configuration). With `now`, a token is good from `maxSkew` before its minute starts
 * to `maxSkew` after it ends. A token authorises listening, so it may be presented
 * again within that window; the window bounds what a leaked token is worth. Never throws
 * on the token, the DID or the minute.
 */
export function verifyListenToken(
  token: unknown,
  options: VerifyListenTokenOptions,
): Verdict<{ freshness: Freshness }, RelayCode> {
  const relayUrl = relayOrigin(options?.relayUrl);
  let clock: { now: number; maxSkew: number } | null = null;
  if (options.now !== undefined)
    clock = {
      now: unixSeconds(options.now, 'verifyListenToken now'),
      maxSkew: durationSeconds(options.maxSkew ?? DEFAULT_LISTEN_SKEW, 'verifyListenToken maxSkew'),
    };
  else if (options.maxSkew !== undefined)
    throw new SeamError('bad-options', 'maxSkew judges time: pass now (a Date or Unix seconds) with it');
  if (typeof token !== 'string') return fail('not-a-string', 'a listen token is base64 text');
  const { did, minute } = options;
  if (!isMinute(minute)) return fail('missing-field', 'minute is a whole number of minutes');
  if (clock !== null) {
    // The token speaks for the 60 seconds from minute * 60.
    const age = judgeAge(minute * 60, clock.now, { maxAge: 59 + clock.maxSkew, maxAhead: clock.maxSkew });
    if (!age.ok) return age;
  }
  const key = signerKey(did);
  if (!key.ok) return key;
  const verdict = verifyBase64Signature(
    key.value,
    utf8Strict.encode(listenTokenMessage({ did, minute, relayUrl })),
    token,
  );
  return verdict.ok ? ok({ freshness: clock === null ? 'not-judged' : 'fresh' }) : verdict;
}
