/**
 * Single-shot HPKE seal and open (base mode, X25519 / HKDF-SHA256 / ChaCha20-Poly1305)
 * against @hpke/core + @hpke/dhkem-x25519 + @hpke/chacha20poly1305. The anchor is
 * asynchronous, so both sides are timed the same way, by `compareAsync` of tools/bench.ts:
 * ops/s of `await run()` in a loop (for ours the await costs one microtask). One key pair, derived from the same ikm on
 * both sides; each contender opens its own ciphertext.
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { DhkemX25519HkdfSha256 } from '@hpke/dhkem-x25519';
import { compareAsync } from '../../../tools/bench.js';
import { deriveKeyPair, open, seal } from '../src/index.js';

const ikm = new Uint8Array(32).fill(7);
const info = new TextEncoder().encode('bench info');
const aad = new Uint8Array(0);
const ours = deriveKeyPair(ikm);
const suite = new CipherSuite({
  kem: new DhkemX25519HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Chacha20Poly1305(),
});
const theirs = await suite.kem.deriveKeyPair(ikm.buffer as ArrayBuffer);

for (const size of [64, 1024, 1024 * 1024]) {
  const plaintext = new Uint8Array(size).fill(1);
  const label =
    size >= 1024 * 1024 ? `${size / 1024 / 1024} MiB` : size >= 1024 ? `${size / 1024} KiB` : `${size} B`;
  const mine = seal({ recipientPublicKey: ours.publicKey, info, aad, plaintext });
  const anchorSealed = await suite.seal({ recipientPublicKey: theirs.publicKey, info }, plaintext, aad);
  await compareAsync(
    `HPKE seal, ${label}`,
    {
      name: '@agent-seam/hpke-seal seal',
      run: () => seal({ recipientPublicKey: ours.publicKey, info, aad, plaintext }),
    },
    [
      {
        name: '@hpke/core seal',
        run: () => suite.seal({ recipientPublicKey: theirs.publicKey, info }, plaintext, aad),
      },
    ],
  );
  await compareAsync(
    `HPKE open, ${label}`,
    {
      name: '@agent-seam/hpke-seal open',
      run: () =>
        open({ recipientPrivateKey: ours.privateKey, enc: mine.enc, info, aad, ciphertext: mine.ciphertext }),
    },
    [
      {
        name: '@hpke/core open',
        run: () =>
          suite.open({ recipientKey: theirs.privateKey, enc: anchorSealed.enc, info }, anchorSealed.ct, aad),
      },
    ],
  );
}
