import {
  base58btc,
  didFromPublicKey,
  keyPairFromSeed,
  publicKeyFromDid,
  verificationKeyFromDid,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';

// What the did:key codec and base58btc refuse, each refusal whole.
// Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
// or detail that could change, with no other test failing.
const seed = new Uint8Array(32).fill(0x42);
const { publicKey } = keyPairFromSeed(seed);
const didOf = (body: Uint8Array) => `did:key:z${base58btc.encode(body)}`;

describe('the did:key codec: every refusal carries its detail', () => {
  it('a did:key that is not text, not z-prefixed base58btc, of another codec or length says which', () => {
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

  it('a P-256 did:key is no Ed25519 verification key, and the refusal says so', () => {
    // why: kills the StringLiteral mutant of 'not an Ed25519 key'.
    const p256 = didFromPublicKey(new Uint8Array(33).fill(2), 'p256');
    expect(verificationKeyFromDid(p256)).toEqual({
      ok: false,
      code: 'wrong-multicodec',
      detail: 'not an Ed25519 key',
    });
  });

  it('base58btc that is not a string is bad-base58, not a throw', () => {
    // why: kills the StringLiteral mutant of 'not a string'.
    expect(base58btc.decode(7 as never)).toEqual({ ok: false, code: 'bad-base58', detail: 'not a string' });
  });

  it('the encoder refuses a curve it does not know', () => {
    // why: kills the StringLiteral mutants of the bad-curve SeamError.
    expect(thrownSeamError(() => didFromPublicKey(publicKey, 'secp256k1' as never)).message).toContain(
      'bad-curve: curve must be ed25519 or p256',
    );
  });
});

describe('base58btc and the encoder', () => {
  it('U+0080 is outside the alphabet', () => {
    // why: kills c < 128 → c <= 128 (DIGIT[128] is undefined, and the character vanished).
    expect(base58btc.decode('2\u0080')).toMatchObject({ ok: false, code: 'bad-base58' });
  });

  it('a key of the wrong length or type has no did:key', () => {
    // why: kills `!(publicKey instanceof Uint8Array) || publicKey.length !== codec.keyLength`
    // → false, its `&&` variant, the length part → false, and the no-coverage literals.
    expect(thrownSeamError(() => didFromPublicKey(new Uint8Array(31))).message).toContain(
      'wrong-length: a ed25519 key is 32 bytes',
    );
    expect(thrownSeamError(() => didFromPublicKey('x'.repeat(32) as never)).message).toContain(
      'wrong-length: a ed25519 key is 32 bytes',
    );
  });
});
