import { base64Strict, unwrap } from '@agent-seam/canonical';
import { signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  contentDigest,
  jwkFromPublicKey,
  MemoryReplayCache,
  parseSignature,
  parseSignatureInput,
  type ReplayCache,
  signRequest,
  thumbprint,
  verifyRequest,
  verifyRequestAsync,
} from '../src/index.js';
import { AUTHORITY, dir, directory, jwks, keyid, NOW, seed, usageError } from './fixture.js';

/**
 * Whole verdicts (code and detail) and whole caller errors for the paths issues 32 and 35
 * added to the verify path (verify.ts, structured-fields.ts, content-digest.ts): the
 * details are part of the contract, so a mutant that empties or bends one is a failure.
 */
const signed = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300, nonce: 'n-1' });
const bare = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300, nonce: false });
const request = (extra: Record<string, unknown> = {}) =>
  verifyRequest({ headers: signed, authority: AUTHORITY, jwks, now: NOW, replay: 'off', ...extra } as never);

describe('tags and the door, said whole', () => {
  it('wrong-tag names the direction expected, for a request and for a directory', () => {
    const asDirectory = { ...directory.headers };
    expect(request({ headers: { ...asDirectory } })).toEqual({
      ok: false,
      code: 'wrong-tag',
      detail: 'the tag is not web-bot-auth (a request signature)',
    });
    expect(dir({ headers: signed, body: directory.body })).toEqual({
      ok: false,
      code: 'wrong-tag',
      detail: 'the tag is not http-message-signatures-directory (a directory response signature)',
    });
  });

  it('wrong-alg names the algorithm expected', () => {
    const rsa = {
      ...signed,
      'signature-input': signed['signature-input'].replace('alg="ed25519"', 'alg="rsa"'),
    };
    expect(request({ headers: rsa })).toEqual({
      ok: false,
      code: 'wrong-alg',
      detail: 'alg names another algorithm than ed25519',
    });
  });

  it('the small-order refusals of the door say so, naming the key', () => {
    const identity = new Uint8Array(32);
    identity[0] = 1;
    const small = jwkFromPublicKey(identity);
    const smallId = unwrap(thumbprint(small));
    const named = { ...signed, 'signature-input': signed['signature-input'].replace(keyid, smallId) };
    expect(request({ headers: named, jwks: { keys: [small] } })).toEqual({
      ok: false,
      code: 'small-order-key',
      detail: `the key is a point of small order, for key ${smallId}`,
    });
    const sig = unwrap(base64Strict.decode(signed.signature.slice('sig1=:'.length, -1)));
    const r = `sig1=:${base64Strict.encode(Uint8Array.of(...identity, ...sig.subarray(32)))}:`;
    expect(request({ headers: { ...signed, signature: r } })).toEqual({
      ok: false,
      code: 'small-order-r',
      detail: `R is a point of small order, for key ${keyid}`,
    });
    const high = `sig1=:${base64Strict.encode(Uint8Array.of(...sig.subarray(0, 32), ...new Uint8Array(32).fill(0xff)))}:`;
    expect(request({ headers: { ...signed, signature: high } })).toEqual({
      ok: false,
      code: 'non-canonical-s',
      detail: `S is not below the group order, for key ${keyid}`,
    });
    const short = `sig1=:${base64Strict.encode(sig.subarray(0, 63))}:`;
    expect(request({ headers: { ...signed, signature: short } })).toEqual({
      ok: false,
      code: 'bad-length',
      detail: `signature must be 64 bytes, for key ${keyid}`,
    });
  });

  it('the presence of both fields and of a label asked for, said whole', () => {
    expect(request({ headers: { signature: signed.signature } })).toEqual({
      ok: false,
      code: 'missing-signature-input',
      detail: 'there is no Signature-Input field',
    });
    expect(request({ headers: { 'signature-input': signed['signature-input'] } })).toEqual({
      ok: false,
      code: 'missing-signature',
      detail: 'there is no Signature field',
    });
    expect(request({ label: 'other' })).toEqual({
      ok: false,
      code: 'missing-signature-input',
      detail: 'no Signature-Input member has the label asked for',
    });
    expect(request({ label: 'sig1' })).toMatchObject({ ok: true, value: { label: 'sig1' } });
    expect(
      request({ headers: { ...signed, signature: signed.signature.replace('sig1=', 'sig2=') } }),
    ).toEqual({
      ok: false,
      code: 'missing-signature-label',
      detail: 'Signature has no member under the label of this Signature-Input member',
    });
    expect(request({ headers: { ...signed, signature: 'sig1=:AB==:' } })).toEqual({
      ok: false,
      code: 'bad-signature-encoding',
      detail: 'the signature bytes are not strict base64',
    });
  });
});

