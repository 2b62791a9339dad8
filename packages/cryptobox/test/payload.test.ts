import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_MAX_WRAPPED_KEY_BYTES,
  type KeyRing,
  openPayload,
  sealPayload,
} from '../src/index.js';
import { seamError, thrown } from './helpers.js';
import { seededRandom, vectorRing } from './memory-ring.js';

// Refusal details and argument messages are contract, so each is asserted whole; caps are held
// at their exact boundary. Each `why` names the mutant of src/payload.ts the case holds, as
// file:line of the source at the time, original → replacement.
const utf8 = (text: string) => new TextEncoder().encode(text);
const ad = utf8('mutants');

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

  it('each bad argument to the payload sealer is named', () => {
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

  it('a plaintext that makes the envelope exactly the default cap is sealed and opens by default; one byte more is refused, naming the size', () => {
    // why: payload.ts:76:7 total > DEFAULT_MAX_PAYLOAD_BYTES → >=; payload.ts:75:17 … + plaintext.length + TAG_LENGTH → … - TAG_LENGTH, and … + XCHACHA_NONCE_LENGTH → … - XCHACHA_NONCE_LENGTH (the one byte over would be sealed)
    const keyRing = holdingRing('');
    const fits = DEFAULT_MAX_PAYLOAD_BYTES - 5 - emptyHeader.length - 24 - 16;
    const sealed = sealPayload({ ...sealOptions(), scope: 's', keyRing, plaintext: new Uint8Array(fits) });
    expect(sealed.length).toBe(DEFAULT_MAX_PAYLOAD_BYTES);
    const opened = openPayload(sealed, { ad, keyRing });
    expect(opened.ok && opened.value.length).toBe(fits);
    expect(
      thrown(() =>
        sealPayload({ ...sealOptions(), scope: 's', keyRing, plaintext: new Uint8Array(fits + 1) }),
      ),
    ).toEqual(
      seamError(
        'too-large',
        `plaintext: the envelope would be ${DEFAULT_MAX_PAYLOAD_BYTES + 1} bytes, over the ${DEFAULT_MAX_PAYLOAD_BYTES} a reader takes by default`,
      ),
    );
  });

  it('each bad argument to the payload opener is named', () => {
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
