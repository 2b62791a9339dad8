import { describe, expect, it } from 'vitest';
import {
  didFromSeed,
  ed25519AsyncBackend,
  keyPairFromSeed,
  signEd25519,
  verificationKeyFromDid,
  verifyEd25519,
  verifyEd25519Async,
} from '../src/index.js';

// The README's examples, kept runnable.
describe('README examples', () => {
  it('sign and verify', () => {
    const seed = crypto.getRandomValues(new Uint8Array(32));
    const did = didFromSeed(seed);
    const message = new TextEncoder().encode('hello');
    const signature = signEd25519(seed, message);
    const key = verificationKeyFromDid(did);
    expect(key.ok).toBe(true);
    if (key.ok) expect(verifyEd25519(key.value, message, signature)).toEqual({ ok: true, value: true });
  });
  it('in bulk: verifyEd25519Async', async () => {
    const seed = new Uint8Array(32).fill(1);
    const { publicKey } = keyPairFromSeed(seed);
    const message = new TextEncoder().encode('hello');
    const verdict = await verifyEd25519Async(publicKey, message, signEd25519(seed, message));
    expect(verdict).toEqual({ ok: true, value: true });
    expect(await ed25519AsyncBackend()).toBe('webcrypto');
  });
});
