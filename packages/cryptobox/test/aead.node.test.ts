import { bytesEqual, hex } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import * as selected from '#aead';
import * as noble from '../src/aead.js';
import * as node from '../src/aead.node.js';
import { plainBytes } from '../src/aead.node.js';
import {
  type AeadOpen,
  type AeadSeal,
  chachaOpen,
  chachaSeal,
  xchachaOpen,
  xchachaSeal,
} from '../src/primitives.js';
import { bytesOf } from './helpers.js';

/**
 * The AEAD door. Both backends (noble everywhere, node:crypto on Node) are driven over the
 * same inputs and must give the same bytes and the same verdicts: the RFC 8439 and
 * draft-irtf-cfrg-xchacha-03 known answers, then seeded random keys, nonces, associated
 * data and plaintexts up to 70 KB, sealed by one backend and opened by the other, and
 * every kind of damage refused by both.
 */
type Backend = { chachaSeal: AeadSeal; chachaOpen: AeadOpen; xchachaSeal: AeadSeal; xchachaOpen: AeadOpen };
const BACKENDS: Record<'noble' | 'node', Backend> = { noble, node };
const AEADS = [
  { name: 'ChaCha20-Poly1305', nonceLength: 12, seal: 'chachaSeal', open: 'chachaOpen' },
  { name: 'XChaCha20-Poly1305', nonceLength: 24, seal: 'xchachaSeal', open: 'xchachaOpen' },
] as const;
type Aead = (typeof AEADS)[number];
const sealWith = (b: Backend, aead: Aead) => b[aead.seal];
const openWith = (b: Backend, aead: Aead) => b[aead.open];

/** Deterministic bytes (xorshift32), so a failure names a case that reruns identically. */
function generator(seed: number) {
  let s = seed | 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
  return {
    below: (n: number) => next() % n,
    bytes: (length: number) => {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = next() & 0xff;
      return out;
    },
  };
}

/** A copy of `bytes` with bit `bit` (counted over the whole array) inverted. */
function flipped(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = bytes.slice();
  copy[bit >> 3]! ^= 1 << (bit & 7);
  return copy;
}

const LADIES = new TextEncoder().encode(
  "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
);
const KEY_80_9F = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
const AD_5051 = bytesOf('50515253c0c1c2c3c4c5c6c7');
const KNOWN_ANSWERS = [
  {
    name: 'RFC 8439 section 2.8.2',
    aead: AEADS[0],
    nonce: bytesOf('070000004041424344454647'),
    sealed:
      'd31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b' +
      '1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc' +
      '3ff4def08e4b7a9de576d26586cec64b6116' +
      '1ae10b594f09e26a7e902ecbd0600691',
  },
  {
    name: 'draft-irtf-cfrg-xchacha-03 A.3.1',
    aead: AEADS[1],
    nonce: bytesOf('404142434445464748494a4b4c4d4e4f5051525354555657'),
    sealed:
      'bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39' +
      'ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9' +
      '21f9664c97637da9768812f615c68b13b52e' +
      'c0875924c1c7987947deafd8780acf49',
  },
];

describe('known answers, each backend', () => {
  for (const [backendName, backend] of Object.entries(BACKENDS))
    for (const { name, aead, nonce, sealed } of KNOWN_ANSWERS) {
      it(`${backendName}: ${name} seals to the published ciphertext and tag`, () =>
        expect(hex.encode(sealWith(backend, aead)(KEY_80_9F, nonce, AD_5051, LADIES))).toBe(sealed));
      it(`${backendName}: ${name} opens to the published plaintext`, () =>
        expect(openWith(backend, aead)(KEY_80_9F, nonce, AD_5051, bytesOf(sealed))).toEqual(LADIES));
    }
});

/** Sizes at the edges of a Poly1305 block (16), a ChaCha block (64) and a large message, then random ones. */
const EDGE_SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 4096, 65_535, 65_536, 70 * 1024];
const RANDOM_CASES = 200;

