import { unwrap, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { verify } from 'web-bot-auth';
import { jwkFromPublicKey, signRequest, thumbprint } from '../src/index.js';

// The npm web-bot-auth verifier judges expiry against the real clock, so the request
// is signed around the test's own clock (tests may read it; the library never does).
describe('signRequest output is accepted by the npm web-bot-auth@0.1.3 verifier', () => {
  const seed = new Uint8Array(32).fill(0x44);
  const { publicKey } = keyPairFromSeed(seed);
  const created = Math.floor(Date.now() / 1000) - 5;

  for (const signatureAgent of [undefined, 'https://agent.example/directory']) {
    it(signatureAgent === undefined ? 'without Signature-Agent' : 'with Signature-Agent', async () => {
      const headers = signRequest({
        seed,
        authority: 'example.com',
        signatureAgent,
        // web-bot-auth@0.1.3 reads the legacy string form only.
        signatureAgentForm: 'legacy',
        created,
        expires: created + 300,
      });
      const request = new Request('https://example.com/some/path', {
        headers: headers as Record<string, string>,
      });
      const seen: { data?: string; keyid?: string } = {};
      await verify(request, (data, signature, params) => {
        seen.data = data;
        seen.keyid = params.keyid;
        const verdict = verifyEd25519(publicKey, utf8Strict.encode(data), signature);
        if (!verdict.ok) throw new Error(verdict.code);
      });
      expect(seen.keyid).toBe(unwrap(thumbprint(jwkFromPublicKey(publicKey))));
      expect(seen.data).toContain(`"@signature-params": ${headers['signature-input'].slice('sig1='.length)}`);
    });
  }
});
