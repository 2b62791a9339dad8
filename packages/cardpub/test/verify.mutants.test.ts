import { base64urlStrict, canonicalString, utf8Strict } from '@agent-seam/canonical';
import { didFromSeed, keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import {
  a2aSigningInput,
  canonicalOrigin,
  cardEnvelopeSignedBytes,
  domainLinkageSigningInput,
  MAX_DOMAIN_LINKAGE_LENGTH,
  MAX_PROTECTED_LENGTH,
  signA2ACard,
  signCardEnvelope,
  signDomainLinkage,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
  verifyDomainLinkage,
} from '../src/index.js';
import { base64urlText } from '../src/json-segment.js';

/**
 * Cases written against the survivors of a Stryker run over the verify paths
 * (issue 15): each `why` names the mutant(s) the case kills. Details are part of the
 * contract, so refusals are compared whole (code and detail).
 */

const seed = new Uint8Array(32).fill(7);
const did = didFromSeed(seed);
const { publicKey } = keyPairFromSeed(seed);
const NOW = 1754870400; // 2025-08-11T00:00:00Z
const lone = '\ud800'; // a lone surrogate: no canonical spelling in either profile
const NOT_TEXT = 'not text of at most 2048 characters without ? or #';

describe('card envelope', () => {
  const card = { did, name: 'Node' };
  const envelope = signCardEnvelope(card, seed, NOW);

  it('signing a card that names another DID (or no card) is a SeamError with its message', () => {
    // why: card-envelope.ts:77:76 message → "", and 77:7 card?.did → card.did (a TypeError instead)
    const mismatch = {
      name: 'SeamError',
      code: 'did-mismatch',
      message: 'did-mismatch: card.did is not the seed’s DID',
    };
    expect(thrown(() => signCardEnvelope({ did: didFromSeed(new Uint8Array(32)) }, seed, NOW))).toEqual(
      mismatch,
    );
    expect(thrown(() => signCardEnvelope(undefined as never, seed, NOW))).toEqual(mismatch);
  });

  it('no options at all is the usage error naming now, not a crash', async () => {
    // why: the OptionalChaining mutants of clockOf (options?.now, options?.maxAge,
    // options?.maxSkew), each → options.x (a TypeError instead of the SeamError)
    const missing = {
      name: 'SeamError',
      code: 'missing-option',
      message:
        "missing-option: verifyCardEnvelope needs now (a Date or Unix seconds) to judge the card's ts; to leave that unjudged, pass now: 'off'",
    };
    expect(thrown(() => verifyCardEnvelope(envelope, undefined as never))).toEqual(missing);
    await expect(verifyCardEnvelopeAsync(envelope, undefined as never)).rejects.toMatchObject({
      code: 'missing-option',
    });
    // A caller that names no expected DID is refused, not thrown at (it is a verdict).
    expect(verifyCardEnvelope(envelope, { now: 'off' } as never)).toStrictEqual({
      ok: false,
      code: 'missing-expected-did',
      detail: 'expectedDid was not given: an envelope cannot name whose card it should be',
    });
  });

  it("maxSkew or maxAge with now: 'off' is a configuration error, with its message", () => {
    // why: clockOf's `options?.maxSkew !== undefined` → false, and the message → ""
    for (const extra of [{ maxSkew: 60 }, { maxAge: 60 }])
      expect(thrown(() => verifyCardEnvelope(envelope, { expectedDid: did, now: 'off', ...extra }))).toEqual({
        name: 'SeamError',
        code: 'bad-options',
        message: "bad-options: verifyCardEnvelope: maxAge and maxSkew judge time, and now is 'off'",
      });
  });

  it('a bad maxSkew is named in the error', () => {
    // why: card-envelope.ts:117:73 'verifyCardEnvelope maxSkew' → ""
    expect(thrown(() => verifyCardEnvelope(envelope, { expectedDid: did, now: NOW, maxSkew: -1 }))).toEqual({
      name: 'SeamError',
      code: 'bad-duration',
      message: 'bad-duration: verifyCardEnvelope maxSkew must be a non-negative number of seconds',
    });
  });

  it('a non-object envelope is refused with its detail', () => {
    // why: card-envelope.ts:134:61 'a card envelope is a JSON object' → ""
    for (const [input, kind] of [
      [null, 'null'],
      [[], 'an array'],
      ['envelope', 'a string'],
    ])
      expect(verifyCardEnvelope(input, { expectedDid: did, now: 'off' })).toStrictEqual({
        ok: false,
        code: 'not-an-object',
        detail: `the envelope is ${kind}, not a JSON object`,
      });
  });

  it('a card with no seam spelling is refused with its detail', () => {
    // why: card-envelope.ts:155:40 'the card holds a value the seam profile cannot spell' → ""
    expect(
      verifyCardEnvelope({ ...envelope, card: { did, name: lone } }, { expectedDid: did, now: 'off' }),
    ).toStrictEqual({
      ok: false,
      code: 'not-canonicalizable',
      detail: 'a value of the card has no canonical seam spelling (lone-surrogate)',
    });
  });

  it('the field refusals say what the envelope holds, never its values', () => {
    // why: the literals of each field refusal's detail
    const verify = (changes: Record<string, unknown>) =>
      verifyCardEnvelope({ ...envelope, ...changes }, { expectedDid: did, now: 'off' });
    expect(verify({ v: 2 })).toStrictEqual({ ok: false, code: 'wrong-version', detail: 'v is not 1' });
    expect(verify({ typ: 'x' })).toStrictEqual({
      ok: false,
      code: 'wrong-typ',
      detail: 'typ is not agentcard',
    });
    expect(verify({ ts: 1.5 })).toStrictEqual({
      ok: false,
      code: 'not-integer-ts',
      detail: 'ts is a number that is not a safe integer; it is integer Unix seconds',
    });
    expect(verify({ ts: '1' })).toStrictEqual({
      ok: false,
      code: 'not-integer-ts',
      detail: 'ts is a string; it is integer Unix seconds',
    });
    expect(verify({ card: [] })).toStrictEqual({
      ok: false,
      code: 'malformed-card',
      detail: 'card is an array, not a JSON object',
    });
    expect(verify({ card: { did: 7 } })).toStrictEqual({
      ok: false,
      code: 'malformed-card',
      detail: "card.did is a number; it is the signer's did:key",
    });
    expect(verify({ sig: 7 })).toStrictEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'sig is a number, not base64 text',
    });
    expect(verify({ card: { did: 'did:web:x' } })).toMatchObject({ ok: false, code: 'did-mismatch' });
    expect(
      verifyCardEnvelope(
        { ...envelope, card: { did: 'did:web:x' } },
        { expectedDid: 'did:web:x', now: 'off' },
      ),
    ).toStrictEqual({
      ok: false,
      code: 'not-did-key',
      detail: 'card.did is not a usable Ed25519 did:key (not-did-key)',
    });
    expect(verify({ card: { did, name: 'Edited' } })).toStrictEqual({
      ok: false,
      code: 'bad-signature',
      detail: `the signature does not verify under ${did.slice(0, 20)}…`,
    });
  });

  it('cardEnvelopeSignedBytes is null for each thing the verifier refuses before the door', () => {
    // why: signed-bytes.ts:11:7 !isJsonObject(envelope) → false (null envelope: a TypeError)
    expect(cardEnvelopeSignedBytes(null)).toBeNull();
    // why: signed-bytes.ts:13:7 condition → false, and || → && (a card that is not an object but
    // has a spelling, with an integer ts, would give bytes)
    for (const notACard of [[], 'card', 5])
      expect(cardEnvelopeSignedBytes({ ...envelope, card: notACard })).toBeNull();
    // why: signed-bytes.ts:16:11 catch block emptied (undefined instead of null)
    expect(cardEnvelopeSignedBytes({ ...envelope, card: { did, name: lone } })).toBeNull();
    // the bytes themselves, for contrast: what the honest envelope's signature covers
    expect(cardEnvelopeSignedBytes(envelope)).toEqual(
      utf8Strict.encode(`{"card":{"did":"${did}","name":"Node"},"ts":${NOW},"typ":"agentcard","v":1}`),
    );
  });
});

