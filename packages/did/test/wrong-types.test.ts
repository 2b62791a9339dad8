import {
  BASE58_CODES,
  base58btc,
  DID_CODES,
  didFromSeed,
  ED25519_CODES,
  JWK_CODES,
  keyPairFromSeed,
  publicKeyFromDid,
  publicKeyFromJwk,
  RECORD_CODES,
  resolveOpDid,
  SIGNATURE_TEXT_CODES,
  signDeviceBindingV2,
  signEd25519,
  signKeyState,
  signOwnerState,
  signToBase64,
  VERIFICATION_KEY_CODES,
  verificationKeyFromDid,
  verifyBase64Signature,
  verifyDeviceBindingV2,
  verifyEd25519,
  verifyEd25519Async,
  verifyKeyState,
  verifyOwnerState,
} from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyInputOf, type EntryPoint, holdVerdictShaped, verdictShaped } from '../../../tools/wrong-types.ts';
import { NOW, rootDid, seed } from './fixture.js';

/**
 * Every entry point of this package that judges received data, given arbitrary
 * JavaScript values in place of that data (the caller's own options stay honest): none
 * throws, and each answers with a Verdict whose code is in the exported list for it.
 */
const { publicKey } = keyPairFromSeed(seed(0x42));
const message = new TextEncoder().encode('the door');
const signature = signEd25519(seed(0x42), message);
const binding = signDeviceBindingV2({ ts: NOW, validUntil: 0 }, seed(0x17), seed(0x18));
const keyState = signKeyState({ rootDid, epoch: 1, opDid: didFromSeed(seed(0x16)), ts: NOW }, seed(0x15));
const ownerState = signOwnerState({ epoch: 1, revoked: [], ts: NOW }, seed(0x1f));

const ENTRY_POINTS: EntryPoint[] = [
  ['base58btc.decode', (x) => base58btc.decode(x as never), BASE58_CODES],
  ['publicKeyFromDid', (x) => publicKeyFromDid(x), DID_CODES],
  ['verificationKeyFromDid', (x) => verificationKeyFromDid(x), VERIFICATION_KEY_CODES],
  ['publicKeyFromJwk', (x) => publicKeyFromJwk(x), JWK_CODES],
  ['verifyEd25519 (public key)', (x) => verifyEd25519(x as never, message, signature), ED25519_CODES],
  ['verifyEd25519 (message)', (x) => verifyEd25519(publicKey, x as never, signature), ED25519_CODES],
  ['verifyEd25519 (signature)', (x) => verifyEd25519(publicKey, message, x as never), ED25519_CODES],
  [
    'verifyBase64Signature (signature text)',
    (x) => verifyBase64Signature(publicKey, message, x),
    SIGNATURE_TEXT_CODES,
  ],
  ['verifyKeyState', (x) => verifyKeyState(x, rootDid), RECORD_CODES],
  [
    'verifyDeviceBindingV2',
    (x) => verifyDeviceBindingV2(x, { expectedDeviceDid: binding.deviceDid, now: NOW }),
    RECORD_CODES,
  ],
  ['verifyOwnerState', (x) => verifyOwnerState(x, { rootDid: ownerState.rootDid }), RECORD_CODES],
];

const anyInput = anyInputOf(80);

describe('inputs that never throw', () => {
  holdVerdictShaped(ENTRY_POINTS, anyInput, 300);

  it('verifyEd25519Async (each argument)', async () =>
    fc.assert(
      fc.asyncProperty(anyInput, fc.nat(2), async (input, at) => {
        const args: unknown[] = [publicKey, message, signature];
        args[at] = input;
        const verdict = await verifyEd25519Async(...(args as [Uint8Array, Uint8Array, Uint8Array]));
        expect(verdictShaped(verdict, ED25519_CODES)).toBe(true);
      }),
      { numRuns: 200 },
    ));

  it('resolveOpDid answers a DID whatever the inline record and the pin are', () =>
    fc.assert(
      fc.property(anyInput, anyInput, (inline, pinned) => {
        expect(typeof resolveOpDid(rootDid, inline, NOW, { pinned })).toBe('string');
      }),
      { numRuns: 300 },
    ));

  it('a record that is not an object is not-an-object, arrays included', () => {
    for (const wrong of ['{}', 7, null, [keyState], true]) {
      expect(verifyKeyState(wrong, rootDid)).toMatchObject({ code: 'not-an-object' });
      expect(verifyOwnerState(wrong, { rootDid })).toMatchObject({ code: 'not-an-object' });
      expect(verifyDeviceBindingV2(wrong, { expectedDeviceDid: binding.deviceDid, now: NOW })).toMatchObject({
        code: 'not-an-object',
      });
    }
    expect(verifyKeyState(keyState, rootDid).ok).toBe(true);
  });

  it('the exported lists hold each code once', () => {
    for (const [, , codes] of ENTRY_POINTS) expect(new Set(codes).size).toBe(codes.length);
    expect(verifyBase64Signature(publicKey, message, signToBase64(seed(0x42), message)).ok).toBe(true);
  });
});
