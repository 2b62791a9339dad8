import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import { compare } from '../../../tools/bench.js';

/**
 * The door against the physical reference (node:crypto, OpenSSL) and against noble's
 * own strict-encoding verify on the same 64 messages. noble's verify is the fair
 * anchor: both are pure JavaScript over the same point arithmetic.
 */
const seed = new Uint8Array(32).fill(0x42);
const { publicKey } = keyPairFromSeed(seed);
const messages = Array.from({ length: 64 }, (_, i) =>
  new TextEncoder().encode(`message number ${i} `.repeat(4)),
);
const signatures = messages.map((m) => signEd25519(seed, m));
// SPKI DER prefix for a raw Ed25519 key (RFC 8410).
const spki = new Uint8Array([
  0x30,
  0x2a,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x03,
  0x21,
  0x00,
  ...publicKey,
]);
const nodeKey = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });

let i = 0;
const next = () => i++ & 63;
compare(
  'Ed25519 verify (64 messages of 80 bytes, one key)',
  {
    name: '@agent-seam/did verifyEd25519',
    run: () => {
      const k = next();
      if (!verifyEd25519(publicKey, messages[k]!, signatures[k]!).ok) throw new Error('refused');
    },
  },
  [
    {
      name: '@noble/curves ed25519.verify zip215:false',
      run: () => {
        const k = next();
        if (!ed25519.verify(signatures[k]!, messages[k]!, publicKey, { zip215: false }))
          throw new Error('refused');
      },
    },
    {
      name: 'node:crypto verify (OpenSSL)',
      run: () => {
        const k = next();
        if (!nodeVerify(null, messages[k]!, nodeKey, signatures[k]!)) throw new Error('refused');
      },
    },
  ],
);
