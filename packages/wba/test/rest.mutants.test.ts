import { unwrap } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import {
  combineFieldLines,
  createDirectoryCache,
  type DirectoryFetch,
  type DirectoryResponse,
  type FetchedDirectory,
  fetchDirectory,
  jwkFromPublicKey,
  parseSignatureAgent,
  REQUEST_TAG,
  signatureBases,
  signDirectory,
  signRequest,
  thumbprint,
  thumbprintInput,
  verifyRequest,
} from '../src/index.js';

/**
 * Cases written for the mutants `pnpm mutate --filter wba --rest` left alive outside the
 * verify path (issue 15): directory fetching and caching, header reading, JWK thumbprints,
 * signing, Signature-Agent and signature bases. Refusals are asserted whole (code and
 * detail), caller errors by name, code and message. Every `why` names the mutant(s) the
 * case kills (src/file.ts line:column as the report gives them).
 */
const seed = new Uint8Array(32).fill(9);
const created = 1754870400;
const expires = created + 3600;
const AUTHORITY = 'bot.example';
const URL_OF = 'https://bot.example/.well-known/http-message-signatures-directory';
const directory = signDirectory({ seed, authority: AUTHORITY, created, expires });
const bodyBytes = new TextEncoder().encode(directory.body);
const jwk = jwkFromPublicKey(keyPairFromSeed(seed).publicKey);
const keyid = unwrap(thumbprint(jwk));

/** A fetch double answering with the signed directory, the given headers added; records the URLs asked. */
function serving(headers: Record<string, string> = {}) {
  const urls: string[] = [];
  const fetch: DirectoryFetch = async (url) => {
    urls.push(url);
    return new Response(directory.body, { headers: { ...directory.headers, ...headers } });
  };
  return { fetch, urls };
}

/** A response object by hand (record headers, so content-length is as given), body in the given chunks. */
const handMade = (headers: Record<string, string>, chunks: Uint8Array[]): DirectoryResponse => ({
  status: 200,
  headers: { ...directory.headers, ...headers },
  body: new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }),
});

const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

/** What an async call rejects with, as thrown() gives it. */
async function rejection(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    return {
      name: (error as Error).name,
      code: (error as { code?: string }).code,
      message: (error as Error).message,
    };
  }
  throw new Error('expected a rejection');
}

describe('fetchDirectory: caller errors, whole', () => {
  it('refuses options that are not an object, null included', async () => {
    // why: kills fetch-directory.ts:216:7 (all four), 217:25, 217:41: null and a string
    // must both be refused as "takes an options object", not reach `options.fetch`.
    for (const options of [null, 'options'])
      expect(await rejection(() => fetchDirectory('https://bot.example', options as never))).toEqual(
        seamError('bad-argument', 'fetchDirectory takes an options object'),
      );
  });

  it('names the option at fault', async () => {
    const { fetch } = serving();
    // why: kills fetch-directory.ts:220:7 (the code of the missing-fetch error).
    expect(await rejection(() => fetchDirectory('https://bot.example', { now: created } as never))).toEqual(
      seamError('bad-argument', 'fetchDirectory needs a fetch (globalThis.fetch, or your own wrapper)'),
    );
    // why: kills fetch-directory.ts:231:5 and 236:5 (the option names in the messages).
    expect(
      await rejection(() =>
        fetchDirectory('https://bot.example', { fetch, now: created, maxHeaderLength: 0 }),
      ),
    ).toEqual(seamError('bad-argument', 'fetchDirectory maxHeaderLength must be a positive integer'));
    expect(
      await rejection(() => fetchDirectory('https://bot.example', { fetch, now: created, maxBodyLength: 0 })),
    ).toEqual(seamError('bad-argument', 'fetchDirectory maxBodyLength must be a positive integer'));
    // why: kills fetch-directory.ts:73:25 and 73:41.
    expect(await rejection(() => fetchDirectory('/relative', { fetch, now: created }))).toEqual(
      seamError('bad-argument', 'fetchDirectory url must be an absolute URL'),
    );
    // why: kills fetch-directory.ts:267:45.
    expect(thrown(() => createDirectoryCache({ maxEntries: 0 }))).toEqual(
      seamError('bad-argument', 'createDirectoryCache maxEntries must be a positive integer'),
    );
  });
});

