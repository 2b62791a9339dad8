// Cases for the static mutants of wba's files outside the verify path (module-level tables and
// patterns), found by `pnpm mutate --filter wba --rest --static`. Each `why` names the mutants;
// each mutant applied by hand turns its case red.
import { base64urlStrict, sha256, utf8Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { fetchDirectory, signDirectory, signRequest, thumbprint } from '../src/index.js';
import { checkComponents } from '../src/profile.js';

const seed = new Uint8Array(32).fill(9);
const created = 1754870400;

describe('wba module-level tables and patterns', () => {
  it('an EC key is thumbprinted over crv, kty, x and y (RFC 7638 3.2), each checked as base64url', () => {
    // why: jwk.ts:13 the EC member list → [] or one of its names → "", :16 'y' → "" (y then
    // went unchecked): no case thumbprinted a P-256 key. The expected digest is taken here
    // over the text RFC 7638 prescribes, written out by hand.
    const x = 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU';
    const y = 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0';
    const text = `{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`;
    const expected = base64urlStrict.encode(sha256(utf8Strict.encode(text)));
    expect(thumbprint({ kty: 'EC', crv: 'P-256', x, y, use: 'sig' })).toEqual({ ok: true, value: expected });
    expect(thumbprint({ kty: 'EC', crv: 'P-256', x, y: 'not+base64url' })).toMatchObject({
      ok: false,
      code: 'bad-key-encoding',
    });
  });

  it("an RSA key's n and e are checked as base64url", () => {
    // why: jwk.ts:16 'n' → "" and 'e' → "" (either member then went unchecked).
    for (const jwk of [
      { kty: 'RSA', n: 'not+base64url', e: 'AQAB' },
      { kty: 'RSA', n: 'AQAB', e: 'AQ=B' },
    ])
      expect(thumbprint(jwk), JSON.stringify(jwk)).toMatchObject({ ok: false, code: 'bad-key-encoding' });
  });

  it('a covered header name is lowercase token characters from its first to its last', () => {
    // why: profile.ts:60 HEADER_NAME without `^`, or without `$`: a name with an upper-case or
    // other character before, or after, a lowercase run passed.
    const request = { response: false, targetUri: false };
    const named = (name: string) => ({ name, parameters: [], text: `"${name}"` });
    for (const name of ['Content-type', 'content-Type', 'x y', 'x:'])
      expect(checkComponents([named('@authority'), named(name)], request), name).toMatchObject({
        ok: false,
        code: 'unsupported-component',
      });
    expect(checkComponents([named('@authority'), named('signature-agent')], request)).toEqual({
      ok: true,
      value: true,
    });
  });

  it('a signature label is an sf-key to its last character', () => {
    // why: sign.ts:49 LABEL without `$`: a label with a character an sf-key cannot hold after
    // a valid start passed and was written into Signature-Input.
    const options = { seed, authority: 'example.com', created, expires: created + 60 };
    for (const label of ['sig1!', 'sig 1', 'sigA'])
      expect(thrown(() => signRequest({ ...options, label })).message, label).toBe(
        'bad-argument: signRequest label must be an sf-key',
      );
  });

  it('a directory is asked for as application/http-message-signatures-directory+json', async () => {
    // why: fetch-directory.ts:18 DIRECTORY_MEDIA_TYPE → "": the accept header was compared with
    // nothing; the media type is the draft's, written out here.
    const directory = signDirectory({ seed, authority: 'bot.example', created, expires: created + 3600 });
    const asked: unknown[] = [];
    const fetch = async (_url: string, init?: unknown) => {
      asked.push(init);
      return new Response(directory.body, { headers: directory.headers as Record<string, string> });
    };
    await fetchDirectory('https://bot.example', { fetch, now: created });
    expect(asked).toEqual([
      { headers: { accept: 'application/http-message-signatures-directory+json' }, redirect: 'error' },
    ]);
  });
});
