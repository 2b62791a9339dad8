import { base64urlStrict, unwrap } from '@agent-seam/canonical';
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
import { verifyA2ACard } from '../src/index.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const code = (v: { ok: boolean; code?: string }) => (v.ok ? 'accepted' : v.code);
const impl = packageImplementation('@agent-seam/cardpub', cardpubOps);

describe('a2a.golden (ANetCore v0.15 golden card)', () => {
  const card = loadInterop('anet/ANetCore-v0.15/a2acard/testdata/golden-card.json');
  const jwks = loadInterop('anet/ANetCore-v0.15/a2acard/testdata/golden-jwks.json');
  if (card === null || jwks === null) {
    it('interop data absent', () => ledger.interopMissing('a2a.golden'));
    return;
  }
  const interop = { interop: true };
  const expected = {
    ok: true,
    value: {
      kid: 'did:anet:bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaaa7q7y#0',
      jku: 'https://hub.example.org/agents/bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaaa7q7y/jwks.json',
    },
  };
  it('verifies with its JWKS (key found by kid)', () =>
    ledger.accept(
      'a2a.golden',
      'jwks',
      () => expect(verifyA2ACard(card, card.signatures[0], { jwks })).toEqual(expected),
      interop,
    ));
  it('verifies with the bare public key', () =>
    ledger.accept(
      'a2a.golden',
      'publicKey',
      () => {
        const publicKey = unwrap(base64urlStrict.decode(jwks.keys[0].x));
        expect(verifyA2ACard(card, card.signatures[0], { publicKey })).toEqual(expected);
      },
      interop,
    ));
  it('is refused once a member is edited', () =>
    ledger.refuse(
      'a2a.golden',
      'edited',
      () =>
        expect(code(verifyA2ACard({ ...card, version: '1.0.1' }, card.signatures[0], { jwks }))).toBe(
          'bad-signature',
        ),
      interop,
    ));
});

describe('a2a', () => {
  const g = ours.a2a;
  // Each question its own check: an accepted card under the key set and under its bare key.
  ledgerGroup(it, ledger, impl, opGroup('a2a'), g, { perStep: true });
  it('refuse: a 31-byte public key (the door’s length check)', () =>
    ledger.refuse('a2a', 'short-public-key', () =>
      expect(
        code(verifyA2ACard(g.accept[0].card, g.accept[0].signature, { publicKey: new Uint8Array(31) })),
      ).toBe('bad-length'),
    ));
});
