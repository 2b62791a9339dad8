import { unwrap } from '@agent-seam/canonical';
import { didFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { type Jwk, jwkFromPublicKey, signRequest, thumbprint, verifyRequest } from '../src/index.js';

/**
 * A directory's keys are named (thumbprint, did:key) through a memo by key bytes, because
 * the same set is read on every request. These cases hold the memo to being invisible:
 * a set edited in place between calls is judged as it is now, and a memo emptied because
 * it was full names keys as before.
 */
const NOW = 1754870400;
const AUTHORITY = 'example.com';
const signer = (n: number) => {
  const seed = new Uint8Array(32).fill(n);
  const publicKey = keyPairFromSeed(seed).publicKey;
  const jwk = jwkFromPublicKey(publicKey);
  return { seed, publicKey, jwk, keyid: unwrap(thumbprint(jwk)) };
};
const signedBy = (seed: Uint8Array) =>
  signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300 });
const verify = (headers: ReturnType<typeof signRequest>, keys: Jwk[]) =>
  verifyRequest({ replay: 'off', headers, authority: AUTHORITY, jwks: { keys }, now: NOW });

describe('directory key names', () => {
  const a = signer(1);
  const b = signer(2);

  it('follows a set edited in place: the replaced key is unknown, the new one is named by its own did', () => {
    const member = { ...a.jwk };
    const keys = [member];
    expect(verify(signedBy(a.seed), keys)).toMatchObject({
      ok: true,
      value: { did: didFromPublicKey(a.publicKey) },
    });
    // A neighbour of a's key (last byte changed) has a thumbprint of its own.
    const neighbour = a.publicKey.slice();
    neighbour[31] = neighbour[31]! ^ 1;
    member.x = jwkFromPublicKey(neighbour).x;
    expect(verify(signedBy(a.seed), keys)).toMatchObject({ ok: false, code: 'unknown-key' });
    member.x = b.jwk.x;
    expect(verify(signedBy(a.seed), keys)).toMatchObject({ ok: false, code: 'unknown-key' });
    expect(verify(signedBy(b.seed), keys)).toMatchObject({
      ok: true,
      value: { did: didFromPublicKey(b.publicKey), keyid: b.keyid },
    });
  });

  it('names keys the same after more distinct keys than the memo holds', () => {
    const headers = signedBy(a.seed);
    const first = verify(headers, [a.jwk]);
    // 1,100 distinct keys (x = 32 bytes of the index) pass through the memo, more than it keeps.
    const many = Array.from({ length: 1100 }, (_, i) => {
      const bytes = new Uint8Array(32);
      new DataView(bytes.buffer).setUint32(0, i + 1);
      return jwkFromPublicKey(bytes);
    });
    expect(verify(headers, many)).toMatchObject({ ok: false, code: 'unknown-key' });
    expect(verify(headers, [...many, a.jwk])).toEqual(first);
    expect(first).toMatchObject({ ok: true, value: { did: didFromPublicKey(a.publicKey), keyid: a.keyid } });
  });
});
