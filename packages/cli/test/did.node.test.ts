import { base64Strict, base64urlStrict, hex } from '@agent-seam/canonical';
import { encPublicKey, encPublicKeyPq } from '@agent-seam/cryptobox';
import { didFromPublicKey, didFromSeed, keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, seam, workdir } from './run.js';

const seed = hex.decode(ALICE_SEED.trim());
if (!seed.ok) throw new Error('seed');
const publicKey = keyPairFromSeed(seed.value).publicKey;
const did = didFromSeed(seed.value);

describe('seam did', () => {
  const dir = workdir({ 'alice.seed': ALICE_SEED, 'short.seed': 'abcd\n' });

  it('shows every spelling of a did:key, a hex key and a base64url key alike', async () => {
    const outs = await Promise.all(
      [did, hex.encode(publicKey), base64urlStrict.encode(publicKey)].map((arg) =>
        seam(dir, ['did', arg, '--json']),
      ),
    );
    for (const r of outs) {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        did,
        publicKeyHex: hex.encode(publicKey),
        publicKeyBase64url: base64urlStrict.encode(publicKey),
        jwk: { kty: 'OKP', crv: 'Ed25519', x: base64urlStrict.encode(publicKey) },
      });
    }
  });

  it('from a seed file adds the X25519 and ML-KEM-768 encryption keys', async () => {
    const r = await seam(dir, ['did', '--seed-file', 'alice.seed', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.did).toBe(did);
    expect(out.encPub).toBe(base64Strict.encode(encPublicKey(seed.value)));
    expect(out.encPubPq).toBe(base64Strict.encode(encPublicKeyPq(seed.value)));
    expect((await seam(dir, ['did', '--seed-file', 'alice.seed'])).stdout).toContain('encPub (X25519)');
  });

  it('the RFC 7638 thumbprint is the RFC 8037 example key’s published one', async () => {
    // RFC 8037 appendix A.3: the thumbprint of its Ed25519 example key.
    const x = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
    const r = await seam(dir, ['did', x, '--json']);
    expect(JSON.parse(r.stdout).thumbprint).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
  });

  it('refuses a small-order key, naming the check', async () => {
    const identity = new Uint8Array(32);
    identity[0] = 1; // the identity point: small order
    const r = await seam(dir, ['did', didFromPublicKey(identity)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('[small-order-key]');
    expect(r.stdout).toContain('REFUSED');
  });

  it('usage errors exit 2: nothing, both a key and a seed, a key of the wrong length', async () => {
    for (const args of [['did'], ['did', did, '--seed-file', 'alice.seed'], ['did', 'abcd']]) {
      const r = await seam(dir, args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('an unreadable or malformed seed file exits 4', async () => {
    expect((await seam(dir, ['did', '--seed-file', 'none.seed'])).code).toBe(4);
    const r = await seam(dir, ['did', '--seed-file', 'short.seed']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('64 hex characters');
  });

  it('--help says a seed is never taken on the command line', async () => {
    expect((await seam(dir, ['did', '--help'])).stdout).toContain('never');
  });
});