describe('replay, said whole', () => {
  it('seen with a nonce, seen without one, forgotten', () => {
    const store = new MemoryReplayCache();
    expect(request({ replay: store })).toMatchObject({
      ok: true,
      value: { replay: 'first-seen', nonce: 'n-1' },
    });
    expect(request({ replay: store })).toEqual({
      ok: false,
      code: 'replayed',
      detail: 'this key sent this nonce before',
    });
    expect(request({ headers: bare, replay: store })).toMatchObject({ ok: true });
    expect(request({ headers: bare, replay: store })).toEqual({
      ok: false,
      code: 'replayed',
      detail: 'this signature was accepted before',
    });
    const forgetting: ReplayCache = { windowSeconds: 600, checkAndRemember: () => 'forgotten' };
    expect(request({ replay: forgetting })).toEqual({
      ok: false,
      code: 'replay-cache-full',
      detail: 'the replay store has forgotten requests this old, so it cannot vouch for this one',
    });
  });

  it('the store is asked with the keyid, the tagged nonce or signature, created and now', () => {
    const asked: unknown[][] = [];
    const store: ReplayCache = {
      windowSeconds: 600,
      checkAndRemember: (...args) => {
        asked.push(args);
        return 'new';
      },
    };
    request({ replay: store, now: NOW + 5 });
    request({ headers: bare, replay: store, now: NOW + 5 });
    expect(asked).toEqual([
      [keyid, 'n:n-1', NOW, NOW + 5],
      [keyid, `s:${bare.signature.slice('sig1=:'.length, -1)}`, NOW, NOW + 5],
    ]);
  });

  it('caller errors name the option, the store and the fix', async () => {
    expect((await usageError(() => request({ replay: undefined }))).message).toBe(
      "missing-option: verifyRequest needs replay (a ReplayCache, e.g. new MemoryReplayCache()) to refuse a second delivery of one signed request; to leave that unjudged, pass replay: 'off'",
    );
    for (const replay of [null, 'on', { windowSeconds: 600 }])
      expect((await usageError(() => request({ replay }))).message).toBe(
        "bad-argument: verifyRequest replay must be a ReplayCache or 'off'",
      );
    const noWindow = { checkAndRemember: () => 'new' };
    expect((await usageError(() => request({ replay: noWindow }))).message).toBe(
      'bad-argument: verifyRequest: the replay window (undefined s) is shorter than maxLifetime (600 s): a request forgotten before it expires could be replayed',
    );
    // A window exactly maxLifetime is enough.
    expect(request({ replay: new MemoryReplayCache({ windowSeconds: 600 }) })).toMatchObject({ ok: true });
    for (const answer of ['maybe', null, undefined]) {
      const odd: ReplayCache = { windowSeconds: 600, checkAndRemember: () => answer as never };
      expect((await usageError(() => request({ replay: odd }))).message).toBe(
        'bad-argument: the replay store answered something other than new, seen or forgotten',
      );
    }
    const later: ReplayCache = { windowSeconds: 600, checkAndRemember: () => Promise.resolve('new') };
    expect((await usageError(() => request({ replay: later }))).message).toBe(
      'bad-argument: this replay store answers asynchronously: use verifyRequestAsync',
    );
    expect(
      await verifyRequestAsync({ headers: signed, authority: AUTHORITY, jwks, now: NOW, replay: later }),
    ).toMatchObject({ ok: true, value: { replay: 'first-seen' } });
  });
});

