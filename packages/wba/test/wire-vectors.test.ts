import { hex, unwrap } from '@agent-seam/canonical';
import { loadInterop, loadVectors, openLedger } from '@agent-seam/conformance';
import { didFromPublicKey } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_CHECKS,
  DIRECTORY_MEDIA_TYPE,
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
  REQUEST_CHECKS,
  signatureBase,
  signDirectory,
  signRequest,
  thumbprint,
  thumbprintInput,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
  verifyRequestWithDiscovery,
} from '../src/index.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');

const TITLES = new Set([...REQUEST_CHECKS, ...DIRECTORY_CHECKS].map((c) => c.title));
/**
 * Issue 32: a refusal says what failed in the terms of the input, never the title of a
 * check (the titles stay in REQUEST_CHECKS and DIRECTORY_CHECKS).
 */
function detailed(verdict: { ok: boolean; detail?: string }): void {
  if (verdict.ok) return;
  expect(typeof verdict.detail, 'a refusal carries a detail').toBe('string');
  expect(verdict.detail!.length).toBeGreaterThan(0);
  expect(TITLES.has(verdict.detail!), 'a detail is never a check title').toBe(false);
}

describe('webBotAuth (upstream group, reproduced from its seed)', () => {
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.webBotAuth;
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing('webBotAuth'));
    return;
  }
  const check = (name: string, body: () => void) =>
    it(name, () => ledger.accept('webBotAuth', name, body, { interop: true }));
  const seed = unwrap(hex.decode(upstream.seedHex));

  for (const key of upstream.keys) {
    const jwk = jwkFromPublicKey(unwrap(hex.decode(key.publicHex)));
    check(`keys/${key.publicHex.slice(0, 8)}/thumbprintInput`, () => {
      expect(jwk.x).toBe(key.x);
      expect(unwrap(thumbprintInput(jwk))).toBe(key.thumbprintInput);
    });
    check(`keys/${key.publicHex.slice(0, 8)}/thumbprint`, () => {
      expect(unwrap(thumbprint(jwk))).toBe(key.thumbprint);
      expect(didFromPublicKey(unwrap(hex.decode(key.publicHex)))).toBe(key.did);
    });
  }

  const r = upstream.request;
  const headers = signRequest({
    seed,
    authority: r.authority,
    signatureAgent: r.signatureAgentUrl,
    signatureAgentForm: 'legacy',
    created: r.created,
    expires: r.expires,
    nonce: false,
  });
  check('request/signature-input', () => {
    expect(headers['signature-input']).toBe(r.signatureInput);
    expect(headers['signature-input']).toBe(`sig1=${r.signatureParams}`);
  });
  check('request/signature-agent', () => expect(headers['signature-agent']).toBe(r.signatureAgent));
  check('request/signature-base', () =>
    expect(
      signatureBase(
        [
          { name: '@authority', value: r.authority },
          { name: 'signature-agent', value: r.signatureAgent },
        ],
        r.signatureParams,
      ),
    ).toBe(r.signatureBase),
  );
  check('request/signature', () => expect(headers.signature).toBe(r.signature));
  check('request/verifies', () => {
    const verdict = verifyRequest({
      replay: 'off',
      headers: {
        'signature-input': r.signatureInput,
        signature: r.signature,
        'signature-agent': r.signatureAgent,
      },
      authority: r.authority,
      // The directory body of the same group publishes the signer's key.
      jwks: JSON.parse(upstream.directory.body),
      now: r.created,
    });
    expect(verdict).toEqual({
      ok: true,
      value: {
        did: upstream.did,
        keyid: r.keyid,
        label: 'sig1',
        created: r.created,
        expires: r.expires,
        replay: 'off-by-caller',
      },
    });
  });

  const d = upstream.directory;
  const directory = signDirectory({
    seed,
    authority: d.authority,
    created: d.created,
    expires: d.expires,
    form: 'legacy',
  });
  check('directory/body', () => expect(directory.body).toBe(d.body));
  check('directory/signature-input', () =>
    expect(directory.headers['signature-input']).toBe(d.signatureInput),
  );
  check('directory/signature-base', () =>
    expect(signatureBase([{ name: '@authority', value: d.authority }], d.signatureParams)).toBe(
      d.signatureBase,
    ),
  );
  check('directory/signature', () => expect(directory.headers.signature).toBe(d.signature));
  check('directory/verifies', () => {
    const verdict = verifyDirectory({
      headers: { 'signature-input': d.signatureInput, signature: d.signature },
      authority: d.authority,
      body: d.body,
      now: d.created,
    });
    expect(verdict).toMatchObject({ ok: true, value: { did: upstream.did, keyid: d.keyid } });
  });
  check('vectors/wire_vectors.json reproduces the upstream group value for value', () => {
    const { note: _a, ...mine } = ours.webBotAuth;
    const { note: _b, ...theirs } = upstream;
    expect(mine).toEqual(theirs);
  });
});

