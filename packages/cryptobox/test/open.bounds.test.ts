import { loadVectors } from '@agent-seam/conformance';
import { encPublicKey, openBoxVerdict, sealBox, sealBoxV1 } from '@agent-seam/cryptobox';
import { describe, expect, it } from 'vitest';
import { bytesOf, thrown } from './helpers.js';

/**
 * Edges of the box framing (src/box-frame.ts) that mutation testing found untested
 * (reports/mutation/cryptobox.md): the length cap's boundary, the 4-byte v2 prefix on
 * its own, the details of each refusal, and the option named in each argument error.
 */
const plain = loadVectors('cryptobox.json')['box.roundtrip'][0];
const keys = {
  recipientSeed: bytesOf(plain.recipientSeedHex),
  senderPub: bytesOf(plain.senderEncPubHex),
  ad: bytesOf(plain.adHex),
};

describe('the blob cap is inclusive', () => {
  it('a blob exactly maxChars long is read; one character less of cap refuses it', () => {
    const blob: string = plain.blob;
    expect(openBoxVerdict({ ...keys, blob, maxChars: blob.length }).ok).toBe(true);
    expect(openBoxVerdict({ ...keys, blob, maxChars: blob.length - 1 })).toEqual({
      ok: false,
      code: 'too-large',
      detail: `the blob is ${blob.length} characters, longer than the ${blob.length - 1} allowed`,
    });
  });
});

describe('the version is chosen by the 4-byte prefix alone', () => {
  it('the prefix with nothing after it is a short v2 blob, three of its bytes a short v1 blob', () => {
    expect(openBoxVerdict({ ...keys, blob: btoa('a2b2') })).toMatchObject({
      ok: false,
      code: 'v2-too-short',
    });
    expect(openBoxVerdict({ ...keys, blob: btoa('a2b') })).toMatchObject({ ok: false, code: 'too-short' });
  });
});

describe('each framing refusal says what was wrong', () => {
  it.each([
    [
      'not-a-string',
      () => openBoxVerdict({ ...keys, blob: 42 as never }),
      'the blob is a number, not a string',
    ],
    [
      'bad-base64',
      () => openBoxVerdict({ ...keys, blob: 'AB=C' }),
      'the blob is not canonical standard base64: not the canonical spelling',
    ],
    [
      'zero-shared-secret',
      () => openBoxVerdict({ ...keys, senderPub: new Uint8Array(32), blob: plain.blob }),
      'the sender key is a low-order point',
    ],
  ])('%s', (code, judge, detail) => {
    expect(judge()).toEqual({ ok: false, code, detail });
  });
});

describe('argument errors name the argument', () => {
  const seal = {
    senderSeed: new Uint8Array(32).fill(3),
    recipientPub: keys.senderPub,
    plaintext: new Uint8Array(1),
    ad: new Uint8Array(),
  };
  it.each([
    ['open options', () => openBoxVerdict(null as never), 'an open takes an options object'],
    [
      'recipientSeed',
      () => openBoxVerdict({ ...keys, recipientSeed: new Uint8Array(31), blob: '' }),
      'recipientSeed must be 32 bytes',
    ],
    ['open ad', () => openBoxVerdict({ ...keys, ad: 'x' as never, blob: '' }), 'ad must be a Uint8Array'],
    [
      'maxChars',
      () => openBoxVerdict({ ...keys, blob: '', maxChars: -1 }),
      'maxChars must be a non-negative integer',
    ],
    ['seal options', () => sealBox(null as never), 'a seal takes an options object'],
    ['senderSeed', () => sealBox({ ...seal, senderSeed: new Uint8Array(1) }), 'senderSeed must be 32 bytes'],
    [
      'recipientPub',
      () => sealBox({ ...seal, recipientPub: new Uint8Array(1) }),
      'recipientPub must be 32 bytes',
    ],
    ['plaintext', () => sealBox({ ...seal, plaintext: 'x' as never }), 'plaintext must be a Uint8Array'],
    ['seal ad', () => sealBox({ ...seal, ad: 'x' as never }), 'ad must be a Uint8Array'],
    [
      'low-order recipient',
      () => sealBox({ ...seal, recipientPub: new Uint8Array(32) }),
      'the recipient key is a low-order point',
    ],
  ])('%s', (_name, call, message) => {
    expect(thrown(call).message).toContain(message);
  });
});

describe('a cap of 0 is a cap', () => {
  it('every blob is too large under it, and nothing is thrown', () => {
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
});