describe('target URI and label options', () => {
  it('a targetUri that is not an absolute URL of visible ASCII, or a label that is no string, throws', async () => {
    // A URL object spells an absolute URL when coerced, and is still not the string asked for.
    for (const targetUri of ['/relative', 'https://a.example/ b', 5, new URL('https://example.com/')])
      expect((await usageError(() => request({ targetUri }))).message).toBe(
        'bad-argument: verifyRequest targetUri is an absolute URL of visible ASCII',
      );
    expect((await usageError(() => request({ label: 5 }))).message).toBe(
      'bad-argument: verifyRequest label is a string',
    );
    expect(request({ targetUri: 'https://example.com/x?y' })).toMatchObject({ ok: true });
  });

  it('with fromRequestUrl, the request URL is the target URI', () => {
    const target = 'https://example.com/page?q=1';
    const lines = `("@target-uri");created=${NOW};expires=${NOW + 300};keyid="${keyid}";alg="ed25519";tag="web-bot-auth"`;
    // Re-sign over @target-uri by hand: the base is its one line and the parameters.
    const base = `"@target-uri": ${target}\n"@signature-params": ${lines}`;
    const signature = base64Strict.encode(signEd25519(seed, new TextEncoder().encode(base)));
    const headers = { 'signature-input': `sig1=${lines}`, signature: `sig1=:${signature}:` };
    const req = new Request(target, { headers });
    expect(
      verifyRequest({ request: req, authority: { fromRequestUrl: true }, jwks, now: NOW, replay: 'off' }),
    ).toMatchObject({ ok: true });
    const other = new Request('https://example.com/other', { headers });
    expect(
      verifyRequest({ request: other, authority: { fromRequestUrl: true }, jwks, now: NOW, replay: 'off' }),
    ).toMatchObject({ ok: false, code: 'bad-signature' });
  });
});

describe('what each direction judges', () => {
  it("a directory response is not held to a request's Signature-Agent coverage", () => {
    const headers = { ...directory.headers, 'signature-agent': 'sig1="https://bot.example"' };
    expect(dir({ headers })).toMatchObject({ ok: true });
  });

  it('a request covering a content-digest header is judged without a body', () => {
    const lines = `("@authority" "content-digest");created=${NOW};expires=${NOW + 300};keyid="${keyid}";alg="ed25519";tag="web-bot-auth"`;
    const digest = 'sha-256=:AAAA:';
    const base = `"@authority": ${AUTHORITY}\n"content-digest": ${digest}\n"@signature-params": ${lines}`;
    const signature = base64Strict.encode(signEd25519(seed, new TextEncoder().encode(base)));
    const headers = {
      'signature-input': `sig1=${lines}`,
      signature: `sig1=:${signature}:`,
      'content-digest': digest,
    };
    expect(request({ headers })).toMatchObject({ ok: true });
  });

  it("the parsers' caps are the verifier's maxHeaderLength", () => {
    const length = signed['signature-input'].length;
    expect(request({ maxHeaderLength: length - 1 })).toEqual({
      ok: false,
      code: 'header-too-long',
      detail: `Signature-Input is ${length} characters, over the cap of ${length - 1}`,
    });
    // Above the default cap, with a cap raised to hold it.
    const padded = { ...signed, signature: `${signed.signature}, pad=:${'A'.repeat(4100)}:` };
    expect(request({ headers: padded, maxHeaderLength: 5000 })).toMatchObject({ ok: true });
  });
});

