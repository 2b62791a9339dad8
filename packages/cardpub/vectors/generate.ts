// Vectors of @agent-seam/cardpub, written into vectors/wire_vectors.json:
// - `cardpub`, `domainLinkage`: the upstream groups re-derived from their seeds (the
//   tests compare them with the upstream file value for value);
// - `reject.cardpub`: refusals only the real signature check can catch;
// - `cardpub.refuse`, `domainLinkage.refuse`, `a2a`: one case per check of each verifier,
//   each otherwise honestly signed so that only that check can refuse it;
// - `cardpub.freshness`: the card envelope judged at a `now` (age and skew bounds).
import {
  base64Strict,
  base64urlStrict,
  canonicalize,
  canonicalString,
  unwrap,
  utf8Strict,
} from '../../canonical/src/index.ts';
import { base58btc, didFromSeed, keyPairFromSeed, signEd25519 } from '../../did/src/index.ts';
import {
  type Card,
  cardEnvelopePayload,
  signA2ACard,
  signCardEnvelope,
  signDomainLinkage,
  verifyCardEnvelope,
} from '../src/index.ts';

const text = (bytes: Uint8Array) => unwrap(utf8Strict.decode(bytes));

// ---- cardpub ---------------------------------------------------------------------

const CARD_SEED = new Uint8Array(32).fill(0x0d);
const CARD_DID = didFromSeed(CARD_SEED);
const OTHER_SEED = new Uint8Array(32).fill(0x0e);
const OTHER_DID = didFromSeed(OTHER_SEED);

const upstreamCards: { name: string; card: Card; ts: number }[] = [
  {
    name: 'relay-only',
    card: { did: CARD_DID, name: 'Node', url: '', relay: 'https://relay.example', enc_pub: 'b'.repeat(64) },
    ts: 1784273681,
  },
  { name: 'with-url', card: { did: CARD_DID, name: 'Node', url: 'http://127.0.0.1:8001/' }, ts: 0 },
];
const cardpub = upstreamCards.map(({ name, card, ts }) => ({
  name,
  card,
  ts,
  envelopePayload: text(cardEnvelopePayload(card, ts)),
  sig: signCardEnvelope(card, CARD_SEED, ts).sig,
}));

const honest = signCardEnvelope(upstreamCards[0]!.card, CARD_SEED, upstreamCards[0]!.ts);

/** Changes base64 character `index` of a signature to another alphabet character. */
function changeCharacter(sig: string, index: number): string {
  const replacement = sig[index] === 'A' ? 'B' : 'A';
  const out = sig.slice(0, index) + replacement + sig.slice(index + 1);
  // Still the one canonical spelling of 64 bytes: only the signature equation can object.
  if (unwrap(base64Strict.decode(out)).length !== 64) throw new Error('vectors: edited sig is not 64 bytes');
  return out;
}

const rejectCardpub = [
  {
    name: 'one-base64-character-changed',
    why: 'only the signature equation: the spelling is canonical, 64 bytes, S still below L (a low byte of S changed)',
    envelope: { ...honest, sig: changeCharacter(honest.sig, 48) },
    expectedDid: CARD_DID,
    expect: 'bad-signature',
  },
  {
    name: 'signed-by-another-key-under-the-honest-did',
    why: 'only the signature equation: the key named by card.did did not make this signature',
    envelope: {
      ...honest,
      sig: base64Strict.encode(signEd25519(OTHER_SEED, cardEnvelopePayload(honest.card, honest.ts))),
    },
    expectedDid: CARD_DID,
    expect: 'bad-signature',
  },
  {
    name: 'card-edited-after-signing',
    why: 'only the signature equation: the signature is genuine, over a card that said something else',
    envelope: { ...honest, card: { ...honest.card, name: 'Node (edited)' } },
    expectedDid: CARD_DID,
    expect: 'bad-signature',
  },
];

// ---- cardpub.freshness: the door's policy (6 h old at most, 300 s ahead at most) --

