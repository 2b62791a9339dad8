import { fail, ok, utf8Strict, type Verdict } from '@agent-seam/canonical';
import { parseSignatureAgentCard } from './agent-card.js';
import type { DiscoveryCode } from './codes.js';
import {
  type DirectoryCache,
  type DirectoryFetch,
  download,
  type FetchDirectoryOptions,
  fetchDirectory,
  requireFetch,
} from './fetch-directory.js';
import { fieldReader } from './headers.js';
import type { JwkSet } from './jwk-set.js';
import { countOption, MAX_HEADER_LENGTH } from './profile.js';
import { parseSignatureAgent, type SignatureAgentEntry } from './signature-agent.js';
import { parseSignatureInput, type SignatureInputMember } from './structured-fields.js';
import {
  directoryBodyCap,
  requestPolicy,
  type VerifiedRequest,
  type VerifyRequestOptions,
  verifyRequestAsync,
} from './verify.js';

/** verifyRequest's options without `jwks` (discovery finds the keys), and how to fetch them. */
export type DiscoverOptions = DistributiveOmit<VerifyRequestOptions, 'jwks' | 'label'> & {
  /** The fetch for directories, JWK Sets and cards; there is no default (see fetchDirectory). */
  fetch: DirectoryFetch;
  /** Verified directories reused while fresh (see createDirectoryCache). */
  cache?: DirectoryCache;
  /** Which agents this server looks up: the URL is the sender's choice (default: every https one). */
  allowAgent?: (entry: SignatureAgentEntry) => boolean;
  /** Accept http: agents (local tests only), as parseSignatureAgent's allowHttp. */
  allowHttp?: boolean;
  /** Cap on each body fetched, as fetchDirectory's. */
  maxBodyLength?: number;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The agent a verified request is attributed to. */
export type DiscoveredAgent = SignatureAgentEntry & {
  /**
   * The identifier the draft attributes the request to: the URL resolved, without query and
   * fragment (for a directory, the well-known URL fetched).
   */
  identifier: string;
};

export type DiscoveredRequest = VerifiedRequest & { agent: DiscoveredAgent };

const isCovering = (member: SignatureInputMember, key: string | null) =>
  member.components.some(
    (c) =>
      c.name === 'signature-agent' &&
      (key === null
        ? c.parameters.length === 0
        : c.parameters.some((p) => p.name === 'key' && p.value.value === key)),
  );

/**
 * The entry a signature is attributed to: the one it covers (a verifier must not attribute
 * a signature to a member it does not cover). Its own label's member when it covers it,
 * else the one member it covers (a relabeled signature), else, in the legacy form, the
 * string when the signature covers the field.
 */
function entryOf(
  member: SignatureInputMember,
  entries: readonly SignatureAgentEntry[],
): Verdict<SignatureAgentEntry, DiscoveryCode> {
  if (entries[0]?.form === 'legacy')
    return isCovering(member, null)
      ? ok(entries[0])
      : fail('uncovered-signature-agent', 'the signature does not cover the Signature-Agent');
  const covered = entries.filter((e) => isCovering(member, e.label));
  const own = covered.find((e) => e.label === member.label);
  if (own !== undefined) return ok(own);
  if (covered.length === 1) return ok(covered[0]!);
  return fail(
    'uncovered-signature-agent',
    'the signature covers no single Signature-Agent member of its own',
  );
}

/** The identifier of a resolved URL: without query and fragment. */
const identifierOf = (url: string): string => {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
};

/** A card's keys: its jwks_uri fetched and verified as a directory, or its inline set. */
async function cardKeys(
  entry: SignatureAgentEntry,
  fetching: FetchDirectoryOptions,
): Promise<Verdict<JwkSet, DiscoveryCode>> {
  const fetched = await download(
    new URL(entry.url),
    fetching.fetch,
    fetching.maxBodyLength!,
    'application/json',
  );
  if (!fetched.ok) return fetched;
  const text = utf8Strict.decode(fetched.value.body);
  let value: unknown;
  try {
    value = text.ok ? JSON.parse(text.value) : undefined;
  } catch {}
  const card = parseSignatureAgentCard(value, { url: entry.url });
  if (!card.ok) return card;
  if ('jwks' in card.value.keys) return ok(card.value.keys.jwks);
  const directory = await fetchDirectory(card.value.keys.jwksUri, { ...fetching, type: 'jwks_uri' });
  return directory.ok ? ok(directory.value.jwks) : directory;
}

/** The keys an entry names, by its type, and the identifier the request is attributed to. */
async function resolve(
  entry: SignatureAgentEntry,
  fetching: FetchDirectoryOptions,
): Promise<Verdict<{ jwks: JwkSet; identifier: string }, DiscoveryCode>> {
  if (entry.type === 'cimd') {
    const keys = await cardKeys(entry, fetching);
    return keys.ok ? ok({ jwks: keys.value, identifier: identifierOf(entry.url) }) : keys;
  }
  const type = entry.type === 'jwks_uri' ? 'jwks_uri' : 'directory';
  const directory = await fetchDirectory(entry.url, { ...fetching, type });
  if (!directory.ok) return directory;
  const identifier = identifierOf(type === 'directory' ? directory.value.url : entry.url);
  return ok({ jwks: directory.value.jwks, identifier });
}

/**
 * A request to its verified key in one call: reads the request's signatures and its
 * Signature-Agent, and for each signature in turn resolves the agent member it covers
 * (`directory`, `jwks_uri` or `cimd`; another type is skipped, as the draft asks), verifies
 * what it fetched (fetchDirectory: the directory's own signature, its keys' windows), and
 * verifies the request under those keys alone (`verifyRequestAsync` with that signature's
 * label), so a key is trusted only for the agent that published it. Returns the first
 * signature that verifies with the agent it is attributed to, else the refusal of the
 * first signature. Never throws on what the request or the network holds; caller errors
 * (no `now`, no `replay`, no `fetch`) throw SeamError, as the verifiers do.
 */
export async function verifyRequestWithDiscovery(
  options: DiscoverOptions,
): Promise<Verdict<DiscoveredRequest, DiscoveryCode>> {
  requireFetch(options, 'verifyRequestWithDiscovery');
  const { allowAgent, allowHttp, cache, fetch, ...verifying } = options;
  const maxHeaderLength = countOption(
    options.maxHeaderLength,
    MAX_HEADER_LENGTH,
    'verifyRequestWithDiscovery maxHeaderLength',
  );
  const maxBodyLength = directoryBodyCap(options.maxBodyLength, 'verifyRequestWithDiscovery');
  // The caller's options, judged before anything is fetched: the SeamErrors of verifyRequest.
  requestPolicy({ ...verifying, jwks: { keys: [] } } as VerifyRequestOptions);
  const source =
    options.request === undefined ? options.headers : (options.request as { headers?: unknown })?.headers;
  const fields = fieldReader(source);
  if (!fields.ok) return fields;
  const input = fields.value('signature-input');
  if (!input.ok) return input;
  if (input.value === undefined) return fail('missing-signature-input', 'there is no Signature-Input field');
  const members = parseSignatureInput(input.value, { maxLength: maxHeaderLength });
  if (!members.ok) return members;
  const agentField = fields.value('signature-agent');
  if (!agentField.ok) return agentField;
  const entries = parseSignatureAgent(agentField.value, { allowHttp: allowHttp === true });
  if (!entries.ok) return entries;
  const fetching = { fetch, now: options.now, cache, maxBodyLength } as FetchDirectoryOptions;
  let first: Verdict<DiscoveredRequest, DiscoveryCode> | undefined;
  for (const member of members.value) {
    const verdict = await judgeMember(member, entries.value, { verifying, fetching, allowAgent });
    if (verdict.ok) return verdict;
    first ??= verdict;
  }
  return first ?? fail('missing-signature-input', 'Signature-Input has no member');
}

/** One signature: its agent, the keys it names, the request under those keys. */
async function judgeMember(
  member: SignatureInputMember,
  entries: readonly SignatureAgentEntry[],
  context: {
    verifying: Omit<DiscoverOptions, 'fetch' | 'cache' | 'allowAgent' | 'allowHttp'>;
    fetching: FetchDirectoryOptions;
    allowAgent: DiscoverOptions['allowAgent'];
  },
): Promise<Verdict<DiscoveredRequest, DiscoveryCode>> {
  const entry = entryOf(member, entries);
  if (!entry.ok) return entry;
  if (!['directory', 'jwks_uri', 'cimd'].includes(entry.value.type))
    return fail(
      'unsupported-agent-type',
      'the Signature-Agent member names a discovery type this package does not resolve',
    );
  if (context.allowAgent !== undefined && context.allowAgent(entry.value) !== true)
    return fail('agent-not-allowed', 'your allowAgent refused the Signature-Agent member');
  const resolved = await resolve(entry.value, context.fetching);
  if (!resolved.ok) return resolved;
  const verdict = await verifyRequestAsync({
    ...context.verifying,
    jwks: resolved.value.jwks,
    label: member.label,
  } as VerifyRequestOptions);
  if (!verdict.ok) return verdict;
  return ok({ ...verdict.value, agent: { ...entry.value, identifier: resolved.value.identifier } });
}
