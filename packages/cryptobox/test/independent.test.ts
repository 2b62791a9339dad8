import { concatBytes, hex } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { createMlKem768 } from 'mlkem';
import { describe, expect, it } from 'vitest';
import { encPublicKey, encPublicKeyPq, openBox, sealBox } from '../src/index.js';
import { bytesOf } from './helpers.js';

/**
 * Both box versions written out a second time, straight from the contract's words
 * (../shared/facts/seam-contract.md, cryptobox) with raw noble calls and the `mlkem`
 * package for ML-KEM-768, sharing no code with src/. The package's boxes must open
 * here and this assembly's boxes must open in the package.
 */
const mlkem = await createMlKem768();
const utf8 = (s: string) => new TextEncoder().encode(s);
const labelled = (label: string, seed: Uint8Array) => sha256(concatBytes([utf8(label), seed]));
const x25519Private = (seed: Uint8Array) => labelled('agentnet-x25519:', seed);
const mlKemKeys = (seed: Uint8Array) =>
  mlkem.deriveKeyPair(
    concatBytes([labelled('agentnet-mlkem-768-a:', seed), labelled('agentnet-mlkem-768-b:', seed)]),
  );
const fromBase64 = (blob: string) => Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const PREFIX = utf8('a2b2');

function open(recipientSeed: Uint8Array, senderPub: Uint8Array, blob: string, ad: Uint8Array): Uint8Array {
  const bytes = fromBase64(blob);
  const xShared = x25519.getSharedSecret(x25519Private(recipientSeed), senderPub);
  if (hex.encode(bytes.subarray(0, 4)) !== hex.encode(PREFIX)) {
    const key = hkdf(sha256, xShared, undefined, utf8('agentnet-box-v1'), 32);
    return chacha20poly1305(key, bytes.subarray(0, 12), ad).decrypt(bytes.subarray(12));
  }
  const kemShared = mlkem.decap(bytes.subarray(4, 1092), mlKemKeys(recipientSeed)[1]);
  const key = hkdf(sha256, concatBytes([xShared, kemShared]), undefined, utf8('agentnet-box-v2'), 32);
  return chacha20poly1305(key, bytes.subarray(1092, 1104), ad).decrypt(bytes.subarray(1104));
}

function sealV2(
  senderSeed: Uint8Array,
  recipientSeed: Uint8Array,
  plaintext: Uint8Array,
  ad: Uint8Array,
): string {
  const xShared = x25519.getSharedSecret(
    x25519Private(senderSeed),
    x25519.getPublicKey(x25519Private(recipientSeed)),
  );
  const [kemCipherText, kemShared] = mlkem.encap(mlKemKeys(recipientSeed)[0]);
  const key = hkdf(sha256, concatBytes([xShared, kemShared]), undefined, utf8('agentnet-box-v2'), 32);
  const nonce = randomBytes(12);
  const sealed = chacha20poly1305(key, nonce, ad).encrypt(plaintext);
  return toBase64(concatBytes([PREFIX, kemCipherText, nonce, sealed]));
}

const doc = loadVectors('cryptobox.json');
const seeds = [0x03, 0x09, 0x2a, 0x77].map((b) => new Uint8Array(32).fill(b));

describe('an independent assembly of the box', () => {
  for (const group of ['box.roundtrip', 'box.v2'])
    it(`opens every ${group} vector`, () => {
      for (const c of doc[group]) {
        const plaintext = open(
          bytesOf(c.recipientSeedHex),
          bytesOf(c.senderEncPubHex),
          c.blob,
          bytesOf(c.adHex),
        );
        expect(hex.encode(plaintext), c.name).toBe(c.plaintextHex);
      }
    });

  it('opens fresh v2 boxes the package seals', () => {
    for (const from of seeds)
      for (const to of seeds) {
        const ad = utf8(`ctx-${from[0]}-${to[0]}`);
        const plaintext = randomBytes(from[0]! + to[0]!);
        const blob = sealBox({
          senderSeed: from,
          recipientPub: encPublicKey(to),
          recipientPqPub: encPublicKeyPq(to),
          plaintext,
          ad,
        });
        expect(open(to, encPublicKey(from), blob, ad)).toEqual(plaintext);
      }
  });

  it('seals v2 boxes the package opens', () => {
    for (const from of seeds)
      for (const to of seeds) {
        const ad = utf8(`ctx-${from[0]}-${to[0]}`);
        const plaintext = randomBytes(from[0]! * 3);
        const blob = sealV2(from, to, plaintext, ad);
        expect(openBox({ recipientSeed: to, senderPub: encPublicKey(from), blob, ad })).toEqual(plaintext);
      }
  });
});