interface FreshnessInput {
  name: string;
  why: string;
  now: number | 'off';
  maxAge?: number;
  maxSkew?: number;
  envelope?: unknown;
}
const TS = honest.ts;
const freshnessCase = (c: FreshnessInput) => {
  const envelope = c.envelope ?? honest;
  const { envelope: _e, ...options } = c;
  const verdict = verifyCardEnvelope(envelope, { expectedDid: CARD_DID, ...options });
  const judged = verdict.ok
    ? { freshness: verdict.value.freshness }
    : { expect: verdict.code, detail: verdict.detail };
  return { ...c, envelope, expectedDid: CARD_DID, ...judged };
};
const cardpubFreshness = {
  note: "verifyCardEnvelope(envelope, { expectedDid, now, maxAge, maxSkew }) with the members a case has (now in Unix seconds, or 'off'). accept: accepted with value.freshness equal to `freshness`. refuse: the code is `expect` and the detail is `detail`.",
  accept: [
    {
      name: 'time off by the caller',
      why: "now: 'off': accepted, and the verdict says the caller turned the age check off",
      now: 'off' as const,
    },
    {
      name: 'six hours old',
      why: 'exactly the default maxAge (21600 s) after ts: inclusive (the twin of six hours and a second old)',
      now: TS + 21600,
    },
    {
      name: 'dated 300 s ahead',
      why: 'exactly the default maxSkew ahead of now: inclusive (the twin of dated 301 s ahead)',
      now: TS - 300,
    },
    {
      name: 'a day old under maxAge one day',
      why: 'maxAge widens the policy (the twin of an hour and a second old under maxAge one hour)',
      now: TS + 86400,
      maxAge: 86400,
    },
  ].map(freshnessCase),
  refuse: [
    {
      name: 'six hours and a second old',
      why: 'the age bound: a genuine card 21601 s old (deleting the check accepts it)',
      now: TS + 21601,
    },
    {
      name: 'dated 301 s ahead',
      why: 'the skew bound: a genuine card dated 301 s after now (deleting the check accepts it)',
      now: TS - 301,
    },
    {
      name: 'an hour and a second old under maxAge one hour',
      why: 'reading maxAge: 3601 s old with maxAge 3600',
      now: TS + 3601,
      maxAge: 3600,
    },
    {
      name: 'a stale card of somebody else',
      why: 'identity is judged before age: another DID is did-mismatch whatever its age',
      envelope: signCardEnvelope({ did: OTHER_DID, name: 'Other' }, OTHER_SEED, TS),
      now: TS + 86400,
    },
  ].map(freshnessCase),
};
for (const c of cardpubFreshness.accept)
  if (!('freshness' in c)) throw new Error(`vectors: cardpub.freshness/${c.name} must accept`);
for (const c of cardpubFreshness.refuse)
  if (!('expect' in c)) throw new Error(`vectors: cardpub.freshness/${c.name} must refuse`);

const IDENTITY_DID = 'did:key:z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj';
const identityBlob = base64Strict.encode(Uint8Array.of(1, ...new Uint8Array(63)));

const cardpubRefuse = [
  {
    name: 'version 2',
    why: 'the version check (the signed payload always says v:1, so only this check sees a v:2 envelope)',
    envelope: { ...honest, v: 2 },
    expectedDid: CARD_DID,
    expect: 'wrong-version',
  },
  {
    name: 'another typ',
    why: 'the typ check (the payload builder writes typ itself)',
    envelope: { ...honest, typ: 'agentcard2' },
    expectedDid: CARD_DID,
    expect: 'wrong-typ',
  },
  {
    name: 'fractional ts',
    why: 'the integer check of ts',
    envelope: { ...honest, ts: honest.ts + 0.5 },
    expectedDid: CARD_DID,
    expect: 'not-integer-ts',
  },
  {
    name: 'a card without did',
    why: 'the card shape check',
    envelope: { ...honest, card: { name: 'Node' } },
    expectedDid: CARD_DID,
    expect: 'malformed-card',
  },
  {
    name: 'not an object',
    why: 'the object check: the honest envelope inside an array (deleting the check makes this case wrong-version)',
    envelope: [honest],
    expectedDid: CARD_DID,
    expect: 'not-an-object',
  },
  {
    name: 'the caller names no DID',
    why: 'the verifier refuses to run without the caller’s expectation',
    envelope: honest,
    expectedDid: null,
    expect: 'missing-expected-did',
  },
  {
    name: 'a valid card of somebody else',
    why: 'anti-substitution: expectedDid (the caller’s) against card.did',
    envelope: signCardEnvelope({ did: OTHER_DID, name: 'Other' }, OTHER_SEED, honest.ts),
    expectedDid: CARD_DID,
    expect: 'did-mismatch',
  },
  {
    name: 'sig with trailing bits set (a sibling spelling of the honest signature)',
    why: 'strict base64: the last data character before == carries 4 discarded bits',
    envelope: {
      ...honest,
      sig: honest.sig.replace(/.==$/, (m) => `${String.fromCharCode(m.charCodeAt(0) + 1)}==`),
    },
    expectedDid: CARD_DID,
    expect: 'sig-not-canonical-base64',
  },
  {
    name: 'a card holding a lone surrogate',
    why: 'the payload cannot be written canonically, so there is nothing to verify',
    envelope: { ...honest, card: { ...honest.card, name: '\ud800' } },
    expectedDid: CARD_DID,
    expect: 'not-canonicalizable',
  },
  {
    name: 'the identity key with the blob that verifies anything under a permissive verifier',
    why: 'the did door refuses small-order keys',
    envelope: { v: 1, typ: 'agentcard', card: { did: IDENTITY_DID }, ts: 0, sig: identityBlob },
    expectedDid: IDENTITY_DID,
    expect: 'small-order-key',
  },
  deepCard(),
  ...doorCases(),
];