describe('fetchDirectory: which URL', () => {
  it('a bare origin gets the well-known path, an origin with a query is fetched as given', async () => {
    // why: kills fetch-directory.ts:75:34 (`parsed.search === ''` -> true would move a
    // URL with a query to the well-known path).
    const { fetch, urls } = serving();
    await fetchDirectory('https://bot.example', { fetch, now: created });
    await fetchDirectory('https://bot.example/?dir=1', { fetch, now: created });
    expect(urls).toEqual([URL_OF, 'https://bot.example/?dir=1']);
  });
});

describe('fetchDirectory: Cache-Control', () => {
  const freshUntil = async (cacheControl: string) => {
    const verdict = await fetchDirectory('https://bot.example', {
      fetch: serving({ 'cache-control': cacheControl }).fetch,
      now: created,
    });
    return verdict.ok ? verdict.value.freshUntil : verdict;
  };

  it('no-cache is not reused, like no-store', async () => {
    // why: kills fetch-directory.ts:88:32 (`name === 'no-cache'` -> false).
    expect(await freshUntil('no-cache')).toBe(created - 1);
    expect(await freshUntil('no-store')).toBe(created - 1);
  });

  it('only a max-age of 1 to 10 digits counts; other directives and spellings leave the signed expiry', async () => {
    // why: kills fetch-directory.ts:89:9 (both: any directive with a number would count).
    expect(await freshUntil('s-maxage=5')).toBe(expires);
    expect(await freshUntil('private=5')).toBe(expires);
    // why: kills fetch-directory.ts:89:31 (`/\d{1,10}$/`: 'x5' would be read, as NaN).
    expect(await freshUntil('max-age=x5')).toBe(expires);
    // why: kills fetch-directory.ts:89:31 (`/^\d{1,10}/`: '5x' would be read, as NaN).
    expect(await freshUntil('max-age=5x')).toBe(expires);
    expect(await freshUntil('max-age=5')).toBe(created + 4);
  });

  it('a directory fresh for exactly this second is offered to the cache', async () => {
    // why: kills fetch-directory.ts:258:7 (`freshUntil >= now` -> `>`): max-age=1 gives
    // freshUntil === now, which may still be used this second.
    const stored: number[] = [];
    const cache = { get: () => undefined, set: (d: FetchedDirectory) => void stored.push(d.freshUntil) };
    await fetchDirectory('https://bot.example', {
      fetch: serving({ 'cache-control': 'max-age=1' }).fetch,
      now: created,
      cache,
    });
    expect(stored).toEqual([created]);
  });
});