describe('wba.profile (own request cases)', () => {
  const g = ours['wba.profile'];
  const verify = (c: any) =>
    verifyRequest({
      replay: 'off',
      headers: c.headers,
      authority: g.authority,
      jwks: c.jwks ?? g.jwks,
      now: c.now ?? g.now,
    });
  for (const c of g.accept) {
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.profile', c.name, () =>
        expect(verify(c)).toMatchObject({ ok: true, value: { did: g.did } }),
      ));
  }
  for (const c of g.refuse) {
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.profile', c.name, () => {
        const verdict = verify(c);
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
        detailed(verdict);
      }));
  }
});

describe('verifyRequestAsync (WebCrypto door) on every wba.profile case', () => {
  const g = ours['wba.profile'];
  const options = (c: any) => ({
    headers: c.headers,
    authority: g.authority,
    jwks: c.jwks ?? g.jwks,
    now: c.now ?? g.now,
    replay: 'off' as const,
  });
  it('covers accepted and refused requests', () => {
    expect(g.accept.length).toBeGreaterThan(0);
    expect(g.refuse.length).toBeGreaterThan(0);
  });
  for (const c of [...g.accept, ...g.refuse])
    it(c.name, async () => expect(await verifyRequestAsync(options(c))).toEqual(verifyRequest(options(c))));
  it('rejects on a caller error, as the sync verifier throws', async () => {
    const c = g.accept[0];
    await expect(verifyRequestAsync({ ...options(c), now: undefined as never })).rejects.toThrow(/now/);
  });
});

describe('wba.directory (own directory cases)', () => {
  const g = ours['wba.directory'];
  const verify = (c: any) =>
    verifyDirectory({ headers: c.headers, authority: g.authority, body: c.body, now: g.now });
  for (const c of g.accept) {
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.directory', c.name, () => {
        const verdict = verify(c);
        expect(verdict.ok).toBe(true);
        if (verdict.ok) expect(verdict.value.jwks).toEqual(JSON.parse(c.body));
      }));
  }
  for (const c of g.refuse) {
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.directory', c.name, () => {
        const verdict = verify(c);
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
        detailed(verdict);
      }));
  }
});

describe('wba.request (a Fetch API Request)', () => {
  const g = ours['wba.request'];
  /** The request as a real Request where the URL allows one, else the same shape by hand. */
  const requests = (c: any): unknown[] => {
    if ('request' in c) return [c.request];
    const byHand = { url: c.url, headers: new Headers(c.headers) };
    return typeof c.url === 'string' && /^https?:\/\//.test(c.url)
      ? [new Request(c.url, { headers: c.headers }), byHand]
      : [byHand];
  };
  const verify = (request: unknown, c: any) =>
    verifyRequest({
      replay: 'off',
      request: request as Request,
      authority: c.authority,
      jwks: g.jwks,
      now: g.now,
    });
  for (const c of g.accept) {
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.request', c.name, () => {
        for (const request of requests(c))
          expect(verify(request, c)).toMatchObject({ ok: true, value: { did: ours['wba.profile'].did } });
      }));
  }
  for (const c of g.refuse) {
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.request', c.name, () => {
        for (const request of requests(c)) {
          const verdict = verify(request, c);
          expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
          detailed(verdict);
        }
      }));
  }
});