/**
 * A card nested one level past the default cap (127), honestly signed: the signer refuses
 * to write one, so the signature is made over the payload directly. Without the depth
 * check it verifies.
 */
function deepCard() {
  let nested: unknown = [];
  // The card is level 1 and `deep` level 2, so 126 more arrays make it 128 deep.
  for (let level = 3; level <= 128; level++) nested = [nested];
  const card = { did: CARD_DID, deep: nested } as Card;
  const sig = base64Strict.encode(signEd25519(CARD_SEED, cardEnvelopePayload(card, honest.ts)));
  return {
    name: 'a card nested 128 levels deep',
    why: 'the depth cap (127), checked before the card is written out: deleting it accepts the case',
    envelope: { v: 1, typ: 'agentcard', card, ts: honest.ts, sig },
    expectedDid: CARD_DID,
    expect: 'too-deep',
  };
}
for (const c of cardpubRefuse) {
  const v = verifyCardEnvelope(c.envelope, { expectedDid: c.expectedDid as string, now: 'off' });
  if (v.ok || v.code !== c.expect)
    throw new Error(`vectors: cardpub.refuse/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}

/**
 * The refusals of the did door (DID to key) and of the Ed25519 door, one each, as the
 * envelope verifier passes them through: the card's did is spelled so that exactly the
 * door's check objects, or the honest signature is edited so that exactly one
 * signature-encoding check of the door objects.
 */
function doorCases() {
  const didOf = (prefix: number[], key: Uint8Array) =>
    `did:key:z${base58btc.encode(Uint8Array.of(...prefix, ...key))}`;
  const withDid = (name: string, why: string, did: string, expect: string) => ({
    name,
    why,
    envelope: { ...honest, card: { ...honest.card, did } },
    expectedDid: did,
    expect,
  });
  const withSig = (name: string, why: string, edit: (sig: Uint8Array) => Uint8Array, expect: string) => ({
    name,
    why,
    envelope: { ...honest, sig: base64Strict.encode(edit(unwrap(base64Strict.decode(honest.sig)))) },
    expectedDid: CARD_DID,
    expect,
  });
  const withR = (r: Uint8Array) => (sig: Uint8Array) => Uint8Array.of(...r, ...sig.subarray(32));
  const ff = new Uint8Array(32).fill(0xff);
  return [
    withDid('a did:web', 'the did door reads did:key only', 'did:web:node.example', 'not-did-key'),
    withDid('a did:key that is not base58btc', 'the multibase prefix z', 'did:key:m7QE', 'bad-multibase'),
    withDid(
      'a did:key of 600 base58 characters',
      'the base58 length cap, before the quadratic decode',
      `did:key:z${'2'.repeat(600)}`,
      'base58-too-long',
    ),
    withDid(
      'an X25519 did:key',
      'the Ed25519 multicodec prefix',
      didOf([0xec, 0x01], keyPairFromSeed(CARD_SEED).publicKey),
      'wrong-multicodec',
    ),
    withDid(
      'an Ed25519 did:key of 31 key bytes',
      'the key length',
      didOf([0xed, 0x01], new Uint8Array(31).fill(7)),
      'wrong-length',
    ),
    withDid(
      'the key 0xff x 32 (y not below p)',
      'canonical point encoding of the key',
      didOf([0xed, 0x01], ff),
      'non-canonical-key',
    ),
    withSig('a 63-byte signature', 'the signature length', (sig) => sig.subarray(0, 63), 'bad-length'),
    withSig(
      'S not below the group order',
      'S < L (S + L would be a second signature)',
      (sig) => Uint8Array.of(...sig.subarray(0, 63), 0xff),
      'non-canonical-s',
    ),
    withSig(
      'R is the identity point',
      'small-order R',
      withR(Uint8Array.of(1, ...new Uint8Array(31))),
      'small-order-r',
    ),
    withSig('R is 0xff x 32 (y not below p)', 'canonical encoding of R', withR(ff), 'non-canonical-r'),
  ];
}

// ---- domainLinkage -----------------------------------------------------------------

const LINK_SEED = new Uint8Array(32).fill(0x15);
const LINK_DID = didFromSeed(LINK_SEED);
const NBF = 1754870400;
const EXP = 1762646400;

const domainLinkage = ['example.com', 'agents.example.com', '127.0.0.1:8443'].map((domain, i) => {
  const token = signDomainLinkage(LINK_SEED, { origin: `https://${domain}`, nbf: NBF, exp: EXP });
  return {
    name: ['plain', 'subdomain', 'loopback-port'][i]!,
    did: LINK_DID,
    domain,
    nbf: NBF,
    exp: EXP,
    signingInput: token.slice(0, token.lastIndexOf('.')),
    token,
  };
});

