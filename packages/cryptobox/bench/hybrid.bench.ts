import { createMlKem768 } from 'mlkem';
import { compare } from '../../../tools/bench.js';
import { encPublicKey, encPublicKeyPq, openBox, sealBox } from '../src/index.js';
import { mlKemDecapsulate, mlKemEncapsulate, mlKemKeyPair } from '../src/primitives.js';

// The v2 (hybrid) box next to ML-KEM-768 alone: what a v2 box costs beyond its KEM.
// An open derives the recipient's ML-KEM key pair from the seed and then decapsulates,
// so "keygen + decapsulate" is the KEM work inside one open.
const mlkem = await createMlKem768();
const sender = new Uint8Array(32).fill(3);
const recipient = new Uint8Array(32).fill(9);
const senderPub = encPublicKey(sender);
const recipientPub = encPublicKey(recipient);
const recipientPqPub = encPublicKeyPq(recipient);
const ad = new TextEncoder().encode('contextId=c1');
const plaintext = new Uint8Array(64).fill(7);
const seed = new Uint8Array(64).fill(9);
const [pk, sk] = mlkem.deriveKeyPair(seed);
const [cipherText] = mlkem.encap(pk);

compare(
  'box v2 seal, 64 B plaintext',
  {
    name: '@agent-seam/cryptobox sealBox (v2)',
    run: () => sealBox({ senderSeed: sender, recipientPub, recipientPqPub, plaintext, ad }),
  },
  [
    { name: 'mlkem encap alone', run: () => mlkem.encap(pk) },
    { name: '@noble/post-quantum encapsulate alone', run: () => mlKemEncapsulate(pk) },
  ],
);

const blob = sealBox({ senderSeed: sender, recipientPub, recipientPqPub, plaintext, ad });
compare(
  'box v2 open, 64 B plaintext',
  {
    name: '@agent-seam/cryptobox openBox (v2)',
    run: () => openBox({ recipientSeed: recipient, senderPub, blob, ad }),
  },
  [
    { name: 'mlkem decap alone', run: () => mlkem.decap(cipherText, sk) },
    { name: 'mlkem deriveKeyPair + decap', run: () => mlkem.decap(cipherText, mlkem.deriveKeyPair(seed)[1]) },
    { name: '@noble/post-quantum decapsulate alone', run: () => mlKemDecapsulate(cipherText, sk) },
    {
      name: '@noble/post-quantum keygen + decapsulate',
      run: () => mlKemDecapsulate(cipherText, mlKemKeyPair(seed).secretKey),
    },
  ],
);
