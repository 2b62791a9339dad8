/**
 * The signer most wba tests share: one seed, its key as a JWK Set and thumbprint, the
 * clock and authority it signs for, its directory, and the SeamError a call throws.
 * No `node:` import: the suites that use it also run in Chromium.
 */
import { SeamError, unwrap } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { expect } from 'vitest';
import { jwkFromPublicKey, signDirectory, thumbprint, verifyDirectory } from '../src/index.js';

export const seed = new Uint8Array(32).fill(7);
export const NOW = 1_754_870_400;
export const AUTHORITY = 'example.com';
export const publicKey = keyPairFromSeed(seed).publicKey;
export const jwk = jwkFromPublicKey(publicKey);
export const jwks = { keys: [jwk] };
export const keyid = unwrap(thumbprint(jwk));

/** The signer's directory for AUTHORITY, valid for five minutes from NOW. */
export const directory = signDirectory({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300 });
/** `verifyDirectory` of that directory at NOW, with `extra` options on top. */
export const dir = (extra: Record<string, unknown> = {}) =>
  verifyDirectory({ ...directory, authority: AUTHORITY, now: NOW, ...extra } as never);

/** The SeamError a call throws, or that the promise it returns rejects with. */
export async function usageError(call: () => unknown): Promise<SeamError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(SeamError);
    return error as SeamError;
  }
  throw new Error('expected a usage error');
}
