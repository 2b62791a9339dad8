import {
  describeType,
  durationSeconds,
  type Freshness,
  fail,
  type Instant,
  instantOrOff,
  judgeAge,
  OFF,
  type Off,
  ok,
  SeamError,
  unixSeconds,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import {
  didFromSeed,
  didLabel,
  SIGNATURE_TEXT_CODES,
  signToBase64,
  verifyBase64Signature,
} from '@agent-seam/did';
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

/** A string without `|`: otherwise two different sends could spell one string. */
const isSendField = (f: unknown): f is string => typeof f === 'string' && !f.includes('|');

/** What is wrong with a deposit field, naming it. */
const sendFieldProblem = (name: string, f: unknown): string =>
  typeof f === 'string' ? `${name} holds |, the separator` : `${name} is ${describeType(f)}; it is a string`;

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text a sender signs to deposit at a relay: `to|from|id|blob` (not canonical JSON). */
export function relaySendMessage(fields: RelaySend): string {
  if (!isObject(fields))
    throw new SeamError('missing-field', 'a deposit is an object of to, from, id and blob');
  const bad = SEND_FIELDS.find((k) => !isSendField(fields[k]));
  if (bad !== undefined) throw new SeamError('missing-field', sendFieldProblem(bad, fields[bad]));
  return SEND_FIELDS.map((k) => fields[k]).join('|');
}

/** A signer signs only as itself: the reader takes the key from `from`. */
function requireSigner(did: string, seed: Uint8Array, field: string): void {
  if (did !== didFromSeed(seed))
    throw new SeamError('from-not-signer', `${field} must be the DID of the signing seed`);
}

/** Signs a deposit with the seed `from` names. */
export function signRelaySend(fields: RelaySend, seed: Uint8Array): string {
  const message = relaySendMessage(fields);
  requireSigner(fields.from, seed, 'from');
  return signToBase64(seed, utf8Strict.encode(message));
}

/** Verifies a deposit signature under the key `from` names. Never throws. */
export function verifyRelaySend(fields: unknown, sig: unknown): Verdict<true, RelayCode> {
  if (!isObject(fields))
    return fail('not-an-object', `the deposit is ${describeType(fields)}, not an object`);
  const bad = SEND_FIELDS.find((k) => !isSendField((fields as Record<string, unknown>)[k]));
  if (bad !== undefined)
    return fail('missing-field', sendFieldProblem(bad, (fields as Record<string, unknown>)[bad]));
  if (typeof sig !== 'string')
    return fail('not-a-string', `the signature is ${describeType(sig)}, not base64 text`);
  const send = fields as RelaySend;
  const key = signerKey(send.from, 'from');
  if (!key.ok) return key;
  return verifyBase64Signature(
    key.value,
    utf8Strict.encode(relaySendMessage(send)),
    sig,
    didLabel(send.from),
  );
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

/** What a minute that is not one holds, by type (a number is described, never shown). */
const describeMinute = (minute: unknown): string =>
  typeof minute === 'number'
    ? 'a number that is not a whole, non-negative safe integer'
    : describeType(minute);

/** `listen:<did>:<minute>:<origin>`, the text a listener signs for one minute at one relay. */
export function listenTokenMessage(claim: ListenClaim): string {
  if (!isMinute(claim.minute)) throw new SeamError('not-integer', 'minute is a whole number');
  return `listen:${claim.did}:${claim.minute}:${relayOrigin(claim.relayUrl)}`;
}

/** Signs a listen token with the seed `did` names. */
export function signListenToken(claim: ListenClaim, seed: Uint8Array): string {
  const message = listenTokenMessage(claim);
  requireSigner(claim.did, seed, 'did');
  return signToBase64(seed, utf8Strict.encode(message));
}

/** How far a listener's clock may be from the relay's: 60 s either side of the token's minute. */
export const DEFAULT_LISTEN_SKEW = 60;

export interface VerifyListenTokenOptions extends ListenClaim {
  /**
   * Required: the relay's clock, a Date or Unix seconds; the token's minute must be the
   * current one, give or take `maxSkew`. `'off'` accepts a token of any minute
   * (`freshness: 'off-by-caller'`).
   */
  now: Instant | Off;
  /** Seconds of clock skew allowed on each side of the minute. Default DEFAULT_LISTEN_SKEW (60). */
  maxSkew?: number;
}

/**
 * Verifies a listen token for the DID, minute and relay the RELAY names (the DID and the
 * minute as the listener's request states them, the relay URL from its own
 * configuration). A token is good from `maxSkew` before its minute starts to `maxSkew`
 * after it ends, at `now` (`now: 'off'` turns that off by name). A token authorises
 * listening, so it may be presented again within that window; the window bounds what a
 * leaked token is worth. Never throws on the token, the DID or the minute.
 */
export function verifyListenToken(
  token: unknown,
  options: VerifyListenTokenOptions,
): Verdict<{ freshness: Freshness }, RelayCode> {
  const relayUrl = relayOrigin(options?.relayUrl);
  const now = instantOrOff(options.now, 'verifyListenToken', "to judge the token's minute");
  if (now === OFF && options.maxSkew !== undefined)
    throw new SeamError('bad-options', "verifyListenToken: maxSkew judges time, and now is 'off'");
  const clock =
    now === OFF
      ? OFF
      : {
          now,
          maxSkew: durationSeconds(options.maxSkew ?? DEFAULT_LISTEN_SKEW, 'verifyListenToken maxSkew'),
        };
  if (typeof token !== 'string')
    return fail('not-a-string', `the token is ${describeType(token)}, not base64 text`);
  const { did, minute } = options;
  if (!isMinute(minute))
    return fail('missing-field', `minute is ${describeMinute(minute)}; it is a whole number of minutes`);
  if (clock !== OFF) {
    // The token speaks for the 60 seconds from minute * 60.
    const age = judgeAge(minute * 60, clock.now, { maxAge: 59 + clock.maxSkew, maxAhead: clock.maxSkew });
    if (!age.ok) return age;
  }
  const key = signerKey(did, 'did');
  if (!key.ok) return key;
  const verdict = verifyBase64Signature(
    key.value,
    utf8Strict.encode(listenTokenMessage({ did, minute, relayUrl })),
    token,
    didLabel(did as string),
  );
  return verdict.ok ? ok({ freshness: clock === OFF ? 'off-by-caller' : 'fresh' }) : verdict;
}