describe('fetchDirectory: what the fetch returns', () => {
  it('a rejected fetch, a non-Response and a bad status are refused whole', async () => {
    // why: kills fetch-directory.ts:167:11 and 168:33 (a rejection must not fall through
    // to "did not resolve to a Response").
    expect(
      await fetchDirectory('https://bot.example', {
        fetch: async () => {
          throw new TypeError('network');
        },
        now: created,
      }),
    ).toEqual({ ok: false, code: 'fetch-failed', detail: 'the fetch was rejected' });
    // why: kills fetch-directory.ts:99:7 (a status that is not a number, headers fine)
    // and 171:59.
    expect(
      await fetchDirectory('https://bot.example', {
        fetch: async () => ({ status: '200', headers: new Headers(), body: null }) as never,
        now: created,
      }),
    ).toEqual({ ok: false, code: 'fetch-failed', detail: 'the fetch did not resolve to a Response' });
    // why: kills fetch-directory.ts:173:58.
    expect(
      await fetchDirectory('https://bot.example', {
        fetch: async () => new Response('gone', { status: 404 }),
        now: created,
      }),
    ).toEqual({ ok: false, code: 'bad-status', detail: 'status 404, not 200' });
  });

  it('content-length is a cap only when it is all digits and over the cap', async () => {
    const fetchOf = (response: DirectoryResponse) => async () => response;
    const at = (response: DirectoryResponse, maxBodyLength = 65536) =>
      fetchDirectory('https://bot.example', { fetch: fetchOf(response), now: created, maxBodyLength });
    // why: kills fetch-directory.ts:117:7 (the `||` of the third operand, `&&` -> true,
    // the `&&` -> `||` of the first two), 117:31 (both regexes): '9e9' is not all digits,
    // so it is no cap even though Number('9e9') is over it.
    expect(await at(handMade({ 'content-length': '9e9' }, [bodyBytes]))).toMatchObject({ ok: true });
    // why: kills fetch-directory.ts:117:55 (`> max` -> true) and (`>` -> `>=`), and 130:11
    // (`total > max` -> `>=`): a body of exactly the cap, announced as such, is read.
    expect(
      await at(handMade({ 'content-length': String(bodyBytes.length) }, [bodyBytes]), bodyBytes.length),
    ).toMatchObject({ ok: true });
    // why: kills fetch-directory.ts:118:40.
    expect(await at(handMade({ 'content-length': '70000' }, [bodyBytes]))).toEqual({
      ok: false,
      code: 'directory-too-large',
      detail: 'content-length over the cap of 65536 bytes',
    });
  });

  it('a body in several chunks is put together in order', async () => {
    // why: kills fetch-directory.ts:143:5 (`at -= chunk.length` writes the second chunk
    // at a negative offset).
    const half = Math.floor(bodyBytes.length / 2);
    const verdict = await fetchDirectory('https://bot.example', {
      fetch: async () => handMade({}, [bodyBytes.slice(0, half), bodyBytes.slice(half)]),
      now: created,
    });
    expect(verdict).toMatchObject({ ok: true, value: { url: URL_OF, freshUntil: expires } });
  });

  it('a missing body (null or undefined) is an empty one, judged as a directory (not JSON)', async () => {
    // why: kills fetch-directory.ts:119:7 (all three) and 119:33: a missing body must be
    // read as empty, not reach `getReader` (which would be "reading the body failed").
    for (const body of [null, undefined]) {
      const response = { status: 200, headers: directory.headers, body } as unknown as DirectoryResponse;
      expect(
        await fetchDirectory('https://bot.example', { fetch: async () => response, now: created }),
      ).toEqual({ ok: false, code: 'malformed-directory', detail: 'body is not JSON' });
    }
  });

  it('a body stream that fails is refused', async () => {
    // why: kills fetch-directory.ts:136:11 and 137:33 (an emptied catch would judge the
    // part read so far).
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bodyBytes);
        controller.error(new Error('reset'));
      },
    });
    const response: DirectoryResponse = { status: 200, headers: directory.headers, body: failing };
    expect(
      await fetchDirectory('https://bot.example', { fetch: async () => response, now: created }),
    ).toEqual({
      ok: false,
      code: 'fetch-failed',
      detail: 'reading the body failed',
    });
  });
});

