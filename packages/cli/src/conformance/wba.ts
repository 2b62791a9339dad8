// The replayers of @agent-seam/wba's groups of wire_vectors.json (wire.ts lists them with the
// other packages' groups of that file).
import { didFromPublicKey } from '@agent-seam/did';
import { MemoryReplayCache } from '@agent-seam/envelope';
import {
  DIRECTORY_MEDIA_TYPE,
  DIRECTORY_PATH,
  type DirectoryCache,
  fetchDirectory,
  jwkFromPublicKey,
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
import {
  accepted,
  acceptedWith,
  bytesOf,
  type Case,
  cases,
  given,
  Mismatch,
  refused,
  same,
  sides,
  twin,
} from './replay.js';

const requestVerdict = twin(verifyRequest, verifyRequestAsync);

/** The signature parameters a signature-input spells, from the fields the vector gives them in. */
const paramsOf = (x: Case) =>
  `(${x.components.map((c: string) => `"${c}"`).join(' ')});created=${x.created};expires=${x.expires};keyid="${x.keyid}";alg="${x.alg}";tag="${x.tag}"`;

/** The request of webBotAuth, made from the seed and read back. */
function reproduceRequest(g: Case, seed: Uint8Array): void {
  const r = g.request;
  const headers = signRequest({
    seed,
    authority: r.authority,
    signatureAgent: r.signatureAgentUrl,
    signatureAgentForm: 'legacy',
    created: r.created,
    expires: r.expires,
    nonce: false,
  });
  same(headers['signature-input'], r.signatureInput, 'request signature-input');
  same(headers['signature-input'], `sig1=${r.signatureParams}`, 'request signature-params');
  same(headers['signature-input'], `sig1=${paramsOf(r)}`, 'request parameters');
  same(headers['signature-agent'], r.signatureAgent, 'request signature-agent');
  const base = signatureBase(
    [
      { name: '@authority', value: r.authority },
      { name: 'signature-agent', value: r.signatureAgent },
    ],
    r.signatureParams,
  );
  same(base, r.signatureBase, 'request signature base');
  same(headers.signature, r.signature, 'request signature');
  const verdict = verifyRequest({
    headers: {
      'signature-input': r.signatureInput,
      signature: r.signature,
      'signature-agent': r.signatureAgent,
    },
    authority: r.authority,
    // The directory body of the same group publishes the signer's key.
    jwks: JSON.parse(g.directory.body),
    now: r.created,
    replay: 'off',
  });
  accepted(verdict, {
    did: g.did,
    keyid: r.keyid,
    label: 'sig1',
    created: r.created,
    expires: r.expires,
    replay: 'off-by-caller',
  });
}

/** The directory of webBotAuth, made from the seed and read back. */
function reproduceDirectory(g: Case, seed: Uint8Array): void {
  const d = g.directory;
  const made = signDirectory({
    seed,
    authority: d.authority,
    created: d.created,
    expires: d.expires,
    form: 'legacy',
  });
  same(made.body, d.body, 'directory body');
  same(made.headers['signature-input'], d.signatureInput, 'directory signature-input');
  same(made.headers['signature-input'], `sig1=${paramsOf(d)}`, 'directory parameters');
  same([DIRECTORY_PATH, DIRECTORY_MEDIA_TYPE], [d.path, d.contentType], 'directory path and media type');
  same(
    signatureBase([{ name: '@authority', value: d.authority }], d.signatureParams),
    d.signatureBase,
    'base',
  );
  same(made.headers.signature, d.signature, 'directory signature');
  const verdict = verifyDirectory({
    headers: { 'signature-input': d.signatureInput, signature: d.signature },
    authority: d.authority,
    body: d.body,
    now: d.created,
  });
  acceptedWith(verdict, { did: g.did, keyid: d.keyid });
}

/**
 * webBotAuth's cases are its keys (JWK, thumbprint input, thumbprint, DID). The request
 * and directory the group's seed signs, which are no case of their own, are checked with its
 * last key.
 */
const webBotAuth = (g: Case) =>
  cases(g.keys, (key) => {
    const publicKey = bytesOf(key.publicHex);
    const jwk = jwkFromPublicKey(publicKey);
    same(jwk.x, key.x, 'x');
    same(thumbprintInput(jwk), { ok: true, value: key.thumbprintInput }, 'thumbprintInput');
    same(thumbprint(jwk), { ok: true, value: key.thumbprint }, 'thumbprint');
    same(didFromPublicKey(publicKey), key.did, 'did');
    if (key !== g.keys.at(-1)) return;
    reproduceRequest(g, bytesOf(g.seedHex));
    reproduceDirectory(g, bytesOf(g.seedHex));
  });

/** A Fetch API Request where the URL allows one, and the same shape by hand; or the case's value as it is. */
const requestsOf = (c: Case): unknown[] => {
  if ('request' in c) return [c.request];
  const byHand = { url: c.url, headers: new Headers(c.headers) };
  return typeof c.url === 'string' && /^https?:\/\//.test(c.url)
    ? [new Request(c.url, { headers: c.headers }), byHand]
    : [byHand];
};

/** A fetch double answering the case's response (or rejecting), recording what it was asked. */
/** The cache of a wba.fetch case's `cache`: every call rejects, or get misses and set rejects. */
function failingCache(kind: unknown): { cache?: DirectoryCache } {
  if (kind === undefined) return {};
  const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
  return { cache: { get: kind === 'unavailable' ? down : () => undefined, set: down } };
}

function fetchFor(c: Case) {
  const calls: { url: string; init: unknown }[] = [];
  const fetch = async (url: string, init: unknown) => {
    calls.push({ url, init });
    if (c.reject) throw new TypeError('fetch failed');
    const { status, headers, body } = c.response;
    return new Response(body, { status, headers });
  };
  return { fetch, calls };
}

/** A directory group: verifyDirectory with the group's authority and now; accepted cases return their body's key set. */
function directoryReplay(g: Case, doc: Case) {
  const verify = (c: Case) =>
    verifyDirectory({ headers: c.headers, authority: g.authority, body: c.body, now: g.now });
  return sides(
    (c) => {
      const verdict = verify(c);
      acceptedWith(verdict, { did: doc['wba.profile'].did });
      same(verdict.ok && verdict.value.jwks, JSON.parse(c.body), 'jwks');
    },
    (c) => refused(verify(c), c.expect),
  )(g);
}

export const wbaGroups = {
  webBotAuth,
  'wba.profile': (g: Case) => {
    const verify = (c: Case) =>
      requestVerdict({
        headers: c.headers,
        authority: g.authority,
        jwks: c.jwks ?? g.jwks,
        now: c.now ?? g.now,
        replay: 'off',
      });
    return sides(
      async (c) => acceptedWith(await verify(c), { did: g.did }),
      async (c) => refused(await verify(c), c.expect),
    )(g);
  },
  'wba.directory': directoryReplay,
  'wba.directory.current': directoryReplay,
  'wba.dictionary': (g: Case, doc: Case) => {
    const verify = (c: Case) =>
      requestVerdict({
        headers: c.agent === undefined ? c.headers : { ...c.headers, 'signature-agent': c.agent },
        authority: g.authority,
        jwks: g.jwks,
        now: g.now,
        replay: 'off',
        ...given(c, ['targetUri']),
      });
    return sides(
      async (c) => acceptedWith(await verify(c), { did: doc['wba.profile'].did }),
      async (c) => refused(await verify(c), c.expect),
    )(g);
  },
  'wba.key-window': (g: Case, doc: Case) => {
    const verify = (c: Case) =>
      requestVerdict({ headers: g.headers, authority: g.authority, jwks: c.jwks, now: g.now, replay: 'off' });
    return sides(
      async (c) => acceptedWith(await verify(c), { did: doc['wba.profile'].did }),
      async (c) => refused(await verify(c), c.expect),
    )(g);
  },
  'wba.card': (g: Case) =>
    sides(
      (c) =>
        accepted(parseSignatureAgentCard(c.card, { url: g.url }), {
          clientId: g.url,
          card: c.card,
          keys: c.expect,
        }),
      (c) => refused(parseSignatureAgentCard(c.card, { url: g.url }), c.expect),
    )(g),
  'wba.registry': (g: Case) => {
    const parse = (c: Case) => parseRegistry(c.text, given(c, ['maxLength', 'maxEntries']));
    return sides(
      (c) => accepted(parse(c), c.expect),
      (c) => refused(parse(c), c.expect),
    )(g);
  },
  'wba.discovery': (g: Case) => {
    /** A fetch answering the case's responses by URL, 404 for any other. */
    const fetchFrom = (c: Case) => async (url: string) => {
      const answer = c.responses[url];
      return answer === undefined
        ? new Response('not found', { status: 404 })
        : new Response(answer.body, { status: answer.status, headers: answer.headers });
    };
    const verify = (c: Case) =>
      verifyRequestWithDiscovery({
        headers: c.headers,
        authority: g.authority,
        now: g.now,
        replay: 'off',
        fetch: fetchFrom(c),
        ...(c.allowAgents === undefined
          ? {}
          : { allowAgent: (e: { url: string }) => c.allowAgents.includes(e.url) }),
      });
    return sides(
      async (c) => acceptedWith(await verify(c), c.expect),
      async (c) => refused(await verify(c), c.expect),
    )(g);
  },
  'wba.request': (g: Case, doc: Case) => {
    const verify = (request: unknown, c: Case) =>
      verifyRequest({
        request: request as Request,
        authority: c.authority,
        jwks: g.jwks,
        now: g.now,
        replay: 'off',
      });
    return sides(
      (c) => {
        for (const r of requestsOf(c)) acceptedWith(verify(r, c), { did: doc['wba.profile'].did });
      },
      (c) => {
        for (const r of requestsOf(c)) refused(verify(r, c), c.expect);
      },
    )(g);
  },
  'wba.signature-agent': (g: Case) => {
    const parse = (c: Case) => parseSignatureAgent(c.header, { allowHttp: c.allowHttp === true });
    return sides(
      (c) => accepted(parse(c), c.expect),
      (c) => refused(parse(c), c.expect),
    )(g);
  },
  'wba.fetch': (g: Case) =>
    sides(
      async (c) => {
        const { fetch, calls } = fetchFor(c);
        const verdict = await fetchDirectory(c.url, { fetch, now: g.now, ...given(c, ['type']) });
        acceptedWith(verdict, c.expect);
        same(verdict.ok && verdict.value.jwks, JSON.parse(c.response.body), 'jwks');
        same(
          calls,
          [{ url: c.expect.url, init: { headers: { accept: DIRECTORY_MEDIA_TYPE }, redirect: 'error' } }],
          'fetched',
        );
      },
      async (c) =>
        refused(
          await fetchDirectory(c.url, {
            fetch: fetchFor(c).fetch,
            now: g.now,
            ...given(c, ['type']),
            ...failingCache(c.cache),
          }),
          c.expect,
        ),
    )(g),
  'jwk.refuse': (g: Case[]) =>
    cases(g, (c) => {
      refused(thumbprint(c.jwk), c.expect);
      // The key reader refuses the same JWKs (its type refusal covers both shape codes).
      if (publicKeyFromJwk(c.jwk).ok) throw new Mismatch('publicKeyFromJwk accepts it');
    }),
  'wba.replay': (g: Case) => {
    /** Each delivery through one store, in order: accepted with the values expected, or refused with the code. */
    const check = async (c: Case) => {
      same(c.deliveries.length, c.expect.length, 'deliveries');
      if (c.unavailable === true) {
        // A shared store whose server cannot be reached: every answer is a rejected promise.
        const replay = {
          windowSeconds: 600,
          checkAndRemember: () => Promise.reject(new Error('unreachable')),
        };
        for (const [i, headers] of c.deliveries.entries())
          refused(
            await verifyRequestAsync({ headers, authority: g.authority, jwks: g.jwks, now: g.now, replay }),
            c.expect[i],
          );
        return;
      }
      const replay = new MemoryReplayCache(c.maxEntries === undefined ? {} : { maxEntries: c.maxEntries });
      c.deliveries.forEach((headers: Case, i: number) => {
        const verdict = verifyRequest({ headers, authority: g.authority, jwks: g.jwks, now: g.now, replay });
        const expected = c.expect[i];
        if (typeof expected === 'string') refused(verdict, expected);
        else acceptedWith(verdict, expected);
      });
    };
    return sides(check, check)(g);
  },
  'wba.structured-fields': (g: Case) => {
    const parse = (c: Case) => {
      const options = c.maxLength === undefined ? undefined : { maxLength: c.maxLength };
      if (c.field === 'signature') return parseSignature(c.text, options);
      if (c.field === 'signature-input') return parseSignatureInput(c.text, options);
      throw new Mismatch('field names neither parser');
    };
    return sides(
      (c) => {
        const verdict = parse(c);
        accepted(verdict);
        same(verdict.ok && verdict.value.length, c.expect, 'members');
      },
      (c) => refused(parse(c), c.expect),
    )(g);
  },
};