describe('wba.signature-agent (parseSignatureAgent)', () => {
  const g = ours['wba.signature-agent'];
  const parse = (c: any) => parseSignatureAgent(c.header, { allowHttp: c.allowHttp === true });
  for (const c of g.accept)
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.signature-agent', c.name, () =>
        expect(parse(c)).toEqual({ ok: true, value: c.expect }),
      ));
  for (const c of g.refuse)
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.signature-agent', c.name, () => {
        const verdict = parse(c);
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
        detailed(verdict);
      }));
});

describe('wba.fetch (fetchDirectory with a fetch double)', () => {
  const g = ours['wba.fetch'];
  /** A fetch that answers the case's response (or rejects), recording what it was asked. */
  const fetchFor = (c: any) => {
    const calls: { url: string; init: unknown }[] = [];
    const fetch = async (url: string, init: unknown) => {
      calls.push({ url, init });
      if (c.reject) throw new TypeError('fetch failed');
      const { status, headers, body } = c.response;
      return new Response(body, { status, headers });
    };
    return { fetch, calls };
  };
  /** The cache of a case's `cache`: every call rejects, or get misses and set rejects. */
  const failingCache = (kind: unknown): { cache?: DirectoryCache } => {
    if (kind === undefined) return {};
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
    return { cache: { get: kind === 'unavailable' ? down : () => undefined, set: down } };
  };
  for (const c of g.accept)
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.fetch', c.name, async () => {
        const { fetch, calls } = fetchFor(c);
        const verdict = await fetchDirectory(c.url, {
          fetch,
          now: g.now,
          ...(c.type ? { type: c.type } : {}),
        });
        expect(verdict).toMatchObject({ ok: true, value: c.expect });
        if (verdict.ok) expect(verdict.value.jwks).toEqual(JSON.parse(c.response.body));
        expect(calls).toEqual([
          { url: c.expect.url, init: { headers: { accept: DIRECTORY_MEDIA_TYPE }, redirect: 'error' } },
        ]);
      }));
  for (const c of g.refuse)
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.fetch', c.name, async () => {
        const verdict = await fetchDirectory(c.url, {
          fetch: fetchFor(c).fetch,
          now: g.now,
          ...(c.type ? { type: c.type } : {}),
          ...failingCache(c.cache),
        });
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
        detailed(verdict);
      }));
});

describe('jwk.refuse (own JWK spelling cases)', () => {
  for (const c of ours['jwk.refuse']) {
    it(c.name, () =>
      ledger.refuse('jwk.refuse', c.name, () => {
        const named = thumbprint(c.jwk);
        expect(named.ok ? 'accepted' : named.code).toBe(c.expect);
        // The key reader refuses the same JWKs (its type refusal covers both shape codes).
        expect(publicKeyFromJwk(c.jwk).ok).toBe(false);
      }),
    );
  }
});

describe('wba.replay (one replay store across deliveries)', () => {
  const g = ours['wba.replay'];
  /** Each delivery through one store, in order: the accepted value's members, or the refusal code. */
  const deliver = async (c: any) => {
    if (c.unavailable === true) return Promise.all(c.deliveries.map(unanswered));
    const replay = new MemoryReplayCache(c.maxEntries === undefined ? {} : { maxEntries: c.maxEntries });
    return c.deliveries.map((headers: unknown, i: number) => {
      const verdict = verifyRequest({
        headers: headers as never,
        authority: g.authority,
        jwks: g.jwks,
        now: g.now,
        replay,
      });
      detailed(verdict);
      if (!verdict.ok) return verdict.code;
      const { did, replay: seen } = verdict.value;
      return typeof c.expect[i] === 'string' ? 'accepted' : { did, replay: seen };
    });
  };
  /** A delivery judged with a store whose server cannot be reached: every answer rejects. */
  const unanswered = async (headers: unknown) => {
    const down = {
      windowSeconds: 600,
      checkAndRemember: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const verdict = await verifyRequestAsync({
      headers: headers as never,
      authority: g.authority,
      jwks: g.jwks,
      now: g.now,
      replay: down,
    });
    detailed(verdict);
    return verdict.ok ? 'accepted' : verdict.code;
  };
  for (const c of g.accept)
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.replay', c.name, async () => expect(await deliver(c)).toEqual(c.expect)));
  for (const c of g.refuse)
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.replay', c.name, async () => expect(await deliver(c)).toEqual(c.expect)));
});

describe('wba.structured-fields (the two parsers on their own)', () => {
  const g = ours['wba.structured-fields'];
  const parse = (c: any) => {
    const options = c.maxLength === undefined ? undefined : { maxLength: c.maxLength };
    return c.field === 'signature' ? parseSignature(c.text, options) : parseSignatureInput(c.text, options);
  };
  for (const c of g.accept)
    it(`accept: ${c.name}`, () =>
      ledger.accept('wba.structured-fields', c.name, () => {
        const verdict = parse(c);
        expect(verdict.ok && verdict.value.length).toBe(c.expect);
      }));
  for (const c of g.refuse)
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('wba.structured-fields', c.name, () => {
        const verdict = parse(c);
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
        detailed(verdict);
      }));
});

