import { loadVectors } from '@agent-seam/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyA2ACard, verifyCardEnvelope, verifyDomainLinkage } from '../src/index.js';

const vectors = loadVectors('wire_vectors.json');
const linkage = vectors['domainLinkage.refuse'];
const honestEnvelope = vectors.reject.cardpub[0].envelope;

const isTyped = (verdict: { ok: boolean; code?: string }) => verdict.ok || /^[a-z0-9-]+$/.test(verdict.code!);

describe('properties', () => {
  it('verifyDomainLinkage never throws on random text, and edits of an honest token are refused', () => {
    const honest: string = linkage.accept[1].token;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc
            .tuple(fc.nat(honest.length - 1), fc.string({ minLength: 1, maxLength: 3 }))
            .map(([at, insert]) => honest.slice(0, at) + insert + honest.slice(at + 1)),
        ),
        (token) => {
          const verdict = verifyDomainLinkage(token, {
            did: linkage.did,
            origin: linkage.origin,
            now: linkage.now,
          });
          expect(isTyped(verdict)).toBe(true);
          if (token !== honest) expect(verdict.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('verifyCardEnvelope never throws on arbitrary JSON values in any envelope member', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('v', 'typ', 'card', 'ts', 'sig'),
        fc.jsonValue({ maxDepth: 3 }),
        (member, value) => {
          const verdict = verifyCardEnvelope(
            { ...honestEnvelope, [member]: value },
            { expectedDid: honestEnvelope.card.did, now: 'off' },
          );
          expect(isTyped(verdict)).toBe(true);
          if (JSON.stringify(value) !== JSON.stringify(honestEnvelope[member]))
            expect(verdict.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('verifyA2ACard never throws on arbitrary signature objects', () => {
    const { card } = vectors.a2a.accept[0];
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), (signature) => {
        expect(isTyped(verifyA2ACard(card, signature, { jwks: vectors.a2a.jwks }))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
