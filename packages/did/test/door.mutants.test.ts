import {
  askDoor,
  base58btc,
  didFromPublicKey,
  keyPairFromSeed,
  publicKeyFromDid,
  signEd25519,
  throughDoorAsync,
  verificationKeyFromDid,
  verifyEd25519,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { ed25519Door } from '../src/ed25519.js';
import { bytes, utf8 } from './helpers.js';

/**
 * Cases written for the mutants `pnpm mutate --filter did` left alive
 * (reports/mutation/did.md). Each `why` names the mutant it kills: a check that could
 * be deleted, or a code or detail that could change, with no other test failing.
 */
const seed = new Uint8Array(32).fill(0x42);
const { publicKey } = keyPairFromSeed(seed);
const message = utf8('door');
const signature = signEd25519(seed, message);
const didOf = (body: Uint8Array) => `did:key:z${base58btc.encode(body)}`;

describe('the did:key codec: every refusal carries its detail', () => {
  it('publicKeyFromDid', () => {
    // why: kills the StringLiteral mutants of each detail, and of the code chosen for a
    // base58 refusal (base58-too-long kept, any other one bad-multibase).
    expect(publicKeyFromDid('did:key:m123')).toEqual({
      ok: false,
      code: 'bad-multibase',
      detail: 'expected the base58btc multibase prefix z',
    });
    expect(publicKeyFromDid('did:key:z0abc')).toEqual({
      ok: false,
      code: 'bad-multibase',
      detail: 'character outside the base58btc alphabet',
    });
    expect(publicKeyFromDid(`did:key:z${'2'.repeat(513)}`)).toEqual({
      ok: false,
      code: 'base58-too-long',
      detail: 'more than 512 characters',
    });
    expect(publicKeyFromDid(didOf(new Uint8Array([0xed, 0x01, ...publicKey.subarray(1)])))).toEqual({
      ok: false,
      code: 'wrong-length',
      detail: 'a ed25519 key is 32 bytes',
    });
    expect(publicKeyFromDid(didOf(new Uint8Array([0xed, 0x02, ...publicKey])))).toEqual({
      ok: false,
      code: 'wrong-multicodec',
      detail: 'neither ed25519-pub nor p256-pub',
    });
  });

  it('verificationKeyFromDid refuses a P-256 key with its detail', () => {
    // why: kills the StringLiteral mutant of 'not an Ed25519 key'.
    const p256 = didFromPublicKey(new Uint8Array(33).fill(2), 'p256');
    expect(verificationKeyFromDid(p256)).toEqual({
      ok: false,
      code: 'wrong-multicodec',
      detail: 'not an Ed25519 key',
    });
  });

  it('base58btc.decode of a non-string is bad-base58, not a throw', () => {
    // why: kills the StringLiteral mutant of 'not a string'.
    expect(base58btc.decode(7 as never)).toEqual({ ok: false, code: 'bad-base58', detail: 'not a string' });
  });

  it('the encoder refuses a curve it does not know', () => {
    // why: kills the StringLiteral mutants of the bad-curve SeamError.
    expect(() => didFromPublicKey(publicKey, 'secp256k1' as never)).toThrow(
      'bad-curve: curve must be ed25519 or p256',
    );
  });
});

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
    expect(() => keyPairFromSeed(new Uint8Array(31))).toThrow(
      'bad-seed: an Ed25519 seed is exactly 32 bytes',
    );
    expect(() => signEd25519(seed, 'door' as never)).toThrow(
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

describe('base58btc and the encoder', () => {
  it('U+0080 is outside the alphabet', () => {
    // why: kills c < 128 → c <= 128 (DIGIT[128] is undefined, and the character vanished).
    expect(base58btc.decode('2\u0080')).toMatchObject({ ok: false, code: 'bad-base58' });
  });

  it('didFromPublicKey refuses a key of the wrong length or type', () => {
    // why: kills `!(publicKey instanceof Uint8Array) || publicKey.length !== codec.keyLength`
    // → false, its `&&` variant, the length part → false, and the no-coverage literals.
    expect(() => didFromPublicKey(new Uint8Array(31))).toThrow('wrong-length: a ed25519 key is 32 bytes');
    expect(() => didFromPublicKey('x'.repeat(32) as never)).toThrow(
      'wrong-length: a ed25519 key is 32 bytes',
    );
  });
});

describe('throughDoorAsync', () => {
  it('answers every question a verifier asks, in order, and returns its verdict', async () => {
    // why: kills the no-coverage BlockStatement and `!step.done` mutants of throughDoorAsync
    // (did's own tests never ran it; envelope's and wba's do).
    function* twoQuestions() {
      const first = yield* askDoor(publicKey, message, signature);
      const second = yield* askDoor(publicKey, utf8('other'), signature);
      return [first.ok, second.ok];
    }
    expect(await throughDoorAsync(twoQuestions())).toEqual([true, false]);
  });
});