const b64uText = (s: string) => base64urlStrict.encode(utf8Strict.encode(s));
const KID = `${LINK_DID}#${LINK_DID.slice('did:key:'.length)}`;
const honestHeader = { alg: 'EdDSA', kid: KID, typ: 'JWT' };
const honestClaims = (): Record<string, unknown> =>
  JSON.parse(text(unwrap(base64urlStrict.decode(domainLinkage[0]!.token.split('.')[1]!))));

/** A compact JWS over exactly these segment texts, signed by `seed`. */
function jws(header: unknown, payload: unknown, seed = LINK_SEED): string {
  const spell = (v: unknown) => b64uText(typeof v === 'string' ? v : canonicalString(v, { profile: 'seam' }));
  const input = `${spell(header)}.${spell(payload)}`;
  return `${input}.${base64urlStrict.encode(signEd25519(seed, utf8Strict.encode(input)))}`;
}
const claims = (edit: (c: any) => void) => {
  const c = honestClaims();
  edit(c);
  return c;
};
const plain = domainLinkage[0]!.token;
const [h0, p0, s0] = plain.split('.') as [string, string, string];

/** The same members in reverse order: equal as objects, different as bytes. */
const reordered = (claims: Record<string, unknown>) => Object.fromEntries(Object.entries(claims).reverse());

const linkCase = (name: string, why: string, token: string, expect: string, extra: object = {}) => ({
  name,
  why,
  token,
  expect,
  ...extra,
});

