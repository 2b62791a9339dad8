import { base64urlStrict, utf8Strict } from '@agent-seam/canonical';
import { ledgerGroup, opGroup } from '@agent-seam/conformance';
import { didFromSeed, signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown, thrownSeamError } from '../../../tools/thrown.ts';
import {
  canonicalOrigin,
  domainLinkageSigningInput,
  MAX_DOMAIN_LINKAGE_LENGTH,
  signDomainLinkage,
  verifyDomainLinkage,
} from '../src/index.js';
import { base64urlText } from '../src/json-segment.js';
import { impl, ledger, ours, oursBesideUpstream } from './fixture.js';

// The upstream domainLinkage cases were signed with this seed (0x15 * 32 derives their did).
const LINK_SEED = new Uint8Array(32).fill(0x15);
// The validity window of this repository's own domain linkage cases.
const NBF = 1754870400;
const EXP = 1762646400;

describe('domainLinkage', () => {
  // Each question its own check: the token signed, and read back.
  oursBesideUpstream('domainLinkage');
});

describe('domainLinkage.refuse', () => {
  ledgerGroup(it, ledger, impl, opGroup('domainLinkage.refuse'), ours['domainLinkage.refuse']);
});

describe('canonicalOrigin', () => {
  it.each([
    ['https://Example.COM', 'https://example.com'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['https://127.0.0.1:8443', 'https://127.0.0.1:8443'],
  ])('%s -> %s', (input, origin) => expect(canonicalOrigin(input)).toEqual({ ok: true, value: origin }));
  it.each([
    'example.com',
    'ftp://example.com',
    'https://user@example.com',
    'https://example.com/path',
    'https://example.com/?',
    'https://example.com#',
    42,
  ])('refuses %j', (input) =>
    expect(canonicalOrigin(input)).toMatchObject({ ok: false, code: 'bad-origin' }),
  );
});

describe('verifyDomainLinkage time', () => {
  const g = ours['domainLinkage.refuse'];
  const plain = g.accept[1].token;
  const verify = (now: number | Date) => verifyDomainLinkage(plain, { did: g.did, origin: g.origin, now });
  it('a Date and the same seconds give the same verdict', () => {
    for (const at of [NBF - 1, NBF, EXP - 1, EXP]) expect(verify(new Date(at * 1000))).toEqual(verify(at));
  });
  it('says by how much', () => {
    expect(verify(NBF - 412)).toEqual({ ok: false, code: 'not-yet-valid', detail: 'valid in 412 s' });
    expect(verify(EXP + 412)).toEqual({ ok: false, code: 'expired', detail: 'expired 412 s ago' });
  });
  it('refuses a millisecond count, naming the option', () => {
    expect(thrownSeamError(() => verify(NBF * 1000)).message).toMatch(
      /^bad-instant: verifyDomainLinkage now/,
    );
    expect(
      thrownSeamError(() =>
        signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: NBF * 1000, exp: EXP }),
      ).message,
    ).toMatch(/^bad-instant: signDomainLinkage nbf/);
    expect(
      thrownSeamError(() =>
        signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: NBF, exp: EXP * 1000 }),
      ).message,
    ).toMatch(/^bad-instant: signDomainLinkage exp/);
  });
  it('a signer writes Dates as whole seconds', () =>
    expect(
      signDomainLinkage(LINK_SEED, {
        origin: 'https://example.com',
        nbf: new Date(NBF * 1000),
        exp: new Date(EXP * 1000 + 999),
      }),
    ).toBe(signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: NBF, exp: EXP })));
});

describe('verifyDomainLinkage caller errors', () => {
  it('throws instead of skipping nbf/exp when now is missing', () => {
    const token = signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: 1, exp: 2 });
    expect(
      thrownSeamError(() =>
        verifyDomainLinkage(token, {
          did: 'did:key:z',
          origin: 'https://example.com',
          now: undefined as never,
        }),
      ).message,
    ).toMatch(/^missing-option: verifyDomainLinkage needs now /);
  });
});

