import { loadInterop, loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { canonicalOrigin, signDomainLinkage, verifyDomainLinkage } from '../src/index.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const interop = { interop: true };
// The upstream domainLinkage cases were signed with this seed (0x15 * 32 derives their did).
const LINK_SEED = new Uint8Array(32).fill(0x15);

describe('domainLinkage (upstream group)', () => {
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.domainLinkage;
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing('domainLinkage'));
    return;
  }
  upstream.forEach((c: any, i: number) => {
    const origin = `https://${c.domain}`;
    const token = signDomainLinkage(LINK_SEED, { origin, nbf: c.nbf, exp: c.exp });
    it(`${c.name}: signing input`, () =>
      ledger.accept(
        'domainLinkage',
        `${c.name}/signingInput`,
        () => expect(token.startsWith(`${c.signingInput}.`)).toBe(true),
        interop,
      ));
    it(`${c.name}: token`, () =>
      ledger.accept('domainLinkage', `${c.name}/token`, () => expect(token).toBe(c.token), interop));
    it(`${c.name}: verifies for its did and origin`, () =>
      ledger.accept(
        'domainLinkage',
        `${c.name}/verify`,
        () =>
          expect(verifyDomainLinkage(c.token, { did: c.did, origin, now: c.nbf })).toEqual({
            ok: true,
            value: { did: c.did, origin, nbf: c.nbf, exp: c.exp },
          }),
        interop,
      ));
    it(`${c.name}: vectors/wire_vectors.json reproduces it value for value`, () =>
      ledger.accept(
        'domainLinkage',
        `${c.name}/reproduced`,
        () => expect(ours.domainLinkage[i]).toEqual(c),
        interop,
      ));
  });
});

describe('domainLinkage.refuse', () => {
  const g = ours['domainLinkage.refuse'];
  const verify = (c: any) =>
    verifyDomainLinkage(c.token, { did: c.did ?? g.did, origin: c.origin ?? g.origin, now: c.now ?? g.now });
  for (const c of g.accept) {
    it(`accept: ${c.name}`, () =>
      ledger.accept('domainLinkage.refuse', c.name, () => expect(verify(c)).toMatchObject({ ok: true })));
  }
  for (const c of g.refuse) {
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('domainLinkage.refuse', c.name, () => {
        const verdict = verify(c);
        expect(verdict.ok ? 'accepted' : verdict.code).toBe(c.expect);
      }));
  }
});

describe('canonicalOrigin', () => {
  it.each([
    ['https://Example.COM', 'https://example.com'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['https://127.0.0.1:8443', 'https://127.0.0.1:8443'],
  ])('%s -> %s', (input, origin) => expect(canonicalOrigin(input)).toEqual({ ok: true, value: origin }));
  it.each([
    'example.com',
    'ftp://example.com',
    'https://user@example.com',
    'https://example.com/path',
    'https://example.com/?',
    'https://example.com#',
    42,
  ])('refuses %j', (input) =>
    expect(canonicalOrigin(input)).toMatchObject({ ok: false, code: 'bad-origin' }),
  );
});

describe('verifyDomainLinkage caller errors', () => {
  it('throws instead of skipping nbf/exp when now is missing', () => {
    const token = signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: 1, exp: 2 });
    expect(() =>
      verifyDomainLinkage(token, {
        did: 'did:key:z',
        origin: 'https://example.com',
        now: undefined as never,
      }),
    ).toThrow(/bad-argument/);
  });
});
