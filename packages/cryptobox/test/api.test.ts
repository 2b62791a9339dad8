import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import {
  decodeWrappedKey,
  encodeWrappedKey,
  encPublicKey,
  type KeyRing,
  openBox,
  openBoxVerdict,
  openPayload,
  readSealedField,
  sealBox,
  sealedObject,
  sealedString,
  sealPayload,
} from '../src/index.js';
import { MemoryKeyRing, vectorRing } from './memory-ring.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const A = new Uint8Array(32).fill(0x11);
const B = new Uint8Array(32).fill(0x22);
const empty = new Uint8Array(0);

/** The SeamError code `run` throws, or 'no throw'. */
function thrownCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof SeamError ? error.code : 'not a SeamError';
  }
  return 'no throw';
}

describe('programmer errors throw SeamError; wire input never throws', () => {
  const blob = sealBox({ senderSeed: A, recipientPub: encPublicKey(B), plaintext: utf8('hi'), ad: empty });

  it('associated data left out is missing-argument on every entry point', () => {
    const noAd = {} as { ad: Uint8Array };
    expect(
      thrownCode(() => sealBox({ senderSeed: A, recipientPub: encPublicKey(B), plaintext: empty, ...noAd })),
    ).toBe('missing-argument');
    expect(thrownCode(() => openBox({ recipientSeed: B, senderPub: encPublicKey(A), blob, ...noAd }))).toBe(
      'missing-argument',
    );
    expect(
      thrownCode(() => sealPayload({ plaintext: empty, scope: 's', keyRing: vectorRing(), ...noAd })),
    ).toBe('missing-argument');
    expect(thrownCode(() => openPayload(new Uint8Array(1), { keyRing: vectorRing(), ...noAd }))).toBe(
      'missing-argument',
    );
  });

  it('a seed that is not 32 bytes is bad-argument', () => {
    expect(thrownCode(() => encPublicKey(new Uint8Array(31)))).toBe('bad-argument');
    expect(
      thrownCode(() =>
        openBox({ recipientSeed: new Uint8Array(33), senderPub: encPublicKey(A), blob, ad: empty }),
      ),
    ).toBe('bad-argument');
  });

  it('a cap that is not a non-negative integer is bad-argument', () => {
    const envelope = new Uint8Array(10);
    expect(
      thrownCode(() =>
        openBox({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty, maxChars: -1 }),
      ),
    ).toBe('bad-argument');
    expect(
      thrownCode(() => openPayload(envelope, { ad: empty, keyRing: vectorRing(), maxBytes: Number.NaN })),
    ).toBe('bad-argument');
    expect(
      thrownCode(() => openPayload(envelope, { ad: empty, keyRing: vectorRing(), maxWrappedKeyBytes: 1.5 })),
    ).toBe('bad-argument');
  });

  it('sealing to a low-order key throws instead of producing a box anyone could open', () => {
    expect(
      thrownCode(() =>
        sealBox({ senderSeed: A, recipientPub: new Uint8Array(32), plaintext: empty, ad: empty }),
      ),
    ).toBe('zero-shared-secret');
  });

  it('a sender key that is not bytes at all is a refusal, not a throw', () => {
    const verdict = openBoxVerdict({
      recipientSeed: B,
      senderPub: 'AAAA' as unknown as Uint8Array,
      blob,
      ad: empty,
    });
    expect(verdict).toEqual({ ok: false, code: 'bad-public-key', detail: 'the sender key is not 32 bytes' });
  });
});