describe('the backends agree on seeded random inputs up to 70 KB', () => {
  for (const aead of AEADS) {
    it(`${aead.name}: same sealed bytes, each opens the other's, every damage refused by both`, () => {
      const random = generator(aead.nonceLength);
      const sizes = [
        ...EDGE_SIZES,
        ...Array.from({ length: RANDOM_CASES }, () => random.below(70 * 1024 + 1)),
      ];
      let checked = 0;
      for (const size of sizes) {
        const key = random.bytes(32);
        const nonce = random.bytes(aead.nonceLength);
        const ad = random.bytes(random.below(3) === 0 ? 0 : 1 + random.below(200));
        const plaintext = random.bytes(size);
        const sealed = sealWith(noble, aead)(key, nonce, ad, plaintext);
        expect(sealed.length, `size ${size}`).toBe(size + 16);
        // bytesEqual, not toEqual: a deep equality walks 70 KB element by element.
        expect(bytesEqual(sealWith(node, aead)(key, nonce, ad, plaintext), sealed), `size ${size}`).toBe(
          true,
        );
        for (const opener of [noble, node]) {
          const opened = openWith(opener, aead)(key, nonce, ad, sealed);
          expect(opened !== null && bytesEqual(opened, plaintext), `size ${size}`).toBe(true);
          // A plain Uint8Array on both (not a Buffer, whose .buffer may be Node's shared pool).
          expect(Object.getPrototypeOf(opened), `size ${size}`).toBe(Uint8Array.prototype);
        }

        const damaged: [string, Uint8Array, Uint8Array, Uint8Array, Uint8Array][] = [
          ['tag bit', key, nonce, ad, flipped(sealed, 8 * size + random.below(128))],
          ['wrong key', flipped(key, random.below(256)), nonce, ad, sealed],
          ['wrong nonce', key, flipped(nonce, random.below(8 * aead.nonceLength)), ad, sealed],
          ['sealed shorter than a tag', key, nonce, ad, sealed.subarray(0, random.below(16))],
          ['sealed cut by one byte', key, nonce, ad, sealed.subarray(0, sealed.length - 1)],
        ];
        if (size > 0)
          damaged.push(['ciphertext bit', key, nonce, ad, flipped(sealed, random.below(8 * size))]);
        if (ad.length > 0)
          damaged.push(['AD bit', key, nonce, flipped(ad, random.below(8 * ad.length)), sealed]);
        else damaged.push(['AD added', key, nonce, Uint8Array.of(0), sealed]);
        for (const [what, k, n, a, s] of damaged)
          for (const [backendName, backend] of Object.entries(BACKENDS)) {
            expect(openWith(backend, aead)(k, n, a, s), `${backendName}, size ${size}: ${what}`).toBeNull();
            checked++;
          }
      }
      expect(checked).toBe(2 * (6 * sizes.length + sizes.filter((size) => size > 0).length));
    });
  }
});

describe('arguments of the wrong size, each backend', () => {
  const random = generator(7);
  const plaintext = random.bytes(40);
  for (const aead of AEADS)
    for (const [backendName, backend] of Object.entries(BACKENDS)) {
      const key = random.bytes(32);
      const nonce = random.bytes(aead.nonceLength);
      const sealed = sealWith(backend, aead)(key, nonce, new Uint8Array(0), plaintext);
      for (const [what, k, n] of [
        ['a 31-byte key', key.subarray(0, 31), nonce],
        ['a 33-byte key', Uint8Array.of(...key, 0), nonce],
        ['a 36-byte key (a whole number of words)', Uint8Array.of(...key, 0, 0, 0, 0), nonce],
        ['a nonce one byte short', key, nonce.subarray(0, aead.nonceLength - 1)],
        ['a nonce one byte long', key, Uint8Array.of(...nonce, 0)],
        ["the other AEAD's nonce length", key, random.bytes(36 - aead.nonceLength)],
      ] as const) {
        it(`${backendName} ${aead.name}: ${what} opens to null and does not seal`, () => {
          expect(openWith(backend, aead)(k, n, new Uint8Array(0), sealed)).toBeNull();
          expect(() => sealWith(backend, aead)(k, n, new Uint8Array(0), plaintext)).toThrow();
        });
      }
    }
});

describe('the door (the backend #aead selects)', () => {
  it('on Node, #aead is the node:crypto backend, and primitives.ts hands it out', () => {
    expect(selected.xchachaOpen).toBe(node.xchachaOpen);
    expect([chachaSeal, chachaOpen, xchachaSeal, xchachaOpen]).toEqual([
      node.chachaSeal,
      node.chachaOpen,
      node.xchachaSeal,
      node.xchachaOpen,
    ]);
  });

  it('a plaintext opened from a message at any offset is its own memory, not a window on it', () => {
    const key = new Uint8Array(32).fill(5);
    const nonce = new Uint8Array(24).fill(6);
    const sealed = xchachaSeal(key, nonce, new Uint8Array(0), new Uint8Array(10).fill(9));
    const message = Uint8Array.of(1, 2, 3, ...nonce, ...sealed);
    const opened = xchachaOpen(key, message.subarray(3, 27), new Uint8Array(0), message.subarray(27));
    expect(opened).toEqual(new Uint8Array(10).fill(9));
    expect(opened!.buffer.byteLength).toBe(10);
  });
});

describe("node's XChaCha20 backend: its size message and the memory it hands back", () => {
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
