/**
 * Single-shot HPKE seal and open (base mode, X25519 / HKDF-SHA256 / ChaCha20-Poly1305)
 * against @hpke/core + @hpke/dhkem-x25519 + @hpke/chacha20poly1305. The anchor is
 * asynchronous, so both sides are timed the same way: ops/s of `await run()` in a loop
 * (for ours the await costs one microtask). One key pair, derived from the same ikm on
 * both sides; each contender opens its own ciphertext.
 */
import { performance } from 'node:perf_hooks';
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { DhkemX25519HkdfSha256 } from '@hpke/dhkem-x25519';
import { deriveKeyPair, open, seal } from '../src/index.js';

/** Runs `run` (awaited) for about `ms` milliseconds; returns [operations, elapsed ms]. */
async function timed(run: () => unknown, ms: number): Promise<[number, number]> {
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    await run();
    ops++;
    now = performance.now();
  }
  return [ops, now - start];
}

/**
 * Like `compare` of tools/bench.ts, for contenders that may return promises. The machine
 * is shared, so the two alternate in short rounds and the totals are compared: a load
 * change then hits both sides alike instead of whichever happened to run second.
 */
async function compareAsync(title: string, ours: [string, () => unknown], anchor: [string, () => unknown]) {
  await timed(ours[1], 400);
  await timed(anchor[1], 400);
  const totals = [
    [0, 0],
    [0, 0],
  ];
  for (let round = 0; round < 10; round++) {
    for (const [i, run] of [ours[1], anchor[1]].entries()) {
      const [ops, elapsed] = await timed(run, 200);
      totals[i]![0]! += ops;
      totals[i]![1]! += elapsed;
    }
  }
  const [base, hz] = totals.map(([ops, elapsed]) => (ops! * 1000) / elapsed!) as [number, number];
  console.log(`\n${title}`);
  console.log(`  ${ours[0].padEnd(44)} ${base.toFixed(1).padStart(12)} ops/s`);
  console.log(
    `  ${anchor[0].padEnd(44)} ${hz.toFixed(1).padStart(12)} ops/s   ours/this = ${(base / hz).toFixed(2)}x`,
  );
}

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
    ['@agent-seam/hpke-seal seal', () => seal({ recipientPublicKey: ours.publicKey, info, aad, plaintext })],
    ['@hpke/core seal', () => suite.seal({ recipientPublicKey: theirs.publicKey, info }, plaintext, aad)],
  );
  await compareAsync(
    `HPKE open, ${label}`,
    [
      '@agent-seam/hpke-seal open',
      () =>
        open({ recipientPrivateKey: ours.privateKey, enc: mine.enc, info, aad, ciphertext: mine.ciphertext }),
    ],
    [
      '@hpke/core open',
      () =>
        suite.open({ recipientKey: theirs.privateKey, enc: anchorSealed.enc, info }, anchorSealed.ct, aad),
    ],
  );
}
