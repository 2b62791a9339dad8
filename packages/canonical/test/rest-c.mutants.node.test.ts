import { createSha256, hex, hmacSha256, sha256, sha512 } from '@agent-seam/canonical';
import { describe, expect, it, vi } from 'vitest';
import * as node from '../src/x25519.node.js';
import { fromHex, utf8 } from './helpers.js';

/**
 * The cases of the third rest run's survivors (issue 15, part 3) that only Node can run: the
 * node:crypto backends of the hashing and X25519 doors. Each `why` names the mutants it kills.
 */

describe('the hashing door on Node answers with the node:crypto backend', () => {
  it('SHA-256, SHA-512, HMAC-SHA256 and the incremental hasher give the published answers', () => {
    // why: sha2.node.ts:25:23 sha256, 27:23 sha512, 29:27 hmacSha256 and 65:29 createSha256 each
    // → `() => undefined` (exported arrows, chosen when the module loads). Expected values: FIPS
    // 180-2 appendix B.1 and C.1 ("abc"), RFC 4231 test case 2.
    const abc = utf8('abc');
    const abc256 = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(hex.encode(sha256(abc))).toBe(abc256);
    expect(hex.encode(sha512(abc))).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a' +
        '2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
    expect(hex.encode(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(hex.encode(createSha256().update(utf8('a')).update(utf8('bc')).digest())).toBe(abc256);
  });
});

// RFC 7748 section 6.1: Alice's private and public key.
const alice = fromHex('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
const alicePublic = '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a';

describe('the X25519 door on Node', () => {
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
