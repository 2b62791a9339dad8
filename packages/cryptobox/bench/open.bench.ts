import { chacha20poly1305, xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { compare } from '../../../tools/bench.js';
import { encPublicKey, openBox, openBoxV1, openPayload, sealBox, sealPayload } from '../src/index.js';
import { seededRandom, vectorRing } from '../test/memory-ring.js';

// Overhead of the package over hand-assembled noble calls doing the same work: the
// anchors decode the same base64, derive the same key and decrypt the same bytes,
// but skip the strict checks and the verdicts.
const sender = new Uint8Array(32).fill(3);
const recipient = new Uint8Array(32).fill(9);
const senderPub = encPublicKey(sender);
const recipientPub = encPublicKey(recipient);
const ad = new TextEncoder().encode('contextId=c1');
const x25519Label = new TextEncoder().encode('agentnet-x25519:');
const info = new TextEncoder().encode('agentnet-box-v1');

for (const size of [64, 64 * 1024]) {
  const plaintext = new Uint8Array(size).fill(7);
  const blob = sealBox({ senderSeed: sender, recipientPub, plaintext, ad });
  compare(
    `box v1 open, ${size} B plaintext`,
    {
      name: '@agent-seam/cryptobox openBox',
      run: () => openBox({ recipientSeed: recipient, senderPub, blob, ad }),
    },
    [
      {
        name: 'openBoxV1 (no ML-KEM in the bundle)',
        run: () => openBoxV1({ recipientSeed: recipient, senderPub, blob, ad }),
      },
      {
        name: 'raw noble sha256 + x25519 + hkdf + chacha20poly1305',
        run: () => {
          const bytes = Buffer.from(blob, 'base64'); // Node's native decoder: the fastest anchor
          const own = sha256(new Uint8Array([...x25519Label, ...recipient]));
          const key = hkdf(sha256, x25519.getSharedSecret(own, senderPub), undefined, info, 32);
          return chacha20poly1305(key, bytes.subarray(0, 12), ad).decrypt(bytes.subarray(12));
        },
      },
    ],
  );

  const ring = vectorRing();
  const envelope = sealPayload({
    plaintext,
    ad,
    scope: 'acme/run_1',
    keyRing: ring,
    random: seededRandom('bench'),
  });
  const keyLength = new DataView(envelope.buffer).getUint32(1, false);
  const dataKey = ring.unwrap({
    scope: 'acme/run_1',
    wrappedBy: 'memory-kek-1',
    sealed: unwrapInput(envelope, keyLength),
  })!;
  compare(
    `sealed payload open, ${size} B plaintext`,
    { name: '@agent-seam/cryptobox openPayload', run: () => openPayload(envelope, { ad, keyRing: ring }) },
    [
      {
        // Its raw parts: the header read by JSON.parse alone, the ring, the AEAD.
        name: 'JSON.parse header + ring.unwrap + xchacha',
        run: () => {
          const header = JSON.parse(new TextDecoder().decode(envelope.subarray(5, 5 + keyLength))) as {
            scope: string;
            wrapped_by: string;
            sealed: number[];
          };
          const key = ring.unwrap({
            scope: header.scope,
            wrappedBy: header.wrapped_by,
            sealed: Uint8Array.from(header.sealed),
          })!;
          const start = 5 + keyLength;
          return xchacha20poly1305(key, envelope.subarray(start, start + 24), ad).decrypt(
            envelope.subarray(start + 24),
          );
        },
      },
      {
        name: 'raw noble xchacha20poly1305 (key already unwrapped)',
        run: () => {
          const start = 5 + keyLength;
          return xchacha20poly1305(dataKey, envelope.subarray(start, start + 24), ad).decrypt(
            envelope.subarray(start + 24),
          );
        },
      },
    ],
  );
}

/** The wrapped data key's bytes, read the quick way for the anchor only. */
function unwrapInput(envelope: Uint8Array, keyLength: number): Uint8Array {
  const json = JSON.parse(new TextDecoder().decode(envelope.subarray(5, 5 + keyLength))) as {
    sealed: number[];
  };
  return Uint8Array.from(json.sealed);
}
