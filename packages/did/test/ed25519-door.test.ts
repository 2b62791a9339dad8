import { hex } from '@agent-seam/canonical';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { ed25519Door } from '../src/ed25519.js';
import { SMALL_ORDER_Y, withSignBit } from '../vectors/small-order.js';
import { bytes, utf8 } from './helpers.js';

const FOURTEEN = SMALL_ORDER_Y.flatMap((h) => [h, withSignBit(h)]);

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
    for (const h of SMALL_ORDER_Y.slice(0, 5)) {
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
    expect(thrownSeamError(() => signEd25519(new Uint8Array(31), message)).code).toBe('bad-seed');
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

// Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
// or detail that could change, with no other test failing.
describe('the Ed25519 door: every refusal carries its detail', () => {
  it('length refusals name what is the wrong length', () => {
    // why: kills the StringLiteral mutants of the three bad-length details.
    expect(verifyEd25519(publicKey.subarray(1), message, signature)).toEqual({
      ok: false,
      code: 'bad-length',
      detail: 'public key must be 32 bytes',
    });
    expect(verifyEd25519(publicKey, message, signature.subarray(1))).toEqual({
      ok: false,
      code: 'bad-length',
      detail: 'signature must be 64 bytes',
    });
    expect(verifyEd25519(publicKey, 'door' as never, signature)).toEqual({
      ok: false,
      code: 'bad-length',
      detail: 'message must be bytes',
    });
  });

  it('non-canonical key, R and S carry their details', () => {
    // why: kills the StringLiteral mutants of the DETAIL table.
    const yIsP2 = bytes(`ef${'ff'.repeat(30)}7f`);
    expect(verifyEd25519(yIsP2, message, signature)).toEqual({
      ok: false,
      code: 'non-canonical-key',
      detail: 'not the RFC 8032 encoding of a curve point',
    });
    const badR = new Uint8Array([...yIsP2, ...signature.subarray(32)]);
    expect(verifyEd25519(publicKey, message, badR)).toEqual({
      ok: false,
      code: 'non-canonical-r',
      detail: 'R is not the RFC 8032 encoding of a curve point',
    });
    const highS = new Uint8Array([...signature.subarray(0, 32), ...new Uint8Array(32).fill(0xff)]);
    expect(verifyEd25519(publicKey, message, highS)).toEqual({
      ok: false,
      code: 'non-canonical-s',
      detail: 'S is not below the group order',
    });
  });

  it('the signer names a bad seed and a message that is not bytes', () => {
    // why: kills the StringLiteral mutants of both SeamErrors.
    expect(thrownSeamError(() => keyPairFromSeed(new Uint8Array(31))).message).toContain(
      'bad-seed: an Ed25519 seed is exactly 32 bytes',
    );
    expect(thrownSeamError(() => signEd25519(seed, 'door' as never)).message).toContain(
      'bad-message: the message to sign must be bytes',
    );
  });
});

describe('the byte checks alone, over a backend whose equation always holds', () => {
  // The door's byte checks must refuse on their own: an honest key cannot be given a
  // non-canonical spelling with a signature that verifies (that would need a discrete
  // logarithm), so these cases ask a door whose equation says yes to everything.
  const asked: Uint8Array[] = [];
  const yes = ed25519Door((key) => {
    asked.push(key);
    return true;
  });
  const key = (first: number, middle: number, last: number, at1 = middle) =>
    Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? first : i === 31 ? last : i === 1 ? at1 : middle));

  it('a key or R spelled with y >= p is refused before the equation is asked', () => {
    // why: kills every mutant of yBelowFieldPrime that lets y = p + 2 through
    // ((encoding[31] & 0x7f) !== 0x7f → true / ===, encoding[i] !== 0xff → true, i-- → i++,
    // encoding[0] < 0xed → true): over this backend they accepted.
    const yIsP2 = key(0xef, 0xff, 0x7f);
    asked.length = 0;
    expect(yes(yIsP2, message, signature)).toMatchObject({ ok: false, code: 'non-canonical-key' });
    expect(yes(publicKey, message, new Uint8Array([...yIsP2, ...signature.subarray(32)]))).toMatchObject({
      ok: false,
      code: 'non-canonical-r',
    });
    expect(asked).toEqual([]);
  });

  it('y just below p in each byte is accepted by the byte checks', () => {
    // why: kills (encoding[31] & 0x7f) !== 0x7f → false, encoding[0] < 0xed → false and
    // → >=, and i >= 1 → i > 1: each refused one of these keys, all below p.
    const belowP = [
      key(0x00, 0xff, 0x7f), // only byte 0 is below p's
      key(0xff, 0xff, 0x7f, 0xfe), // byte 1 is below p's
      key(0xff, 0xff, 0x3f), // the top byte is below p's
    ];
    for (const k of belowP) expect(yes(k, message, signature)).toEqual({ ok: true, value: true });
  });

  it('the screen takes no square root: an off-curve key meets the equation', () => {
    // why: kills screen's refusalBeforeEquation(..., false) → true. The door leaves the
    // on-curve test to the equation's "yes" (a real backend decodes A), so the cheap
    // screen must not pay for it; over this lying backend that is visible as acceptance.
    const offCurve = key(0x02, 0x00, 0x00); // y = 2: no x on the curve
    expect(yes(offCurve, message, signature)).toEqual({ ok: true, value: true });
    expect(verifyEd25519(offCurve, message, signature)).toEqual({
      ok: false,
      code: 'non-canonical-key',
      detail: 'not the RFC 8032 encoding of a curve point',
    });
  });

  it('S = L exactly is non-canonical-s', () => {
    // why: kills scalar >= GROUP_ORDER → > (S = L itself passed the screen).
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const sIsL = Uint8Array.from({ length: 32 }, (_, i) => Number((L >> BigInt(8 * i)) & 255n));
    expect(yes(publicKey, message, new Uint8Array([...signature.subarray(0, 32), ...sIsL]))).toMatchObject({
      ok: false,
      code: 'non-canonical-s',
    });
  });

  it('S is held to L byte by byte: one below at any byte passes the screen, one above is refused', () => {
    // why: kills sBelowGroupOrder's i >= 0 → i > 0 (L - 1, which differs only in byte 0, was
    // refused), byte < ORDER_BYTES[i] → true / false / >, the !== guard → true (the top byte
    // alone decided) or false (every S refused), and the ORDER_BYTES table itself: L is
    // written out here from RFC 8032, not derived from the constant under test.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const sOf = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));
    const withS = (n: bigint) => new Uint8Array([...signature.subarray(0, 32), ...sOf(n)]);
    const below = [L - 1n, L - (1n << 120n), 2n ** 252n - 1n, 0n];
    const above = [L + 1n, L + (1n << 120n), 2n ** 253n, 2n ** 256n - 1n];
    for (const n of below) expect(yes(publicKey, message, withS(n))).toEqual({ ok: true, value: true });
    for (const n of above)
      expect(yes(publicKey, message, withS(n))).toMatchObject({ ok: false, code: 'non-canonical-s' });
  });

  it('a key sharing 31 bytes with a small-order y but not its top byte is not small order', () => {
    // why: kills isSmallOrderEncoding's (encoding[31] & 0x7f) === y[31] → true.
    expect(yes(key(0x00, 0x00, 0x05), message, signature)).toEqual({ ok: true, value: true });
  });
});