describe('content-digest, said whole', () => {
  const body = new TextEncoder().encode(directory.body);
  it('writes sha-256 by default and sha-512 when asked', () => {
    expect(contentDigest(body)).toMatch(/^sha-256=:[A-Za-z0-9+/]{43}=:$/);
    expect(contentDigest(body, 'sha-512')).toMatch(/^sha-512=:[A-Za-z0-9+/]{86}==:$/);
  });

  it('each refusal names what failed', () => {
    expect(dir({ body: directory.body.replace('"keys"', ' "keys"') })).toEqual({
      ok: false,
      code: 'content-digest-mismatch',
      detail: 'the body received does not have the sha-256 digest the response states',
    });
    const field = (value: string) => ({ ...directory.headers, 'content-digest': value });
    // The field edited after signing: the digest is judged before the equation.
    expect(dir({ headers: field('sha-256=:AB==:') })).toEqual({
      ok: false,
      code: 'malformed-content-digest',
      detail: 'the sha-256 digest is not strict base64',
    });
    expect(dir({ headers: field('sha-256=1') })).toEqual({
      ok: false,
      code: 'malformed-content-digest',
      detail: 'Content-Digest is not a dictionary of byte sequences',
    });
    expect(dir({ headers: field(`${contentDigest(body)}, md5=:AAAA:`) })).toEqual({
      ok: false,
      code: 'unsupported-digest-algorithm',
      detail: 'Content-Digest names an algorithm other than sha-256 and sha-512',
    });
    // A name of Object.prototype is no algorithm either.
    expect(dir({ headers: field('constructor=:AAAA:') })).toMatchObject({
      code: 'unsupported-digest-algorithm',
    });
    // Both algorithms, both right: the equation then judges the edited field (bad-signature).
    expect(
      dir({ headers: field(`${contentDigest(body)}, ${contentDigest(body, 'sha-512').slice(0)}`) }),
    ).toMatchObject({ ok: false, code: 'bad-signature' });
  });
});

describe('the parsers, said whole', () => {
  it('header-too-long names the field, its length and the cap; maxLength is named in its error', async () => {
    expect(parseSignature('a=:AAAA:', { maxLength: 4 })).toEqual({
      ok: false,
      code: 'header-too-long',
      detail: 'Signature is 8 characters, over the cap of 4',
    });
    expect(parseSignatureInput('a=()', { maxLength: 4 })).toMatchObject({ ok: true });
    expect((await usageError(() => parseSignatureInput('a=()', { maxLength: 0 }))).message).toBe(
      'bad-argument: parseSignatureInput maxLength must be a positive integer',
    );
    expect((await usageError(() => parseSignature('a=:AAAA:', { maxLength: 0 }))).message).toBe(
      'bad-argument: parseSignature maxLength must be a positive integer',
    );
  });

  it('a token runs over every token character, ":" and "/"; a bare name is true', () => {
    const verdict = parseSignatureInput("a=();t=Az09!#$%&'*+-.^_`|~:/;b");
    expect(verdict).toMatchObject({
      ok: true,
      value: [
        {
          parameters: [
            { name: 't', value: { type: 'token', value: "Az09!#$%&'*+-.^_`|~:/" } },
            { name: 'b', value: { type: 'boolean', value: true } },
          ],
        },
      ],
    });
    // A token ends at a character it cannot hold.
    expect(parseSignatureInput('a=();t=a"b')).toMatchObject({ ok: false, code: 'malformed-signature-input' });
    // A token starts with a letter or '*': '{' (above 'Z' in ASCII) starts none.
    expect(parseSignatureInput('a=();t={')).toEqual({
      ok: false,
      code: 'malformed-signature-input',
      detail: 'parameter value must be an integer, a string or a token at offset 7',
    });
    expect(parseSignatureInput('a=();t=*x')).toMatchObject({ ok: true });
    expect(parseSignatureInput('a=();t=Zx')).toMatchObject({ ok: true });
  });
});
