import { base64Strict, type Verdict } from '@agent-seam/canonical';
import {
  contentDigest,
  DIRECTORY_CHECKS,
  type Jwk,
  jwkFromPublicKey,
  REQUEST_CHECKS,
  type SignedHeaders,
  signatureBase,
  signatureBases,
  signDirectory,
  signRequest,
  thumbprint,
  verifyDirectory,
  verifyRequest,
  WBA_CODES,
} from '@agent-seam/wba';
import { describe, expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import { AUTHORITY, jwk as honestJwk, NOW, seed } from './fixture.js';

const identity = new Uint8Array(32);
identity[0] = 1;
const identityJwk = jwkFromPublicKey(identity);
const identityKeyid = (thumbprint(identityJwk) as { value: string }).value;

type Headers = Record<string, unknown>;
interface Harness {
  honest: SignedHeaders;
  run(headers: Headers, options?: { keys?: Jwk[]; now?: number }): Verdict<unknown>;
}

const request: Harness = {
  honest: signRequest({
    seed,
    authority: AUTHORITY,
    signatureAgent: 'https://bot.example',
    created: NOW,
    expires: NOW + 300,
  }),
  run: (headers, { keys = [honestJwk], now = NOW } = {}) =>
    verifyRequest({ replay: 'off', headers: headers as never, authority: AUTHORITY, jwks: { keys }, now }),
};
const signedDirectory = signDirectory({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300 });
const directory: Harness = {
  honest: signedDirectory.headers,
  // Other keys make another body; its Content-Digest follows it unless a case edits that field.
  run: (headers, { keys, now = NOW } = {}) => {
    const body = keys === undefined ? signedDirectory.body : JSON.stringify({ keys });
    const edited = headers['content-digest'] !== signedDirectory.headers['content-digest'];
    const digest = edited ? headers['content-digest'] : contentDigest(new TextEncoder().encode(body));
    return verifyDirectory({
      headers: { ...headers, 'content-digest': digest } as never,
      authority: AUTHORITY,
      body,
      now,
    });
  },
};

const sigBytes = (h: Harness) => {
  const text = h.honest.signature.slice('sig1=:'.length, -1);
  return (base64Strict.decode(text) as { value: Uint8Array }).value;
};
const signatureOf = (bytes: Uint8Array) => `sig1=:${base64Strict.encode(bytes)}:`;
const smallOrderR = (s: Uint8Array) => new Uint8Array([...identity, ...s.subarray(32)]);
const highS = (s: Uint8Array) => new Uint8Array([...s.subarray(0, 32), ...new Uint8Array(32).fill(0xff)]);

/** The honest Signature-Input with edits: components, parameters replaced by pattern. */
const input = (h: Harness, ...edits: [RegExp, string][]) =>
  edits.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, replacement),
    h.honest['signature-input'],
  );
const COMPONENTS = /\([^)]*\)/;
const ABSENT_COVERED: [RegExp, string] = [/\("@authority"(;req)?/, '("@authority"$1 "x-absent"'];
const KEYID = /keyid="[^"]*"/;

