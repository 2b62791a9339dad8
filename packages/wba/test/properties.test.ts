import { loadVectors } from '@agent-seam/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_CODES,
  DISCOVERY_CODES,
  FETCH_DIRECTORY_CODES,
  fetchDirectory,
  parseRegistry,
  parseSignature,
  parseSignatureAgent,
  parseSignatureAgentCard,
  parseSignatureInput,
  REGISTRY_CODES,
  SIGNATURE_AGENT_CODES,
  STRUCTURED_FIELD_CODES,
  signDirectory,
  thumbprint,
  thumbprintInput,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
  verifyRequestWithDiscovery,
  WBA_CODES,
} from '../src/index.js';

const g = loadVectors('wire_vectors.json')['wba.profile'];
const honest = g.accept[0].headers;
const verify = (headers: Record<string, string>) =>
  verifyRequest({ replay: 'off', headers, authority: g.authority, jwks: g.jwks, now: g.now });

// Header-ish text: the characters structured fields are made of, plus anything at all.
const fieldChars = fc.constantFrom(
  ...'sig1=();,:"\\ \t-*.@authority keyid created expires 0123456789+/=AZaz',
);
const fieldText = fc.oneof(fc.string({ unit: fieldChars, maxLength: 300 }), fc.string({ maxLength: 300 }));