describe('fetchDirectory: shared downloads and the cache', () => {
  it('concurrent calls share a download only for the same URL and cap', async () => {
    // why: kills fetch-directory.ts:194:15 (one key for every download would hand
    // bot.example's bytes to the other URL and cap).
    const cache = createDirectoryCache();
    const { fetch, urls } = serving({ 'cache-control': 'no-store' });
    const results = await Promise.all([
      fetchDirectory('https://bot.example', { fetch, now: created, cache }),
      fetchDirectory('https://bot.example/?other', { fetch, now: created, cache }),
      fetchDirectory('https://bot.example', { fetch, now: created, cache, maxBodyLength: 1000 }),
    ]);
    expect(urls).toEqual([URL_OF, 'https://bot.example/?other', URL_OF]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
  });

  it('setting a URL again makes it the most recently used', () => {
    // why: kills fetch-directory.ts:279:7 (without the delete, a re-set entry keeps its
    // old place and is evicted first).
    const cache = createDirectoryCache({ maxEntries: 2 });
    const entry = (url: string) => ({ url, freshUntil: created + 100 }) as FetchedDirectory;
    cache.set(entry('https://a.example/'));
    cache.set(entry('https://b.example/'));
    cache.set(entry('https://a.example/'));
    cache.set(entry('https://c.example/'));
    expect(cache.get('https://a.example/', created)).toBeDefined();
    expect(cache.get('https://b.example/', created)).toBeUndefined();
  });
});

describe('signatureBases and header records', () => {
  const input = (value: string) => ({ 'signature-input': value });

  it('refuses what keeps the members from being read, whole', () => {
    // why: kills explain.ts:33:7 (a non-object would reach the reader) and headers.ts:58:55.
    expect(signatureBases(null as never, AUTHORITY)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'headers is not an object or a Headers',
    });
    // why: kills explain.ts:35:7 (a value that is not a string is not "missing"),
    // headers.ts:44:33 and headers.ts:69:30 (one record value is combined as itself, not as
    // a list of one, so the detail is the one for a value, not for a line).
    expect(signatureBases({ 'signature-input': 5 } as never, AUTHORITY)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a header value is neither a string nor a list of strings',
    });
    // why: kills explain.ts:38:7 (an unparsable Signature-Input would reach `.map`).
    expect(signatureBases(input('sig1=('), AUTHORITY)).toEqual({
      ok: false,
      code: 'malformed-signature-input',
      detail: `expected '"' at offset 6`,
    });
  });

  it('keyid is reported only when the member has a string keyid', () => {
    // why: kills explain.ts:41:21 (a member without keyid would throw) and explain.ts:43:11
    // (an integer keyid would be reported).
    for (const params of [';created=1', ';keyid=5'])
      expect(signatureBases(input(`sig1=("@authority")${params}`), AUTHORITY)).toStrictEqual({
        ok: true,
        value: [
          { label: 'sig1', base: `"@authority": ${AUTHORITY}\n"@signature-params": ("@authority")${params}` },
        ],
      });
  });

  it('a covered field value enters the base trimmed', () => {
    // why: kills signature-base.ts:56:31 (`raw.value.trim()` -> `raw.value`).
    expect(signatureBases({ ...input('sig1=("x");keyid="k"'), x: '  v  ' }, AUTHORITY)).toStrictEqual({
      ok: true,
      value: [{ label: 'sig1', keyid: 'k', base: '"x": v\n"@signature-params": ("x");keyid="k"' }],
    });
  });

  it('in a record, every key matching case-insensitively is a line; absent values add none', () => {
    const lines = { 'signature-input': ['sig1=("@authority");keyid="a"'], 'Signature-Input': 'sig2=("x")' };
    const labels = (headers: unknown) => {
      const verdict = signatureBases(headers as never, AUTHORITY);
      return verdict.ok ? verdict.value.map((m) => m.label) : verdict;
    };
    // why: kills headers.ts:66:11 (an array value would be pushed as one line, not spread).
    expect(labels(lines)).toEqual(['sig1', 'sig2']);
    // why: kills headers.ts:67:16 (both: undefined pushed as a line) and headers.ts:67:39
    // (null pushed as a line): a key holding no value adds no line.
    expect(labels({ 'signature-input': undefined, 'Signature-Input': 'sig2=("x")' })).toEqual(['sig2']);
    expect(labels({ 'signature-input': null, 'Signature-Input': 'sig2=("x")' })).toEqual(['sig2']);
  });

  it('combineFieldLines: a single line is returned as given; non-strings refused whole', () => {
    // why: kills headers.ts:48:7 (a single line would be trimmed).
    expect(combineFieldLines([' a '])).toEqual({ ok: true, value: ' a ' });
    // why: kills headers.ts:41:7 `value === undefined` → false (the rerun's one new survivor): an
    // absent header (undefined, as a plain record gives it) is no header, not a wrong type.
    expect(combineFieldLines(undefined)).toEqual({ ok: true, value: undefined });
    expect(combineFieldLines([' a ', ' b '])).toEqual({ ok: true, value: 'a, b' });
    // why: kills headers.ts:44:33 and headers.ts:46:33.
    expect(combineFieldLines(5)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a header value is neither a string nor a list of strings',
    });
    expect(combineFieldLines(['a', 5])).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a header field line is not a string',
    });
  });
});

describe('thumbprintInput refusals, whole', () => {
  it('kty must be a string; members must be strings; base64url members strict', () => {
    // why: kills jwk.ts:23:25 (kty ['OKP'] would index REQUIRED_MEMBERS as 'OKP').
    expect(thumbprintInput({ kty: ['OKP'], crv: 'Ed25519', x: jwk.x })).toEqual({
      ok: false,
      code: 'not-a-jwk',
    });
    // why: kills jwk.ts:29:61.
    expect(thumbprintInput({ kty: 'OKP', crv: 5, x: jwk.x })).toEqual({
      ok: false,
      code: 'not-a-jwk',
      detail: 'member crv is not a string',
    });
    // why: kills jwk.ts:31:39.
    expect(thumbprintInput({ kty: 'OKP', crv: 'Ed25519', x: 'a+b' })).toEqual({
      ok: false,
      code: 'bad-key-encoding',
      detail: 'member x is not strict base64url',
    });
  });
});

