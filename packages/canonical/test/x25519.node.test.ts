import { createPublicKey, diffieHellman } from 'node:crypto';
import { hex } from '@agent-seam/canonical';
import { x25519PublicKey, x25519SharedSecret } from '@agent-seam/canonical/x25519';
import { describe, expect, it, vi } from 'vitest';
import * as selected from '#x25519';
import * as noble from '../src/x25519.js';
import * as node from '../src/x25519.node.js';
import { fromHex } from './helpers.js';
import { seededBytes } from './seeded-bytes.js';
import {
  bytes,
  DIFFIE_HELLMAN,
  encodeU,
  hexOf,
  LOW_ORDER_ENCODINGS,
  LOW_ORDER_U,
  P,
  SCALAR_MULT_ANSWERS,
  withTopBit,
} from './x25519-inputs.js';

/**
 * The X25519 door's two backends driven over the same inputs: they must give the same
 * bytes and refuse (null) exactly the same inputs. RFC 7748's answers, then seeded
 * random private keys and u values (on the curve and on its twist alike, top bit set or
 * not), every low-order encoding under many private keys, and every non-canonical u. The
 * Node runtime matrix reruns this file on Node 22 and 24, whose OpenSSL builds differ.
 */
const BACKENDS = { noble, node } as const;
const both = (run: (backend: typeof noble) => Uint8Array | null) => ({
  noble: hexOf(run(noble)),
  node: hexOf(run(node)),
});

describe('RFC 7748 answers, each backend', () => {
  for (const [name, backend] of Object.entries(BACKENDS)) {
    for (const [i, [scalar, u, out]] of SCALAR_MULT_ANSWERS.entries())
      it(`${name}: section 5.2 scalar multiplication ${i + 1}`, () =>
        expect(hexOf(backend.sharedSecret(bytes(scalar), bytes(u)))).toBe(out));
    it(`${name}: section 6.1 key pairs and shared secret`, () => {
      const { alicePrivate, alicePublic, bobPrivate, bobPublic, shared } = DIFFIE_HELLMAN;
      expect(hexOf(backend.publicKey(bytes(alicePrivate)))).toBe(alicePublic);
      expect(hexOf(backend.publicKey(bytes(bobPrivate)))).toBe(bobPublic);
      expect(hexOf(backend.sharedSecret(bytes(bobPrivate), bytes(alicePublic)))).toBe(shared);
    });
  }
});

describe('the two backends agree (differential, fixed seeds)', () => {
  it('2,000 random private keys: the same public key', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const privateKey = seededBytes(32, seed);
      const { noble: expected, node: got } = both((b) => b.publicKey(privateKey));
      expect(got, `seed ${seed}`).toBe(expected);
    }
  });

  it('2,000 random (private key, u) pairs, u any 32 bytes: the same secret, top bit set or not', () => {
    let secrets = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const privateKey = seededBytes(32, seed * 2);
      const u = seededBytes(32, seed * 2 + 1);
      const plain = both((b) => b.sharedSecret(privateKey, u));
      expect(plain.node, `seed ${seed}`).toBe(plain.noble);
      expect(both((b) => b.sharedSecret(privateKey, withTopBit(u)))).toEqual(plain);
      if (plain.noble !== null) secrets++;
    }
    // Random u is low-order with negligible chance: every pair gave a secret.
    expect(secrets).toBe(2000);
  });

  it('1,000 agreements between random key pairs: both sides and both backends get one secret', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const [a, b] = [seededBytes(32, 7 * seed), seededBytes(32, 7 * seed + 3)];
      const [aPublic, bPublic] = [node.publicKey(a), node.publicKey(b)];
      const secret = hexOf(noble.sharedSecret(a, bPublic));
      expect(secret).not.toBeNull();
      expect(hexOf(node.sharedSecret(a, bPublic))).toBe(secret);
      expect(hexOf(node.sharedSecret(b, aPublic))).toBe(secret);
    }
  });

  it('every low-order encoding under 200 private keys: null from both', () => {
    let refusals = 0;
    for (let seed = 1; seed <= 200; seed++)
      for (const u of LOW_ORDER_ENCODINGS) {
        expect(both((b) => b.sharedSecret(seededBytes(32, seed), u))).toEqual({ noble: null, node: null });
        refusals++;
      }
    expect(refusals).toBe(200 * 14);
  });

  it('u within 3 of a low-order u, of p and of 2^255: the same answer (bytes or null) from both', () => {
    const centres = [...LOW_ORDER_U, P, 2n ** 255n - 1n, 2n ** 256n - 1n];
    let compared = 0;
    for (const centre of centres)
      for (let d = -3n; d <= 3n; d++) {
        const u = centre + d;
        if (u < 0n || u >= 2n ** 256n) continue;
        for (const seed of [1, 2, 3]) {
          const answers = both((b) => b.sharedSecret(seededBytes(32, seed), encodeU(u)));
          expect(answers.node, u.toString(16)).toBe(answers.noble);
          compared++;
        }
      }
    expect(compared).toBeGreaterThan(100);
  });

  it('every non-canonical u (p .. 2^255 - 1), top bit set or not: the same answer from both', () => {
    for (let u = P; u < 2n ** 255n; u++)
      for (const encoding of [encodeU(u), withTopBit(encodeU(u))]) {
        const answers = both((b) => b.sharedSecret(seededBytes(32, 42), encoding));
        expect(answers.node, u.toString(16)).toBe(answers.noble);
      }
  });

  it('node: both ways of importing a private key give noble’s public key and secrets (PKCS #8 on every Node, the JWK where it imports)', () => {
    const importers = node.JWK_PRIVATE_IMPORT
      ? [node.privateKeyFromPkcs8, node.privateKeyFromJwk]
      : [node.privateKeyFromPkcs8];
    for (let seed = 1; seed <= 100; seed++) {
      const privateKey = seededBytes(32, 3 * seed);
      const u = noble.publicKey(seededBytes(32, 3 * seed + 1));
      const peer = createPublicKey({
        key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(u).toString('base64url') },
        format: 'jwk',
      });
      for (const importer of importers) {
        const key = importer(privateKey);
        expect(createPublicKey(key).export({ format: 'jwk' }).x).toBe(
          Buffer.from(noble.publicKey(privateKey)).toString('base64url'),
        );
        expect(hexOf(diffieHellman({ privateKey: key, publicKey: peer }))).toBe(
          hexOf(noble.sharedSecret(privateKey, u)),
        );
      }
    }
  });

  it('node: the JWK private-key import (the fast one on Node 20) is taken on Node 20 and 22; Node 24 refuses its placeholder', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(node.JWK_PRIVATE_IMPORT).toBe(major < 24);
  });

  it('node gives plain Uint8Arrays, not Buffers', () => {
    const privateKey = seededBytes(32, 3);
    for (const result of [node.publicKey(privateKey), node.sharedSecret(privateKey, seededBytes(32, 4))!])
      expect(Object.getPrototypeOf(result)).toBe(Uint8Array.prototype);
  });
});