describe('the box', () => {
  it('draws a fresh nonce per box, and both boxes open', () => {
    const seal = () =>
      sealBox({ senderSeed: A, recipientPub: encPublicKey(B), plaintext: utf8('same'), ad: empty });
    const [one, two] = [seal(), seal()];
    expect(one).not.toBe(two);
    for (const blob of [one, two])
      expect(openBox({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty })).toEqual(
        utf8('same'),
      );
  });

  it('a recipientPub hint opens the same boxes, and a wrong hint opens none', () => {
    const blob = sealBox({ senderSeed: A, recipientPub: encPublicKey(B), plaintext: utf8('x'), ad: empty });
    const open = (recipientPub: Uint8Array) =>
      openBox({ recipientSeed: B, recipientPub, senderPub: encPublicKey(A), blob, ad: empty });
    expect(open(encPublicKey(B))).toEqual(utf8('x'));
    expect(open(encPublicKey(A))).toBeNull();
  });

  it('refusal details never echo the blob', () => {
    const blob = 'QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE=';
    const verdict = openBoxVerdict({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.detail).not.toContain('QUFB');
  });
});

describe('the wrapped key', () => {
  it('is written as canonical JSON with sealed as an array of byte values', () => {
    const bytes = encodeWrappedKey({
      scope: 'acme/run_1',
      wrappedBy: 'memory-kek-1',
      sealed: new Uint8Array([0, 1, 255]),
    });
    expect(new TextDecoder().decode(bytes)).toBe(
      '{"scope":"acme/run_1","sealed":[0,1,255],"wrapped_by":"memory-kek-1"}',
    );
  });

  it('reads back what it wrote, non-ASCII scope included', () => {
    const key = { scope: 'テナント/case_1', wrappedBy: 'k', sealed: new Uint8Array([9, 8]) };
    expect(decodeWrappedKey(encodeWrappedKey(key))).toEqual({ ok: true, value: key });
  });

  it('refuses a duplicated member (agentplane-v1 reads I-JSON)', () => {
    const text = '{"scope":"a","scope":"b","sealed":[],"wrapped_by":"k"}';
    expect(decodeWrappedKey(utf8(text))).toMatchObject({ ok: false, code: 'wrapped-key-malformed' });
  });
});

describe('the key ring boundary', () => {
  const ad = utf8('blob:acme/x:00');
  const sealWith = (ring: KeyRing) =>
    sealPayload({ plaintext: utf8('secret'), ad, scope: 'acme/x', keyRing: ring });

  it('erasing the wrapping key makes the payload unreadable, reported as key-unavailable', () => {
    const ring = new MemoryKeyRing('kek-1', new Uint8Array(32).fill(1));
    const envelope = sealWith(ring);
    expect(openPayload(envelope, { ad, keyRing: ring })).toEqual({ ok: true, value: utf8('secret') });
    ring.erase('kek-1');
    expect(openPayload(envelope, { ad, keyRing: ring })).toMatchObject({
      ok: false,
      code: 'key-unavailable',
    });
  });

  it('sealing refuses to write what a default reader would refuse, or to use short randomness', () => {
    const greedy: KeyRing = {
      wrap: () => ({ wrappedBy: 'k', sealed: new Uint8Array(2048) }),
      unwrap: () => null,
    };
    expect(thrownCode(() => sealWith(greedy))).toBe('wrapped-key-too-large');
    const short = () => new Uint8Array(16);
    expect(
      thrownCode(() =>
        sealPayload({ plaintext: empty, ad, scope: 's', keyRing: vectorRing(), random: short }),
      ),
    ).toBe('bad-argument');
  });

  it('a ring that throws on unwrap is key-unavailable, not a throw', () => {
    const envelope = sealWith(vectorRing());
    const throwing: KeyRing = {
      wrap: () => {
        throw new Error('unused');
      },
      unwrap: () => {
        throw new Error('the KMS is down');
      },
    };
    expect(openPayload(envelope, { ad, keyRing: throwing })).toMatchObject({
      ok: false,
      code: 'key-unavailable',
    });
  });
});

describe('the JSON spellings', () => {
  it('write the two forms, and read them back', () => {
    const envelope = new Uint8Array([1, 0, 0, 0, 2]);
    expect(sealedObject(envelope)).toEqual({ $sealed: 'AQAAAAI=' });
    expect(sealedString(envelope)).toBe('$sealed:AQAAAAI=');
    expect(readSealedField({ $sealed: 'AQAAAAI=' })).toEqual({
      ok: true,
      value: { spelling: 'object', envelope },
    });
    expect(readSealedField('$sealed:AQAAAAI=')).toEqual({
      ok: true,
      value: { spelling: 'string', envelope },
    });
  });

  it('treat numbers, null, arrays and plain objects as plain data', () => {
    for (const v of [1, null, [], ['$sealed:AQ=='], { a: 1 }])
      expect(readSealedField(v)).toMatchObject({ ok: false, code: 'not-sealed' });
  });
});