const domainLinkageRefuse = {
  note: 'Own domain linkage cases for verifyDomainLinkage(token, { did, origin, now }); did, origin and now are at group level unless a case overrides them.',
  did: LINK_DID,
  origin: 'https://example.com',
  now: NBF,
  accept: [
    {
      name: 'the caller spells the origin differently (uppercase host, default port)',
      why: 'both origins are canonicalized before comparison',
      token: plain,
      origin: 'https://EXAMPLE.com:443',
    },
    { name: 'one second before exp', token: plain, now: EXP - 1 },
  ],
  refuse: [
    {
      name: 'token is not text',
      why: 'the type check of the token: the honest token inside an array (deleting the check throws a TypeError)',
      token: [plain],
      expect: 'not-a-string',
    },
    linkCase(
      'longer than the cap',
      'the length cap, checked before decoding (the token is otherwise honest)',
      jws(
        honestHeader,
        claims((c) => (c.vc.padding = 'x'.repeat(8192))),
      ),
      'too-long',
    ),
    linkCase('two segments', 'the three-segment structure', `${h0}.${p0}`, 'malformed-jws'),
    linkCase(
      'padded signature segment',
      'unpadded base64url only (not repaired)',
      `${plain}==`,
      'bad-base64url',
    ),
    linkCase(
      'signature segment in the standard alphabet',
      'the base64url alphabet (not repaired)',
      `${h0}.${p0}.${s0.replace(/-/g, '+').replace(/_/g, '/')}`,
      'bad-base64url',
    ),
    linkCase(
      'header is not JSON',
      'the header must be a JSON object',
      jws('not json', honestClaims()),
      'malformed-header',
    ),
    linkCase(
      'header names alg twice',
      'one spelling: a member name repeated in a segment is refused, not read last-wins (a last-wins reader sees alg EdDSA and the signature verifies)',
      jws(`{"alg":"ES256",${canonicalString(honestHeader, { profile: 'seam' }).slice(1)}`, honestClaims()),
      'malformed-header',
    ),
    linkCase(
      'alg ES256',
      'alg compared with the constant EdDSA',
      jws({ ...honestHeader, alg: 'ES256' }, honestClaims()),
      'wrong-alg',
    ),
    linkCase('typ JOSE', 'typ JWT', jws({ ...honestHeader, typ: 'JOSE' }, honestClaims()), 'wrong-typ'),
    linkCase(
      'kid names a fragment the DID does not define',
      'kid = <did>#<multibase>',
      jws({ ...honestHeader, kid: `${LINK_DID}#key-1` }, honestClaims()),
      'wrong-kid',
    ),
    linkCase(
      'payload is an array',
      'the payload must be a JSON object',
      jws(honestHeader, '[]'),
      'malformed-payload',
    ),
    linkCase(
      'iss is another DID',
      'iss == sub == credentialSubject.id == the caller’s did',
      jws(
        honestHeader,
        claims((c) => (c.iss = didFromSeed(new Uint8Array(32).fill(0x16)))),
      ),
      'did-mismatch',
    ),
    linkCase(
      'credentialSubject.id is another DID',
      'iss == sub == credentialSubject.id == the caller’s did',
      jws(
        honestHeader,
        claims((c) => (c.vc.credentialSubject.id = didFromSeed(new Uint8Array(32).fill(0x16)))),
      ),
      'did-mismatch',
    ),
    linkCase(
      'not a DomainLinkageCredential',
      'the credential type',
      jws(
        honestHeader,
        claims((c) => (c.vc.type = ['VerifiableCredential'])),
      ),
      'wrong-credential-type',
    ),
    linkCase(
      'no exp',
      'exp is mandatory (a domain is leased)',
      jws(
        honestHeader,
        claims((c) => delete c.exp),
      ),
      'missing-exp',
    ),
    linkCase(
      'exp as a fraction',
      'integer seconds',
      jws(
        honestHeader,
        claims((c) => (c.exp = EXP + 0.5)),
      ),
      'not-integer-time',
    ),
    linkCase('before nbf', 'the nbf comparison', plain, 'not-yet-valid', { now: NBF - 1 }),
    linkCase('at exp', 'the exp comparison (exp itself is past)', plain, 'expired', { now: EXP }),
    linkCase(
      'the credential origin has a path',
      'an origin is scheme, host and port only',
      jws(
        honestHeader,
        claims((c) => (c.vc.credentialSubject.origin = 'https://example.com/agents')),
      ),
      'bad-origin',
    ),
    linkCase('another origin', 'the origin comparison', plain, 'origin-mismatch', {
      origin: 'https://example.org',
    }),
    linkCase(
      'a non-default port is another origin',
      'the port is part of the origin',
      plain,
      'origin-mismatch',
      { origin: 'https://example.com:8443' },
    ),
    linkCase(
      'the payload re-serialised in another member order, signature kept',
      'the signature covers the segment text as received: a verifier that re-serialises the decoded payload would accept this',
      `${h0}.${b64uText(JSON.stringify(reordered(honestClaims())))}.${s0}`,
      'bad-signature',
    ),
    linkCase(
      'signed by another key',
      'the Ed25519 equation',
      jws(honestHeader, honestClaims(), new Uint8Array(32).fill(0x16)),
      'bad-signature',
    ),
  ],
};

// ---- a2a ---------------------------------------------------------------------------

const A2A_SEED = new Uint8Array(32).fill(0x2a);
const A2A_KID = 'did:example:agent#0';
const A2A_JKU = 'https://agent.example/jwks.json';
const a2aJwks = {
  keys: [
    {
      kty: 'OKP',
      crv: 'Ed25519',
      kid: A2A_KID,
      x: base64urlStrict.encode(keyPairFromSeed(A2A_SEED).publicKey),
    },
  ],
};
const a2aCard = {
  name: 'Echo Agent',
  description: 'Card signing vector: ünïcode, a float 0.5 and 1e21',
  version: '1.0.0',
  capabilities: { streaming: false, score: 0.5, big: 1e21 },
  skills: [{ id: 'echo', name: 'Echo', tags: ['text'] }],
};
const a2aSignature = signA2ACard(a2aCard, A2A_SEED, { kid: A2A_KID, jku: A2A_JKU });

