import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import type { CardCode, RegistryCode } from './codes.js';
import type { JwkSet } from './jwk-set.js';
import { countOption } from './profile.js';

/*
 * Signature-agent cards and registries (draft-meunier-webbotauth-registry, editor's copy
 * after -04): a card is a JSON object of OAuth client metadata with at most one key
 * source, fetched from its `client_id`; a registry is a text list of card URLs.
 */

/** A card that passed the checks: its identity, and exactly one source of keys. */
export interface SignatureAgentCard {
  /** The URL the card was fetched from, equal to its `client_id`. */
  clientId: string;
  /** The card's own members as received (client_name, contacts, web_bot_auth, ...). */
  card: Record<string, unknown>;
  /** Where the keys are: a JWK Set URL to fetch, or the set inline. */
  keys: { jwksUri: string } | { jwks: JwkSet };
}

export interface CardOptions {
  /** The URL the card was fetched from; the card's `client_id` must be exactly it. */
  url: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An https URL without credentials or a fragment, as the card draft requires of its URLs. */
function httpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && !value.includes('#');
  } catch {
    return false;
  }
}

/**
 * Checks a signature-agent card (a parsed JSON value) fetched from `url`: an object whose
 * `client_id` is exactly `url` (compared as strings, RFC 3986 section 6.2.1), with exactly
 * one key source: `jwks_uri` (an https URL) or `jwks` (a JWK Set). Both is refused as the
 * draft says; neither leaves no key to verify with. Never throws on the card.
 */
export function parseSignatureAgentCard(
  card: unknown,
  options: CardOptions,
): Verdict<SignatureAgentCard, CardCode> {
  if (!httpsUrl(options?.url))
    throw new SeamError(
      'bad-argument',
      'parseSignatureAgentCard url is the https URL the card was fetched from',
    );
  if (!isRecord(card)) return fail('malformed-card', 'the card is not a JSON object');
  if (card.client_id !== options.url)
    return fail('client-id-mismatch', 'the card client_id is not the URL it was fetched from');
  const hasUri = card.jwks_uri !== undefined;
  const hasSet = card.jwks !== undefined;
  if (hasUri && hasSet) return fail('both-key-sources', 'the card carries both jwks and jwks_uri');
  if (hasUri) {
    if (!httpsUrl(card.jwks_uri)) return fail('bad-card-url', 'the card jwks_uri is not an https URL');
    return ok({ clientId: options.url, card, keys: { jwksUri: card.jwks_uri } });
  }
  if (!hasSet) return fail('no-key-source', 'the card carries neither jwks nor jwks_uri');
  if (!isRecord(card.jwks) || !Array.isArray(card.jwks.keys))
    return fail('malformed-card', 'the card jwks is not a JWK Set');
  return ok({ clientId: options.url, card, keys: { jwks: card.jwks as unknown as JwkSet } });
}

export interface RegistryOptions {
  /** Cap on the registry text, in characters, checked first; default 1048576. */
  maxLength?: number;
  /** Cap on the entries; default 10000. */
  maxEntries?: number;
}

export const MAX_REGISTRY_LENGTH = 1_048_576;
export const MAX_REGISTRY_ENTRIES = 10_000;

/**
 * The card URLs of a registry text: one entry per line, `#` starting a comment to the end
 * of the line, blank lines skipped. An entry is an https URL or a `data:` URL (an inline
 * card). **DECIDED**: a malformed line refuses the whole registry, naming its line number,
 * rather than being dropped: a list read differently by two readers is two lists.
 */
export function parseRegistry(text: unknown, options: RegistryOptions = {}): Verdict<string[], RegistryCode> {
  const maxLength = countOption(options?.maxLength, MAX_REGISTRY_LENGTH, 'parseRegistry maxLength');
  const maxEntries = countOption(options?.maxEntries, MAX_REGISTRY_ENTRIES, 'parseRegistry maxEntries');
  if (typeof text !== 'string') return fail('not-a-string', 'the registry is not text');
  if (text.length > maxLength)
    return fail('registry-too-large', `the registry is over the cap of ${maxLength} characters`);
  const entries: string[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, line] of lines.entries()) {
    const hash = line.indexOf('#');
    const entry = (hash < 0 ? line : line.slice(0, hash)).replace(/^[ \t]+|[ \t]+$/g, '');
    if (entry === '') continue;
    // Control characters are outside the grammar everywhere on a line.
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(line))
      return fail('malformed-registry', `line ${i + 1} holds a control character`);
    if (!(entry.startsWith('data:') ? entry.includes(',') : httpsUrl(entry) && !/\s/.test(entry)))
      return fail('malformed-registry', `line ${i + 1} is neither an https URL nor a data: URL`);
    if (entries.length === maxEntries)
      return fail('registry-too-large', `the registry has more than ${maxEntries} entries`);
    entries.push(entry);
  }
  return ok(entries);
}
