import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import {
  anyOrOneMemberReplaced,
  type EntryPoint,
  holdAsyncAsSync,
  holdVerdictShaped,
} from '../../../tools/wrong-types.ts';
import {
  A2A_CODES,
  CARD_ENVELOPE_CODES,
  canonicalOrigin,
  DOMAIN_LINKAGE_CODES,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
  verifyDomainLinkage,
} from '../src/index.js';

/**
 * Every entry point of this package that judges received data, given arbitrary
 * JavaScript values in place of that data (the caller's own options stay honest): none
 * throws, and each answers with a Verdict whose code is in the exported list for it.
 */
const vectors = loadVectors('wire_vectors.json');
const honestEnvelope = vectors.reject.cardpub[0].envelope;
const expectedDid: string = honestEnvelope.card.did;
const linkage = vectors['domainLinkage.refuse'];
const { card: a2aCard, signature: a2aSignature } = vectors.a2a.accept[0];
const NOW = honestEnvelope.ts as number;

const ENTRY_POINTS: EntryPoint[] = [
  ['verifyCardEnvelope', (x) => verifyCardEnvelope(x, { expectedDid, now: 'off' }), CARD_ENVELOPE_CODES],
  ['verifyCardEnvelope (now)', (x) => verifyCardEnvelope(x, { expectedDid, now: NOW }), CARD_ENVELOPE_CODES],
  [
    'verifyDomainLinkage (token)',
    (x) => verifyDomainLinkage(x, { did: linkage.did, origin: linkage.origin, now: linkage.now }),
    DOMAIN_LINKAGE_CODES,
  ],
  ['verifyA2ACard (card)', (x) => verifyA2ACard(x, a2aSignature, { jwks: vectors.a2a.jwks }), A2A_CODES],
  ['verifyA2ACard (signature)', (x) => verifyA2ACard(a2aCard, x, { jwks: vectors.a2a.jwks }), A2A_CODES],
  ['verifyA2ACard (key set)', (x) => verifyA2ACard(a2aCard, a2aSignature, { jwks: x }), A2A_CODES],
  ['canonicalOrigin', (x) => canonicalOrigin(x), ['bad-origin']],
];

/** Anything, or the honest envelope with one member replaced by anything. */
const inputs = anyOrOneMemberReplaced(honestEnvelope);

describe('inputs that never throw', () => {
  holdVerdictShaped(ENTRY_POINTS, inputs, 300);

  holdAsyncAsSync(
    'verifyCardEnvelopeAsync',
    inputs,
    {
      verifyAsync: (input) => verifyCardEnvelopeAsync(input, { expectedDid, now: NOW }),
      verify: (input) => verifyCardEnvelope(input, { expectedDid, now: NOW }),
    },
    CARD_ENVELOPE_CODES,
    200,
  );

  it('a key source that is neither a key set nor a key is a programmer error', () =>
    expect(thrownSeamError(() => verifyA2ACard(a2aCard, a2aSignature, {} as never)).code).toBe(
      'bad-argument',
    ));

  it('the exported lists hold each code once', () => {
    for (const [, , codes] of ENTRY_POINTS) expect(new Set(codes).size).toBe(codes.length);
  });
});