describe('verifyRequest details from the profile and the key set', () => {
  const NOW = created;
  const verify = (signatureInput: string, extra: Record<string, unknown> = {}) =>
    verifyRequest({
      replay: 'off',
      headers: { 'signature-input': signatureInput, signature: 'sig1=:AAAA:', ...extra },
      authority: AUTHORITY,
      jwks: { keys: [jwk] },
      now: NOW,
    });
  const ours = `keyid="${keyid}";tag="${REQUEST_TAG}"`;

  it('parameter refusals carry their detail', () => {
    // why: kills profile.ts:52:66.
    expect(verify('sig1=("@authority");foo=1')).toEqual({
      ok: false,
      code: 'unsupported-parameter',
      detail: 'a signature parameter outside the profile is signed',
    });
    // why: kills profile.ts:53:66.
    expect(verify('sig1=("@authority");created="1"')).toEqual({
      ok: false,
      code: 'wrong-parameter-type',
      detail: 'created must be an sf-integer',
    });
    // why: kills profile.ts:56:85.
    expect(verify(`sig1=("@authority");created=${NOW}`)).toEqual({
      ok: false,
      code: 'missing-parameter',
      detail: 'the signature has no expires parameter',
    });
  });

  it('expires equal to created is refused', () => {
    // why: kills profile.ts:94:7 (`expires <= created` -> `<`: a zero lifetime would pass on
    // to the signature check).
    expect(verify(`sig1=("@authority");created=${NOW};expires=${NOW};${ours}`)).toEqual({
      ok: false,
      code: 'expires-before-created',
      detail: 'expires 0 s before created',
    });
  });

  it('a covered field that is not text is refused with its detail', () => {
    // why: kills signature-base.ts:53:58.
    expect(verify(`sig1=("@authority" "x");created=${NOW};expires=${NOW + 60};${ours}`, { x: 5 })).toEqual({
      ok: false,
      code: 'malformed-covered-header',
      detail: 'a covered field value is not text',
    });
  });

  it('a key set without a keys array is refused with its detail', () => {
    // why: kills jwk-set.ts:69:64.
    const signed = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 60 });
    expect(
      verifyRequest({ replay: 'off', headers: signed, authority: AUTHORITY, jwks: {} as never, now: NOW }),
    ).toEqual({
      ok: false,
      code: 'malformed-directory',
      detail: 'not a JWK Set: no keys array',
    });
  });
});

describe('signRequest caller errors, whole', () => {
  const base = { seed, authority: AUTHORITY, created, expires: created + 60 };
  const printable = (what: string) =>
    seamError('bad-argument', `${what} must be a string of printable ASCII`);

  it('nonce and signatureAgent must be printable ASCII strings', () => {
    // why: kills sign.ts:53:41, 53:57 and 79:64.
    expect(thrown(() => signRequest({ ...base, nonce: 'é' }))).toEqual(printable('signRequest nonce'));
    // why: kills sign.ts:52:15 (a number would reach `.replace` and throw a TypeError).
    expect(thrown(() => signRequest({ ...base, nonce: 5 as never }))).toEqual(
      seamError('bad-argument', 'signRequest nonce is a string, or false to send none'),
    );
    // why: kills sign.ts:99:46.
    expect(thrown(() => signRequest({ ...base, signatureAgent: 'https://bot.example/\n' }))).toEqual(
      printable('signRequest signatureAgent'),
    );
  });

  it('label must be an sf-key string', () => {
    // why: kills sign.ts:70:25 and 70:41.
    expect(thrown(() => signRequest({ ...base, label: 'Sig' }))).toEqual(
      seamError('bad-argument', 'signRequest label must be an sf-key'),
    );
    // why: kills sign.ts:69:7 (['sig1'] passes the regex as the string 'sig1').
    expect(thrown(() => signRequest({ ...base, label: ['sig1'] as never }))).toEqual(
      seamError('bad-argument', 'signRequest label must be an sf-key'),
    );
  });

  it('the lifetime error states the lifetime', () => {
    // why: kills sign.ts:73:7, 74:7 and 74:40 (`expires + created` in the message).
    expect(thrown(() => signRequest({ ...base, expires: created + 601 }))).toEqual(
      seamError('bad-argument', 'signRequest expires - created is 601 s; it must be 1..600 s'),
    );
  });

  it('authority must be visible ASCII', () => {
    // why: kills sign.ts:87:25 and 87:41.
    expect(thrown(() => signRequest({ ...base, authority: '' }))).toEqual(
      seamError('bad-argument', 'authority must be the host[:port], non-empty visible ASCII'),
    );
  });

  it('without a Signature-Agent there is no signature-agent key at all', () => {
    // why: kills sign.ts:110:7 (the key would be set to undefined).
    expect(Object.keys(signRequest(base))).toEqual(['signature-input', 'signature']);
  });

  it('a nonce with a quote and a backslash is escaped, and verifies', () => {
    // why: kills signature-base.ts:27:45 and 27:38 (the escape of `"` and `\` in an sf-string,
    // run by no other test).
    const nonce = 'a"b\\c';
    const signed = signRequest({ ...base, nonce });
    expect(signed['signature-input'].endsWith(';nonce="a\\"b\\\\c"')).toBe(true);
    expect(
      verifyRequest({
        replay: 'off',
        headers: signed,
        authority: AUTHORITY,
        jwks: { keys: [jwk] },
        now: created,
      }),
    ).toMatchObject({ ok: true, value: { nonce } });
  });
});