/** The accept/refuse drivers of a group: `judge` gives a verdict, accepted cases hold `value` (when the case states one). */
function bothWays(group: string, judge: (c: any) => any, value: (c: any) => unknown = () => ({})) {
  const g = ours[group];
  for (const c of g.accept)
    it(`accept: ${c.name}`, () =>
      ledger.accept(group, c.name, async () => {
        const verdict = await judge(c);
        expect(verdict).toMatchObject({ ok: true, value: value(c) });
      }));
  for (const c of g.refuse)
    it(`refuse: ${c.name}`, () =>
      ledger.refuse(group, c.name, async () => {
        const verdict = await judge(c);
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
        detailed(verdict);
      }));
}

describe('wba.dictionary (Signature-Agent as a dictionary, component parameters)', () => {
  const g = ours['wba.dictionary'];
  bothWays(
    'wba.dictionary',
    (c) =>
      verifyRequest({
        headers: c.agent === undefined ? c.headers : { ...c.headers, 'signature-agent': c.agent },
        authority: g.authority,
        jwks: g.jwks,
        now: g.now,
        replay: 'off',
        ...(c.targetUri === undefined ? {} : { targetUri: c.targetUri }),
      }),
    () => ({ did: ours['wba.profile'].did }),
  );
});

describe('wba.directory.current ("@authority";req, content-digest, key windows)', () => {
  const g = ours['wba.directory.current'];
  bothWays(
    'wba.directory.current',
    (c) => verifyDirectory({ headers: c.headers, authority: g.authority, body: c.body, now: g.now }),
    (c) => ({ jwks: JSON.parse(c.body) }),
  );
});

describe('wba.key-window (a request under a key with nbf/exp)', () => {
  const g = ours['wba.key-window'];
  bothWays('wba.key-window', (c) =>
    verifyRequest({ headers: g.headers, authority: g.authority, jwks: c.jwks, now: g.now, replay: 'off' }),
  );
});

describe('wba.card (parseSignatureAgentCard)', () => {
  const g = ours['wba.card'];
  bothWays(
    'wba.card',
    (c) => parseSignatureAgentCard(c.card, { url: g.url }),
    (c) => ({ clientId: g.url, card: c.card, keys: c.expect }),
  );
});

describe('wba.registry (parseRegistry)', () => {
  bothWays(
    'wba.registry',
    (c) =>
      parseRegistry(c.text, {
        ...(c.maxLength === undefined ? {} : { maxLength: c.maxLength }),
        ...(c.maxEntries === undefined ? {} : { maxEntries: c.maxEntries }),
      }),
    (c) => c.expect,
  );
});

describe('wba.discovery (verifyRequestWithDiscovery)', () => {
  const g = ours['wba.discovery'];
  /** A fetch answering the case's responses by URL, 404 for any other. */
  const fetchFor = (c: any) => async (url: string) => {
    const answer = c.responses[url];
    return answer === undefined
      ? new Response('not found', { status: 404 })
      : new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  bothWays(
    'wba.discovery',
    (c) =>
      verifyRequestWithDiscovery({
        headers: c.headers,
        authority: g.authority,
        now: g.now,
        replay: 'off',
        fetch: fetchFor(c),
        ...(c.allowAgents === undefined ? {} : { allowAgent: (e) => c.allowAgents.includes(e.url) }),
      }),
    (c) => c.expect,
  );
});
