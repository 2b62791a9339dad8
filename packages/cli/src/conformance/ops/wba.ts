import { hex } from '@agent-seam/canonical';
import type { OpTable } from '@agent-seam/conformance/harness';
import {
  DIRECTORY_MEDIA_TYPE,
  DIRECTORY_PATH,
  type DirectoryCache,
  fetchDirectory,
  jwkFromPublicKey,
  MemoryReplayCache,
  parseRegistry,
  parseSignature,
  parseSignatureAgent,
  parseSignatureAgentCard,
  parseSignatureInput,
  publicKeyFromJwk,
  signatureBase,
  signDirectory,
  signRequest,
  thumbprint,
  thumbprintInput,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
  verifyRequestWithDiscovery,
} from '@agent-seam/wba';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: requests travel as untyped JSON; the package judges them.
type Json = Record<string, any>;
type Judged = { ok: true; value: unknown } | { ok: false; code: string; detail?: string };

/**
 * The accepted value cut to the dotted member paths the request names (spec/harness.md,
 * "wba": the vectors state some members of a verified value), or whole when it names none.
 * A member the value lacks is left out, so the answer differs from what the vector states.
 */
function cut(value: unknown, members: unknown): unknown {
  if (!Array.isArray(members)) return value;
  const out: Json = {};
  for (const path of members as string[]) {
    const keys = path.split('.');
    let from: unknown = value;
    for (const k of keys) from = typeof from === 'object' && from !== null ? (from as Json)[k] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const k of keys.slice(0, -1)) to = to[k] ??= {};
    to[keys.at(-1) as string] = from;
  }
  return out;
}

/** The verifier's options a request names, passed on as the JSON holds them. */
const options = (args: Json, names: readonly string[]): Json =>
  Object.fromEntries(names.filter((k) => k in args).map((k) => [k, args[k]]));
const REQUEST_OPTIONS = ['headers', 'authority', 'jwks', 'now', 'replay', 'targetUri'] as const;

/** A Fetch API Request where the URL allows one, and the same shape by hand; or the request as it is. */
function requestsOf(args: Json): unknown[] {
  if ('requestAsIs' in args) return [args.requestAsIs];
  const { url, headers } = args.request as Json;
  const byHand = { url, headers: new Headers(headers) };
  return typeof url === 'string' && /^https?:\/\//.test(url)
    ? [new Request(url, { headers }), byHand]
    : [byHand];
}

/**
 * The directory cache a request's `cache` names: `"unavailable"`, every call rejects (a
 * shared cache whose server cannot be reached); `"store-fails"`, a miss whose write rejects.
 */
function failingCache(kind: unknown): { cache?: DirectoryCache } {
  if (kind === undefined) return {};
  const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
  return { cache: { get: kind === 'unavailable' ? down : () => undefined, set: down } };
}

/** A Response answering a case's recorded response. */
const responseOf = (r: Json) => new Response(r.body, { status: r.status, headers: r.headers });

/**
 * The ops of @agent-seam/wba (spec/harness.md, "wba"). `inspect` sees every verdict the
 * verifiers and readers give before it becomes an answer (the package test judges the
 * refusals' details there; a refusal's detail does not travel in the protocol).
 */
