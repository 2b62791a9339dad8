import { createHash, createHmac, hash, hkdfSync } from 'node:crypto';
import * as canonical from '@agent-seam/canonical';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';

/**
 * The hashing door on Node (the node:crypto backend) against noble called directly, and
 * the door on its noble backend (what browsers, Deno, Bun and Workers run) against the
 * same, which is the cost of the door's checks. The bare node:crypto calls with a Buffer
 * result are the choices the Node backend measured and did not take (spec/canonical.md).
 * Inputs are deterministic.
 */
const twin = await nobleTwin<typeof canonical>('canonical');
const filled = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
const label = (n: number) =>
  n >= 1 << 20 ? `${n >> 20} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;

for (const size of [32, 65, 1400, 64 * 1024, 1 << 20]) {
  const input = filled(size);
  compare(
    `sha256, ${label(size)}`,
    { name: 'door sha256 (node:crypto)', run: () => canonical.sha256(input) },
    [
      { name: 'noble sha256', run: () => sha256(input) },
      { name: 'door sha256 on its noble backend', run: () => twin.sha256(input) },
      { name: 'bare crypto.hash, Buffer result', run: () => hash('sha256', input, 'buffer') },
    ],
  );
}

// The shapes the packages feed the incremental hasher: a Merkle leaf (0x00 ‖ 32 bytes),
// a chain link (32-byte prev ‖ a 600-byte record), a large input in 64 KB parts.
const twoParts: [title: string, first: Uint8Array, second: Uint8Array][] = [
  ['Merkle leaf (1 + 32 B)', new Uint8Array([0]), filled(32)],
  ['chain link (32 + 600 B)', filled(32), filled(600)],
];
for (const [title, first, second] of twoParts)
  compare(
    `createSha256, ${title}`,
    { name: 'door createSha256', run: () => canonical.createSha256().update(first).update(second).digest() },
    [
      { name: 'noble sha256.create', run: () => sha256.create().update(first).update(second).digest() },
      {
        name: 'door on its noble backend',
        run: () => twin.createSha256().update(first).update(second).digest(),
      },
      {
        name: 'bare createHash, Buffer result',
        run: () => createHash('sha256').update(first).update(second).digest(),
      },
    ],
  );
const large = filled(1 << 20);
const parts = Array.from({ length: 16 }, (_, i) => large.subarray(i << 16, (i + 1) << 16));
const streamed = (create: () => { update(b: Uint8Array): unknown; digest(): Uint8Array }) => () => {
  const hasher = create();
  for (const part of parts) hasher.update(part);
  return hasher.digest();
};
compare(
  'createSha256, 1 MB in 64 KB parts',
  { name: 'door createSha256', run: streamed(canonical.createSha256) },
  [{ name: 'noble sha256.create', run: streamed(() => sha256.create()) }],
);

// SHA-512 at did's challenge size: R ‖ A ‖ a 100-byte message.
const challengeInput = filled(164);
compare(
  'sha512, 164 B (an Ed25519 challenge)',
  { name: 'door sha512', run: () => canonical.sha512(challengeInput) },
  [{ name: 'noble sha512', run: () => sha512(challengeInput) }],
);

// HMAC-SHA256 at an RFC-004 audit entry's size and larger.
const key = filled(32);
for (const size of [200, 1400]) {
  const message = filled(size);
  compare(
    `hmacSha256, ${label(size)}`,
    { name: 'door hmacSha256', run: () => canonical.hmacSha256(key, message) },
    [{ name: 'noble hmac(sha256)', run: () => hmac(sha256, key, message) }],
  );
}

// Why HKDF stays on noble (spec/canonical.md): node:crypto's own HKDF is slower than noble
// at this size on Node 20 and 22, and one built on createHmac saves microseconds in opens
// that take a millisecond (see cryptobox's and hpke-seal's benches for the whole open).
const ikm = filled(32);
const info = filled(15);
const hkdfOnHmac = () => {
  const prk = createHmac('sha256', new Uint8Array(32)).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(info)
    .update(new Uint8Array([1]))
    .digest();
};
compare(
  'HKDF-SHA256 extract + expand to 32 B',
  { name: 'noble hkdf', run: () => hkdf(sha256, ikm, undefined, info, 32) },
  [
    { name: 'node:crypto hkdfSync', run: () => hkdfSync('sha256', ikm, new Uint8Array(0), info, 32) },
    { name: 'two node:crypto createHmac calls', run: hkdfOnHmac },
  ],
);
