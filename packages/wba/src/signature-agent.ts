import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { SignatureAgentCode } from './codes.js';
import { combineFieldLines, type FieldReader, trimOws } from './headers.js';
import { MAX_HEADER_LENGTH } from './profile.js';
import { parseStringDictionary, type SignatureInputMember, type StringMember } from './structured-fields.js';

export interface ParseSignatureAgentOptions {
  /**
   * Accept an `http:` URL too. Off by default: over plain HTTP anyone on the path can
   * serve their own directory for the agent's name. For a local test server only.
   */
  allowHttp?: boolean;
}

/**
 * How a Signature-Agent member's URL resolves to keys (draft-meunier-webbotauth-httpsig-protocol,
 * "Key Distribution and Discovery"): `directory` (the default) names an origin whose
 * well-known directory holds them, `jwks_uri` a JWK Set, `cimd` a signature-agent card.
 * Another type is returned as written; discovery ignores it, as the draft asks.
 */
export type SignatureAgentType = 'directory' | 'jwks_uri' | 'cimd' | (string & {});

/** One entry of a Signature-Agent field. */
export interface SignatureAgentEntry {
  /** The dictionary key (a signature's label), or null for the legacy string form. */
  label: string | null;
  /** The URL as the sender wrote it (the sf-string unescaped). */
  uri: string;
  /** The same URL as the WHATWG parser normalises it: the one to fetch and compare. */
  url: string;
  type: SignatureAgentType;
  /** `dictionary` (the current drafts) or `legacy` (one sf-string, the drafts before -04). */
  form: 'dictionary' | 'legacy';
}

// RFC 8941 section 3.3.3: printable ASCII, with `"` and `\` (and only those) escaped.
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/** The URL rules of every entry: absolute, https (or http with allowHttp), no credentials or fragment. */
function agentUrl(text: string, allowHttp: boolean): Verdict<URL, SignatureAgentCode> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('bad-signature-agent-url', 'a Signature-Agent URL is not absolute');
  }
  const schemes = allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return fail('bad-signature-agent-url', `a Signature-Agent URL's scheme is not ${schemes.join(' or ')}`);
  if (url.username !== '' || url.password !== '')
    return fail('bad-signature-agent-url', 'a Signature-Agent URL carries credentials');
  if (text.includes('#')) return fail('bad-signature-agent-url', 'a Signature-Agent URL carries a fragment');
  return ok(url);
}

/** A dictionary member as an entry: its type, and a directory member naming an origin only. */
function dictionaryEntry(
  member: StringMember,
  allowHttp: boolean,
): Verdict<SignatureAgentEntry, SignatureAgentCode> {
  const type = member.parameters.find((p) => p.name === 'type');
  if (type !== undefined && type.value.type !== 'token')
    return fail('malformed-signature-agent', 'a Signature-Agent type parameter is not a token');
  const url = agentUrl(member.value, allowHttp);
  if (!url.ok) return url;
  const kind = type === undefined ? 'directory' : (type.value.value as string);
  // The draft: a directory member is the serialisation of an origin (an empty path `/` allowed).
  if (kind === 'directory' && (url.value.pathname !== '/' || url.value.search !== ''))
    return fail('bad-signature-agent-url', 'a directory member names a path, not an origin');
  return ok({ label: member.label, uri: member.value, url: url.value.href, type: kind, form: 'dictionary' });
}

/**
 * Every entry of a Signature-Agent field. Two forms are read, told apart by their first
 * character as the draft says: the legacy form, one sf-string (`"https://bot.example"`,
 * label null, type `directory`, any path allowed as older drafts named the directory URL),
 * and the dictionary form (`sig1="https://bot.example", sig2="https://x/jwks";type=jwks_uri`),
 * whose keys are signature labels. Each URL must be absolute `https:` (or `http:` with
 * `allowHttp`) without credentials or a fragment, else `bad-signature-agent-url`; a
 * `directory` member must name an origin. Anything else is `malformed-signature-agent`.
 * Takes the value as any header source holds it (a string, Node's string[], or a missing
 * value); never throws.
 */
export function parseSignatureAgent(
  value: string | readonly string[] | null | undefined,
  options: ParseSignatureAgentOptions = {},
): Verdict<SignatureAgentEntry[], SignatureAgentCode> {
  const combined = combineFieldLines(value);
  if (!combined.ok) return combined;
  if (combined.value === undefined)
    return fail('missing-signature-agent', 'there is no Signature-Agent field');
  const allowHttp = options?.allowHttp === true;
  const text = trimOws(combined.value);
  if (text.length > MAX_HEADER_LENGTH)
    return fail('malformed-signature-agent', `Signature-Agent is over ${MAX_HEADER_LENGTH} characters`);
  if (text.startsWith('"')) {
    const string = SF_STRING.exec(text);
    if (string === null) return fail('malformed-signature-agent', 'Signature-Agent is not one sf-string');
    const uri = (string[1] as string).replace(/\\(["\\])/g, '$1');
    const url = agentUrl(uri, allowHttp);
    if (!url.ok) return url;
    return ok([{ label: null, uri, url: url.value.href, type: 'directory', form: 'legacy' }]);
  }
  const members = parseStringDictionary(text, 'malformed-signature-agent');
  if (!members.ok) return members;
  const entries: SignatureAgentEntry[] = [];
  for (const member of members.value) {
    const entry = dictionaryEntry(member, allowHttp);
    if (!entry.ok) return entry;
    entries.push(entry.value);
  }
  return ok(entries);
}

/**
 * A request's Signature-Agent against one of its signatures (the current protocol draft,
 * "Signature-Agent": the member keyed to the signature's label MUST be covered). When the
 * field is a dictionary with a member under the signature's label, the signature must
 * cover that member (`"signature-agent";key="<label>"`) or the whole field. **DECIDED**: a
 * signature relabeled on the way (RFC 9421 section 7.2.5; the draft's worked examples sign
 * `key="agent2"` under label `sig2`) whose label names no member is judged by the member it
 * covers; and the legacy string form, which the seed's vectors send uncovered, is not
 * judged here. A field that is neither one string nor a dictionary of strings is
 * `malformed-signature-agent`.
 */
export function judgeAgentCoverage(
  member: SignatureInputMember,
  fields: FieldReader,
): Verdict<true, 'malformed-signature-agent' | 'uncovered-signature-agent'> {
  const raw = fields('signature-agent');
  // Absent, or not text: a covered field that is not text is refused where the base is built.
  if (!raw.ok || raw.value === undefined) return ok(true);
  const text = trimOws(raw.value);
  if (text.startsWith('"')) return ok(true);
  if (text.length > MAX_HEADER_LENGTH)
    return fail('malformed-signature-agent', `Signature-Agent is over ${MAX_HEADER_LENGTH} characters`);
  const members = parseStringDictionary(text, 'malformed-signature-agent');
  if (!members.ok)
    return fail(
      'malformed-signature-agent',
      'Signature-Agent is neither one string nor a dictionary of strings',
    );
  if (!members.value.some((m) => m.label === member.label)) return ok(true);
  const covered = member.components.some(
    (c) =>
      c.name === 'signature-agent' &&
      (c.parameters.length === 0 ||
        c.parameters.some((p) => p.name === 'key' && p.value.value === member.label)),
  );
  return covered
    ? ok(true)
    : fail(
        'uncovered-signature-agent',
        "the Signature-Agent member under this signature's label is not covered by it",
      );
}
