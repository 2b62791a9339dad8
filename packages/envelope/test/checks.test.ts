import { base64Strict, canonicalize, hex } from '@agent-seam/canonical';
import { didFromPublicKey, didFromSeed } from '@agent-seam/did';
import {
  ENVELOPE_CHECKS,
  ENVELOPE_CODES,
  envelopeSignedBytes,
  MemoryReplayCache,
  signEnvelope,
  verifyEnvelope,
} from '@agent-seam/envelope';
import { expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';

const alice = new Uint8Array(32).fill(1);
const bob = didFromSeed(new Uint8Array(32).fill(2));
const NOW = 1784280881;
const sent = signEnvelope({ to: bob, messageId: 'm1', contextId: null, timestamp: NOW, text: 'hi' }, alice);
const sig = (bytes: Uint8Array) => base64Strict.encode(bytes);
const signature = base64Strict.decode(sent.sig);
if (!signature.ok) throw new Error('sig');
const identityR = new Uint8Array(32);
identityR[0] = 1;
const smallOrderR = sig(new Uint8Array([...identityR, ...signature.value.subarray(32)]));
const highS = sig(new Uint8Array([...signature.value.subarray(0, 32), ...new Uint8Array(32).fill(0xff)]));
const nonCanonicalKey = hex.decode(`ef${'ff'.repeat(30)}7f`);
if (!nonCanonicalKey.ok) throw new Error('hex');
const verify = (changes: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  verifyEnvelope({ ...sent, ...changes }, { recipientDid: bob, now: 'off', replay: 'off', ...options });

it('the message the order cases start from verifies', () => {
  expect(verify({}, { now: NOW }).ok).toBe(true);
});

holdChecksToVerifier('verifyEnvelope', ENVELOPE_CHECKS, ENVELOPE_CODES, {
  'recipient-named > fields': () =>
    verifyEnvelope('x', { recipientDid: undefined as never, now: 'off', replay: 'off' }),
  'fields > recipient': () => verify({ text: 5, to: 'did:key:zOther' }),
  'recipient > freshness': () => verify({ to: 'did:key:zOther' }, { now: NOW + 900 }),
  'freshness > signer-key': () => verify({ from: 'did:web:x' }, { now: NOW + 900 }),
  'signer-key > signed-bytes': () => verify({ from: 'did:web:x', text: '\ud800' }),
  'signed-bytes > signature-text': () => verify({ text: '\ud800', sig: 'x' }),
  'signature-text > lengths':
    'the key comes from a did:key (always 32 bytes) and the text check leaves a 64-byte signature',
  'lengths > key-point':
    'the key comes from a did:key (always 32 bytes) and the text check leaves a 64-byte signature',
  'key-point > r-point': () => verify({ from: didFromPublicKey(nonCanonicalKey.value), sig: smallOrderR }),
  'r-point > s-scalar': () =>
    verify({ sig: sig(new Uint8Array([...identityR, ...new Uint8Array(32).fill(0xff)])) }),
  's-scalar > equation': () => verify({ text: 'changed', sig: highS }),
  'equation > replay': () => {
    const replay = new MemoryReplayCache();
    verify({}, { now: NOW, replay });
    return verify({ text: 'changed' }, { now: NOW, replay });
  },
});

it('what was signed: the canonical six fields as received, nothing else', () => {
  const { sig: _sig, ...six } = sent;
  expect(envelopeSignedBytes({ ...sent, recipientDid: 'ignored' })).toEqual(
    canonicalize(six, { profile: 'seam' }),
  );
  // A tampered text changes the signed bytes, which is why the signature fails.
  const tampered = envelopeSignedBytes({ ...sent, text: 'hI' });
  expect(tampered).not.toEqual(envelopeSignedBytes(sent));
  expect(envelopeSignedBytes([])).toBeNull();
  expect(envelopeSignedBytes({ ...sent, timestamp: 1.5 })).toBeNull();
  expect(envelopeSignedBytes({ ...sent, text: '\ud800' })).toBeNull();
});
