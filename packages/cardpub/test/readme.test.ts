import { didFromSeed, keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  signA2ACard,
  signCardEnvelope,
  signDomainLinkage,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
  verifyDomainLinkage,
} from '../src/index.js';

// The README's examples, kept runnable.
describe('README examples', () => {
  const seed = new Uint8Array(32).fill(13);
  const did = didFromSeed(seed);
  it('card envelope', () => {
    const envelope = signCardEnvelope({ did, name: 'Node', url: 'https://node.example/' }, seed, 1784273681);
    expect(verifyCardEnvelope(envelope, { expectedDid: did })).toMatchObject({ ok: true });
  });
  it('card envelope, verified through the async door', async () => {
    const envelope = signCardEnvelope({ did, name: 'Node', url: 'https://node.example/' }, seed, 1784273681);
    expect(await verifyCardEnvelopeAsync(envelope, { expectedDid: did })).toMatchObject({ ok: true });
  });
  it('domain linkage', () => {
    const jwt = signDomainLinkage(seed, { origin: 'https://node.example', nbf: 1754870400, exp: 1762646400 });
    expect(verifyDomainLinkage(jwt, { did, origin: 'https://node.example', now: 1754870400 })).toMatchObject({
      ok: true,
    });
  });
  it('A2A card', () => {
    const agentCard = { name: 'Echo', version: '1.0.0', skills: [] };
    const signature = signA2ACard(agentCard, seed, {
      kid: 'did:example:echo#0',
      jku: 'https://echo.example/jwks.json',
    });
    const verdict = verifyA2ACard({ ...agentCard, signatures: [signature] }, signature, {
      publicKey: keyPairFromSeed(seed).publicKey,
    });
    expect(verdict).toEqual({
      ok: true,
      value: { kid: 'did:example:echo#0', jku: 'https://echo.example/jwks.json' },
    });
  });
});