describe('parseSignatureAgent refusals, whole', () => {
  const bad = (detail: string) => ({ ok: false, code: 'bad-signature-agent-url', detail });
  const legacy = (url: string) => ({
    ok: true,
    value: [{ label: null, uri: url, url, type: 'directory', form: 'legacy' }],
  });

  it('not one sf-string, not a URL', () => {
    // why: the legacy form is one sf-string: a bare token is a dictionary key without '='.
    expect(parseSignatureAgent('"https://bot.example/"x')).toEqual({
      ok: false,
      code: 'malformed-signature-agent',
      detail: 'Signature-Agent is not one sf-string',
    });
    expect(parseSignatureAgent('"not a url"')).toEqual(bad('a Signature-Agent URL is not absolute'));
  });

  it('schemes: https, and http only when allowed', () => {
    // why: null options must not throw; https must stay allowed with allowHttp.
    expect(parseSignatureAgent('"https://bot.example/"', null as never)).toEqual(
      legacy('https://bot.example/'),
    );
    expect(parseSignatureAgent('"https://bot.example/"', { allowHttp: true })).toEqual(
      legacy('https://bot.example/'),
    );
    expect(parseSignatureAgent('"ftp://bot.example/"')).toEqual(
      bad("a Signature-Agent URL's scheme is not https:"),
    );
    expect(parseSignatureAgent('"ftp://bot.example/"', { allowHttp: true })).toEqual(
      bad("a Signature-Agent URL's scheme is not https: or http:"),
    );
  });

  it('credentials (a user alone, a password alone) and fragments', () => {
    expect(parseSignatureAgent('"https://user@bot.example/"')).toEqual(
      bad('a Signature-Agent URL carries credentials'),
    );
    expect(parseSignatureAgent('"https://:pw@bot.example/"')).toEqual(
      bad('a Signature-Agent URL carries credentials'),
    );
    expect(parseSignatureAgent('"https://bot.example/#k"')).toEqual(
      bad('a Signature-Agent URL carries a fragment'),
    );
  });

  it('the dictionary form: a type that is not a token, a directory member that names a path', () => {
    expect(parseSignatureAgent('sig1="https://bot.example";type="jwks_uri"')).toEqual({
      ok: false,
      code: 'malformed-signature-agent',
      detail: 'a Signature-Agent type parameter is not a token',
    });
    expect(parseSignatureAgent('sig1="https://bot.example/keys"')).toEqual(
      bad('a directory member names a path, not an origin'),
    );
    expect(parseSignatureAgent('sig1="https://bot.example/?q"')).toEqual(
      bad('a directory member names a path, not an origin'),
    );
    expect(parseSignatureAgent('sig1="https://bot.example/keys";type=jwks_uri')).toMatchObject({ ok: true });
    expect(parseSignatureAgent(`"${'a'.repeat(4096)}"`)).toEqual({
      ok: false,
      code: 'malformed-signature-agent',
      detail: 'Signature-Agent is over 4096 characters',
    });
  });
});
