import { base64Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import {
  encPublicKey,
  encPublicKeyPq,
  openBoxV1Verdict,
  openBoxVerdict,
  sealBox,
  sealBoxV1,
} from '../src/index.js';
import { seamError, thrown } from './helpers.js';

// Refusal details and argument messages are contract, so each is asserted whole; caps are held
// at their exact boundary. Each `why` names the mutant of src/box-v1.ts and box-v2.ts the case holds, as
// file:line of the source at the time, original → replacement.
const utf8 = (text: string) => new TextEncoder().encode(text);
const senderSeed = new Uint8Array(32).fill(1);
const recipientSeed = new Uint8Array(32).fill(2);
const ad = utf8('mutants');
const seal = {
  senderSeed,
  recipientPub: encPublicKey(recipientSeed),
  plaintext: utf8('hello'),
  ad,
};
const opener = { recipientSeed, senderPub: encPublicKey(senderSeed), ad };

describe('box v1 (box-v1.ts)', () => {
  it('a seed of the wrong length is named "seed"', () => {
    // why: box-v1.ts:32 'seed' → "": the message would read " must be 32 bytes"
    expect(thrown(() => encPublicKey(new Uint8Array(31)))).toEqual(
      seamError('bad-argument', 'seed must be 32 bytes'),
    );
  });

  it('a v1 seal given the v2 options is refused with a message naming them', () => {
    // why: box-v1.ts:38 message → "": only the code was asserted before
    const message = 'a v1 box takes neither recipientPqPub nor encapsulationSeed';
    expect(thrown(() => sealBoxV1({ ...seal, recipientPqPub: new Uint8Array(1184) }))).toEqual(
      seamError('bad-argument', message),
    );
    expect(thrown(() => sealBoxV1({ ...seal, encapsulationSeed: new Uint8Array(32) }))).toEqual(
      seamError('bad-argument', message),
    );
  });

  it('a fixed nonce of the wrong length is named "nonce"; one with the v2 prefix says so', () => {
    // why: box-v1.ts:57 'nonce' → "" and box-v1.ts:58 message → ""
    expect(thrown(() => sealBoxV1({ ...seal, nonce: new Uint8Array(11) }))).toEqual(
      seamError('bad-argument', 'nonce must be 12 bytes'),
    );
    const prefixed = new Uint8Array(12);
    prefixed.set(utf8('a2b2'));
    expect(thrown(() => sealBoxV1({ ...seal, nonce: prefixed }))).toEqual(
      seamError('bad-argument', 'a v1 nonce must not start with the v2 prefix'),
    );
  });

  it('a v2 blob given to the v1 opener is opened as v2', () => {
    // why: box-v1.ts:67 detail → ""
    const blob = sealBox({ ...seal, recipientPqPub: encPublicKeyPq(recipientSeed) });
    expect(openBoxV1Verdict({ ...opener, blob })).toEqual({
      ok: false,
      code: 'v2-not-supported',
      detail: 'a v2 blob: open it with openBox, which reads both versions',
    });
  });

  it('a blob one byte shorter than nonce and tag is too-short, with its detail', () => {
    // why: box-v1.ts:80 detail → ""
    const blob = base64Strict.encode(new Uint8Array(12 + 16 - 1));
    const refusal = {
      ok: false,
      code: 'too-short',
      detail: 'the blob is 27 bytes, shorter than a 12-byte nonce and a 16-byte tag',
    };
    expect(openBoxVerdict({ ...opener, blob })).toEqual(refusal);
    expect(openBoxV1Verdict({ ...opener, blob })).toEqual(refusal);
  });

  it('a v1 box opened under other associated data does not authenticate, with its detail', () => {
    // why: box-v1.ts:89 detail → ""
    const blob = sealBoxV1(seal);
    expect(openBoxVerdict({ ...opener, blob }).ok).toBe(true);
    const refusal = { ok: false, code: 'authentication-failed', detail: 'the box does not authenticate' };
    expect(openBoxVerdict({ ...opener, blob, ad: utf8('other') })).toEqual(refusal);
    expect(openBoxV1Verdict({ ...opener, blob, ad: utf8('other') })).toEqual(refusal);
  });
});

describe('box v2 (box-v2.ts)', () => {
  const recipientPqPub = encPublicKeyPq(recipientSeed);

  it('a seed of the wrong length is named "seed"', () => {
    // why: box-v2.ts:38 'seed' → ""
    expect(thrown(() => encPublicKeyPq(new Uint8Array(33)))).toEqual(
      seamError('bad-argument', 'seed must be 32 bytes'),
    );
  });

  it('a recipientPqPub that is no ML-KEM-768 key is refused with a message naming it', () => {
    // why: box-v2.ts:46 message → ""
    expect(thrown(() => sealBox({ ...seal, recipientPqPub: new Uint8Array(10) }))).toEqual(
      seamError('bad-pq-public-key', 'recipientPqPub is not an ML-KEM-768 encapsulation key'),
    );
  });

  it('fixed encapsulation randomness and nonce of the wrong length are named', () => {
    // why: box-v2.ts:50 'encapsulationSeed' → "" and box-v2.ts:54 'nonce' → ""
    expect(thrown(() => sealBox({ ...seal, recipientPqPub, encapsulationSeed: new Uint8Array(31) }))).toEqual(
      seamError('bad-argument', 'encapsulationSeed must be 32 bytes'),
    );
    expect(thrown(() => sealBox({ ...seal, recipientPqPub, nonce: new Uint8Array(13) }))).toEqual(
      seamError('bad-argument', 'nonce must be 12 bytes'),
    );
  });

  it('a blob that is only the v2 prefix is v2-too-short, with its detail', () => {
    // why: box-v2.ts:67 detail → ""
    expect(openBoxVerdict({ ...opener, blob: base64Strict.encode(utf8('a2b2')) })).toEqual({
      ok: false,
      code: 'v2-too-short',
      detail: 'the blob is 4 bytes, shorter than the 1120 of a v2 prefix, ML-KEM ciphertext, nonce and tag',
    });
  });

  it('a v2 box opened under other associated data does not authenticate, with its detail', () => {
    // why: box-v2.ts:78 detail → ""
    const blob = sealBox({ ...seal, recipientPqPub });
    expect(openBoxVerdict({ ...opener, blob }).ok).toBe(true);
    expect(openBoxVerdict({ ...opener, blob, ad: utf8('other') })).toEqual({
      ok: false,
      code: 'authentication-failed',
      detail: 'the box does not authenticate',
    });
  });
});
