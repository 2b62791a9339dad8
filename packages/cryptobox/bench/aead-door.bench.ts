import { chacha20poly1305, xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { compare } from '../../../tools/bench.js';
import * as onNoble from '../src/aead.js';
import { chachaOpen, xchachaOpen } from '../src/primitives.js';

// The AEAD door as Node selects it (node:crypto, with noble's HChaCha20 for the extended
// nonce) against the same door on its noble backend, which browsers, Deno, Bun and
// Workers run and which Node ran before the door, and against noble called bare.
// Inputs are deterministic.
const filled = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);
const key = filled(32, 1);
const ad = new TextEncoder().encode('contextId=c1');

for (const size of [64, 64 * 1024]) {
  const label = size < 1024 ? `${size} B` : `${size / 1024} KB`;
  const plaintext = filled(size, 7);

  const xnonce = filled(24, 3);
  const xsealed = xchacha20poly1305(key, xnonce, ad).encrypt(plaintext);
  compare(
    `xchacha open, ${label}`,
    { name: 'door xchachaOpen (node:crypto)', run: () => xchachaOpen(key, xnonce, ad, xsealed) },
    [
      {
        name: 'door xchachaOpen on its noble backend',
        run: () => onNoble.xchachaOpen(key, xnonce, ad, xsealed),
      },
      {
        name: 'noble xchacha20poly1305, bare',
        run: () => xchacha20poly1305(key, xnonce, ad).decrypt(xsealed),
      },
    ],
  );

  const nonce = filled(12, 5);
  const sealed = chacha20poly1305(key, nonce, ad).encrypt(plaintext);
  compare(
    `chacha open, ${label}`,
    { name: 'door chachaOpen (node:crypto)', run: () => chachaOpen(key, nonce, ad, sealed) },
    [
      { name: 'door chachaOpen on its noble backend', run: () => onNoble.chachaOpen(key, nonce, ad, sealed) },
      { name: 'noble chacha20poly1305, bare', run: () => chacha20poly1305(key, nonce, ad).decrypt(sealed) },
    ],
  );
}
