import { SeamError } from '@agent-seam/canonical';
import { X25519_KEY_LENGTH, x25519PublicKey, x25519SharedSecret } from '@agent-seam/canonical/x25519';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import * as noble from '../src/x25519.js';
import { seededBytes } from './seeded-bytes.js';
import {
  bytes,
  DIFFIE_HELLMAN,
  encodeU,
  hexOf,
  ITERATED_ANSWERS,
  LOW_ORDER_ENCODINGS,
  LOW_ORDER_U,
  P,
  SCALAR_MULT_ANSWERS,
  withTopBit,
} from './x25519-inputs.js';

/**
 * The X25519 door as this runtime selects it (node:crypto on Node, noble in the browser
 * suite), and the noble backend itself on every runtime: the RFC 7748 answers, the
 * refusal of every low-order point and of nothing else, RFC 7748's masking and reduction
 * of u, and the argument checks. x25519.node.test.ts drives both backends side by side.
 */
const door = { sharedSecret: x25519SharedSecret, publicKey: x25519PublicKey };
const RUNS = { door, 'noble backend': noble } as const;

for (const [name, x25519] of Object.entries(RUNS))
  describe(`${name}: RFC 7748`, () => {
    for (const [i, [scalar, u, out]] of SCALAR_MULT_ANSWERS.entries())
      it(`section 5.2 scalar multiplication ${i + 1}`, () =>
        expect(hexOf(x25519.sharedSecret(bytes(scalar), bytes(u)))).toBe(out));

    it('section 5.2 iterated: after 1 and 1000 rounds', () => {
      let k = encodeU(9n);
      let u = encodeU(9n);
      const seen: [number, string | null][] = [];
      for (let round = 1; round <= 1000; round++) {
        const next = x25519.sharedSecret(k, u)!;
        u = k;
        k = next;
        if (round === 1 || round === 1000) seen.push([round, hexOf(k)]);
      }
      expect(seen).toEqual(ITERATED_ANSWERS);
    });

    it('section 6.1: both public keys, and one secret from either side', () => {
      const { alicePrivate, alicePublic, bobPrivate, bobPublic, shared } = DIFFIE_HELLMAN;
      expect(hexOf(x25519.publicKey(bytes(alicePrivate)))).toBe(alicePublic);
      expect(hexOf(x25519.publicKey(bytes(bobPrivate)))).toBe(bobPublic);
      expect(hexOf(x25519.sharedSecret(bytes(alicePrivate), bytes(bobPublic)))).toBe(shared);
      expect(hexOf(x25519.sharedSecret(bytes(bobPrivate), bytes(alicePublic)))).toBe(shared);
    });
  });

for (const [name, x25519] of Object.entries(RUNS))
  describe(`${name}: what is refused, and only that`, () => {
    const privateKeys = Array.from({ length: 4 }, (_, i) => seededBytes(32, 101 + i));

    it('all 14 encodings of the 5 low-order points give null, for any private key', () => {
      expect(LOW_ORDER_ENCODINGS).toHaveLength(14);
      for (const privateKey of privateKeys)
        for (const u of LOW_ORDER_ENCODINGS) expect(x25519.sharedSecret(privateKey, u), hexOf(u)!).toBeNull();
    });

    it('the neighbours of each low-order u (unless low-order mod p themselves) give a secret, not all zero', () => {
      for (const u of LOW_ORDER_U)
        for (const near of [u - 1n, u + 1n].filter((v) => v >= 0n && !LOW_ORDER_U.includes(v % P))) {
          const secret = x25519.sharedSecret(privateKeys[0]!, encodeU(near));
          expect(secret, near.toString(16)).toHaveLength(X25519_KEY_LENGTH);
          expect(secret!.some((byte) => byte !== 0)).toBe(true);
        }
    });

    it('the top bit of u is ignored', () => {
      const u = noble.publicKey(seededBytes(32, 7));
      for (const privateKey of privateKeys)
        expect(x25519.sharedSecret(privateKey, withTopBit(u))).toEqual(x25519.sharedSecret(privateKey, u));
    });

    it('u = p + 2 .. 2^255 - 1 count as u - p (the non-canonical values), top bit or not', () => {
      for (let u = P + 2n; u < 2n ** 255n; u++) {
        const expected = hexOf(x25519.sharedSecret(privateKeys[1]!, encodeU(u - P)));
        expect(expected).not.toBeNull();
        expect(hexOf(x25519.sharedSecret(privateKeys[1]!, encodeU(u))), u.toString(16)).toBe(expected);
        expect(hexOf(x25519.sharedSecret(privateKeys[1]!, withTopBit(encodeU(u))))).toBe(expected);
      }
    });
  });

describe('the door: arguments', () => {
  const good = seededBytes(32, 5);
  const wrong: [string, unknown][] = [
    ['31 bytes', new Uint8Array(31)],
    ['33 bytes', new Uint8Array(33)],
    ['no bytes', new Uint8Array(0)],
    ['an array of 32 numbers', Array.from(good)],
    ['an ArrayBuffer of 32 bytes', new ArrayBuffer(32)],
    ['a hex string', '00'.repeat(32)],
    ['undefined', undefined],
  ];
  for (const [what, value] of wrong)
    it(`${what} as either key throws bad-argument`, () => {
      const calls = [
        () => x25519SharedSecret(value as Uint8Array, good),
        () => x25519SharedSecret(good, value as Uint8Array),
        () => x25519PublicKey(value as Uint8Array),
      ];
      for (const call of calls) {
        expect(call).toThrow(SeamError);
        expect(call).toThrow(expect.objectContaining({ code: 'bad-argument' }));
      }
    });

  it('a 32-byte view into a larger buffer is read at its offset', () => {
    const backing = seededBytes(80, 9);
    const privateKey = backing.subarray(3, 35);
    const publicKey = backing.subarray(40, 72);
    expect(x25519SharedSecret(privateKey, publicKey)).toEqual(
      noble.sharedSecret(privateKey.slice(), publicKey.slice()),
    );
    expect(x25519PublicKey(privateKey)).toEqual(noble.publicKey(privateKey.slice()));
  });

  it('results are plain 32-byte Uint8Arrays, and the inputs are left as they were', () => {
    const privateKey = seededBytes(32, 11);
    const publicKey = withTopBit(seededBytes(32, 12));
    const [privateCopy, publicCopy] = [privateKey.slice(), publicKey.slice()];
    for (const result of [x25519SharedSecret(privateKey, publicKey)!, x25519PublicKey(privateKey)]) {
      expect(Object.getPrototypeOf(result)).toBe(Uint8Array.prototype);
      expect(result).toHaveLength(32);
    }
    expect(privateKey).toEqual(privateCopy);
    expect(publicKey).toEqual(publicCopy);
  });
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('the X25519 door: a wrong key names which key and what it must be', () => {
  it('the private and the public key are told apart in the message', () => {
    // why: x25519-agreement.ts:19:41 the message → '', 32:47 'the private key' → "", 32:89 'the
    // public key' → "", 39:44 'the private key' → ""
    const key = new Uint8Array(32);
    const short = new Uint8Array(31);
    const bad = (what: string) => ({
      name: 'SeamError',
      code: 'bad-argument',
      message: `bad-argument: ${what} must be a Uint8Array of 32 bytes`,
    });
    expect(thrown(() => x25519SharedSecret(short, key))).toEqual(bad('the private key'));
    expect(thrown(() => x25519SharedSecret(key, short))).toEqual(bad('the public key'));
    expect(thrown(() => x25519PublicKey(short))).toEqual(bad('the private key'));
  });
});
