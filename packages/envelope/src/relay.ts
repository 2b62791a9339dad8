import { fail, SeamError, utf8Strict, type Verdict } from '@agent-seam/canonical';
import { type SignatureTextCode, signToBase64, verifyBase64Signature } from '@agent-seam/did';
import { signerKey } from './signer-key.js';

/** Refusals of the relay signatures. */
export type RelayCode = 'missing-field' | 'from-not-did-key' | SignatureTextCode;

export interface RelaySend {
  to: string;
  from: string;
  id: string;
  /** The sealed payload as the relay stores it (base64 text). */
  blob: string;
}

const SEND_FIELDS = ['to', 'from', 'id', 'blob'] as const;

/** Four strings, none holding `|`: otherwise two different sends could spell one string. */
const isSend = (v: unknown): v is RelaySend =>
  typeof v === 'object' &&
  v !== null &&
  SEND_FIELDS.every((k) => {
    const f = (v as Record<string, unknown>)[k];
    return typeof f === 'string' && !f.includes('|');
  });

/** The text a sender signs to deposit at a relay: `to|from|id|blob` (not canonical JSON). */
export function relaySendMessage(fields: RelaySend): string {
  if (!isSend(fields)) throw new SeamError('missing-field', 'to, from, id and blob are strings without |');
  return SEND_FIELDS.map((k) => fields[k]).join('|');
}

export const signRelaySend = (fields: RelaySend, seed: Uint8Array): string =>
  signToBase64(seed, utf8Strict.encode(relaySendMessage(fields)));

/** Verifies a deposit signature under the key `from` names. Never throws. */
export function verifyRelaySend(fields: unknown, sig: unknown): Verdict<true, RelayCode> {
  if (!isSend(fields)) return fail('missing-field', 'to, from, id and blob are strings without |');
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
  /** Whole minutes since the epoch; whether it is current is the relay's check. */
  minute: number;
  relayUrl: string;
}

/** `listen:<did>:<minute>:<origin>`, the text a listener signs for one minute at one relay. */
export function listenTokenMessage(claim: ListenClaim): string {
  if (!Number.isSafeInteger(claim.minute) || claim.minute < 0)
    throw new SeamError('not-integer', 'minute is a whole number');
  return `listen:${claim.did}:${claim.minute}:${relayOrigin(claim.relayUrl)}`;
}

export const signListenToken = (claim: ListenClaim, seed: Uint8Array): string =>
  signToBase64(seed, utf8Strict.encode(listenTokenMessage(claim)));

/** Verifies a listen token for the DID, minute and relay the RELAY names. Never throws on the token. */
export function verifyListenToken(token: unknown, claim: ListenClaim): Verdict<true, RelayCode> {
  const key = signerKey(claim.did);
  if (!key.ok) return key;
  return verifyBase64Signature(key.value, utf8Strict.encode(listenTokenMessage(claim)), token);
}