describe('properties', () => {
  it('never throws on random Signature-Input / Signature values and returns a typed verdict', () => {
    fc.assert(
      fc.property(fieldText, fieldText, fc.option(fieldText), (input, signature, agent) => {
        for (const verdict of [
          parseSignatureInput(input),
          parseSignature(signature),
          verify({
            'signature-input': input,
            signature,
            ...(agent === null ? {} : { 'signature-agent': agent }),
          }),
        ]) {
          expect(typeof verdict.ok).toBe('boolean');
          if (!verdict.ok) expect(verdict.code).toMatch(/^[a-z-]+$/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws when an honest header is cut or has a character replaced', () => {
    const input: string = honest['signature-input'];
    fc.assert(
      fc.property(fc.nat(input.length - 1), fc.string({ minLength: 0, maxLength: 2 }), (at, insert) => {
        const mutated = input.slice(0, at) + insert + input.slice(at + 1);
        const verdict = verify({ ...honest, 'signature-input': mutated });
        if (mutated !== input) expect(verdict.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('re-ordering the parameters of an honest signature without re-signing is refused', () => {
    const input: string = honest['signature-input'];
    const open = input.indexOf(')') + 1;
    const params = input.slice(open + 1).split(';');
    expect(params.length).toBeGreaterThanOrEqual(5);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(params, { minLength: params.length, maxLength: params.length }),
        (order) => {
          fc.pre(order.join(';') !== params.join(';'));
          const reordered = `${input.slice(0, open)};${order.join(';')}`;
          const verdict = verify({ ...honest, 'signature-input': reordered });
          expect(verdict).toMatchObject({ ok: false, code: 'bad-signature' });
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** A Verdict: accepted with a value, or refused with a code from the entry point's closed list. */
function expectVerdict(v: unknown, codes: readonly string[]): void {
  const verdict = v as { ok: unknown; value?: unknown; code?: unknown };
  if (verdict.ok === true) expect(verdict.value).toBeDefined();
  else {
    expect(verdict.ok).toBe(false);
    expect(codes).toContain(verdict.code);
  }
}

const JWK_CODES = ['not-a-jwk', 'unsupported-key-type', 'bad-key-encoding'];
const directory = signDirectory({
  seed: new Uint8Array(32).fill(9),
  authority: 'bot.example',
  created: g.now,
  expires: g.now + 60,
});
const direct = { authority: g.authority, jwks: g.jwks, now: g.now };

/**
 * Every entry point that judges wire input, fed any JavaScript value in place of one wire
 * argument (the options around it stay a valid configuration).
 */
const ENTRY_POINTS: [string, (x: unknown) => unknown, readonly string[]][] = [
  ['parseSignatureInput(text)', (x) => parseSignatureInput(x as never), STRUCTURED_FIELD_CODES],
  ['parseSignature(text)', (x) => parseSignature(x as never), STRUCTURED_FIELD_CODES],
  [
    'verifyRequest({ headers })',
    (x) => verifyRequest({ replay: 'off', ...direct, headers: x as never }),
    WBA_CODES,
  ],
  [
    'verifyRequest({ headers: { signature-input } })',
    (x) => verify({ ...honest, 'signature-input': x as never }),
    WBA_CODES,
  ],
  [
    'verifyRequest({ headers: { signature } })',
    (x) => verify({ ...honest, signature: x as never }),
    WBA_CODES,
  ],
  [
    'verifyRequest({ headers: { signature-agent } })',
    (x) => verify({ ...honest, 'signature-agent': x as never }),
    WBA_CODES,
  ],
  [
    'verifyRequest({ jwks })',
    (x) => verifyRequest({ replay: 'off', ...direct, headers: honest, jwks: x as never }),
    WBA_CODES,
  ],
  [
    'verifyRequest({ request })',
    (x) => verifyRequest({ replay: 'off', ...direct, request: x as never }),
    WBA_CODES,
  ],
  [
    'verifyRequest({ request: { url }, authority: { fromRequestUrl: true } })',
    (x) =>
      verifyRequest({
        replay: 'off',
        ...direct,
        request: { url: x as never, headers: new Headers(honest) },
        authority: { fromRequestUrl: true },
      }),
    WBA_CODES,
  ],
  [
    'verifyDirectory({ headers })',
    (x) => verifyDirectory({ ...directory, headers: x as never, authority: 'bot.example', now: g.now }),
    WBA_CODES,
  ],
  [
    'verifyDirectory({ body })',
    (x) => verifyDirectory({ ...directory, body: x as never, authority: 'bot.example', now: g.now }),
    WBA_CODES,
  ],
  ['parseSignatureAgent(value)', (x) => parseSignatureAgent(x as never), SIGNATURE_AGENT_CODES],
  [
    'parseSignatureAgentCard(card)',
    (x) => parseSignatureAgentCard(x, { url: 'https://bot.example/card' }),
    CARD_CODES,
  ],
  ['parseRegistry(text)', (x) => parseRegistry(x), REGISTRY_CODES],
  [
    'verifyRequest({ headers: { signature-agent }, targetUri })',
    (x) =>
      verifyRequest({
        replay: 'off',
        ...direct,
        targetUri: 'https://entry.example/',
        headers: { ...honest, 'signature-agent': x as never },
      }),
    WBA_CODES,
  ],
  ['thumbprint(jwk)', (x) => thumbprint(x), JWK_CODES],
  ['thumbprintInput(jwk)', (x) => thumbprintInput(x), JWK_CODES],
];

/** The async entry points: the same, awaited. */
const ASYNC_ENTRY_POINTS: [string, (x: unknown) => Promise<unknown>, readonly string[]][] = [
  [
    'verifyRequestWithDiscovery({ headers: { signature-agent } }): what a fetch of it resolves to',
    (x) =>
      verifyRequestWithDiscovery({
        replay: 'off',
        authority: g.authority,
        now: g.now,
        headers: { ...honest, 'signature-agent': 'sig1="https://bot.example"' },
        fetch: async () => x as never,
      }),
    DISCOVERY_CODES,
  ],
  [
    'verifyRequestAsync({ headers })',
    (x) => verifyRequestAsync({ replay: 'off', ...direct, headers: x as never }),
    WBA_CODES,
  ],
  [
    'fetchDirectory: what the fetch resolves to',
    (x) => fetchDirectory('https://bot.example', { fetch: async () => x as never, now: g.now }),
    FETCH_DIRECTORY_CODES,
  ],
  [
    'fetchDirectory: the response body',
    (x) =>
      fetchDirectory('https://bot.example', {
        fetch: async () => ({ status: 200, headers: new Headers(directory.headers), body: x as never }),
        now: g.now,
      }),
    FETCH_DIRECTORY_CODES,
  ],
  [
    'fetchDirectory: the response headers',
    (x) =>
      fetchDirectory('https://bot.example', {
        fetch: async () => ({ status: 200, headers: x as never, body: new Response(directory.body).body }),
        now: g.now,
      }),
    FETCH_DIRECTORY_CODES,
  ],
];

describe('wire arguments of any JavaScript type are refused, never thrown on', () => {
  const anyValue = fc.oneof(
    fc.anything(),
    fc.uint8Array({ maxLength: 200 }),
    fc.string({ maxLength: 200 }),
    fc.array(fc.string({ maxLength: 50 }), { maxLength: 3 }),
  );
  for (const [name, entry, codes] of ENTRY_POINTS)
    it(name, () =>
      fc.assert(
        fc.property(anyValue, (x) => expectVerdict(entry(x), codes)),
        { numRuns: 300 },
      ),
    );
  for (const [name, entry, codes] of ASYNC_ENTRY_POINTS)
    it(name, () =>
      fc.assert(
        fc.asyncProperty(anyValue, async (x) => expectVerdict(await entry(x), codes)),
        { numRuns: 300 },
      ),
    );
});