export function wbaOpTable(inspect: (verdict: Judged) => void = () => {}): OpTable {
  const judged = <T>(
    verdict: Judged & ({ ok: true; value: T } | { ok: false }),
    show?: (v: T) => unknown,
  ) => {
    inspect(verdict);
    return fromVerdict(verdict as never, show);
  };

  /** The sync verdict, which the async (WebCrypto) verifier must give too, detail included. */
  const verifiedRequest = async (verifying: Json): Promise<Judged> => {
    const sync = verifyRequest(verifying as never) as Judged;
    const viaWebCrypto = await verifyRequestAsync(verifying as never);
    if (JSON.stringify(viaWebCrypto) !== JSON.stringify(sync))
      throw new Error(`the async verifier says ${JSON.stringify(viaWebCrypto)}`);
    return sync;
  };

  return {
    'wba.jwk': (args) => ({ ok: true, value: jwkFromPublicKey(bytesArg(args, 'publicKeyHex')) }),
    'wba.thumbprintInput': (args) => fromVerdict(thumbprintInput(args.jwk as never)),
    'wba.thumbprint': (args) => fromVerdict(thumbprint(args.jwk as never)),
    'wba.publicKeyFromJwk': (args) => fromVerdict(publicKeyFromJwk(args.jwk as never), hex.encode),
    'wba.signatureBase': (args) =>
      fromWriter(() => signatureBase(args.components as never, args.signatureParams as string)),
    'wba.signRequest': (args) =>
      fromWriter(() =>
        signRequest({
          ...options(args, [
            'authority',
            'signatureAgent',
            'signatureAgentForm',
            'created',
            'expires',
            'nonce',
          ]),
          seed: bytesArg(args, 'seedHex'),
        } as never),
      ),
    'wba.signDirectory': (args) =>
      fromWriter(() =>
        signDirectory({
          ...options(args, ['authority', 'created', 'expires', 'form']),
          seed: bytesArg(args, 'seedHex'),
        } as never),
      ),
    'wba.directoryLocation': () => ({
      ok: true,
      value: { path: DIRECTORY_PATH, contentType: DIRECTORY_MEDIA_TYPE },
    }),
    // Every form of the request (a Fetch API Request, the same by hand) must be judged alike.
    'wba.verifyRequest': async (args) => {
      const forms = 'headers' in args ? [{}] : requestsOf(args).map((request) => ({ request }));
      const verdicts: Judged[] = [];
      for (const form of forms)
        verdicts.push(await verifiedRequest({ ...options(args, REQUEST_OPTIONS), ...form }));
      const first = verdicts[0] as Judged;
      if (verdicts.some((v) => JSON.stringify(v) !== JSON.stringify(first)))
        throw new Error(`the request's forms are judged apart: ${JSON.stringify(verdicts)}`);
      return judged(first, (v) => cut(v, args.members));
    },
    'wba.verifyDirectory': (args) =>
      judged(
        verifyDirectory(options(args, ['headers', 'authority', 'body', 'now']) as never) as Judged,
        (v) => cut(v, args.members),
      ),
    // A fetch answered from the case's responses by URL, 404 for any other: no network.
    'wba.verifyRequestWithDiscovery': async (args) => {
      const responses = args.responses as Json;
      const allowAgents = args.allowAgents as string[] | undefined;
      const verdict = await verifyRequestWithDiscovery({
        ...options(args, ['headers', 'authority', 'now', 'replay']),
        fetch: async (url: string) =>
          Object.hasOwn(responses, url)
            ? responseOf(responses[url])
            : new Response('not found', { status: 404 }),
        ...(allowAgents === undefined
          ? {}
          : { allowAgent: (e: { url: string }) => allowAgents.includes(e.url) }),
      } as never);
      return judged(verdict as Judged, (v) => cut(v, args.members));
    },
    'wba.parseSignatureAgentCard': (args) =>
      judged(parseSignatureAgentCard(args.card, { url: args.url as string }) as Judged),
    'wba.parseRegistry': (args) =>
      judged(parseRegistry(args.text as string, options(args, ['maxLength', 'maxEntries'])) as Judged),
    'wba.parseSignatureAgent': (args) =>
      judged(parseSignatureAgent(args.header as string, { allowHttp: args.allowHttp === true }) as Judged),
    // The fetch answers the request's `response` (or fails when it says `reject`); the answer
    // says what was fetched.
    'wba.fetchDirectory': async (args) => {
      const fetched: Json[] = [];
      const fetch = async (url: string, init: unknown) => {
        fetched.push({ url, ...(init as Json) });
        if (args.reject === true) throw new TypeError('fetch failed');
        return responseOf(args.response as Json);
      };
      const verdict = await fetchDirectory(
        args.url as string,
        {
          fetch,
          ...options(args, ['now', 'type']),
          ...failingCache(args.cache),
        } as never,
      );
      return judged(verdict as Judged, (v) => ({ ...(cut(v, args.members) as Json), fetched }));
    },
    // Every delivery through one store, in order: the accepted value cut to `members`, or the code.
    'wba.verifyDeliveries': async (args) => {
      const shown = (verdict: Judged) => {
        inspect(verdict);
        return verdict.ok ? cut(verdict.value, args.members) : verdict.code;
      };
      const base = options(args, ['authority', 'jwks', 'now']);
      const answers: unknown[] = [];
      if (args.store === 'unavailable') {
        // A shared store whose server cannot be reached: every answer is a rejected promise.
        const replay = {
          windowSeconds: 600,
          checkAndRemember: () => Promise.reject(new Error('unreachable')),
        };
        for (const headers of args.deliveries as Json[])
          answers.push(shown((await verifyRequestAsync({ ...base, headers, replay } as never)) as Judged));
      } else {
        const replay = new MemoryReplayCache(options(args.store as Json, ['maxEntries']));
        for (const headers of args.deliveries as Json[])
          answers.push(shown(verifyRequest({ ...base, headers, replay } as never) as Judged));
      }
      return { ok: true, value: answers };
    },
    'wba.parseStructuredField': (args) => {
      const parse =
        args.field === 'signature'
          ? parseSignature
          : args.field === 'signature-input'
            ? parseSignatureInput
            : null;
      if (parse === null) throw new Error('args.field names neither signature nor signature-input');
      const limits = options(args, ['maxLength']);
      return judged(
        parse(args.text as string, 'maxLength' in limits ? (limits as never) : undefined) as Judged,
        (members) => (members as unknown[]).length,
      );
    },
  };
}

/** The ops of @agent-seam/wba as `seam conformance` answers them. */
export const wbaOps: OpTable = wbaOpTable();