/** The adjacent pairs every message shares, from the signature fields on. */
const messagePairs = (h: Harness) => {
  const with_ = (changes: Headers, options?: { keys?: Jwk[]; now?: number }) =>
    h.run({ ...h.honest, ...changes }, options);
  return {
    'signature-fields > structured-fields': () => h.run({ signature: '!!' }),
    'structured-fields > parameters': () => with_({ 'signature-input': 'sig1=("@authority") x' }),
    'parameters > algorithm': () =>
      with_({ 'signature-input': input(h, [/;alg="ed25519"/, ';alg="rsa";foo=1']) }),
    'algorithm > tag': () =>
      with_({ 'signature-input': input(h, [/;alg="ed25519"/, ';alg="rsa"'], [/tag="[^"]*"/, 'tag="x"']) }),
    'tag > components': () =>
      with_({ 'signature-input': input(h, [/tag="[^"]*"/, 'tag="x"'], [COMPONENTS, '("x-y")']) }),
    'components > key': () =>
      with_({ 'signature-input': input(h, [COMPONENTS, '("x-y")'], [KEYID, 'keyid="nope"']) }),
    'key > key-window': 'the window judged is that of the key found: a keyid that names no key has none',
    'key-window > times': () => with_({}, { keys: [{ ...honestJwk, exp: NOW - 1 }], now: NOW + 9999 }),
    'times > signature-label': () =>
      with_({ signature: h.honest.signature.replace(/^sig1=/, 'sig2=') }, { now: NOW + 9999 }),
    'signature-label > signature-encoding': () => with_({ signature: 'sig2=:AB==:' }),
    ...(h === request ? requestPairs() : directoryPairs()),
    'lengths > key-point': () =>
      with_(
        {
          signature: signatureOf(new Uint8Array(63)),
          'signature-input': input(h, [KEYID, `keyid="${identityKeyid}"`]),
        },
        { keys: [identityJwk] },
      ),
    'key-point > r-point': () =>
      with_(
        {
          signature: signatureOf(smallOrderR(sigBytes(h))),
          'signature-input': input(h, [KEYID, `keyid="${identityKeyid}"`]),
        },
        { keys: [identityJwk] },
      ),
    'r-point > s-scalar': () => with_({ signature: signatureOf(highS(smallOrderR(sigBytes(h)))) }),
    's-scalar > equation': () =>
      with_({
        signature: signatureOf(highS(sigBytes(h))),
        'signature-input': input(h, [/created=\d+/, `created=${NOW - 1}`]),
      }),
  };
};

/** The checks between the signature bytes and the Ed25519 door that only a request makes. */
function requestPairs() {
  const uncovered = { 'signature-agent': 'sig1="https://bot.example"' };
  const with_ = (changes: Headers) => request.run({ ...request.honest, ...changes });
  return {
    'signature-encoding > signature-agent': () =>
      with_({
        ...uncovered,
        signature: 'sig1=:AB==:',
        'signature-input': input(request, [COMPONENTS, '("@authority")']),
      }),
    'signature-agent > covered-headers': () =>
      with_({ ...uncovered, 'signature-input': input(request, [COMPONENTS, '("@authority" "x-absent")']) }),
    'covered-headers > lengths': () =>
      with_({
        signature: signatureOf(new Uint8Array(63)),
        'signature-input': input(request, ABSENT_COVERED),
      }),
  };
}

/** The checks between the signature bytes and the Ed25519 door that only a directory makes. */
function directoryPairs() {
  const mismatch = { 'content-digest': contentDigest(new TextEncoder().encode('{"keys":[]}')) };
  const with_ = (changes: Headers) => directory.run({ ...directory.honest, ...changes });
  return {
    'signature-encoding > covered-headers': () =>
      with_({ signature: 'sig1=:AB==:', 'signature-input': input(directory, ABSENT_COVERED) }),
    'covered-headers > content-digest': () =>
      with_({ ...mismatch, 'signature-input': input(directory, ABSENT_COVERED) }),
    'content-digest > lengths': () => with_({ ...mismatch, signature: signatureOf(new Uint8Array(63)) }),
  };
}

it('the request and the directory the order cases start from verify', () => {
  expect(request.run(request.honest).ok).toBe(true);
  expect(directory.run(directory.honest).ok).toBe(true);
});

const without = (codes: readonly string[], ...removed: string[]) => codes.filter((c) => !removed.includes(c));

holdChecksToVerifier(
  'verifyRequest',
  REQUEST_CHECKS,
  without(
    WBA_CODES,
    'not-bytes',
    'directory-too-large',
    'missing-content-digest',
    'malformed-content-digest',
    'unsupported-digest-algorithm',
    'content-digest-mismatch',
  ),
  {
    'request > directory': () =>
      verifyRequest({
        replay: 'off',
        headers: 'x' as never,
        authority: AUTHORITY,
        jwks: 5 as never,
        now: NOW,
      }),
    'directory > signature-fields': () =>
      verifyRequest({
        replay: 'off',
        headers: {},
        authority: AUTHORITY,
        jwks: { keys: 5 } as never,
        now: NOW,
      }),
    ...messagePairs(request),
    'equation > replay':
      'the replay store is asked only about a signature that verified: one that fails the equation is refused before it can be remembered',
  },
);

holdChecksToVerifier(
  'verifyDirectory',
  DIRECTORY_CHECKS,
  without(
    WBA_CODES,
    'malformed-request-url',
    'replayed',
    'replay-cache-full',
    'replay-store-unavailable',
    'malformed-signature-agent',
    'uncovered-signature-agent',
  ),
  {
    'body > headers': () =>
      verifyDirectory({ headers: 'x' as never, authority: AUTHORITY, body: 5 as never, now: NOW }),
    'headers > signature-fields': () =>
      verifyDirectory({
        headers: 'x' as never,
        authority: AUTHORITY,
        body: JSON.stringify({ keys: [] }),
        now: NOW,
      }),
    ...messagePairs(directory),
  },
);

describe('signatureBases: what each member signed', () => {
  it('is the base the verifier builds, from the received headers and your authority', () => {
    const [member] = (signatureBases(request.honest, AUTHORITY) as { value: { base: string }[] }).value;
    const params = request.honest['signature-input'].slice('sig1='.length);
    expect(member).toEqual({
      label: 'sig1',
      keyid: (thumbprint(honestJwk) as { value: string }).value,
      base: signatureBase(
        [
          { name: '@authority', value: AUTHORITY },
          { name: 'signature-agent', parameters: ';key="sig1"', value: '"https://bot.example"' },
        ],
        params,
      ),
    });
  });
  it('shows another authority in its first line (the common cause of bad-signature)', () => {
    const bases = signatureBases(request.honest, 'www.example.com');
    expect(bases.ok && bases.value[0]!.base!.split('\n')[0]).toBe('"@authority": www.example.com');
  });
  it('names the covered header that keeps a base from being built', () => {
    const { 'signature-agent': _, ...rest } = request.honest;
    expect(signatureBases(rest, AUTHORITY)).toMatchObject({
      ok: true,
      value: [{ base: null, code: 'missing-covered-header' }],
    });
    expect(signatureBases({ ...rest, 'signature-agent': 42 } as never, AUTHORITY)).toMatchObject({
      ok: true,
      value: [{ base: null, code: 'malformed-covered-header' }],
    });
    expect(signatureBases({}, AUTHORITY)).toMatchObject({ ok: false, code: 'missing-signature-input' });
  });
});