describe('the door on Node', () => {
  it('#x25519 is the node:crypto backend', () => {
    expect(selected.sharedSecret).toBe(node.sharedSecret);
    expect(selected.publicKey).toBe(node.publicKey);
  });

  it('gives the backends’ answers', () => {
    const privateKey = seededBytes(32, 8);
    const u = seededBytes(32, 9);
    expect(x25519SharedSecret(privateKey, u)).toEqual(noble.sharedSecret(privateKey, u));
    expect(x25519PublicKey(privateKey)).toEqual(noble.publicKey(privateKey));
    expect(x25519SharedSecret(privateKey, LOW_ORDER_ENCODINGS[0]!)).toBeNull();
  });
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('the X25519 door on Node', () => {
  // RFC 7748 section 6.1: Alice's private and public key.
  const alice = fromHex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
  const alicePublic = '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a';

  it('the PKCS #8 import wipes the DER copy of the private key it built', () => {
    // why: x25519.node.ts:35:3 `der.fill(0)` removed (the private key stayed in the buffer)
    const alloc = vi.spyOn(Buffer, 'alloc');
    let der: Buffer | undefined;
    try {
      node.privateKeyFromPkcs8(alice);
      der = alloc.mock.results.map((r) => r.value as Buffer).find((b) => b.length === 48);
    } finally {
      alloc.mockRestore();
    }
    expect(der?.every((b) => b === 0)).toBe(true);
  });

  it('where a private JWK with the placeholder is refused (Node 24), PKCS #8 is taken', async () => {
    // why: x25519.node.ts:48:11 the `catch` block emptied (the probe answered undefined) and
    // 49:12 its `false` → true (the refused JWK import was chosen, so every key threw): on Node 20
    // and 22 the probe never throws, so node:crypto is replaced by one that refuses private JWKs
    vi.resetModules();
    vi.doMock('node:crypto', async (original) => {
      const crypto = await original<typeof import('node:crypto')>();
      return {
        ...crypto,
        createPrivateKey: (input: Parameters<typeof crypto.createPrivateKey>[0]) => {
          if ((input as { format?: string }).format === 'jwk') throw new Error('invalid JWK private key');
          return crypto.createPrivateKey(input);
        },
      };
    });
    try {
      const refusing = await import('../src/x25519.node.js');
      expect(refusing.JWK_PRIVATE_IMPORT).toBe(false);
      expect(hex.encode(refusing.publicKey(alice))).toBe(alicePublic);
    } finally {
      vi.doUnmock('node:crypto');
      vi.resetModules();
    }
  });
});
