import { base64Strict, SeamError } from '@agent-seam/canonical';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import {
  DEFAULT_MAX_BLOB_CHARS,
  decodeWrappedKey,
  encodeWrappedKey,
  encPublicKey,
  encPublicKeyPq,
  type KeyRing,
  openBox,
  openBoxV1Verdict,
  openBoxVerdict,
  openPayload,
  readSealedField,
  sealBox,
  sealBoxV1,
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

  it('no options object, or a key ring without its method, is missing-argument, never a TypeError', () => {
    const calls = [
      () => openBox(undefined as never),
      () => openBoxVerdict(null as never),
      () => sealBox(undefined as never),
      () => openPayload(new Uint8Array(1), undefined as never),
      () => sealPayload(undefined as never),
      () => openPayload(new Uint8Array(1), { ad: empty, keyRing: {} as never }),
      () => sealPayload({ plaintext: empty, ad: empty, scope: 's', keyRing: undefined as never }),
    ];
    for (const call of calls) expect(thrownCode(call)).toBe('missing-argument');
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
    expect(verdict).toEqual({
      ok: false,
      code: 'bad-public-key',
      detail: 'the sender key is not a Uint8Array',
    });
  });

  it('a sender key of the wrong length is refused with its length', () => {
    const verdict = openBoxVerdict({ recipientSeed: B, senderPub: new Uint8Array(31), blob, ad: empty });
    expect(verdict).toEqual({
      ok: false,
      code: 'bad-public-key',
      detail: 'the sender key is 31 bytes, not 32',
    });
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

  it('opens for its own sealer too: the key names no direction, so bind direction in ad', () => {
    const ad = utf8('from=A;to=B');
    const blob = sealBox({ senderSeed: A, recipientPub: encPublicKey(B), plaintext: utf8('x'), ad });
    // Reflected back to A as if B had sent it, it opens: upstream's derivation is symmetric.
    expect(openBox({ recipientSeed: A, senderPub: encPublicKey(B), blob, ad })).toEqual(utf8('x'));
    // Under the associated data A expects from B, the reflection no longer opens.
    expect(
      openBox({ recipientSeed: A, senderPub: encPublicKey(B), blob, ad: utf8('from=B;to=A') }),
    ).toBeNull();
  });

  it('refusal details never echo the blob', () => {
    const blob = 'QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE=';
    const verdict = openBoxVerdict({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.detail).not.toContain('QUFB');
  });
});

describe('the v2 box', () => {
  const pqB = encPublicKeyPq(B);
  const sealV2 = (extra: { recipientPqPub?: unknown; encapsulationSeed?: Uint8Array } = {}) =>
    sealBox({
      senderSeed: A,
      recipientPub: encPublicKey(B),
      recipientPqPub: pqB,
      plaintext: utf8('pq'),
      ad: empty,
      ...(extra as { recipientPqPub?: Uint8Array }),
    });
  const openAsB = (blob: string) =>
    openBoxVerdict({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty });

  /** pqB with coefficient `index` (0..767) of its packed vector set to `value`. */
  function withCoefficient(index: number, value: number): Uint8Array {
    const key = pqB.slice();
    const at = 3 * (index >> 1);
    if (index % 2 === 0) {
      key[at] = value & 0xff;
      key[at + 1] = (key[at + 1]! & 0xf0) | (value >> 8);
    } else {
      key[at + 1] = (key[at + 1]! & 0x0f) | ((value & 0x0f) << 4);
      key[at + 2] = value >> 4;
    }
    return key;
  }

  it('draws fresh randomness per box, and both open', () => {
    const [one, two] = [sealV2(), sealV2()];
    expect(one).not.toBe(two);
    for (const blob of [one, two]) expect(openAsB(blob)).toEqual({ ok: true, value: utf8('pq') });
  });

  it('is refused by the v1-only opener as v2-not-supported, not as a wrong key', () => {
    const blob = sealV2();
    expect(openBoxV1Verdict({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty })).toMatchObject(
      {
        ok: false,
        code: 'v2-not-supported',
      },
    );
  });

  it('a recipientPqPub that is not an ML-KEM-768 encapsulation key throws, never seals v1', () => {
    const bad: [string, unknown][] = [
      ['1183 bytes', pqB.subarray(0, 1183)],
      ['1185 bytes', new Uint8Array([...pqB, 0])],
      ['the 32-byte X25519 key', encPublicKey(B)],
      ['a string', 'not bytes'],
      ['null', null],
      ['first coefficient q', withCoefficient(0, 3329)],
      ['first coefficient 4095', withCoefficient(0, 4095)],
      ['second coefficient q', withCoefficient(1, 3329)],
      ['last coefficient q', withCoefficient(767, 3329)],
    ];
    for (const [what, recipientPqPub] of bad)
      expect(
        thrownCode(() => sealV2({ recipientPqPub })),
        what,
      ).toBe('bad-pq-public-key');
  });

  it('a coefficient of q - 1 passes the modulus check', () => {
    const blob = sealV2({ recipientPqPub: withCoefficient(767, 3328) });
    expect(base64Strict.decode(blob)).toMatchObject({ ok: true });
  });

  it('the fixed-randomness options are checked, and never ignored', () => {
    expect(thrownCode(() => sealV2({ encapsulationSeed: new Uint8Array(31) }))).toBe('bad-argument');
    // Without recipientPqPub the box is v1, which has no encapsulation to seed.
    const v1 = { senderSeed: A, recipientPub: encPublicKey(B), plaintext: empty, ad: empty };
    expect(thrownCode(() => sealBox({ ...v1, encapsulationSeed: new Uint8Array(32) }))).toBe('bad-argument');
    expect(thrownCode(() => sealBoxV1({ ...v1, recipientPqPub: pqB }))).toBe('bad-argument');
  });
});

describe('the version prefix a2b2', () => {
  const v1 = { senderSeed: A, recipientPub: encPublicKey(B), plaintext: utf8('v1'), ad: empty };
  const prefixed = new Uint8Array([0x61, 0x32, 0x62, 0x32, 0, 0, 0, 0, 0, 0, 0, 0]);
  afterEach(() => vi.restoreAllMocks());

  it('a fixed v1 nonce that starts with it throws: that box could never open', () => {
    expect(thrownCode(() => sealBox({ ...v1, nonce: prefixed }))).toBe('bad-argument');
  });

  it('a drawn v1 nonce that starts with it is drawn again', () => {
    const real = crypto.getRandomValues.bind(crypto);
    let calls = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        if (calls++ === 0 && array instanceof Uint8Array) array.set(prefixed);
        else real(array as Uint8Array);
        return array;
      },
    );
    const blob = sealBox(v1);
    expect(calls).toBe(2);
    expect(openBox({ recipientSeed: B, senderPub: encPublicKey(A), blob, ad: empty })).toEqual(utf8('v1'));
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

  it('refuses anything but bytes, its JSON text included, as not-bytes', () => {
    const text = '{"scope":"a","sealed":[],"wrapped_by":"k"}';
    expect(decodeWrappedKey(utf8(text))).toMatchObject({ ok: true });
    for (const value of [text, null, [123]])
      expect(decodeWrappedKey(value as never)).toMatchObject({ ok: false, code: 'not-bytes' });
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

describe('a seal never writes a blob the default cap refuses', () => {
  const senderSeed = new Uint8Array(32).fill(7);
  const recipientSeed = new Uint8Array(32).fill(9);
  const recipientPub = encPublicKey(recipientSeed);
  const ad = new Uint8Array(0);
  // 3 MiB of box bytes is exactly DEFAULT_MAX_BLOB_CHARS (4 MiB) of base64.
  const v1Fits = 3 * 1024 * 1024 - 12 - 16;
  const v2Fits = 3 * 1024 * 1024 - 1120;

  it('v1: a blob of exactly the cap is written and opens; one byte more throws', () => {
    const blob = sealBox({ senderSeed, recipientPub, plaintext: new Uint8Array(v1Fits), ad });
    expect(blob.length).toBe(DEFAULT_MAX_BLOB_CHARS);
    expect(openBox({ recipientSeed, senderPub: encPublicKey(senderSeed), blob, ad })?.length).toBe(v1Fits);
    expect(
      thrownSeamError(() => sealBox({ senderSeed, recipientPub, plaintext: new Uint8Array(v1Fits + 1), ad }))
        .message,
    ).toContain(
      'too-large: plaintext: the box would be 4194308 base64 characters, over the 4194304 a reader takes by default',
    );
  });

  it('v2: the same cap, with the v2 overhead', () => {
    const recipientPqPub = encPublicKeyPq(recipientSeed);
    const blob = sealBox({ senderSeed, recipientPub, recipientPqPub, plaintext: new Uint8Array(v2Fits), ad });
    expect(blob.length).toBe(DEFAULT_MAX_BLOB_CHARS);
    expect(
      thrownSeamError(() =>
        sealBox({ senderSeed, recipientPub, recipientPqPub, plaintext: new Uint8Array(v2Fits + 1), ad }),
      ).message,
    ).toMatch(/^too-large: plaintext: /);
  });
});
