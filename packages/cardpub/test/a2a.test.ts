import { base64urlStrict, canonicalString, unwrap } from '@agent-seam/canonical';
import { ledgerGroup, loadInterop, opGroup } from '@agent-seam/conformance';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { a2aSigningInput, MAX_PROTECTED_LENGTH, signA2ACard, verifyA2ACard } from '../src/index.js';
import { base64urlText } from '../src/json-segment.js';
import { impl, ledger, ours } from './fixture.js';

const code = (v: { ok: boolean; code?: string }) => (v.ok ? 'accepted' : v.code);

describe('a2a.golden (ANetCore v0.15 golden card)', () => {
  const card = loadInterop('anet/ANetCore-v0.15/a2acard/testdata/golden-card.json');
  const jwks = loadInterop('anet/ANetCore-v0.15/a2acard/testdata/golden-jwks.json');
  if (card === null || jwks === null) {
    it('interop data absent', () => ledger.interopMissing('a2a.golden'));
    return;
  }
  const interop = { interop: true };
  const expected = {
    ok: true,
    value: {
      kid: 'did:anet:bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaaa7q7y#0',
      jku: 'https://hub.example.org/agents/bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaaa7q7y/jwks.json',
    },
  };
  it('verifies with its JWKS (key found by kid)', () =>
    ledger.accept(
      'a2a.golden',
      'jwks',
      () => expect(verifyA2ACard(card, card.signatures[0], { jwks })).toEqual(expected),
      interop,
    ));
  it('verifies with the bare public key', () =>
    ledger.accept(
      'a2a.golden',
      'publicKey',
      () => {
        const publicKey = unwrap(base64urlStrict.decode(jwks.keys[0].x));
        expect(verifyA2ACard(card, card.signatures[0], { publicKey })).toEqual(expected);
      },
      interop,
    ));
  it('is refused once a member is edited', () =>
    ledger.refuse(
      'a2a.golden',
      'edited',
      () =>
        expect(code(verifyA2ACard({ ...card, version: '1.0.1' }, card.signatures[0], { jwks }))).toBe(
          'bad-signature',
        ),
      interop,
    ));
});

describe('a2a', () => {
  const g = ours.a2a;
  // Each question its own check: an accepted card under the key set and under its bare key.
  ledgerGroup(it, ledger, impl, opGroup('a2a'), g, { perStep: true });
  it('refuse: a 31-byte public key (the door’s length check)', () =>
    ledger.refuse('a2a', 'short-public-key', () =>
      expect(
        code(verifyA2ACard(g.accept[0].card, g.accept[0].signature, { publicKey: new Uint8Array(31) })),
      ).toBe('bad-length'),
    ));
});