describe('domain linkage', () => {
  const ORIGIN = 'https://node.example';
  const NBF = NOW - 60;
  const EXP = NOW + 60;
  const jwt = signDomainLinkage(seed, { origin: ORIGIN, nbf: NBF, exp: EXP });
  const [h0, p0] = jwt.split('.');
  // Lenient on purpose: a broken signer must fail the case that checks it, not the whole file.
  const text = (segment: string | undefined) => {
    const bytes = base64urlStrict.decode(segment ?? '');
    const decoded = bytes.ok ? utf8Strict.decode(bytes.value) : null;
    return decoded?.ok ? decoded.value : '';
  };
  const read = (segment: string | undefined) => {
    const json = text(segment);
    return json === '' ? null : JSON.parse(json);
  };
  const kid = `${did}#${did.slice('did:key:'.length)}`;
  const claims0 = read(p0);
  /** A token over any header and claims, honestly signed with `seed`. */
  const signingInput = (header: unknown, claims: unknown) =>
    `${base64urlText(JSON.stringify(header))}.${base64urlText(JSON.stringify(claims))}`;
  const signed = (header: unknown, claims: unknown) => {
    const input = signingInput(header, claims);
    return `${input}.${base64urlStrict.encode(signEd25519(seed, utf8Strict.encode(input)))}`;
  };
  const link = (token: unknown, options: Record<string, unknown> = {}) =>
    verifyDomainLinkage(token, { did, origin: ORIGIN, now: NOW, ...options });

  it('the signer writes the header, claims and ISO dates exactly', () => {
    // why: domain-linkage.ts:77:34 header {} , 77:41 'EdDSA' → "", 77:72 'JWT' → ""
    expect(text(h0)).toBe(`{"alg":"EdDSA","kid":"${kid}","typ":"JWT"}`);
    // why: domain-linkage.ts:79:5 claims {}, 84:11 vc {}, 85:21 context [], 86:28 subject {},
    // 90:15 type []; 59:50 seconds / 1000, 59:88 '.000Z' → "", 59:97 'Z' → ""
    expect(claims0).toStrictEqual({
      exp: EXP,
      iss: did,
      nbf: NBF,
      sub: did,
      vc: {
        '@context': [
          'https://www.w3.org/2018/credentials/v1',
          'https://identity.foundation/.well-known/did-configuration/v1',
        ],
        credentialSubject: { id: did, origin: ORIGIN },
        expirationDate: '2025-08-11T00:01:00Z',
        issuanceDate: '2025-08-10T23:59:00Z',
        issuer: did,
        type: ['VerifiableCredential', 'DomainLinkageCredential'],
      },
    });
  });

  it('a signed token has three segments and verifies', () => {
    // why: domain-linkage.ts:95:24 signing input → '' and 96:10 token → ''
    expect(jwt.split('.').map((s) => s.length > 0)).toEqual([true, true, true]);
    expect(link(jwt)).toStrictEqual({ ok: true, value: { did, origin: ORIGIN, nbf: NBF, exp: EXP } });
  });

  it('exp must be after nbf: equal is refused, one second later is signed', () => {
    // why: domain-linkage.ts:74:7 exp <= nbf → exp < nbf, and → false; 74:39 'bad-argument' → "",
    // 74:55 message → ""
    const error = {
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: signDomainLinkage exp must be after nbf',
    };
    expect(thrown(() => signDomainLinkage(seed, { origin: ORIGIN, nbf: NBF, exp: NBF }))).toEqual(error);
    expect(thrown(() => signDomainLinkage(seed, { origin: ORIGIN, nbf: NBF, exp: NBF - 1 }))).toEqual(error);
    expect(link(signDomainLinkage(seed, { origin: ORIGIN, nbf: NOW, exp: NOW + 1 })).ok).toBe(true);
  });

  it('no signer options is a bad instant, named', () => {
    // why: domain-linkage.ts:72:27 options?.nbf → options.nbf (a TypeError instead)
    expect(thrown(() => signDomainLinkage(seed, undefined as never))).toEqual({
      name: 'SeamError',
      code: 'bad-instant',
      message: 'bad-instant: signDomainLinkage nbf is undefined, not a Date or Unix seconds',
    });
  });

  it('no verifier options is the usage error naming now', () => {
    // why: domain-linkage.ts options?.now → options.now (a TypeError instead)
    expect(thrown(() => verifyDomainLinkage(jwt, undefined as never))).toEqual({
      name: 'SeamError',
      code: 'missing-option',
      message:
        "missing-option: verifyDomainLinkage needs now (a Date or Unix seconds) to judge the credential's nbf and exp",
    });
  });

  it('token spelling refusals carry their details', () => {
    // why: domain-linkage.ts:130:60 'a compact JWS is text' → ""
    expect(link(42)).toStrictEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'the token is a number, not compact JWS text',
    });
    // why: domain-linkage.ts:133:59 'a compact JWS has three segments' → ""
    expect(link(`${jwt}.x`)).toStrictEqual({
      ok: false,
      code: 'malformed-jws',
      detail: 'the token has 4 segments; a compact JWS has three',
    });
  });

  it('a token of exactly 8192 characters is read; 8193 is too long', () => {
    // why: domain-linkage.ts:131:7 jwt.length > MAX → >= (the token at the limit would be too-long)
    /** An honest token of exactly `length` characters, padded through an extra claim. */
    const ofLength = (length: number) => {
      const sigLength = 1 + 86; // a dot and 64 bytes in base64url
      for (const x of ['', 'x', 'xx']) {
        const header = { alg: 'EdDSA', kid, typ: 'JWT', x };
        for (let pad = 0; pad < length; pad++) {
          const claims = { ...claims0, pad: 'p'.repeat(pad) };
          if (signingInput(header, claims).length + sigLength === length) return signed(header, claims);
        }
      }
      throw new Error(`no token of length ${length}`);
    };
    expect(MAX_DOMAIN_LINKAGE_LENGTH).toBe(8192);
    expect(link(ofLength(8192))).toStrictEqual({
      ok: true,
      value: { did, origin: ORIGIN, nbf: NBF, exp: EXP },
    });
    expect(link(ofLength(8193))).toStrictEqual({
      ok: false,
      code: 'too-long',
      detail: 'the token is 8193 characters, over 8192',
    });
  });

  it('a header that is not JSON, or repeats a member, says why', () => {
    // why: json-segment.ts:17:42 detail → '' and 17:7 !parsed.ok → false (which would say
    // "segment is not a JSON object")
    const [, p, s] = jwt.split('.');
    expect(link(`${base64urlText('not json')}.${p}.${s}`)).toStrictEqual({
      ok: false,
      code: 'malformed-header',
      detail: 'segment refused by the JSON parse boundary (invalid-json)',
    });
    expect(link(`${base64urlText('{"alg":"EdDSA","alg":"EdDSA","typ":"JWT"}')}.${p}.${s}`)).toStrictEqual({
      ok: false,
      code: 'malformed-header',
      detail: 'segment refused by the JSON parse boundary (duplicate-key)',
    });
  });

  it('a payload that is JSON but not an object says so', () => {
    // why: json-segment.ts:19:60 'segment is not a JSON object' → ""
    expect(link(signed(read(h0), [claims0]))).toStrictEqual({
      ok: false,
      code: 'malformed-payload',
      detail: 'segment is not a JSON object',
    });
  });

  it('a payload without a vc object, or whose subject is not an object, is malformed', () => {
    // why: domain-linkage.ts:144:7 → false and || → && (vc missing: a TypeError), 144:77
    // 'malformed-payload' → "" (no coverage)
    const { vc: _, ...noVc } = claims0;
    expect(link(signed(read(h0), noVc))).toStrictEqual({
      ok: false,
      code: 'malformed-payload',
      detail: 'vc is undefined, not a JSON object',
    });
    // why: 144:7 || → && (a subject that is text would be read as a did-mismatch)
    const textSubject = { ...claims0, vc: { ...claims0.vc, credentialSubject: did } };
    expect(link(signed(read(h0), textSubject))).toStrictEqual({
      ok: false,
      code: 'malformed-payload',
      detail: 'vc.credentialSubject is a string, not a JSON object',
    });
  });

  it('a caller who names no DID gets did-mismatch with that detail', () => {
    // why: domain-linkage.ts:146:7 typeof did !== 'string' → false, 146:44 'did-mismatch' → "",
    // 146:60 'the caller named no DID' → ""
    expect(link(jwt, { did: undefined })).toStrictEqual({
      ok: false,
      code: 'did-mismatch',
      detail: 'the did option was not given: the caller names the DID',
    });
  });

  it('a sub naming another DID is refused even when honestly signed', () => {
    // why: domain-linkage.ts:148:22 sub !== did → false (the token would verify)
    const other = didFromSeed(new Uint8Array(32).fill(8));
    expect(link(signed(read(h0), { ...claims0, sub: other }))).toStrictEqual({
      ok: false,
      code: 'did-mismatch',
      detail: 'sub names another DID than the did given',
    });
  });

  it('nbf is optional: a token without it verifies, and the result has no nbf member', () => {
    // why: domain-linkage.ts:116:3 v === undefined → false (not-integer-time), 166:7
    // typeof nbf === 'number' → true (result.nbf present as undefined)
    const { nbf: _, ...noNbf } = claims0;
    const verdict = link(signed(read(h0), noNbf));
    expect(verdict).toStrictEqual({ ok: true, value: { did, origin: ORIGIN, exp: EXP } });
    expect(verdict.ok && 'nbf' in verdict.value).toBe(false);
  });

  it('domainLinkageSigningInput is null for a token that is not text', () => {
    // why: domain-linkage.ts:176:7 typeof jwt !== 'string' → false (42.split is a TypeError)
    expect(domainLinkageSigningInput(42)).toBeNull();
  });
});

