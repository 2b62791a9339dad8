import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  jwkFromPublicKey,
  signDirectory,
  signRequest,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
} from '../src/index.js';

// The README's example, kept runnable.
describe('README example', () => {
  const seed = new Uint8Array(32).fill(7);
  const now = 1754870400;
  it('signs a request and verifies it', () => {
    const headers = signRequest({
      seed,
      authority: 'example.com',
      signatureAgent: 'https://bot.example/directory',
      created: now,
      expires: now + 300,
    });
    expect(headers['signature-input']).toMatch(
      /^sig1=\("@authority" "signature-agent"\);created=\d+;.*;tag="web-bot-auth"$/,
    );
    expect(headers['signature-agent']).toBe('"https://bot.example/directory"');
    const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(seed).publicKey)] };
    const verdict = verifyRequest({ headers, authority: 'example.com', jwks, now });
    expect(verdict).toMatchObject({ ok: true, value: { label: 'sig1' } });
    expect(verifyRequest({ headers, authority: 'other.example', jwks, now })).toMatchObject({
      ok: false,
      code: 'bad-signature',
    });
  });
  it('verifies the same request through the async door, and rejects a caller error', async () => {
    const headers = signRequest({
      seed,
      authority: 'example.com',
      signatureAgent: 'https://bot.example/directory',
      created: now,
      expires: now + 300,
    });
    const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(seed).publicKey)] };
    expect(await verifyRequestAsync({ headers, authority: 'example.com', jwks, now })).toMatchObject({
      ok: true,
      value: { label: 'sig1' },
    });
    await expect(verifyRequestAsync({ headers, authority: 'example.com', jwks } as never)).rejects.toThrow(
      /now/,
    );
  });
  it('signs a directory and verifies it', () => {
    const { body, headers } = signDirectory({
      seed,
      authority: 'bot.example',
      created: now,
      expires: now + 3600,
    });
    expect(verifyDirectory({ headers, authority: 'bot.example', body, now })).toMatchObject({ ok: true });
  });
});