describe('A2A card: signer options, the header limit and what each refusal says', () => {
  // Details are part of the contract, so refusals are compared whole (code and detail); each
  // `why` names the mutant of src/ the case holds.
  const seed = new Uint8Array(32).fill(7);
  const { publicKey } = keyPairFromSeed(seed);
  const lone = '\ud800'; // a lone surrogate: no canonical spelling in either profile
  const card = { name: 'Echo', version: '1.0.0', skills: [] };
  const jku = 'https://echo.example/jwks.json';
  const signature = signA2ACard(card, seed, { kid: 'k1', jku });
  /** A signature over any protected header, honestly signed with `seed`. */
  const protectedOf = (header: unknown) => base64urlText(canonicalString(header, { profile: 'jcs' }));
  const signedUnder = (header: unknown) => {
    const protectedText = protectedOf(header);
    const input = a2aSigningInput(card, { protected: protectedText });
    if (input === null) throw new Error('input');
    return { protected: protectedText, signature: base64urlStrict.encode(signEd25519(seed, input)) };
  };

  it('signing needs kid and jku as strings', () => {
    // why: a2a-card.ts:67:25 'bad-argument' → "", 67:41 'kid and jku are strings' → "" (no coverage);
    // 66:42 `typeof options.jku !== 'string'` → false (a numeric jku would be signed into the header)
    for (const options of [
      { kid: 1 as never, jku },
      { kid: 'k1', jku: 1 as never },
    ])
      expect(thrown(() => signA2ACard(card, seed, options))).toEqual({
        name: 'SeamError',
        code: 'bad-argument',
        message: 'bad-argument: kid and jku are strings',
      });
  });

  it('a key source that is neither shape is named in the error', () => {
    // why: a2a-card.ts:98:41 message → ""
    expect(thrown(() => verifyA2ACard(card, signature, {} as never))).toEqual({
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: verifyA2ACard needs { jwks } or { publicKey: Uint8Array }',
    });
  });

  it('a card that is not an object is refused with its detail', () => {
    // why: a2a-card.ts:99:58 'the card is not a JSON object' → ""
    expect(verifyA2ACard([card], signature, { publicKey })).toStrictEqual({
      ok: false,
      code: 'malformed-card',
      detail: 'the card is an array, not a JSON object',
    });
  });

  it('a protected header of exactly 4096 characters is read; longer is refused before decoding', () => {
    // why: a2a-card.ts:106:7 > → >= (the header at the limit refused), 106:7 → false (the
    // longer header verifies), 107:17 'malformed-signature' → "", 107:40 'header too long' → ""
    /** An honest signature whose protected text is `length` characters, padded through jku. */
    const ofLength = (length: number) => {
      for (let pad = 0; pad < length; pad++) {
        const header = { alg: 'EdDSA', jku: `${jku}?${'p'.repeat(pad)}`, kid: 'k1', typ: 'JOSE' };
        if (protectedOf(header).length === length) return signedUnder(header);
      }
      throw new Error(`no header of length ${length}`);
    };
    expect(MAX_PROTECTED_LENGTH).toBe(4096);
    expect(verifyA2ACard(card, ofLength(4096), { publicKey }).ok).toBe(true);
    const tooLong = (n: number) => ({
      ok: false,
      code: 'malformed-signature',
      detail: `signature.protected is ${n} characters, over 4096`,
    });
    expect(verifyA2ACard(card, ofLength(4098), { publicKey })).toStrictEqual(tooLong(4098));
    // 4097 characters are not base64url at all: the length is judged first.
    expect(verifyA2ACard(card, { ...signature, protected: 'A'.repeat(4097) }, { publicKey })).toStrictEqual(
      tooLong(4097),
    );
  });

  it('a header without kid is refused even when honestly signed', () => {
    // why: a2a-card.ts:116:7 typeof kid !== 'string' → false (the signature would verify)
    expect(verifyA2ACard(card, signedUnder({ alg: 'EdDSA', jku, typ: 'JOSE' }), { publicKey })).toStrictEqual(
      {
        ok: false,
        code: 'missing-header-member',
        detail: "the protected header's kid is not a string",
      },
    );
  });

  it('a card with no RFC 8785 form is refused with its detail', () => {
    // why: a2a-card.ts:122:40 'the card holds a value RFC 8785 cannot spell' → ""
    expect(verifyA2ACard({ ...card, name: lone }, signature, { publicKey })).toStrictEqual({
      ok: false,
      code: 'not-canonicalizable',
      detail: 'the card holds a value RFC 8785 cannot spell',
    });
  });

  it('a card and a signature have a signing input only when both are objects and protected is text', () => {
    // why: a2a-card.ts:134:7 whole condition → false, (A || B) && C, A && B: a card that is an
    // array with an honest signature would give bytes
    expect(a2aSigningInput([card], signature)).toBeNull();
    // why: 134:7 A || B → false, A && B: a signature that is an array
    expect(a2aSigningInput(card, [signature])).toBeNull();
    // why: 134:58 typeof signature.protected !== 'string' → false
    expect(a2aSigningInput(card, { ...signature, protected: 5 })).toBeNull();
    expect(a2aSigningInput(card, signature)).not.toBeNull();
  });

  it('the signer writes alg, jku, kid and typ into the header, and its signature verifies', () => {
    // why: a2a-card.ts:72:21 the header object → {} (a header with no members)
    expect(signature.protected).toBe(protectedOf({ alg: 'EdDSA', jku, kid: 'k1', typ: 'JOSE' }));
    expect(verifyA2ACard(card, signature, { publicKey })).toStrictEqual({
      ok: true,
      value: { kid: 'k1', jku },
    });
  });

  it('the signer writes a header of exactly 4096 characters and refuses a longer one, saying how long', () => {
    // why: a2a-card.ts:75:7 > → >= (the header at the limit would throw), 75:7 → false (the
    // longer header would be signed), 77:7 'too-long' → "", 78:7 the message → '' (no coverage)
    /** The kid that makes the signer's protected header `length` characters. */
    const kidFor = (length: number) => {
      for (let pad = 0; pad < length; pad++) {
        const kid = `k${'p'.repeat(pad)}`;
        if (protectedOf({ alg: 'EdDSA', jku, kid, typ: 'JOSE' }).length === length) return kid;
      }
      throw new Error(`no kid for ${length}`);
    };
    const atLimit = signA2ACard(card, seed, { kid: kidFor(4096), jku });
    expect(atLimit.protected.length).toBe(4096);
    expect(verifyA2ACard(card, atLimit, { publicKey }).ok).toBe(true);
    expect(thrown(() => signA2ACard(card, seed, { kid: kidFor(4098), jku }))).toEqual({
      name: 'SeamError',
      code: 'too-long',
      message: 'too-long: kid and jku make the protected header 4098 characters, over 4096',
    });
  });

  it('a signature that is not an object, or whose members are not text, says which', () => {
    // why: a2a-card.ts:111:40 'the signature is ${describeType(signature)}, not a JSON object' → ''
    expect(verifyA2ACard(card, 'sig', { publicKey })).toStrictEqual({
      ok: false,
      code: 'malformed-signature',
      detail: 'the signature is a string, not a JSON object',
    });
    // why: a2a-card.ts:116:9 'signature.${member} is …; it is base64url text' → ''
    expect(verifyA2ACard(card, { signature: signature.signature }, { publicKey })).toStrictEqual({
      ok: false,
      code: 'malformed-signature',
      detail: 'signature.protected is undefined; it is base64url text',
    });
    expect(verifyA2ACard(card, { ...signature, signature: 5 }, { publicKey })).toStrictEqual({
      ok: false,
      code: 'malformed-signature',
      detail: 'signature.signature is a number; it is base64url text',
    });
  });

  it('a header with another alg or typ, no jku, or crit is refused even when honestly signed', () => {
    const refused = (header: unknown) => verifyA2ACard(card, signedUnder(header), { publicKey });
    // why: a2a-card.ts:130:49 "the protected header's alg is not EdDSA" → ''
    expect(refused({ alg: 'ES256', jku, kid: 'k1', typ: 'JOSE' })).toStrictEqual({
      ok: false,
      code: 'wrong-alg',
      detail: "the protected header's alg is not EdDSA",
    });
    // why: a2a-card.ts:131:49 "the protected header's typ is not JOSE" → ''
    expect(refused({ alg: 'EdDSA', jku, kid: 'k1', typ: 'JWT' })).toStrictEqual({
      ok: false,
      code: 'wrong-typ',
      detail: "the protected header's typ is not JOSE",
    });
    // why: a2a-card.ts:135:42 "the protected header's jku is not a string" → ""
    expect(refused({ alg: 'EdDSA', kid: 'k1', typ: 'JOSE' })).toStrictEqual({
      ok: false,
      code: 'missing-header-member',
      detail: "the protected header's jku is not a string",
    });
    // why: a2a-card.ts:137:37 'the protected header lists crit, which this verifier supports none of' → ""
    expect(refused({ alg: 'EdDSA', crit: ['exp'], jku, kid: 'k1', typ: 'JOSE' })).toStrictEqual({
      ok: false,
      code: 'unsupported-crit',
      detail: 'the protected header lists crit, which this verifier supports none of',
    });
  });

  it('a kid the key set lacks, and a signature that does not verify, name the key judged', () => {
    const jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', kid: 'k1', x: base64urlStrict.encode(publicKey) }] };
    // why: a2a-card.ts:140:48 "no Ed25519 key of the jwks given has the header's kid" → ""
    expect(verifyA2ACard(card, signature, { jwks: { keys: [] } })).toStrictEqual({
      ok: false,
      code: 'unknown-key',
      detail: "no Ed25519 key of the jwks given has the header's kid",
    });
    const edited = { ...card, version: '1.0.1' };
    // why: a2a-card.ts:146:42 "the jwks key of the header's kid" → ""
    expect(verifyA2ACard(edited, signature, { jwks })).toStrictEqual({
      ok: false,
      code: 'bad-signature',
      detail: "the signature does not verify under the jwks key of the header's kid",
    });
    // why: a2a-card.ts:146:79 'the publicKey given' → ""
    expect(verifyA2ACard(edited, signature, { publicKey })).toStrictEqual({
      ok: false,
      code: 'bad-signature',
      detail: 'the signature does not verify under the publicKey given',
    });
  });
});