/** A detached JWS over the card with a hand-made protected header. */
function a2aSigned(header: unknown, card: object = a2aCard, seed = A2A_SEED) {
  const protectedText = b64uText(
    typeof header === 'string' ? header : text(canonicalize(header, { profile: 'jcs' })),
  );
  const payload = base64urlStrict.encode(canonicalize(card, { profile: 'jcs' }));
  const signature = base64urlStrict.encode(
    signEd25519(seed, utf8Strict.encode(`${protectedText}.${payload}`)),
  );
  return { protected: protectedText, signature };
}
const a2aHeader = { alg: 'EdDSA', jku: A2A_JKU, kid: A2A_KID, typ: 'JOSE' };

const a2a = {
  note: 'Own A2A Agent Card signature cases for verifyA2ACard(card, signature, { jwks }): detached JWS (EdDSA) over the RFC 8785 form of the card without `signatures`.',
  jwks: a2aJwks,
  accept: [
    { name: 'signA2ACard output', card: a2aCard, signature: a2aSignature },
    {
      name: 'the card already carries signatures (excluded from the payload)',
      card: { ...a2aCard, signatures: [a2aSignature] },
      signature: a2aSignature,
    },
  ],
  refuse: [
    {
      name: 'card is not an object',
      why: 'the card shape check',
      card: [],
      signature: a2aSignature,
      expect: 'malformed-card',
    },
    {
      name: 'signature without protected',
      why: 'the signature object shape',
      card: a2aCard,
      signature: { signature: a2aSignature.signature },
      expect: 'malformed-signature',
    },
    {
      name: 'padded protected header',
      why: 'unpadded base64url only',
      card: a2aCard,
      signature: { ...a2aSignature, protected: `${a2aSignature.protected}=` },
      expect: 'bad-base64url',
    },
    {
      name: 'protected header is not JSON',
      why: 'the protected header must be a JSON object',
      card: a2aCard,
      signature: a2aSigned('{alg'),
      expect: 'malformed-protected-header',
    },
    {
      name: 'protected header names alg twice',
      why: 'one spelling: a member name repeated in the header is refused, not read last-wins (a last-wins reader sees alg EdDSA and the signature verifies)',
      card: a2aCard,
      signature: a2aSigned(`{"alg":"ES256",${text(canonicalize(a2aHeader, { profile: 'jcs' })).slice(1)}`),
      expect: 'malformed-protected-header',
    },
    {
      name: 'alg ES256',
      why: 'alg compared with the constant, never taken from the card',
      card: a2aCard,
      signature: a2aSigned({ ...a2aHeader, alg: 'ES256' }),
      expect: 'wrong-alg',
    },
    {
      name: 'typ JWT',
      why: 'typ JOSE',
      card: a2aCard,
      signature: a2aSigned({ ...a2aHeader, typ: 'JWT' }),
      expect: 'wrong-typ',
    },
    {
      name: 'no jku',
      why: 'the protected header names its key set',
      card: a2aCard,
      signature: a2aSigned({ alg: 'EdDSA', kid: A2A_KID, typ: 'JOSE' }),
      expect: 'missing-header-member',
    },
    {
      name: 'crit present',
      why: 'no critical extensions are understood',
      card: a2aCard,
      signature: a2aSigned({ ...a2aHeader, crit: ['b64'], b64: true }),
      expect: 'unsupported-crit',
    },
    {
      name: 'kid not in the key set',
      why: 'the key lookup by kid',
      card: a2aCard,
      signature: a2aSigned({ ...a2aHeader, kid: 'did:example:agent#1' }),
      expect: 'unknown-key',
    },
    {
      name: 'a card holding a lone surrogate',
      why: 'the card has no RFC 8785 form',
      card: { ...a2aCard, name: '\ud800' },
      signature: a2aSignature,
      expect: 'not-canonicalizable',
    },
    {
      name: 'card edited after signing',
      why: 'the Ed25519 equation',
      card: { ...a2aCard, name: 'Evil Agent' },
      signature: a2aSignature,
      expect: 'bad-signature',
    },
  ],
};

export const parts = [
  {
    file: 'wire_vectors.json',
    content: {
      cardpub,
      domainLinkage,
      reject: { cardpub: rejectCardpub },
      'cardpub.refuse': cardpubRefuse,
      'cardpub.freshness': cardpubFreshness,
      'domainLinkage.refuse': domainLinkageRefuse,
      a2a,
    },
  },
];
