import {
  ledgerGroup,
  loadInterop,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { cardpubOps } from '../../cli/src/conformance/ops/cardpub.js';
import { canonicalOrigin, signDomainLinkage, verifyDomainLinkage } from '../src/index.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const interop = { interop: true };
const impl = packageImplementation('@agent-seam/cardpub', cardpubOps);
// The upstream domainLinkage cases were signed with this seed (0x15 * 32 derives their did).
const LINK_SEED = new Uint8Array(32).fill(0x15);
// The validity window of this repository's own domain linkage cases.
const NBF = 1754870400;
const EXP = 1762646400;

describe('domainLinkage', () => {
  // Each question its own check: the token signed, and read back.
  ledgerGroup(it, ledger, impl, opGroup('domainLinkage'), ours.domainLinkage, { perStep: true });
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.domainLinkage;
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing('domainLinkage'));
    return;
  }
  ledgerGroup(it, ledger, impl, opGroup('domainLinkage'), upstream, {
    perStep: true,
    interop: true,
    prefix: 'upstream:',
  });
  upstream.forEach((c: any, i: number) => {
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
  ledgerGroup(it, ledger, impl, opGroup('domainLinkage.refuse'), ours['domainLinkage.refuse']);
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

describe('verifyDomainLinkage time', () => {
  const g = ours['domainLinkage.refuse'];
  const plain = g.accept[1].token;
  const verify = (now: number | Date) => verifyDomainLinkage(plain, { did: g.did, origin: g.origin, now });
  it('a Date and the same seconds give the same verdict', () => {
    for (const at of [NBF - 1, NBF, EXP - 1, EXP]) expect(verify(new Date(at * 1000))).toEqual(verify(at));
  });
  it('says by how much', () => {
    expect(verify(NBF - 412)).toEqual({ ok: false, code: 'not-yet-valid', detail: 'valid in 412 s' });
    expect(verify(EXP + 412)).toEqual({ ok: false, code: 'expired', detail: 'expired 412 s ago' });
  });
  it('refuses a millisecond count, naming the option', () => {
    expect(() => verify(NBF * 1000)).toThrow(/^bad-instant: verifyDomainLinkage now/);
    expect(() =>
      signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: NBF * 1000, exp: EXP }),
    ).toThrow(/^bad-instant: signDomainLinkage nbf/);
    expect(() =>
      signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: NBF, exp: EXP * 1000 }),
    ).toThrow(/^bad-instant: signDomainLinkage exp/);
  });
  it('a signer writes Dates as whole seconds', () =>
    expect(
      signDomainLinkage(LINK_SEED, {
        origin: 'https://example.com',
        nbf: new Date(NBF * 1000),
        exp: new Date(EXP * 1000 + 999),
      }),
    ).toBe(signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: NBF, exp: EXP })));
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
    ).toThrow(/^missing-option: verifyDomainLinkage needs now /);
  });
});
