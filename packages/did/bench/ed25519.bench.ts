import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import { compare } from '../../../tools/bench.js';
import { ed25519Door } from '../src/ed25519.js';
import { equationHolds as nobleEquation } from '../src/equation.js';

/**
 * The door on Node (the node:crypto backend, which `#equation` selects here) against
 * the physical reference, bare node:crypto verify with a ready KeyObject; against the
 * same door over the noble backend (what browsers run); and against noble's own
 * strict-encoding verify. The second table pays a key import per call: one key per
 * message, more keys than the door's KeyObject cache holds.
 */
const seed = new Uint8Array(32).fill(0x42);
const { publicKey } = keyPairFromSeed(seed);
const messages = Array.from({ length: 64 }, (_, i) =>
  new TextEncoder().encode(`message number ${i} `.repeat(4)),
);
const signatures = messages.map((m) => signEd25519(seed, m));
const spki = (raw: Uint8Array) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });
const nodeKey = spki(publicKey);
const nobleDoor = ed25519Door(nobleEquation);

let i = 0;
/** A run that verifies the next of the 64 messages with `verify`, throwing if it refuses. */
const nextMessage = (verify: (message: Uint8Array, signature: Uint8Array) => boolean) => () => {
  const k = i++ & 63;
  if (!verify(messages[k]!, signatures[k]!)) throw new Error('refused');
};
compare(
  'Ed25519 verify (64 messages of 80 bytes, one key)',
  {
    name: 'verifyEd25519 (node:crypto backend)',
    run: nextMessage((m, s) => verifyEd25519(publicKey, m, s).ok),
  },
  [
    {
      name: 'node:crypto verify, KeyObject ready (OpenSSL)',
      run: nextMessage((m, s) => nodeVerify(null, m, nodeKey, s)),
    },
    {
      name: 'the door over the noble backend (browsers)',
      run: nextMessage((m, s) => nobleDoor(publicKey, m, s).ok),
    },
    {
      name: '@noble/curves ed25519.verify zip215:false',
      run: nextMessage((m, s) => ed25519.verify(s, m, publicKey, { zip215: false })),
    },
  ],
);

// 512 keys, more than the door's KeyObject cache (256) holds, visited in turn: every call imports.
const manyKeys = Array.from({ length: 512 }, (_, n) => {
  const s = new Uint8Array(32).fill(n & 255);
  s[0] = n >> 8;
  const message = new TextEncoder().encode(`key ${n}`);
  return { publicKey: keyPairFromSeed(s).publicKey, message, signature: signEd25519(s, message) };
});
let j = 0;
/** A run that verifies under the next of the 512 keys with `verify`, throwing if it refuses. */
const nextKey = (verify: (c: (typeof manyKeys)[number]) => boolean) => () => {
  if (!verify(manyKeys[j++ & 511]!)) throw new Error('refused');
};
compare(
  'Ed25519 verify, a new key every call (512 keys)',
  {
    name: 'verifyEd25519 (node:crypto backend)',
    run: nextKey((c) => verifyEd25519(c.publicKey, c.message, c.signature).ok),
  },
  [
    {
      name: 'node:crypto createPublicKey + verify',
      run: nextKey((c) => nodeVerify(null, c.message, spki(c.publicKey), c.signature)),
    },
  ],
);