describe('domain linkage: the token written, its spelling, its claims and the caller options', () => {
  // Details are part of the contract, so refusals are compared whole (code and detail); each
  // `why` names the mutant of src/ the case holds.
  const seed = new Uint8Array(32).fill(7);
  const did = didFromSeed(seed);
  const NOW = 1754870400; // 2025-08-11T00:00:00Z
  const ORIGIN = 'https://node.example';
  const SIGNED_NBF = NOW - 60;
  const SIGNED_EXP = NOW + 60;
  const jwt = signDomainLinkage(seed, { origin: ORIGIN, nbf: SIGNED_NBF, exp: SIGNED_EXP });
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
      exp: SIGNED_EXP,
      iss: did,
      nbf: SIGNED_NBF,
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
    expect(link(jwt)).toStrictEqual({
      ok: true,
      value: { did, origin: ORIGIN, nbf: SIGNED_NBF, exp: SIGNED_EXP },
    });
  });

  it('exp must be after nbf: equal is refused, one second later is signed', () => {
    // why: domain-linkage.ts:74:7 exp <= nbf → exp < nbf, and → false; 74:39 'bad-argument' → "",
    // 74:55 message → ""
    const error = {
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: signDomainLinkage exp must be after nbf',
    };
    expect(
      thrown(() => signDomainLinkage(seed, { origin: ORIGIN, nbf: SIGNED_NBF, exp: SIGNED_NBF })),
    ).toEqual(error);
    expect(
      thrown(() => signDomainLinkage(seed, { origin: ORIGIN, nbf: SIGNED_NBF, exp: SIGNED_NBF - 1 })),
    ).toEqual(error);
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
      value: { did, origin: ORIGIN, nbf: SIGNED_NBF, exp: SIGNED_EXP },
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
    expect(verdict).toStrictEqual({ ok: true, value: { did, origin: ORIGIN, exp: SIGNED_EXP } });
    expect(verdict.ok && 'nbf' in verdict.value).toBe(false);
  });

  it('a token that is not text has no signing input', () => {
    // why: domain-linkage.ts:176:7 typeof jwt !== 'string' → false (42.split is a TypeError)
    expect(domainLinkageSigningInput(42)).toBeNull();
  });

  it('a header with another alg or typ says which member is wrong', () => {
    // why: domain-linkage.ts:151:62 'the header alg is not EdDSA' → ""
    expect(link(signed({ alg: 'ES256', kid, typ: 'JWT' }, claims0))).toStrictEqual({
      ok: false,
      code: 'wrong-alg',
      detail: 'the header alg is not EdDSA',
    });
    // why: domain-linkage.ts:152:60 'the header typ is not JWT' → ""
    expect(link(signed({ alg: 'EdDSA', kid, typ: 'JOSE' }, claims0))).toStrictEqual({
      ok: false,
      code: 'wrong-typ',
      detail: 'the header typ is not JWT',
    });
  });

  it('an iss or a subject id naming another DID says which member names it', () => {
    const other = didFromSeed(new Uint8Array(32).fill(8));
    const subject = { ...claims0.vc.credentialSubject, id: other };
    // why: domain-linkage.ts:167:6 'iss' → "", 169:6 'vc.credentialSubject.id' → ""
    for (const [member, claims] of [
      ['iss', { ...claims0, iss: other }],
      ['vc.credentialSubject.id', { ...claims0, vc: { ...claims0.vc, credentialSubject: subject } }],
    ])
      expect(link(signed(read(h0), claims)), member).toStrictEqual({
        ok: false,
        code: 'did-mismatch',
        detail: `${member} names another DID than the did given`,
      });
  });

  it('a kid that is not the did given, or a type list without DomainLinkageCredential, says so', () => {
    // why: domain-linkage.ts:173:30 'the header kid is not <did>#<multibase> of the did given' → ""
    expect(link(signed({ alg: 'EdDSA', kid: `${did}#key-1`, typ: 'JWT' }, claims0))).toStrictEqual({
      ok: false,
      code: 'wrong-kid',
      detail: 'the header kid is not <did>#<multibase> of the did given',
    });
    // why: domain-linkage.ts:175:42 'vc.type does not list DomainLinkageCredential' → ""
    const vc = { ...claims0.vc, type: ['VerifiableCredential'] };
    expect(link(signed(read(h0), { ...claims0, vc }))).toStrictEqual({
      ok: false,
      code: 'wrong-credential-type',
      detail: 'vc.type does not list DomainLinkageCredential',
    });
  });

  it('a payload without exp says it has none', () => {
    // why: domain-linkage.ts:176:53 'the payload has no exp' → ""
    const { exp: _, ...noExp } = claims0;
    expect(link(signed(read(h0), noExp))).toStrictEqual({
      ok: false,
      code: 'missing-exp',
      detail: 'the payload has no exp',
    });
  });

  it('an nbf or exp that is not integer seconds is refused, described by kind and never shown', () => {
    // why: domain-linkage.ts:177:7 !isOptionalInteger(nbf) → false (the honest token would verify),
    // 178:17 'not-integer-time' → "", 178:37 detail → '' (no coverage); 122:3 typeof t === 'number'
    // → false / !==, 122:16 'number' → "", 122:27 'a number that is not a safe integer' → ""
    expect(link(signed(read(h0), { ...claims0, nbf: SIGNED_NBF + 0.5 }))).toStrictEqual({
      ok: false,
      code: 'not-integer-time',
      detail: 'nbf is a number that is not a safe integer; it is integer Unix seconds',
    });
    // why: domain-linkage.ts:122:3 typeof t === 'number' → true (a string called a number)
    expect(link(signed(read(h0), { ...claims0, nbf: String(SIGNED_NBF) }))).toStrictEqual({
      ok: false,
      code: 'not-integer-time',
      detail: 'nbf is a string; it is integer Unix seconds',
    });
    // why: domain-linkage.ts:180:37 'exp is ${describeTime(exp)}; it is integer Unix seconds' → ''
    expect(link(signed(read(h0), { ...claims0, exp: String(SIGNED_EXP) }))).toStrictEqual({
      ok: false,
      code: 'not-integer-time',
      detail: 'exp is a string; it is integer Unix seconds',
    });
  });

  it("the credential's origin, the origin given, and the two differing each say which", () => {
    // why: domain-linkage.ts:186:31 "the credential's origin is not an http(s) origin (…)" → ''
    const subject = { ...claims0.vc.credentialSubject, origin: 'ftp://node.example' };
    expect(
      link(signed(read(h0), { ...claims0, vc: { ...claims0.vc, credentialSubject: subject } })),
    ).toStrictEqual({
      ok: false,
      code: 'bad-origin',
      detail: "the credential's origin is not an http(s) origin (not http(s))",
    });
    // why: domain-linkage.ts:188:7 !expected.ok → false (origin-mismatch instead), 189:17
    // 'bad-origin' → "", 189:31 'the origin given is not an http(s) origin (…)' → '' (no coverage)
    expect(link(jwt, { origin: 'ftp://node.example' })).toStrictEqual({
      ok: false,
      code: 'bad-origin',
      detail: 'the origin given is not an http(s) origin (not http(s))',
    });
    // why: domain-linkage.ts:191:36 'the credential names another origin than the one given' → ""
    expect(link(jwt, { origin: 'https://other.example' })).toStrictEqual({
      ok: false,
      code: 'origin-mismatch',
      detail: 'the credential names another origin than the one given',
    });
  });

  it('a did given that is not a did:key is refused with its code in the detail', () => {
    // why: domain-linkage.ts:194:27 'the did given is not a usable Ed25519 did:key (…)' → '',
    // 194:77 key.detail ?? key.code → && (no detail: "(undefined)")
    const web = 'did:web:x';
    const subject = { ...claims0.vc.credentialSubject, id: web };
    const claims = { ...claims0, iss: web, sub: web, vc: { ...claims0.vc, credentialSubject: subject } };
    const token = signed({ alg: 'EdDSA', kid: `${web}#${web.slice('did:key:'.length)}`, typ: 'JWT' }, claims);
    expect(link(token, { did: web })).toStrictEqual({
      ok: false,
      code: 'not-did-key',
      detail: 'the did given is not a usable Ed25519 did:key (not-did-key)',
    });
  });

  it('a segment that is not strict base64url is named by its position', () => {
    // why: json-segment.ts:34:9 detail → '', 34:20 i + 1 → i - 1 ("segment 0")
    const [h, , s] = jwt.split('.');
    expect(link(`${h}.a+b.${s}`)).toStrictEqual({
      ok: false,
      code: 'bad-base64url',
      detail: 'segment 2 is not strict base64url (no padding, URL alphabet, zero trailing bits)',
    });
  });
});

describe('canonicalOrigin: the length limit and what each refusal says', () => {
  const NOT_TEXT = 'not text of at most 2048 characters without ? or #';
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