describe('A2A card', () => {
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

  it('a2aSigningInput is null unless both are objects and protected is text', () => {
    // why: a2a-card.ts:134:7 whole condition → false, (A || B) && C, A && B: a card that is an
    // array with an honest signature would give bytes
    expect(a2aSigningInput([card], signature)).toBeNull();
    // why: 134:7 A || B → false, A && B: a signature that is an array
    expect(a2aSigningInput(card, [signature])).toBeNull();
    // why: 134:58 typeof signature.protected !== 'string' → false
    expect(a2aSigningInput(card, { ...signature, protected: 5 })).toBeNull();
    expect(a2aSigningInput(card, signature)).not.toBeNull();
  });
});

describe('canonicalOrigin', () => {
  /** A valid https origin of exactly `length` characters: 60-letter labels, then a filler label. */
  const originOfLength = (length: number) => {
    const host: string[] = [];
    let rest = length - 'https://'.length;
    while (rest > 62) {
      host.push('a'.repeat(60));
      rest -= 61;
    }
    host.push('b'.repeat(rest));
    return `https://${host.join('.')}`;
  };

  it('an origin of exactly 2048 characters is read; 2049 is refused before parsing', () => {
    // why: origin.ts:9:35 text.length > 2048 → >= and → false; 9:7 (the first two tests) → false
    const atLimit = originOfLength(2048);
    expect(atLimit.length).toBe(2048);
    expect(canonicalOrigin(atLimit)).toStrictEqual({ ok: true, value: atLimit });
    const over = originOfLength(2049);
    expect(over.length).toBe(2049);
    expect(canonicalOrigin(over)).toStrictEqual({ ok: false, code: 'bad-origin', detail: NOT_TEXT });
  });

  it('a value that is not text is refused by the first test, with its detail', () => {
    // why: origin.ts:9:7 typeof text !== 'string' || … → false (42 would reach the URL parser:
    // "not a URL"; an object with toString would be parsed), and the detail emptied
    expect(canonicalOrigin(42)).toStrictEqual({ ok: false, code: 'bad-origin', detail: NOT_TEXT });
    expect(canonicalOrigin({ toString: () => 'https://a.example' })).toStrictEqual({
      ok: false,
      code: 'bad-origin',
      detail: NOT_TEXT,
    });
  });

  it('each later refusal says which rule it broke', () => {
    // why: origin.ts:14:31 'not a URL' → ""
    expect(canonicalOrigin('example.com')).toStrictEqual({
      ok: false,
      code: 'bad-origin',
      detail: 'not a URL',
    });
    // why: origin.ts:16:88 'not http(s)' → ""
    expect(canonicalOrigin('ftp://example.com')).toStrictEqual({
      ok: false,
      code: 'bad-origin',
      detail: 'not http(s)',
    });
    // why: origin.ts:24:31 detail → ""
    const noParts = {
      ok: false,
      code: 'bad-origin',
      detail: 'an origin has no user info, path, query or fragment',
    };
    expect(canonicalOrigin('https://user@example.com')).toStrictEqual(noParts);
    // why: origin.ts:19:5 url.password !== '' → false (a password with no user name)
    expect(canonicalOrigin('https://:secret@example.com')).toStrictEqual(noParts);
  });
});
