import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { plainBytes, xchachaSeal } from '../src/aead.node.js';
import { mlKemSeed } from '../src/box-keys.js';
import { encPublicKey, openBoxVerdict, sealBoxV1 } from '../src/index.js';

/**
 * Cases for the mutants that survived `pnpm mutate --filter cryptobox --rest` (the files
 * outside the open paths; reports/mutation/cryptobox.rest.md). Each `why` names its mutant
 * as file:line:column, original → replacement; the equivalent ones are in spec/cryptobox.md.
 */
const ascii = (text: string) => new TextEncoder().encode(text);
const concat = (a: Uint8Array, b: Uint8Array) => new Uint8Array([...a, ...b]);

describe('cryptobox outside the open paths', () => {
  it('the ML-KEM key-generation seed is SHA-256 of each label and the seed, d first', () => {
    // why: box-keys.ts:26:30 `[MLKEM_Z_LABEL, seed]` → `[]` survived: z only enters the
    // decapsulation key (its implicit-rejection secret), so no round trip sees it; held
    // here against an independent SHA-256 (noble's, not the hashing door).
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const d = sha256(concat(ascii('agentnet-mlkem-768-a:'), seed));
    const z = sha256(concat(ascii('agentnet-mlkem-768-b:'), seed));
    expect(mlKemSeed(seed)).toEqual(concat(d, z));
  });

  it('a cap of 0 is a cap: every blob is too large, nothing is thrown', () => {
    // why: arguments.ts:30:39 `value < 0` → `value <= 0` survived: no case passed a cap of 0.
    const sender = new Uint8Array(32).fill(1);
    const recipient = new Uint8Array(32).fill(2);
    const ad = new Uint8Array(0);
    const blob = sealBoxV1({ senderSeed: sender, recipientPub: encPublicKey(recipient), plaintext: ad, ad });
    const verdict = openBoxVerdict({
      recipientSeed: recipient,
      senderPub: encPublicKey(sender),
      blob,
      ad,
      maxChars: 0,
    });
    expect(verdict).toMatchObject({ ok: false, code: 'too-large' });
  });

  it("node's XChaCha20 says which sizes it takes", () => {
    // why: aead.node.ts:65:26 the RangeError's message → "" survived.
    const call = () =>
      xchachaSeal(new Uint8Array(31), new Uint8Array(24), new Uint8Array(0), new Uint8Array(0));
    expect(call).toThrow(new RangeError('xchacha20-poly1305: the key must be 32 bytes and the nonce 24'));
  });

  it('a decrypted Buffer that owns its memory is re-typed; a window on larger memory is copied', () => {
    // why: aead.node.ts:121 `byteOffset === 0 && buffer.byteLength === length` → `true`,
    // `false`, `||`, `byteOffset !== 0`, `byteLength === length` → `true` / `!==` all
    // survived: Node 20-24 give every decryption its own memory, so only the first branch
    // ever ran. (`byteOffset === 0` → `true` is equivalent: a window that starts past 0
    // always ends before its memory does.)
    const owned = Buffer.from(new ArrayBuffer(16));
    owned.fill(7);
    const retyped = plainBytes(owned);
    expect(retyped.buffer).toBe(owned.buffer);
    expect(Buffer.isBuffer(retyped)).toBe(false);
    for (const offset of [0, 8]) {
      const memory = new Uint8Array(64).map((_, i) => i);
      const window = Buffer.from(memory.buffer, offset, 16);
      const copied = plainBytes(window);
      expect(copied).toEqual(memory.subarray(offset, offset + 16));
      expect(copied.buffer.byteLength).toBe(16);
      expect(Buffer.isBuffer(copied)).toBe(false);
    }
  });
});
