import { hex } from '@agent-seam/canonical';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytes, utf8 } from './helpers.js';

// The seven small-order y values of libsodium's blocklist, written out independently
// of src/small-order.ts so that a typo there is caught here.
const SMALL_ORDER_HEX = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
];
const withSignBit = (h: string) => h.slice(0, 62) + (Number.parseInt(h.slice(62), 16) | 0x80).toString(16);
const FOURTEEN = SMALL_ORDER_HEX.flatMap((h) => [h, withSignBit(h)]);

const seed = new Uint8Array(32).fill(0x42);
const { publicKey } = keyPairFromSeed(seed);
const message = utf8('door');
const signature = signEd25519(seed, message);
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
const littleEndian32 = (n: bigint) =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));

describe('verifyEd25519', () => {
  it('accepts an honest signature', () => {
    expect(verifyEd25519(publicKey, message, signature)).toEqual({ ok: true, value: true });
  });

  it('the fourteen encodings are distinct and every one has small order', () => {
    expect(new Set(FOURTEEN).size).toBe(14);
    for (const h of SMALL_ORDER_HEX.slice(0, 5)) {
      // The canonical ones decode under noble's permissive reader to a small-order point.
      expect(ed25519.Point.fromHex(h, true).isSmallOrder()).toBe(true);
    }
  });

  it.each(FOURTEEN)('refuses %s as the public key', (h) => {
    expect(verifyEd25519(bytes(h), message, signature)).toMatchObject({ ok: false, code: 'small-order-key' });
  });

  it.each(FOURTEEN)('refuses %s as R', (h) => {
    const forged = concat(bytes(h), signature.subarray(32));
    expect(verifyEd25519(publicKey, message, forged)).toMatchObject({ ok: false, code: 'small-order-r' });
  });

  it('refuses a key whose y is not below p', () => {
    // y = p + 2 spells the same y as 2, which is not small order.
    const key = bytes('efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f');
    expect(verifyEd25519(key, message, signature)).toMatchObject({ ok: false, code: 'non-canonical-key' });
  });

  it('refuses an R whose y is not below p', () => {
    const forged = concat(
      bytes('efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'),
      signature.subarray(32),
    );
    expect(verifyEd25519(publicKey, message, forged)).toMatchObject({ ok: false, code: 'non-canonical-r' });
  });

  it('refuses S + L (the malleated twin of an honest signature)', () => {
    let s = 0n;
    for (let i = 31; i >= 0; i--) s = (s << 8n) | BigInt(signature[32 + i]!);
    const forged = concat(signature.subarray(0, 32), littleEndian32(s + L));
    expect(verifyEd25519(publicKey, message, forged)).toMatchObject({ ok: false, code: 'non-canonical-s' });
  });

  it('refuses a signature over another message', () => {
    expect(verifyEd25519(publicKey, utf8('doer'), signature)).toMatchObject({
      ok: false,
      code: 'bad-signature',
    });
  });

  it('refuses wrong lengths and non-bytes without throwing', () => {
    expect(verifyEd25519(publicKey.subarray(1), message, signature)).toMatchObject({ code: 'bad-length' });
    expect(verifyEd25519(publicKey, message, signature.subarray(1))).toMatchObject({ code: 'bad-length' });
    expect(verifyEd25519('x' as never, message, signature)).toMatchObject({ code: 'bad-length' });
    expect(verifyEd25519(publicKey, 'door' as never, signature)).toMatchObject({ code: 'bad-length' });
  });

  it('signEd25519 throws a SeamError on a seed that is not 32 bytes', () => {
    expect(() => signEd25519(new Uint8Array(31), message)).toThrow(/bad-seed/);
  });

  it('never throws on random 32/64-byte inputs', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        (key, msg, sig) => {
          const verdict = verifyEd25519(key, msg, sig);
          expect(typeof verdict.ok).toBe('boolean');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws when R is a valid point and S is in range (the deep path)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.bigInt({ min: 0n, max: L - 1n }),
        (k, s) => {
          const forged = concat(signature.subarray(0, 32), littleEndian32(s));
          const verdict = verifyEd25519(k, message, forged);
          expect(verdict.ok && hex.encode(k) !== hex.encode(publicKey)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
