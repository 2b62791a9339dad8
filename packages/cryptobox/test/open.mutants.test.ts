import { base64Strict, SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_WRAPPED_KEY_BYTES,
  decodeWrappedKey,
  encodeWrappedKey,
  encPublicKey,
  encPublicKeyPq,
  type KeyRing,
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
import { seededRandom, vectorRing } from './memory-ring.js';

/**
 * Cases for the mutants that survived Stryker over the open paths (box-v1.ts, box-v2.ts,
 * payload.ts, sealed-field.ts, wrapped-key.ts; see spec/cryptobox.md, "Mutation testing").
 * Refusal details and argument messages are contract, so each is asserted whole; caps are
 * held at their exact boundary. Each `why` names the mutant(s) the case kills, as
 * file:line of the source at the time, original → replacement.
 */

/** The SeamError a call throws, as { code, message }; a call that does not throw SeamError fails the test. */
function thrown(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof SeamError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a SeamError, nothing was thrown');
}
const seamError = (code: string, text: string) => ({ code, message: `${code}: ${text}` });

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

  it('sealBoxV1 refuses the v2 options with a message naming them', () => {
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

  it('openBoxV1Verdict sends a v2 blob to openBox', () => {
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

describe('sealed payload (payload.ts)', () => {
  const sealOptions = () => ({
    plaintext: utf8('payload'),
    ad,
    scope: 'tenant/case',
    keyRing: vectorRing(),
    random: seededRandom('open.mutants'),
  });
  const envelope = sealPayload(sealOptions());
  const keyLength = new DataView(envelope.buffer).getUint32(1, false);
  const openOptions = { ad, keyRing: vectorRing() };

  it('sealPayload names each bad argument', () => {
    // why: payload.ts:59 'sealPayload' → "", :60 'plaintext' → "", :61 'ad' → ""
    expect(thrown(() => sealPayload(null as never))).toEqual(
      seamError('missing-argument', 'sealPayload takes an options object'),
    );
    expect(thrown(() => sealPayload({ ...sealOptions(), plaintext: 'x' as never }))).toEqual(
      seamError('bad-argument', 'plaintext must be a Uint8Array'),
    );
    expect(thrown(() => sealPayload({ ...sealOptions(), ad: 'x' as never }))).toEqual(
      seamError('bad-argument', 'ad must be a Uint8Array'),
    );
  });

  it('a scope that is not a string is refused before the key ring is asked', () => {
    // why: payload.ts:62 the check → false (encodeWrappedKey would throw another message,
    // after the ring wrapped a key for a non-string scope); :62 'bad-argument' and the
    // message → "" (had no coverage)
    let wrapped = 0;
    const keyRing: KeyRing = {
      wrap: (dataKey) => {
        wrapped++;
        return { wrappedBy: 'k', sealed: dataKey };
      },
      unwrap: () => null,
    };
    expect(thrown(() => sealPayload({ ...sealOptions(), scope: 1 as never, keyRing }))).toEqual(
      seamError('bad-argument', 'scope must be a string'),
    );
    expect(wrapped).toBe(0);
  });

  it('a random source that returns the wrong length is named for what it was drawing', () => {
    // why: payload.ts:65 'the random data key' → "" and :66 'the random nonce' → ""
    expect(thrown(() => sealPayload({ ...sealOptions(), random: () => new Uint8Array(5) }))).toEqual(
      seamError('bad-argument', 'the random data key must be 32 bytes'),
    );
    const shortNonce = (length: number) => new Uint8Array(length === 32 ? 32 : 5);
    expect(thrown(() => sealPayload({ ...sealOptions(), random: shortNonce }))).toEqual(
      seamError('bad-argument', 'the random nonce must be 24 bytes'),
    );
  });

  it('a key ring without the method needed is named, for wrap and for unwrap', () => {
    // why: payload.ts:142 message → ''
    expect(thrown(() => sealPayload({ ...sealOptions(), keyRing: {} as never }))).toEqual(
      seamError('missing-argument', 'keyRing has no wrap method'),
    );
    expect(thrown(() => openPayload(envelope, { ad, keyRing: {} as never }))).toEqual(
      seamError('missing-argument', 'keyRing has no unwrap method'),
    );
  });

  /** A ring that wraps to no bytes under the name `wrappedBy` and hands back the last key it wrapped. */
  const holdingRing = (wrappedBy: string): KeyRing => {
    let held: Uint8Array | null = null;
    return {
      wrap: (dataKey) => {
        held = dataKey;
        return { wrappedBy, sealed: new Uint8Array() };
      },
      unwrap: () => held,
    };
  };
  const emptyHeader = '{"scope":"s","sealed":[],"wrapped_by":""}';

  it('a wrapped key of exactly DEFAULT_MAX_WRAPPED_KEY_BYTES is written and read; one byte more throws', () => {
    // why: payload.ts:70 header.length > cap → >= (the exact cap would throw), and
    // payload.ts:73 the message → ''
    const fits = 'w'.repeat(DEFAULT_MAX_WRAPPED_KEY_BYTES - emptyHeader.length);
    const keyRing = holdingRing(fits);
    const sealed = sealPayload({ ...sealOptions(), scope: 's', keyRing });
    expect(new DataView(sealed.buffer).getUint32(1, false)).toBe(DEFAULT_MAX_WRAPPED_KEY_BYTES);
    expect(openPayload(sealed, { ad, keyRing })).toEqual({ ok: true, value: utf8('payload') });
    expect(
      thrown(() => sealPayload({ ...sealOptions(), scope: 's', keyRing: holdingRing(`${fits}w`) })),
    ).toEqual(
      seamError(
        'wrapped-key-too-large',
        'the wrapped key would be 4097 bytes, over the 4096 a reader takes by default',
      ),
    );
  });

  it('openPayload names each bad argument', () => {
    // why: payload.ts:104 'openPayload' → "", :105 'ad' → "", :107 'maxBytes' → "",
    // :108 'maxWrappedKeyBytes' → ""
    expect(thrown(() => openPayload(envelope, null as never))).toEqual(
      seamError('missing-argument', 'openPayload takes an options object'),
    );
    expect(thrown(() => openPayload(envelope, { ...openOptions, ad: 'x' as never }))).toEqual(
      seamError('bad-argument', 'ad must be a Uint8Array'),
    );
    expect(thrown(() => openPayload(envelope, { ...openOptions, maxBytes: -1 }))).toEqual(
      seamError('bad-argument', 'maxBytes must be a non-negative integer'),
    );
    expect(thrown(() => openPayload(envelope, { ...openOptions, maxWrappedKeyBytes: 1.5 }))).toEqual(
      seamError('bad-argument', 'maxWrappedKeyBytes must be a non-negative integer'),
    );
  });

  it('an envelope that is not bytes is not-bytes, with its detail', () => {
    // why: payload.ts:110 detail → ""
    expect(openPayload('AQ==' as never, openOptions)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the envelope is a string, not a Uint8Array',
    });
  });

  it('an envelope of exactly maxBytes opens; one byte less of cap refuses it', () => {
    // why: payload.ts:111 envelope.length > maxBytes → >=
    expect(openPayload(envelope, { ...openOptions, maxBytes: envelope.length })).toEqual({
      ok: true,
      value: utf8('payload'),
    });
    expect(openPayload(envelope, { ...openOptions, maxBytes: envelope.length - 1 })).toEqual({
      ok: false,
      code: 'too-large',
      detail: `the envelope is ${envelope.length} bytes, larger than the ${envelope.length - 1} allowed`,
    });
  });

  it('an empty envelope, a lone version byte and a lone unknown version are told apart', () => {
    // why: payload.ts:112 length < 1 → <= 1 (one byte would read as "empty": [1] gets the
    // wrong detail, [2] the wrong code), :112 'the envelope is empty' → "", :114 detail → ""
    expect(openPayload(new Uint8Array(), openOptions)).toEqual({
      ok: false,
      code: 'truncated',
      detail: 'the envelope is empty',
    });
    expect(openPayload(new Uint8Array([1]), openOptions)).toEqual({
      ok: false,
      code: 'truncated',
      detail: 'the envelope ends inside its header',
    });
    expect(openPayload(new Uint8Array([2]), openOptions)).toEqual({
      ok: false,
      code: 'unknown-version',
      detail: 'the envelope has format version 2; this build reads version 1',
    });
  });

  it('a wrapped key of exactly maxWrappedKeyBytes opens; one byte less of cap refuses it', () => {
    // why: payload.ts:120 keyLength > maxKey → >=
    expect(openPayload(envelope, { ...openOptions, maxWrappedKeyBytes: keyLength })).toEqual({
      ok: true,
      value: utf8('payload'),
    });
    expect(openPayload(envelope, { ...openOptions, maxWrappedKeyBytes: keyLength - 1 })).toEqual({
      ok: false,
      code: 'too-large',
      detail: `the wrapped key is ${keyLength} bytes, larger than the ${keyLength - 1} allowed`,
    });
  });

  it('an envelope cut inside its nonce says how long it is and what it needed', () => {
    const cut = envelope.subarray(0, 5 + keyLength + 10);
    expect(openPayload(cut, openOptions)).toEqual({
      ok: false,
      code: 'truncated',
      detail: `the envelope ends before its nonce and tag: ${cut.length} bytes, ${5 + keyLength + 24 + 16} needed after a ${keyLength}-byte wrapped key`,
    });
  });

  it('a key the ring cannot recover is key-unavailable, with its detail', () => {
    // why: payload.ts:128 detail → ""
    const ring = vectorRing();
    ring.erase('memory-kek-1');
    expect(openPayload(envelope, { ad, keyRing: ring })).toEqual({
      ok: false,
      code: 'key-unavailable',
      detail: 'the key ring cannot recover the data key',
    });
  });

  it('a payload opened under other associated data does not authenticate, with its detail', () => {
    // why: payload.ts:135 detail → ""
    expect(openPayload(envelope, { ...openOptions, ad: utf8('other') })).toEqual({
      ok: false,
      code: 'authentication-failed',
      detail: 'the payload does not authenticate',
    });
  });
});

describe('sealed fields (sealed-field.ts)', () => {
  it('sealedObject and sealedString name their argument', () => {
    // why: sealed-field.ts:15 and :20 'envelope' → ""
    expect(thrown(() => sealedObject('x' as never))).toEqual(
      seamError('bad-argument', 'envelope must be a Uint8Array'),
    );
    expect(thrown(() => sealedString('x' as never))).toEqual(
      seamError('bad-argument', 'envelope must be a Uint8Array'),
    );
  });

  it('each refusal of readSealedField carries its detail', () => {
    // why: sealed-field.ts:36 'a plain string' → "", :45 'not a sealed spelling' → "",
    // :48 the sealed-malformed detail → "", :57 the bad-base64 detail → ""
    expect(readSealedField('plain')).toEqual({
      ok: false,
      code: 'not-sealed',
      detail: 'a plain string: it does not start with "$sealed:"',
    });
    for (const [value, detail] of [
      [null, 'null, not a sealed string or a {"$sealed": …} object'],
      [7, 'a number, not a sealed string or a {"$sealed": …} object'],
      [[], 'an array, not a sealed string or a {"$sealed": …} object'],
      [{ other: 1 }, 'an object with no $sealed member'],
    ] as const)
      expect(readSealedField(value)).toEqual({ ok: false, code: 'not-sealed', detail });
    const malformed = (detail: string) => ({ ok: false, code: 'sealed-malformed', detail });
    expect(readSealedField({ $sealed: 'AQ==', other: 1 })).toEqual(
      malformed('the $sealed object has 2 members; it must hold only $sealed'),
    );
    expect(readSealedField({ $sealed: 1 })).toEqual(
      malformed('the $sealed member is a number, not a string'),
    );
    const badBase64 = (why: string) => ({
      ok: false,
      code: 'bad-base64',
      detail: `the sealed envelope is not canonical base64: ${why}`,
    });
    expect(readSealedField('$sealed:AB=C')).toEqual(badBase64('not the canonical spelling'));
    expect(readSealedField({ $sealed: 'AQ' })).toEqual(badBase64('length is not a multiple of 4'));
  });
});

describe('wrapped keys (wrapped-key.ts)', () => {
  const sealed = new Uint8Array([0, 255]);
  const wrongArgument = seamError(
    'bad-argument',
    'a wrapped key needs string scope and wrappedBy and Uint8Array sealed',
  );

  it('encodeWrappedKey refuses each member of the wrong type on its own', () => {
    // why: wrapped-key.ts:39 the whole condition → false, scope||wrappedBy → false,
    // (scope||wrappedBy) && !sealed, scope && wrappedBy, scope check → false; :40 the
    // wrappedBy check → false; :44 'bad-argument' and :45 message → "" (had no coverage).
    // Each bad member alone would otherwise be written: canonicalize takes a number or an array.
    expect(thrown(() => encodeWrappedKey({ scope: 7 as never, wrappedBy: 'k', sealed }))).toEqual(
      wrongArgument,
    );
    expect(thrown(() => encodeWrappedKey({ scope: 's', wrappedBy: 7 as never, sealed }))).toEqual(
      wrongArgument,
    );
    expect(thrown(() => encodeWrappedKey({ scope: 's', wrappedBy: 'k', sealed: [0, 255] as never }))).toEqual(
      wrongArgument,
    );
    expect(new TextDecoder().decode(encodeWrappedKey({ scope: 's', wrappedBy: 'k', sealed }))).toBe(
      '{"scope":"s","sealed":[0,255],"wrapped_by":"k"}',
    );
  });

  const decode = (text: string) => decodeWrappedKey(utf8(text));
  const malformed = (detail: string) => ({ ok: false, code: 'wrapped-key-malformed', detail });
  const needs = malformed('the wrapped key needs string scope and wrapped_by and a byte array sealed');

  it('bytes that are not a Uint8Array are not-bytes, with the detail', () => {
    // why: wrapped-key.ts:70 detail → ""
    expect(decodeWrappedKey('{}' as never)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the wrapped key is a string, not a Uint8Array',
    });
  });

  it('text that is not JSON, and JSON not in canonical form, each carry their detail', () => {
    // why: wrapped-key.ts:86 and :88 details → ""
    expect(decode('{"scope":')).toEqual(
      malformed('the wrapped key is not JSON this reader takes: document ends where a value was expected'),
    );
    expect(decode('{"scope":"s", "sealed":[],"wrapped_by":"k"}')).toEqual({
      ok: false,
      code: 'wrapped-key-not-canonical',
      detail: 'the wrapped key is not written in canonical form',
    });
  });

  it('a JSON value that is not an object is refused as such, never read for members', () => {
    // why: wrapped-key.ts:112 isObject: typeof v === 'object' && v !== null → true, the
    // && → ||, typeof v === 'object' → true (a number or string would be read for members
    // and refused with the other detail), v !== null → true (null would reach Object.keys
    // and throw); :97 detail → ""
    for (const [text, type] of [
      ['null', 'null'],
      ['1', 'a number'],
      ['"s"', 'a string'],
      ['true', 'a boolean'],
      ['[]', 'an array'],
    ] as const)
      expect(decode(text)).toEqual(malformed(`the wrapped key is ${type}, not a JSON object`));
  });

  it('an unknown member is refused with its detail', () => {
    // why: wrapped-key.ts:100 detail → ""
    expect(decode('{"other":1,"scope":"s","sealed":[],"wrapped_by":"k"}')).toEqual({
      ok: false,
      code: 'wrapped-key-unknown-member',
      detail: 'the wrapped key has a member "other" this reader does not know',
    });
  });

  it('a wrapped_by that is not a string is refused', () => {
    // why: wrapped-key.ts:103 typeof wrappedBy !== 'string' → false (it would be accepted);
    // :106 detail → ""
    expect(decode('{"scope":"s","sealed":[],"wrapped_by":1}')).toEqual(needs);
    expect(decode('{"scope":1,"sealed":[],"wrapped_by":"k"}')).toEqual(needs);
  });

  it('sealed holds integers 0..255 only: -1, 256, 0.5 and a string are each refused', () => {
    // why: wrapped-key.ts:120 v < 0 → false, and the whole left part → false, and
    // (number || integer) && v < 0: -1 would be read as the byte 255; the number-or-integer
    // part → false: "1" would be read as 1; its || → &&: 0.5 would be read as 0
    for (const element of ['-1', '256', '0.5', '"1"', 'null'])
      expect(decode(`{"scope":"s","sealed":[${element}],"wrapped_by":"k"}`)).toEqual(needs);
    expect(decode('{"scope":"s","sealed":[0,255],"wrapped_by":"k"}')).toEqual({
      ok: true,
      value: { scope: 's', wrappedBy: 'k', sealed },
    });
  });
});
