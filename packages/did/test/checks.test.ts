import { base64Strict, canonicalize, hex } from '@agent-seam/canonical';
import {
  BINDING_V2_CHECKS,
  base58btc,
  bindingV2SignedBytes,
  didFromSeed,
  ED25519_CHECKS,
  ED25519_CODES,
  KEYSTATE_CHECKS,
  keyPairFromSeed,
  keyStateSignedBytes,
  RECORD_CODES,
  SIGNATURE_TEXT_CHECKS,
  SIGNATURE_TEXT_CODES,
  signDeviceBindingV2,
  signEd25519,
  signKeyState,
  VERIFICATION_KEY_CHECKS,
  VERIFICATION_KEY_CODES,
  verificationKeyFromDid,
  verifyBase64Signature,
  verifyDeviceBindingV2,
  verifyEd25519,
  verifyKeyState,
} from '@agent-seam/did';
import { expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import { NOW, seed } from './fixture.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const honest = keyPairFromSeed(seed(7));
const message = utf8('hello');
const signature = signEd25519(honest.seed, message);
const IDENTITY = hex.decode(`01${'00'.repeat(31)}`);
if (!IDENTITY.ok) throw new Error('hex');
const identity = IDENTITY.value;
/** A signature with R replaced and S set to all ones (far above the group order). */
const withR = (r: Uint8Array) => new Uint8Array([...r, ...new Uint8Array(32).fill(0xff)]);
const withHighS = new Uint8Array([...signature.subarray(0, 32), ...new Uint8Array(32).fill(0xff)]);

holdChecksToVerifier('verifyEd25519', ED25519_CHECKS, ED25519_CODES, {
  'lengths > key-point': () => verifyEd25519(identity, message, new Uint8Array(63)),
  'key-point > r-point': () => verifyEd25519(identity, message, withR(identity)),
  'r-point > s-scalar': () => verifyEd25519(honest.publicKey, message, withR(identity)),
  's-scalar > equation': () => verifyEd25519(honest.publicKey, utf8('other'), withHighS),
});

holdChecksToVerifier('verifyBase64Signature', SIGNATURE_TEXT_CHECKS, SIGNATURE_TEXT_CODES, {
  'signature-text > lengths': () => verifyBase64Signature(new Uint8Array(31), message, 'not base64'),
  'lengths > key-point': () =>
    verifyBase64Signature(new Uint8Array([...identity, 0]), message, base64Strict.encode(withR(identity))),
  'key-point > r-point': () => verifyBase64Signature(identity, message, base64Strict.encode(withR(identity))),
  'r-point > s-scalar': () =>
    verifyBase64Signature(honest.publicKey, message, base64Strict.encode(withR(identity))),
  's-scalar > equation': () =>
    verifyBase64Signature(honest.publicKey, utf8('other'), base64Strict.encode(withHighS)),
});

holdChecksToVerifier('verificationKeyFromDid', VERIFICATION_KEY_CHECKS, VERIFICATION_KEY_CODES, {
  'did-key > multibase': () => verificationKeyFromDid('did:kex:0OIl'),
  'multibase > multicodec': () => verificationKeyFromDid(`did:key:z${'1'.repeat(600)}`),
  'multicodec > small-order': () =>
    verificationKeyFromDid(`did:key:z${base58btc.encode(new Uint8Array([0xed, 0x01, ...identity, 0]))}`),
});

const owner = seed(0x17);
const device = seed(0x18);
const binding = signDeviceBindingV2({ ts: NOW - 60, validUntil: NOW - 1 }, owner, device);
const expectedDeviceDid = binding.deviceDid;
const checkBinding = (changes: Record<string, unknown>, expected = expectedDeviceDid) =>
  verifyDeviceBindingV2({ ...binding, ...changes }, { expectedDeviceDid: expected, now: NOW - 10 });

// The binding above is valid at NOW - 10 and expired at NOW.
it('the binding the order cases start from verifies', () => {
  expect(checkBinding({}).ok).toBe(true);
});

const BINDING_CODES = RECORD_CODES.filter((c) => c !== 'wrong-root' && c !== 'non-canonical');
holdChecksToVerifier('verifyDeviceBindingV2', BINDING_V2_CHECKS, BINDING_CODES, {
  'object > typ': () => verifyDeviceBindingV2([], { expectedDeviceDid, now: NOW }),
  'typ > fields': () => checkBinding({ typ: 'x', ts: 1.5 }),
  'fields > device': () => checkBinding({ rootDid: 5 }, didFromSeed(seed(1))),
  'device > expiry': () =>
    verifyDeviceBindingV2(binding, { expectedDeviceDid: didFromSeed(seed(1)), now: NOW + 99 }),
  'expiry > keys': () =>
    verifyDeviceBindingV2({ ...binding, rootDid: 'did:key:zBAD0' }, { expectedDeviceDid, now: NOW + 99 }),
  'keys > signed-bytes': () => checkBinding({ rootDid: 'did:key:z\ud800' }),
  'signed-bytes > signatures':
    'every signed field is a did:key, the fixed typ or a safe integer, each of which has a seam spelling: cannot-canonicalize is a guard no binding reaching it can trip',
});

const keyState = signKeyState(
  { rootDid: didFromSeed(owner), epoch: 1, opDid: didFromSeed(device), ts: NOW },
  owner,
);
const checkKeyState = (changes: Record<string, unknown>) =>
  verifyKeyState({ ...keyState, ...changes }, didFromSeed(owner));

it('the KeyState the order cases start from verifies', () => {
  expect(checkKeyState({}).ok).toBe(true);
});

const KEYSTATE_CODES = [
  'not-an-object',
  'wrong-typ',
  'wrong-root',
  'not-integer',
  'missing-field',
  'cannot-canonicalize',
  ...SIGNATURE_TEXT_CODES,
];
holdChecksToVerifier('verifyKeyState', KEYSTATE_CHECKS, KEYSTATE_CODES, {
  'object > typ': () => verifyKeyState('x', didFromSeed(owner)),
  'typ > root': () => verifyKeyState({ ...keyState, typ: 'x' }, didFromSeed(device)),
  'root > fields': () => verifyKeyState({ ...keyState, epoch: 1.5 }, didFromSeed(device)),
  'fields > signed-bytes': () => checkKeyState({ opDid: 5, encPub: '\ud800' }),
  'signed-bytes > signature-text': () => checkKeyState({ encPub: '\ud800', sig: 'x' }),
  'signature-text > lengths':
    'the key is 32 bytes (rootKey is checked as 64 hex digits) and the signature text decodes to 64',
  'lengths > key-point':
    'the key is 32 bytes (rootKey is checked as 64 hex digits) and the signature text decodes to 64',
  'key-point > r-point': () =>
    checkKeyState({ rootKey: hex.encode(identity), sig: base64Strict.encode(withR(identity)) }),
  'r-point > s-scalar': () => checkKeyState({ sig: base64Strict.encode(withR(identity)) }),
  's-scalar > equation': () => checkKeyState({ epoch: 2, sig: base64Strict.encode(withHighS) }),
});

it('what a binding and a KeyState signed: the received declared fields, canonical', () => {
  const extra = { ...binding, note: 'not signed' };
  const { sig: _s, deviceSig: _d, note: _n, ...signed } = extra;
  expect(bindingV2SignedBytes(extra)).toEqual(canonicalize(signed, { profile: 'seam' }));
  const { sig: _k, ...state } = keyState;
  expect(keyStateSignedBytes(keyState)).toEqual(canonicalize(state, { profile: 'seam' }));
  expect(bindingV2SignedBytes([])).toBeNull();
  expect(keyStateSignedBytes({ opDid: '\ud800' })).toBeNull();
  // The owner's signature really is over these bytes.
  const ownerKey = keyPairFromSeed(owner).publicKey;
  expect(verifyBase64Signature(ownerKey, bindingV2SignedBytes(binding)!, binding.sig).ok).toBe(true);
});
