import { describe, expect, it } from 'vitest';
import { parseSignatureAgent } from '../src/index.js';

// Refusals are asserted whole (code and detail), caller errors by name, code and message. Every
// `why` names the mutant(s) the case holds (src/file.ts line:column as the report gives them).

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
