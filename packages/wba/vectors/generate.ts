// Vectors of @agent-seam/wba, written into vectors/wire_vectors.json:
// - `webBotAuth`: the upstream group re-derived from its seed (tests compare it with the
//   upstream file value for value);
// - `wba.profile` and `wba.directory`: this repository's own accept/refuse cases, one
//   refusal per check of the profile, each signed honestly so that only that check can
//   refuse it.
import { base64Strict, canonicalString, hex, unwrap, utf8Strict } from '../../canonical/src/index.ts';
import { didFromPublicKey, didFromSeed, keyPairFromSeed, signEd25519 } from '../../did/src/index.ts';
import {
  type ComponentLine,
  contentDigest,
  jwkFromPublicKey,
  signatureBase,
  signDirectory,
  signRequest,
  thumbprint,
  thumbprintInput,
} from '../src/index.ts';

const SEED = unwrap(hex.decode('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'));
const OTHER_SEED = new Uint8Array(32).fill(0x21);
const PUBLIC = keyPairFromSeed(SEED).publicKey;
const KEYID = unwrap(thumbprint(jwkFromPublicKey(PUBLIC)));
const OTHER_KEYID = unwrap(thumbprint(jwkFromPublicKey(keyPairFromSeed(OTHER_SEED).publicKey)));
const CREATED = 1754870400;

// ---- webBotAuth: the upstream group, re-derived ----------------------------------

const upstreamKeys = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
  '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  '094119b513c9c595718eaba5a497a8e0ea1dd19bd5e043dad8b5f1ee9a893b64',
].map((publicHex) => {
  const jwk = jwkFromPublicKey(unwrap(hex.decode(publicHex)));
  return {
    publicHex,
    did: didFromPublicKey(unwrap(hex.decode(publicHex))),
    x: jwk.x,
    thumbprintInput: unwrap(thumbprintInput(jwk)),
    thumbprint: unwrap(thumbprint(jwk)),
  };
});

/** The fields a reader needs to reproduce a signature: params, base, both headers. */
function described(headers: { 'signature-input': string; signature: string }, lines: ComponentLine[]) {
  const signatureParams = headers['signature-input'].slice(headers['signature-input'].indexOf('=') + 1);
  return {
    signatureParams,
    signatureBase: signatureBase(lines, signatureParams),
    signatureInput: headers['signature-input'],
    signature: headers.signature,
  };
}

const agentUrl = `https://muretai.net/${didFromSeed(SEED).slice('did:key:'.length)}`;
const request = signRequest({
  seed: SEED,
  authority: 'example.com',
  signatureAgent: agentUrl,
  // The upstream group predates signRequest's default nonce and the dictionary form.
  signatureAgentForm: 'legacy',
  created: CREATED,
  expires: CREATED + 300,
  nonce: false,
});
const directory = signDirectory({
  seed: SEED,
  authority: 'example.com',
  created: CREATED,
  expires: CREATED + 7200,
  form: 'legacy',
});

const webBotAuth = {
  note: 'Web Bot Auth (RFC 9421 subset) re-derived by packages/wba/vectors/generate.ts from seedHex; the tests compare every value with the upstream agent-seam file. keys[] reuses the did section public keys (keys[2].publicHex is the seed bytes used as a PUBLIC key, hence another DID than `did`). keyid is the RFC 7638 thumbprint of the JWK; thumbprintInput is the exact text hashed. alg is the RFC 9421 name ed25519, not JOSE EdDSA. Bases are LF-joined without a trailing newline; tag separates requests from directories.',
  seedHex: hex.encode(SEED),
  did: didFromSeed(SEED),
  keys: upstreamKeys,
  request: {
    authority: 'example.com',
    created: CREATED,
    expires: CREATED + 300,
    keyid: KEYID,
    alg: 'ed25519',
    tag: 'web-bot-auth',
    components: ['@authority', 'signature-agent'],
    signatureAgentUrl: agentUrl,
    signatureAgent: request['signature-agent']!,
    ...described(request, [
      { name: '@authority', value: 'example.com' },
      { name: 'signature-agent', value: request['signature-agent']! },
    ]),
  },
  directory: {
    authority: 'example.com',
    created: CREATED,
    expires: CREATED + 7200,
    keyid: KEYID,
    alg: 'ed25519',
    tag: 'http-message-signatures-directory',
    components: ['@authority'],
    path: '/.well-known/http-message-signatures-directory',
    contentType: 'application/http-message-signatures-directory+json',
    body: directory.body,
    ...described(directory.headers, [{ name: '@authority', value: 'example.com' }]),
  },
};

// ---- wba.profile: own request cases ----------------------------------------------

const AUTHORITY = 'entry.example';
const NOW = CREATED + 10;
const AGENT = '"https://agent.example/hp"';

/**
 * Signs arbitrary Signature-Input text (member value `params`) honestly: the base is
 * built from exactly what is sent, so a case refused by the profile is refused by the
 * profile check alone, never by the signature.
 */
function signRaw(params: string, lines: ComponentLine[], seed = SEED, label = 'sig1') {
  const signature = base64Strict.encode(signEd25519(seed, utf8Strict.encode(signatureBase(lines, params))));
  return {
    'signature-input': `${label}=${params}`,
    signature: `${label}=:${signature}:`,
    'signature-agent': AGENT,
  };
}
const authorityOnly: ComponentLine[] = [{ name: '@authority', value: AUTHORITY }];
const withAgent: ComponentLine[] = [...authorityOnly, { name: 'signature-agent', value: AGENT }];
const LIST = '("@authority" "signature-agent")';
const tail = (extra = '') =>
  `;created=${CREATED};expires=${CREATED + 300};keyid="${KEYID}";alg="ed25519";tag="web-bot-auth"${extra}`;
const honest = signRaw(LIST + tail(), withAgent);
const MIRROR = '"https://mirror.example/hp"';
/** Another signer's entry, labelled apart from ours. */
const foreign = signRaw(LIST + tail().replace(KEYID, OTHER_KEYID), withAgent, OTHER_SEED, 'foreign');

/** A copy of the honest signature with one byte of S changed so that S >= L. */
function withSignatureBytes(edit: (sig: Uint8Array) => Uint8Array) {
  const sig = unwrap(base64Strict.decode(honest.signature.slice('sig1=:'.length, -1)));
  return { ...honest, signature: `sig1=:${base64Strict.encode(edit(sig))}:` };
}

/** Two signed entries sent together, in this order. */
type SignatureFields = { 'signature-input': string; signature: string };
const twoEntries = (a: SignatureFields, b: SignatureFields) => ({
  'signature-input': `${a['signature-input']}, ${b['signature-input']}`,
  signature: `${a.signature}, ${b.signature}`,
  'signature-agent': AGENT,
});

const zeroKey = jwkFromPublicKey(new Uint8Array(32));
const nonCanonicalKey = jwkFromPublicKey(new Uint8Array(32).fill(0xff));
const profileJwks = { keys: [jwkFromPublicKey(PUBLIC), zeroKey, nonCanonicalKey] };

const profile = {
  note: 'Own Web Bot Auth request cases. Verifier inputs are authority, jwks and now at group level; each refusal names the one check it exists for in `why` and the code in `expect`.',
  seedHex: hex.encode(SEED),
  did: didFromSeed(SEED),
  authority: AUTHORITY,
  now: NOW,
  jwks: profileJwks,
  accept: [
    {
      name: 'signRequest with a legacy Signature-Agent',
      headers: signRequest({
        seed: SEED,
        authority: AUTHORITY,
        signatureAgent: 'https://agent.example/hp',
        signatureAgentForm: 'legacy',
        created: CREATED,
        expires: CREATED + 300,
        nonce: false,
      }),
    },
    {
      name: 'signRequest without a Signature-Agent, with a nonce and another label',
      headers: signRequest({
        seed: SEED,
        authority: AUTHORITY,
        created: CREATED,
        expires: CREATED + 600,
        label: 'agent-2',
        nonce: 'bm9uY2U=',
      }),
    },
    {
      name: 'created exactly 300 s ahead of now (the skew bound is inclusive)',
      headers: signRaw(
        `${LIST};created=${NOW + 300};expires=${NOW + 600};keyid="${KEYID}";tag="web-bot-auth"`,
        withAgent,
      ),
    },
    {
      name: 'expires exactly now (still valid at that second)',
      headers: signRaw(
        `${LIST};created=${NOW - 300};expires=${NOW};keyid="${KEYID}";tag="web-bot-auth"`,
        withAgent,
      ),
    },
    {
      name: "Node's IncomingHttpHeaders shape: Signature-Input and Signature each as two field lines",
      why: 'repeated field lines are combined as RFC 9421 section 2.1 says (trimmed, joined with a comma and a space); with lists refused instead of combined, this case went red',
      headers: {
        'signature-input': [foreign['signature-input'], honest['signature-input']],
        signature: [foreign.signature, honest.signature],
        'signature-agent': AGENT,
      },
    },
    {
      name: 'a covered field sent as two field lines, the first with trailing spaces',
      why: 'the covered value is the lines stripped of surrounding spaces and joined with ", " (the value a Fetch Headers gives); without the trim, bad-signature',
      headers: {
        ...signRaw(LIST + tail(), [
          ...authorityOnly,
          { name: 'signature-agent', value: `${AGENT}, ${MIRROR}` },
        ]),
        'signature-agent': [`${AGENT}  `, MIRROR],
      },
    },
    {
      name: 'the header field names arrive in mixed case',
      headers: {
        'Signature-Input': honest['signature-input'],
        SIGNATURE: honest.signature,
        'Signature-Agent': AGENT,
      },
    },
  ],
  refuse: [
    {
      name: 'headers is a string, not a header source',
      why: 'the type check of the header source (a record or a Headers); deleted once, the string was read as a record of its indexes: missing-signature-input',
      headers: honest['signature-input'],
      expect: 'not-an-object',
    },
    {
      name: 'headers is an array of name/value pairs',
      why: 'an array is not a header record; deleted once, its indexes were read as field names: missing-signature-input',
      headers: Object.entries(honest),
      expect: 'not-an-object',
    },
    {
      name: 'a Signature value that is a number',
      why: 'the type check of a field value (a string or a list of strings); deleted once, verifyRequest threw a TypeError',
      headers: { ...honest, signature: 12345 },
      expect: 'not-a-string',
    },
    {
      name: 'a field line in the Signature-Input list that is not a string',
      why: 'every field line of a repeated field is a string; deleted once, verifyRequest threw a TypeError',
      headers: { ...honest, 'signature-input': [honest['signature-input'], 7] },
      expect: 'not-a-string',
    },
    {
      name: 'a covered Signature-Agent value that is a number',
      why: 'the type check of a covered field value, read while the base is built (its own check, after the key and the times, so its code is the covered-header one, not the not-a-string of the signature fields read first); deleted once, the case read missing-covered-header',
      headers: { ...honest, 'signature-agent': 42 },
      expect: 'malformed-covered-header',
    },
    {
      name: 'a JWK Set whose keys is an object, not an array',
      why: 'the shape check of the directory handed to verifyRequest (its own code, not unknown-key); deleted once, verifyRequest threw a TypeError',
      headers: honest,
      jwks: { keys: jwkFromPublicKey(PUBLIC) },
      expect: 'malformed-directory',
    },
    {
      name: 'a JWK Set that is a string',
      why: 'the shape check of the directory: not an object at all; deleted once, verifyRequest threw a TypeError',
      headers: honest,
      jwks: JSON.stringify({ keys: [jwkFromPublicKey(PUBLIC)] }),
      expect: 'malformed-directory',
    },
    {
      name: 'Signature-Input present, Signature absent',
      why: 'the presence check of the Signature field',
      headers: { 'signature-input': honest['signature-input'], 'signature-agent': AGENT },
      expect: 'missing-signature',
    },
    {
      name: 'Signature longer than the cap',
      why: 'the length cap on Signature, checked before parsing',
      headers: { ...honest, signature: `${honest.signature}${' '.repeat(4096)}` },
      expect: 'header-too-long',
    },
    {
      name: 'two spaces between components (not the serialised spelling)',
      why: 'the single-space rule inside an inner list: the text signed must be the canonical serialisation',
      headers: signRaw(`("@authority"  "signature-agent")${tail()}`, withAgent),
      expect: 'malformed-signature-input',
    },
    {
      name: 'created written with a leading zero',
      why: 'the one-spelling rule for sf-integers',
      headers: signRaw(
        `${LIST};created=0${CREATED};expires=${CREATED + 300};keyid="${KEYID}";tag="web-bot-auth"`,
        withAgent,
      ),
      expect: 'malformed-signature-input',
    },
    {
      name: 'no expires parameter',
      why: 'the required-parameter check (expires bounds the lifetime)',
      headers: signRaw(`${LIST};created=${CREATED};keyid="${KEYID}";tag="web-bot-auth"`, withAgent),
      expect: 'missing-parameter',
    },
    {
      name: 'keyid as an integer',
      why: 'the parameter type check',
      headers: signRaw(
        `${LIST};created=${CREATED};expires=${CREATED + 300};keyid=7;tag="web-bot-auth"`,
        withAgent,
      ),
      expect: 'wrong-parameter-type',
    },
    {
      name: 'a parameter outside the profile',
      why: 'the closed parameter set (unknown parameters would be signed but unread)',
      headers: signRaw(LIST + tail(';context="x"'), withAgent),
      expect: 'unsupported-parameter',
    },
    {
      name: 'expires before created, both inside the clock window',
      why: 'the ordering check of created and expires',
      headers: signRaw(
        `${LIST};created=${NOW + 100};expires=${NOW + 50};keyid="${KEYID}";tag="web-bot-auth"`,
        withAgent,
      ),
      expect: 'expires-before-created',
    },
    {
      name: 'signature-agent covered but not sent',
      why: 'the presence of every covered header field',
      headers: { 'signature-input': honest['signature-input'], signature: honest.signature },
      expect: 'missing-covered-header',
    },
    {
      name: 'a covered header value holding a line feed',
      why: 'covered values may not carry line breaks (they would forge signature base lines)',
      headers: {
        ...signRaw(LIST + tail(), [...authorityOnly, { name: 'signature-agent', value: '"a"\n"b"' }]),
        'signature-agent': '"a"\n"b"',
      },
      expect: 'malformed-covered-header',
    },
    {
      name: 'the Signature bytes in a non-canonical base64 spelling (trailing bits set)',
      why: 'strict base64 of the signature: one signature, one spelling',
      headers: {
        ...honest,
        signature: honest.signature.replace(/.==:$/, (m) => `${String.fromCharCode(m.charCodeAt(0) + 1)}==:`),
      },
      expect: 'bad-signature-encoding',
    },
    {
      name: 'a 63-byte signature',
      why: 'the signature length check of the Ed25519 door',
      headers: withSignatureBytes((sig) => sig.subarray(0, 63)),
      expect: 'bad-length',
    },
    {
      name: 'S not below the group order',
      why: 'the door refuses S >= L (a second spelling of every signature)',
      headers: withSignatureBytes((sig) => {
        const out = sig.slice();
        out[63] = 0xff;
        return out;
      }),
      expect: 'non-canonical-s',
    },
    {
      name: 'the all-zero key, named by its own thumbprint',
      why: 'the door refuses a small-order public key (it "verifies" forged signatures)',
      headers: signRaw(
        `${LIST};created=${CREATED};expires=${CREATED + 300};keyid="${unwrap(thumbprint(zeroKey))}";alg="ed25519";tag="web-bot-auth"`,
        withAgent,
      ),
      expect: 'small-order-key',
    },
    {
      name: 'R is the identity point',
      why: 'the door refuses a small-order R',
      headers: withSignatureBytes((sig) => Uint8Array.of(1, ...new Uint8Array(31), ...sig.subarray(32))),
      expect: 'small-order-r',
    },
    {
      name: 'R is 0xff x 32 (y not below p)',
      why: 'the door refuses a non-canonical encoding of R',
      headers: withSignatureBytes((sig) =>
        Uint8Array.of(...new Uint8Array(32).fill(0xff), ...sig.subarray(32)),
      ),
      expect: 'non-canonical-r',
    },
    {
      name: 'the key 0xff x 32 (y not below p), named by its own thumbprint',
      why: 'the door refuses a key that is not a canonical point encoding',
      headers: signRaw(
        `${LIST};created=${CREATED};expires=${CREATED + 300};keyid="${unwrap(thumbprint(nonCanonicalKey))}";alg="ed25519";tag="web-bot-auth"`,
        withAgent,
      ),
      expect: 'non-canonical-key',
    },
    {
      name: 'a foreign entry first, then ours with the directory tag',
      why: 'the refusal reported is that of the entry naming our key (wrong-tag), not the foreign one (unknown-key)',
      headers: twoEntries(
        foreign,
        signRaw(LIST + tail().replace('web-bot-auth', 'http-message-signatures-directory'), withAgent),
      ),
      expect: 'wrong-tag',
    },
    {
      name: 'a signature by another key under our keyid',
      why: 'the Ed25519 equation itself',
      headers: signRaw(LIST + tail(), withAgent, OTHER_SEED),
      expect: 'bad-signature',
    },
  ],
};

// ---- wba.directory: own directory cases -------------------------------------------

const DIR_NOW = CREATED + 60;
const dirSigned = (params: string, seed = SEED) => {
  const { 'signature-agent': _, ...headers } = signRaw(params, authorityOnly, seed);
  return headers;
};
const dirParams = (tag: string, expires = CREATED + 7200, keyid = KEYID) =>
  `("@authority");created=${CREATED};expires=${expires};keyid="${keyid}";alg="ed25519";tag="${tag}"`;
const ownDirectory = signDirectory({
  seed: SEED,
  authority: AUTHORITY,
  created: CREATED,
  expires: CREATED + 7200,
});

const directoryGroup = {
  note: 'Own directory self-attestation cases (verifyDirectory): the body is the JWKS text as received; authority and now at group level.',
  // The signer every accepted case verifies as (the profile's seed).
  did: didFromSeed(SEED),
  authority: AUTHORITY,
  now: DIR_NOW,
  accept: [{ name: 'signDirectory output', headers: ownDirectory.headers, body: ownDirectory.body }],
  refuse: [
    {
      name: 'a request signature replayed as a directory attestation',
      why: 'the tag check in the directory direction',
      headers: dirSigned(dirParams('web-bot-auth')),
      body: ownDirectory.body,
      expect: 'wrong-tag',
    },
    {
      name: 'signed by a key the directory does not publish',
      why: 'the directory must be signed by one of its own keys',
      headers: dirSigned(
        dirParams('http-message-signatures-directory', CREATED + 7200, OTHER_KEYID),
        OTHER_SEED,
      ),
      body: ownDirectory.body,
      expect: 'unknown-key',
    },
    {
      name: 'lifetime of two days',
      why: 'the directory lifetime cap (86400 s)',
      headers: dirSigned(dirParams('http-message-signatures-directory', CREATED + 172800)),
      body: ownDirectory.body,
      expect: 'lifetime-too-long',
    },
    {
      name: 'a body that is a number, not text or bytes',
      why: 'the type check of the body (a string or a Uint8Array); deleted once, the number was judged as UTF-8 bytes: malformed-directory',
      headers: ownDirectory.headers,
      body: 42,
      expect: 'not-bytes',
    },
    {
      name: 'response headers that are a string',
      why: 'the type check of the response header source; deleted once, verifyDirectory threw a TypeError',
      headers: ownDirectory.headers['signature-input'],
      body: ownDirectory.body,
      expect: 'not-an-object',
    },
    {
      name: 'a JSON body whose keys is not an array',
      why: 'the JWK Set shape check (keys must be an array); deleted once, verifyDirectory threw a TypeError',
      headers: ownDirectory.headers,
      body: '{"keys":{}}',
      expect: 'malformed-directory',
    },
    {
      name: 'a body that is not JSON',
      why: 'the directory body must parse as a JWKS',
      headers: ownDirectory.headers,
      body: `${ownDirectory.body}}`,
      expect: 'malformed-directory',
    },
    {
      name: 'a body over the size cap',
      why: 'the body cap, checked before parsing',
      headers: ownDirectory.headers,
      body: canonicalString(
        { keys: [jwkFromPublicKey(PUBLIC)], pad: 'x'.repeat(65536) },
        { profile: 'seam' },
      ),
      expect: 'directory-too-large',
    },
  ],
};

// ---- jwk.refuse: keys a strict reader refuses (expect: thumbprint's code; keyExpect: publicKeyFromJwk's)

const goodX = jwkFromPublicKey(PUBLIC).x;
/** The same 32 bytes spelled with non-zero trailing bits (43 chars carry 258 bits). */
const siblingX = goodX.slice(0, -1) + String.fromCharCode(goodX.charCodeAt(42) + 1);
const jwkRefuse = [
  {
    name: 'x laced with a space',
    why: 'strict base64url: a decoder that skips whitespace gives the key a second name',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: `${goodX.slice(0, 10)} ${goodX.slice(10)}` },
    expect: 'bad-key-encoding',
    keyExpect: 'bad-key-encoding',
  },
  {
    name: 'x with trailing bits set',
    why: 'strict base64url: zero residual bits',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: siblingX },
    expect: 'bad-key-encoding',
    keyExpect: 'bad-key-encoding',
  },
  {
    name: 'x padded',
    why: 'strict base64url: no padding',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: `${goodX}=` },
    expect: 'bad-key-encoding',
    keyExpect: 'bad-key-encoding',
  },
  {
    name: 'a symmetric key',
    why: 'only key types with RFC 7638 members (OKP, EC, RSA) have a thumbprint here',
    jwk: { kty: 'oct', k: 'c2VjcmV0' },
    expect: 'unsupported-key-type',
    keyExpect: 'unsupported-key-type',
  },
  {
    name: 'no x',
    why: 'every required member is present',
    jwk: { kty: 'OKP', crv: 'Ed25519' },
    expect: 'not-a-jwk',
    // The key reader needs x to be 32 bytes: an absent x is that refusal.
    keyExpect: 'bad-key-encoding',
  },
  {
    name: 'not an object',
    why: 'a JWK is a JSON object',
    jwk: [goodX],
    expect: 'not-a-jwk',
    keyExpect: 'not-a-jwk',
  },
];

// ---- wba.request: verifyRequest given a Fetch API Request ----------------------------

const FROM_URL = { fromRequestUrl: true };
const requestGroup = {
  note: "verifyRequest({ request, authority, jwks, now }) with a Fetch API Request built from `url` and `headers` (a case with `request` passes that value as it is). `authority` is the verifier option: the server's own authority, or { fromRequestUrl: true }. jwks and now at group level.",
  // The signer every accepted case verifies as (the profile's seed).
  did: didFromSeed(SEED),
  jwks: { keys: [jwkFromPublicKey(PUBLIC)] },
  now: NOW,
  accept: [
    {
      name: 'the authority from the server configuration, whatever host the request URL names',
      why: 'behind a proxy the request URL names the upstream; the configured authority is the one signed',
      url: 'http://upstream.internal:8080/page',
      headers: honest,
      authority: AUTHORITY,
    },
    {
      name: 'authority from the request URL: the host lowercased, the default port left out',
      why: 'RFC 9421 section 2.2.3 normalises @authority as the URL host does; with { fromRequestUrl } ignored, this and the next case went red',
      url: 'https://ENTRY.example:443/page?q=1',
      headers: honest,
      authority: FROM_URL,
    },
    {
      name: 'authority from the request URL keeps a port that is not the default',
      why: 'the port is part of the authority when it is not the scheme default',
      url: 'https://entry.example:8443/',
      headers: signRaw(LIST + tail(), [
        { name: '@authority', value: `${AUTHORITY}:8443` },
        { name: 'signature-agent', value: AGENT },
      ]),
      authority: FROM_URL,
    },
  ],
  refuse: [
    {
      name: 'authority from a request URL whose host is not the one signed',
      why: 'the base is built with the host of the request URL (bad-signature; the detail names that authority)',
      url: 'https://mirror.example/page',
      headers: honest,
      authority: FROM_URL,
      expect: 'bad-signature',
    },
    {
      name: 'a request that is a string',
      why: 'the type check of the request (a Request with headers); deleted once, verifyRequest threw a TypeError',
      request: 'https://entry.example/page',
      authority: AUTHORITY,
      expect: 'not-an-object',
    },
    {
      name: 'a request without headers',
      why: 'the request must carry a Headers (the same check); deleted once, verifyRequest threw a TypeError',
      request: { url: 'https://entry.example/page' },
      authority: AUTHORITY,
      expect: 'not-an-object',
    },
    {
      name: 'a request URL that is not an absolute URL',
      why: 'the URL parse of request.url (a relative URL names no host); with the parse error uncaught, verifyRequest threw',
      url: 'entry.example/page',
      headers: honest,
      authority: FROM_URL,
      expect: 'malformed-request-url',
    },
    {
      name: 'a request URL without a host',
      why: 'an empty host is no authority; deleted once, the base was built with an empty @authority: bad-signature',
      url: 'file:///srv/page',
      headers: honest,
      authority: FROM_URL,
      expect: 'malformed-request-url',
    },
    {
      name: 'a request URL that is a list',
      why: 'the type check of request.url; deleted once, the list stringified to a URL and the request was accepted',
      url: ['https://entry.example/page'],
      headers: honest,
      authority: FROM_URL,
      expect: 'malformed-request-url',
    },
  ],
};

// ---- wba.signature-agent: parseSignatureAgent --------------------------------------

/** The entry parseSignatureAgent gives for a legacy string (uri as written, url normalised). */
const legacyEntry = (uri: string, url = uri) => [
  { label: null, uri, url, type: 'directory', form: 'legacy' },
];
const entry = (label: string, uri: string, type = 'directory', url = uri) => ({
  label,
  uri,
  url,
  type,
  form: 'dictionary',
});

const signatureAgentGroup = {
  note: 'parseSignatureAgent(header, { allowHttp }): the Signature-Agent field value (a string, a list of field lines, or null when absent) to its entries: the legacy sf-string (label null) or the dictionary form (one entry per member, its type, `directory` when absent); `uri` as written, `url` as the WHATWG URL parser normalises it; `expect` is the entries or the refusal code.',
  accept: [
    {
      name: 'a directory URL',
      header: '"https://bot.example/.well-known/http-message-signatures-directory"',
      expect: legacyEntry('https://bot.example/.well-known/http-message-signatures-directory'),
    },
    {
      name: 'an origin in capitals, surrounded by spaces',
      why: 'optional whitespace around the field is allowed; the URL is normalised; without the trim, refused',
      header: '  "HTTPS://Bot.Example"\t',
      expect: legacyEntry('HTTPS://Bot.Example', 'https://bot.example/'),
    },
    {
      name: 'one field line in a list (Node headers)',
      header: ['"https://bot.example/keys"'],
      expect: legacyEntry('https://bot.example/keys'),
    },
    {
      name: 'escaped quotes inside the sf-string',
      why: 'the sf-string escapes are undone before the URL is read; without, the backslashes became path slashes',
      header: '"https://bot.example/say\\"hi\\""',
      expect: legacyEntry('https://bot.example/say"hi"', 'https://bot.example/say%22hi%22'),
    },
    {
      name: 'http to a local test server, with allowHttp',
      why: 'allowHttp admits http; with it ignored, refused',
      allowHttp: true,
      header: '"http://127.0.0.1:8080"',
      expect: legacyEntry('http://127.0.0.1:8080', 'http://127.0.0.1:8080/'),
    },
    {
      name: 'the dictionary form: one member, type directory by default',
      why: 'a field not starting with a quote is the dictionary form (draft-meunier-webbotauth-httpsig-protocol); read as the legacy string, refused',
      header: 'sig1="https://bot.example"',
      expect: [entry('sig1', 'https://bot.example', 'directory', 'https://bot.example/')],
    },
    {
      name: 'the dictionary form: three members, jwks_uri and cimd types, an unknown parameter kept out',
      why: 'the type parameter is a token read per member; with the type ignored, each read directory and the paths were refused',
      header:
        'a="https://a.example/", b="https://b.example/jwks.json";type=jwks_uri, c="https://c.example/card";type=cimd;x=1',
      expect: [
        entry('a', 'https://a.example/'),
        entry('b', 'https://b.example/jwks.json', 'jwks_uri'),
        entry('c', 'https://c.example/card', 'cimd'),
      ],
    },
  ],
  refuse: [
    {
      name: 'no Signature-Agent',
      why: 'the presence check; deleted once, parseSignatureAgent threw a TypeError',
      header: null,
      expect: 'missing-signature-agent',
    },
    {
      name: 'a number',
      why: 'the type check of the field value; with its verdict ignored, the case read missing-signature-agent',
      header: 42,
      expect: 'not-a-string',
    },
    {
      name: 'a bare URL without quotes',
      why: 'neither form: not a string, and a dictionary key cannot hold ":"',
      header: 'https://bot.example/',
      expect: 'malformed-signature-agent',
    },
    {
      name: 'two field lines',
      why: 'combined, they are two strings, not one',
      header: ['"https://a.example/"', '"https://b.example/"'],
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a string with parameters',
      why: 'the legacy form is one sf-string and nothing else',
      header: '"https://bot.example/keys";type=jwks_uri',
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a character outside printable ASCII',
      why: 'an sf-string is printable ASCII',
      header: '"https://bot.example/\u00e9"',
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a dictionary member that is not a string',
      why: 'every member value is an sf-string (a URL); deleted once, the integer was read as a URL: bad-signature-agent-url',
      header: 'sig1=1',
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a type that is a string, not a token',
      why: 'the type parameter is an sf-token; deleted once, the member was read as a directory',
      header: 'sig1="https://bot.example";type="jwks_uri"',
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a directory member naming a path',
      why: 'a directory member is an origin (the draft); deleted once, accepted',
      header: 'sig1="https://bot.example/keys"',
      expect: 'bad-signature-agent-url',
    },
    {
      name: 'a relative URL',
      why: 'the URL must be absolute; with the parse error uncaught, parseSignatureAgent threw',
      header: '"/.well-known/http-message-signatures-directory"',
      expect: 'bad-signature-agent-url',
    },
    {
      name: 'http without allowHttp',
      why: 'the scheme check (over plain HTTP anyone on the path can answer for the agent); deleted once, accepted',
      header: '"http://bot.example/"',
      expect: 'bad-signature-agent-url',
    },
    {
      name: 'credentials in the URL',
      why: 'a directory URL carries no user name or password; deleted once, accepted',
      header: '"https://user:secret@bot.example/"',
      expect: 'bad-signature-agent-url',
    },
    {
      name: 'a fragment',
      why: 'a fragment means nothing to a fetch and would give the directory a second name; deleted once, accepted',
      header: '"https://bot.example/keys#x"',
      expect: 'bad-signature-agent-url',
    },
  ],
};

// ---- wba.fetch: fetchDirectory against a fetch double --------------------------------

const BOT = 'bot.example';
const FETCH_NOW = CREATED + 60;
const MEDIA_TYPE = 'application/http-message-signatures-directory+json';
/** The bot's directory signed at CREATED for an hour, with `extra` options (a shorter expires, a key exp). */
const botDirectoryWith = (extra: { expires?: number; exp?: number } = {}) =>
  signDirectory({ seed: SEED, authority: BOT, created: CREATED, expires: CREATED + 3600, ...extra });
const botDirectory = botDirectoryWith();
const served = (extra: Record<string, string> = {}, directory = botDirectory) => ({
  status: 200,
  headers: { 'content-type': MEDIA_TYPE, ...directory.headers, ...extra },
  body: directory.body,
});
const fetched = (url: string, freshUntil: number) => ({
  url,
  did: didFromSeed(SEED),
  keyid: KEYID,
  freshUntil,
});

const fetchGroup = {
  note: 'fetchDirectory(url, { fetch, now, type }) with a fetch double: `response` is what the fetch resolves to (status, headers, body), `reject` that it rejects; `type` (directory when absent) is passed as given. `cache` (absent: none) is a cache whose get and set both answer a rejected promise (`unavailable`), or whose get answers undefined and set a rejected promise (`store-fails`). `expect` of an accepted case lists returned values.',
  now: FETCH_NOW,
  accept: [
    {
      name: 'an origin: its well-known directory is fetched and fresh until the signature expires',
      why: 'a bare origin means its well-known path; without that rule, the origin itself was fetched',
      url: `https://${BOT}`,
      response: served(),
      expect: fetched(`https://${BOT}/.well-known/http-message-signatures-directory`, CREATED + 3600),
    },
    {
      name: 'Cache-Control max-age shortens the freshness',
      why: 'an unsigned header may shorten the signed lifetime, never extend it; with Cache-Control ignored, freshUntil was the signature expires',
      url: `https://${BOT}/keys`,
      response: served({ 'cache-control': 'public, max-age=600' }),
      expect: fetched(`https://${BOT}/keys`, FETCH_NOW + 599),
    },
    {
      name: 'a jwks_uri: fetched as given, not at the well-known path',
      why: 'type jwks_uri names a JWK Set, not an origin; with the type ignored, the well-known path was fetched',
      url: `https://${BOT}`,
      type: 'jwks_uri',
      response: served(),
      expect: fetched(`https://${BOT}/`, CREATED + 3600),
    },
    {
      name: "a key's exp before the signature's expires shortens the freshness",
      why: 'a cached key expires with its window; without that cap, freshUntil was the signature expires',
      url: `https://${BOT}`,
      response: served({}, botDirectoryWith({ exp: CREATED + 600 })),
      expect: fetched(`https://${BOT}/.well-known/http-message-signatures-directory`, CREATED + 599),
    },
    {
      name: 'Cache-Control no-store: verified, not to be reused',
      why: 'no-store (and no-cache) mean no reuse; without that rule, freshUntil was the signature expires',
      url: `https://${BOT}/keys`,
      response: served({ 'cache-control': 'no-store' }),
      expect: fetched(`https://${BOT}/keys`, FETCH_NOW - 1),
    },
  ],
  refuse: [
    {
      name: 'a cache that cannot answer',
      why: "a cache whose every call rejects (a shared store whose server cannot be reached) refuses (directory-store-unavailable); with the catch deleted from throughCache, fetchDirectory's own promise rejected and no verdict was given",
      url: `https://${BOT}`,
      cache: 'unavailable',
      response: served(),
      expect: 'directory-store-unavailable',
    },
    {
      name: 'a cache that fails to store the directory verified',
      why: "a cache that misses and then rejects the store refuses (directory-store-unavailable); with the store's verdict ignored, the directory was accepted",
      url: `https://${BOT}`,
      cache: 'store-fails',
      response: served(),
      expect: 'directory-store-unavailable',
    },
    {
      name: 'the fetch rejects',
      why: 'a network failure is a refusal, not a throw; with the rejection uncaught, fetchDirectory rejected',
      url: `https://${BOT}`,
      reject: true,
      expect: 'fetch-failed',
    },
    {
      name: 'status 404',
      why: 'only a 200 response carries a directory; deleted once, the case read malformed-directory',
      url: `https://${BOT}`,
      response: { status: 404, headers: {}, body: 'not found' },
      expect: 'bad-status',
    },
    {
      name: 'a declared content-length over the cap',
      why: 'the declared length is checked before the body is read; deleted once, the directory was accepted',
      url: `https://${BOT}`,
      response: served({ 'content-length': '70000' }),
      expect: 'directory-too-large',
    },
    {
      name: 'a directory signed for another authority',
      why: 'the directory signature is checked with the host fetched as @authority; with bot.example fixed in its place, accepted',
      url: 'https://mirror.example',
      response: served(),
      expect: 'bad-signature',
    },
    {
      name: 'a directory whose signature expired 30 s ago',
      why: 'the freshness of the directory signature at now',
      url: `https://${BOT}`,
      response: served({}, botDirectoryWith({ expires: CREATED + 30 })),
      expect: 'expired',
    },
    {
      name: 'a body that is not a JWK Set',
      why: 'the body must be a JWK Set (the keys-array check)',
      url: `https://${BOT}`,
      response: { ...served(), body: '[]' },
      expect: 'malformed-directory',
    },
    {
      name: 'a directory whose signing key expired by its JWK exp',
      why: 'the key window judged in fetchDirectory (through verifyDirectory); deleted once, accepted',
      url: `https://${BOT}`,
      response: served({}, botDirectoryWith({ exp: FETCH_NOW })),
      expect: 'key-expired',
    },
    {
      name: 'a directory served with its body edited, the Content-Digest of the original',
      why: 'the body is bound by the covered Content-Digest; deleted once, accepted (the signature covers the digest, not the body)',
      url: `https://${BOT}`,
      response: { ...served(), body: botDirectory.body.replace('"keys":[', '"keys":[{"kty":"oct"},') },
      expect: 'content-digest-mismatch',
    },
  ],
};

// ---- wba.structured-fields: the two parsers on their own --------------------------------

/** A Signature-Input of exactly `length` characters: empty members, the last one padded by a parameter. */
function membersOfLength(length: number): string {
  const members: string[] = [];
  let text = '';
  while (text.length + 16 < length) {
    members.push(`m${members.length}=()`);
    text = members.join(', ');
  }
  const head = `${text}, last=();p="`;
  return `${head}${'x'.repeat(length - head.length - 1)}"`;
}
const atCap = membersOfLength(4096);
const structuredFields = {
  note: 'parseSignatureInput(text, { maxLength }) and parseSignature(text, { maxLength }) on their own: `field` names the parser, `expect` is the number of members or the refusal code. The cap (default 4096 characters) is judged before any parsing.',
  accept: [
    {
      name: 'a Signature-Input of exactly 4096 characters, many members',
      why: 'the cap is inclusive; with `>=`, refused. Its labels and parameters are looked up in sets, so the parse is linear in the members',
      field: 'signature-input',
      text: atCap,
      expect: atCap.split(', ').length,
    },
  ],
  refuse: [
    {
      name: 'a Signature-Input one character over the cap, of open parentheses',
      why: 'the length cap, judged before parsing; deleted once, the parser read it and answered malformed-signature-input',
      field: 'signature-input',
      text: `sig1=${'('.repeat(4092)}`,
      expect: 'header-too-long',
    },
    {
      name: 'a Signature over a cap of 64 the caller chose',
      why: "maxLength is the caller's cap for both parsers; with the option ignored, the 4096 default accepted it",
      field: 'signature',
      maxLength: 64,
      text: `sig1=:${'A'.repeat(88)}:`,
      expect: 'header-too-long',
    },
    {
      name: 'a repeated label after many members',
      why: 'the set of labels seen; without it, accepted',
      field: 'signature-input',
      text: `${membersOfLength(2000)}, m3=()`,
      expect: 'duplicate-label',
    },
  ],
};

// ---- wba.replay: one replay store across several deliveries ----------------------------

// The last second the requests signed at CREATED are valid: a later clock refuses them.
const REPLAY_NOW = CREATED + 300;
const FIRST = { did: didFromSeed(SEED), replay: 'first-seen' };
const FIRST_OTHER = { did: didFromSeed(OTHER_SEED), replay: 'first-seen' };
/** A request signed at `created` (default CREATED), with the nonce given (false: none). */
const sent = (nonce: string | false, created = CREATED, seed = SEED) =>
  signRequest({ seed, authority: AUTHORITY, created, expires: created + 300, nonce });
const withoutNonce = sent(false);
const replayGroup = {
  note: 'verifyRequest({ headers, authority, jwks, now, replay }) with ONE replay store for all the deliveries of a case, in order: a MemoryReplayCache of @agent-seam/envelope (window 600 s; `maxEntries` when the case gives it). A case with `unavailable: true` is verified by verifyRequestAsync with a store (window 600 s) whose every answer is a rejected promise, as a shared store whose server cannot be reached. `expect` holds, per delivery, what the accepted value holds (the signer and `replay: first-seen`) or the refusal code; a refused case refuses its last delivery only.',
  authority: AUTHORITY,
  now: REPLAY_NOW,
  jwks: { keys: [jwkFromPublicKey(PUBLIC), jwkFromPublicKey(keyPairFromSeed(OTHER_SEED).publicKey)] },
  accept: [
    {
      name: 'two requests of one key with different nonces',
      why: 'the store is keyed by (keyid, nonce); keyed by the keyid alone, the second went replayed',
      deliveries: [sent('nonce-1'), sent('nonce-2')],
      expect: [FIRST, FIRST],
    },
    {
      name: 'one nonce sent by two keys',
      why: 'the keyid is half of the key; keyed by the nonce alone, the second went replayed',
      deliveries: [sent('shared'), sent('shared', CREATED, OTHER_SEED)],
      expect: [FIRST, FIRST_OTHER],
    },
    {
      name: 'two requests without a nonce, signed at different times',
      why: 'without a nonce the store is keyed by the signature; keyed by (keyid, no nonce), the second went replayed',
      deliveries: [withoutNonce, sent(false, CREATED + 1)],
      expect: [FIRST, FIRST],
    },
    {
      name: 'a nonce that spells the signature of an earlier request without a nonce',
      why: 'nonce keys and signature keys are tagged apart (n: and s:); untagged, the second went replayed',
      deliveries: [withoutNonce, sent(withoutNonce.signature.slice('sig1=:'.length, -1))],
      expect: [FIRST, FIRST],
    },
  ],
  refuse: [
    {
      name: 'the same request twice',
      why: 'the replay check after the signature verified; deleted once, the second delivery was accepted',
      deliveries: [sent('once'), sent('once')],
      expect: [FIRST, 'replayed'],
    },
    {
      name: 'a new signature reusing a nonce of the same key',
      why: 'with a nonce the key is (keyid, nonce), not the signature; keyed by the signature, the second was accepted',
      deliveries: [sent('reused'), sent('reused', CREATED + 1)],
      expect: [FIRST, 'replayed'],
    },
    {
      name: 'the same signature twice, without a nonce',
      why: 'without a nonce the signature is the key; with the store asked only when a nonce is present, the second was accepted',
      deliveries: [withoutNonce, withoutNonce],
      expect: [FIRST, 'replayed'],
    },
    {
      name: 'an older request after a full store forgot its horizon',
      why: "a store that answers forgotten refuses (replay-cache-full); with that answer taken as new, accepted. The store holds one entry: the newer request fills it, the older one's age is past what it can vouch for",
      maxEntries: 1,
      deliveries: [sent('newer', CREATED + 5), sent('older')],
      expect: [FIRST, 'replay-cache-full'],
    },
    {
      name: 'a store that cannot answer',
      why: "a store whose promise rejects refuses (replay-store-unavailable); without that mapping verifyRequestAsync's own promise rejected and no verdict was given",
      unavailable: true,
      deliveries: [sent('unanswered')],
      expect: ['replay-store-unavailable'],
    },
  ],
};

// ---- wba.dictionary: Signature-Agent as a dictionary, component parameters --------------

const AGENT_URL = 'https://agent.example';
/** The covered line of a dictionary member under `key` whose value is `member`. */
const memberLine = (key: string, member: string): ComponentLine => ({
  name: 'signature-agent',
  parameters: `;key="${key}"`,
  value: member,
});
const dictTail = `;created=${CREATED};expires=${CREATED + 300};keyid="${KEYID}";alg="ed25519";tag="web-bot-auth";nonce="d"`;
/** Signs `list` (the inner list text) over `lines`, sending `agent` as the Signature-Agent field. */
function signDict(
  list: string,
  lines: ComponentLine[],
  agent: string | undefined,
  label = 'sig1',
  seed = SEED,
) {
  const { 'signature-agent': _, ...signed } = signRaw(list + dictTail, lines, seed, label);
  return agent === undefined ? signed : { ...signed, 'signature-agent': agent };
}
const OWN = `"${AGENT_URL}"`;
/** Signs @authority and the member keyed sig1 (value `member`), then sends `agent` as the Signature-Agent field. */
const signSig1Member = (member: string, agent: string) =>
  signDict(
    '("@authority" "signature-agent";key="sig1")',
    [...authorityOnly, memberLine('sig1', member)],
    agent,
  );
const TARGET = 'https://entry.example/page?q=1';
const dictionaryGroup = {
  note: 'verifyRequest({ headers, authority, jwks, now, replay: "off", targetUri }) with a Signature-Agent in the dictionary form and RFC 9421 component parameters; `targetUri` when the case gives it. authority, jwks and now at group level; each refusal names its one check in `why`.',
  // The signer every accepted case verifies as (the profile's seed).
  did: didFromSeed(SEED),
  authority: AUTHORITY,
  // The last second the requests are valid: a later clock refuses them.
  now: CREATED + 300,
  jwks: { keys: [jwkFromPublicKey(PUBLIC)] },
  accept: [
    {
      name: 'signRequest output: the member under the label, covered with ;key',
      headers: signRequest({
        seed: SEED,
        authority: AUTHORITY,
        signatureAgent: AGENT_URL,
        created: CREATED,
        expires: CREATED + 300,
        nonce: 'dictionary-1',
      }),
    },
    {
      name: 'a relabeled signature: label sig2 covers the only member, keyed agent2',
      why: "RFC 9421 section 7.2.5 lets a Signature label change; the draft's own vectors sign key=agent2 under sig2. Judged by the member it covers; with the member required under the label, refused",
      headers: signDict(
        '("@authority" "signature-agent";key="agent2")',
        [...authorityOnly, memberLine('agent2', OWN)],
        `agent2=${OWN}`,
        'sig2',
      ),
    },
    {
      name: 'a jwks_uri member: its type parameter is part of the covered value',
      why: 'RFC 9421 section 2.1.2: a member value is serialised with its parameters; without them in the base, bad-signature',
      headers: signSig1Member(
        `"${AGENT_URL}/jwks.json";type=jwks_uri`,
        `sig1="${AGENT_URL}/jwks.json";type=jwks_uri`,
      ),
    },
    {
      name: "two signatures, an agent's (another key) and a browser's covering both members",
      why: "the draft's multiple signatures: each judged alone; ours (browser) verifies. The browser covers the agent's member under another label, which the draft allows beside its own",
      headers: twoEntries(
        signDict(
          '("@authority" "signature-agent";key="agent")',
          [...authorityOnly, memberLine('agent', OWN)],
          undefined,
          'agent',
          OTHER_SEED,
        ),
        signDict(
          '("@authority" "signature-agent";key="browser" "signature-agent";key="agent")',
          [...authorityOnly, memberLine('browser', '"https://browser.example"'), memberLine('agent', OWN)],
          undefined,
          'browser',
        ),
      ),
      agent: `agent=${OWN}, browser="https://browser.example"`,
    },
    {
      name: "@target-uri in place of @authority, against the caller's targetUri",
      why: "the draft allows @target-uri where @authority is; the value is the caller's, never the message's. Without targetUri it is refused (a case below)",
      targetUri: TARGET,
      headers: signDict(
        '("@target-uri" "signature-agent";key="sig1")',
        [{ name: '@target-uri', value: TARGET }, memberLine('sig1', OWN)],
        `sig1=${OWN}`,
      ),
    },
    {
      name: 'the whole dictionary covered, without ;key',
      why: "covering the field covers every member, its own label's included; with only ;key counted as coverage, uncovered-signature-agent",
      headers: signDict(
        '("@authority" "signature-agent")',
        [...authorityOnly, { name: 'signature-agent', value: `sig1=${OWN}` }],
        `sig1=${OWN}`,
      ),
    },
  ],
  refuse: [
    {
      name: 'the member renamed after signing',
      why: 'the covered member must be in the dictionary (RFC 9421 section 2.1.2); deleted once, its value was empty in the base: bad-signature',
      headers: signSig1Member(OWN, `sig9=${OWN}`),
      expect: 'missing-covered-header',
    },
    {
      name: "the member under the signature's label, not covered",
      why: 'the draft: the member keyed to the label MUST be signed; the coverage check deleted once, accepted',
      headers: signDict('("@authority")', authorityOnly, `sig1=${OWN}`),
      expect: 'uncovered-signature-agent',
    },
    {
      name: "another label's member covered while its own is there",
      why: 'a signature is attributed to its own member, which it does not cover (the same check; deleted once, accepted)',
      headers: signDict(
        '("@authority" "signature-agent";key="sig2")',
        [...authorityOnly, memberLine('sig2', '"https://other.example"')],
        `sig1=${OWN}, sig2="https://other.example"`,
      ),
      expect: 'uncovered-signature-agent',
    },
    {
      name: "the member's URL changed after signing",
      why: 'the member value is in the base; the Ed25519 equation itself',
      headers: signSig1Member(OWN, 'sig1="https://mirror.example"'),
      expect: 'bad-signature',
    },
    {
      name: 'a legacy string covered as a dictionary member',
      why: 'a member is named in a dictionary only (RFC 9421 section 2.1.2); deleted once, the string was read as empty: bad-signature',
      headers: signSig1Member(OWN, OWN),
      expect: 'malformed-covered-header',
    },
    {
      name: 'a Signature-Agent that is neither one string nor a dictionary of strings',
      why: 'the Signature-Agent read before its member is looked for; deleted once, the base could not name the member: malformed-covered-header',
      headers: signSig1Member('1', 'sig1=1'),
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a component covered with sf',
      why: 'RFC 9421 sf (re-serialise as a structured field) is not rebuilt here: its own code; deleted once, the parameter fell to component-parameters',
      headers: signDict(
        '("@authority" "x-list";sf)',
        [...authorityOnly, { name: 'x-list', parameters: ';sf', value: 'a, b' }],
        undefined,
      ),
      expect: 'unsupported-sf-parameter',
    },
    {
      name: 'a component covered with bs',
      why: 'RFC 9421 bs (wrap as a byte sequence) is not rebuilt here: its own code; deleted once, component-parameters',
      headers: signDict(
        '("@authority" "x-list";bs)',
        [...authorityOnly, { name: 'x-list', parameters: ';bs', value: 'a, b' }],
        undefined,
      ),
      expect: 'unsupported-bs-parameter',
    },
    {
      name: 'key on a header other than Signature-Agent',
      why: 'the profile reads dictionary members of Signature-Agent only; with key allowed on any field, the member was looked for in x-dict, no dictionary of strings: malformed-covered-header',
      headers: {
        ...signDict(
          '("@authority" "x-dict";key="a")',
          [...authorityOnly, { name: 'x-dict', parameters: ';key="a"', value: '1' }],
          undefined,
        ),
        'x-dict': 'a=1',
      },
      expect: 'component-parameters',
    },
    {
      name: 'req on a request',
      why: 'req names the request of a response; with req allowed on a request, the signature was taken for the directory form: missing-content-digest',
      headers: signDict(
        '("@authority";req)',
        [{ name: '@authority', parameters: ';req', value: AUTHORITY }],
        undefined,
      ),
      expect: 'component-parameters',
    },
    {
      name: '@target-uri covered, and no targetUri given',
      why: "the target URI is the caller's to give; without it the component cannot be rebuilt (deleted once, an empty value: bad-signature)",
      headers: signDict('("@target-uri")', [{ name: '@target-uri', value: TARGET }], undefined),
      expect: 'unsupported-component',
    },
    {
      name: '@target-uri covered, another target URI given',
      why: "the value is the caller's targetUri: the equation fails over another one",
      targetUri: 'https://entry.example/other',
      headers: signDict('("@target-uri")', [{ name: '@target-uri', value: TARGET }], undefined),
      expect: 'bad-signature',
    },
  ],
};

// ---- wba.directory.current: "@authority";req and content-digest; key windows --------------

const CURRENT_NOW = CREATED + 60;
const current = (extra: Partial<Parameters<typeof signDirectory>[0]> = {}) =>
  signDirectory({ seed: SEED, authority: AUTHORITY, created: CREATED, expires: CREATED + 7200, ...extra });
const currentDirectory = current();
/** A directory response signed over `list` with the Content-Digest field `digest`. */
function currentSigned(list: string, digest: string, lines?: ComponentLine[]) {
  const params = `${list};created=${CREATED};expires=${CREATED + 7200};keyid="${KEYID}";alg="ed25519";tag="http-message-signatures-directory"`;
  const { 'signature-agent': _, ...headers } = signRaw(
    params,
    lines ?? [
      { name: '@authority', parameters: ';req', value: AUTHORITY },
      { name: 'content-digest', value: digest },
    ],
  );
  return { ...headers, 'content-digest': digest };
}
const bodyBytes = utf8Strict.encode(currentDirectory.body);
const directoryCurrentGroup = {
  note: 'verifyDirectory({ headers, authority, body, now }) in the current form of draft-meunier-webbotauth-httpsig-protocol: the response signed over "@authority";req and content-digest (RFC 9530), the JWK windows nbf/exp. authority and now at group level.',
  // The signer every accepted case verifies as (the profile's seed).
  did: didFromSeed(SEED),
  authority: AUTHORITY,
  now: CURRENT_NOW,
  accept: [
    {
      name: 'signDirectory output, the current form',
      headers: currentDirectory.headers,
      body: currentDirectory.body,
    },
    {
      name: 'a sha-512 Content-Digest',
      why: 'both RFC 9530 algorithms are computed; with sha-256 alone, unsupported-digest-algorithm',
      headers: currentSigned('("@authority";req "content-digest")', contentDigest(bodyBytes, 'sha-512')),
      body: currentDirectory.body,
    },
    {
      name: 'the signing key inside its nbf/exp window',
      why: 'a window that holds now passes (nbf inclusive); with nbf judged as exclusive, refused',
      headers: current({ nbf: CURRENT_NOW, exp: CURRENT_NOW + 1 }).headers,
      body: current({ nbf: CURRENT_NOW, exp: CURRENT_NOW + 1 }).body,
    },
  ],
  refuse: [
    {
      name: 'the body edited, the Content-Digest of the original',
      why: 'the digest of the body received; deleted once, accepted: the signature covers the digest, not the body',
      headers: currentDirectory.headers,
      body: currentDirectory.body.replace('"keys":[', '"keys":[{"kty":"oct"},'),
      expect: 'content-digest-mismatch',
    },
    {
      name: 'a Content-Digest under an algorithm this package does not compute',
      why: 'an unknown algorithm is refused, not skipped (a digest nobody checked binds nothing); skipped once, accepted',
      headers: currentSigned(
        '("@authority";req "content-digest")',
        `md5=:${base64Strict.encode(new Uint8Array(16))}:`,
      ),
      body: currentDirectory.body,
      expect: 'unsupported-digest-algorithm',
    },
    {
      name: 'a Content-Digest that is not a dictionary of byte sequences',
      why: 'RFC 9530 field syntax; deleted once, the parse failure was taken as no member: accepted',
      headers: currentSigned('("@authority";req "content-digest")', 'sha-256=abc'),
      body: currentDirectory.body,
      expect: 'malformed-content-digest',
    },
    {
      name: '"@authority";req without content-digest',
      why: 'the current form binds the body: both components are required (the draft); deleted once, accepted',
      headers: currentSigned('("@authority";req)', '', [
        { name: '@authority', parameters: ';req', value: AUTHORITY },
      ]),
      body: currentDirectory.body,
      expect: 'missing-content-digest',
    },
    {
      name: 'req on a header component',
      why: 'req is read on @authority only; with req allowed on any component, content-digest;req did not count as content-digest: missing-content-digest',
      headers: currentSigned('("@authority";req "content-digest";req)', contentDigest(bodyBytes), [
        { name: '@authority', parameters: ';req', value: AUTHORITY },
        { name: 'content-digest', parameters: ';req', value: contentDigest(bodyBytes) },
      ]),
      body: currentDirectory.body,
      expect: 'component-parameters',
    },
    {
      name: 'the signing key past its exp',
      why: 'the key window (exp exclusive, as a JWT reads it); deleted once, accepted',
      headers: current({ exp: CURRENT_NOW }).headers,
      body: current({ exp: CURRENT_NOW }).body,
      expect: 'key-expired',
    },
    {
      name: 'the signing key before its nbf',
      why: 'the key window; deleted once, accepted',
      headers: current({ nbf: CURRENT_NOW + 1 }).headers,
      body: current({ nbf: CURRENT_NOW + 1 }).body,
      expect: 'key-not-yet-valid',
    },
  ],
};

// ---- wba.key-window: a request under a key with nbf/exp -------------------------------------

const windowed = (window: Record<string, unknown>) => ({
  keys: [{ ...jwkFromPublicKey(PUBLIC), ...window }],
});
const windowRequest = signRequest({
  seed: SEED,
  authority: AUTHORITY,
  created: CREATED,
  expires: CREATED + 300,
  nonce: 'w',
});
const keyWindowGroup = {
  note: 'verifyRequest({ headers, authority, jwks, now, replay: "off" }) where the JWK carries nbf/exp (Unix seconds, as the draft\'s directory example): the key is valid from nbf on, no longer at exp. headers, authority and now at group level; each case gives its jwks.',
  // The signer every accepted case verifies as (the profile's seed).
  did: didFromSeed(SEED),
  authority: AUTHORITY,
  now: NOW,
  headers: windowRequest,
  accept: [
    { name: 'nbf exactly now', why: 'nbf is inclusive; with `<=`, refused', jwks: windowed({ nbf: NOW }) },
    {
      name: 'exp one second after now',
      why: 'exp is exclusive of later seconds only; with `>`, this passed and the next was accepted',
      jwks: windowed({ exp: NOW + 1 }),
    },
  ],
  refuse: [
    {
      name: 'exp exactly now',
      why: 'the key window, exp side; deleted once, accepted',
      jwks: windowed({ exp: NOW }),
      expect: 'key-expired',
    },
    {
      name: 'nbf one second ahead',
      why: 'the key window, nbf side; deleted once, accepted',
      jwks: windowed({ nbf: NOW + 1 }),
      expect: 'key-not-yet-valid',
    },
    {
      name: 'an exp that is not a number',
      why: 'a window that cannot be read makes the key unusable (never always valid); with the read deleted, accepted',
      jwks: windowed({ exp: '2030-01-01' }),
      expect: 'unknown-key',
    },
  ],
};

// ---- wba.card and wba.registry: signature-agent cards and registries ------------------------

const CARD_URL = 'https://bot.example/card';
const cardGroup = {
  note: 'parseSignatureAgentCard(card, { url }) (draft-meunier-webbotauth-registry): exactly one key source, client_id equal to the URL fetched. `expect` is the key source or the refusal code.',
  url: CARD_URL,
  accept: [
    {
      name: 'a card naming a jwks_uri',
      card: { client_id: CARD_URL, client_name: 'Bot', jwks_uri: 'https://bot.example/jwks.json' },
      expect: { jwksUri: 'https://bot.example/jwks.json' },
    },
    {
      name: 'a card carrying its keys inline',
      card: { client_id: CARD_URL, jwks: { keys: [jwkFromPublicKey(PUBLIC)] } },
      expect: { jwks: { keys: [jwkFromPublicKey(PUBLIC)] } },
    },
  ],
  refuse: [
    {
      name: 'not an object',
      why: 'a card is a JSON object; deleted once, the list was read for a client_id: client-id-mismatch',
      card: [CARD_URL],
      expect: 'malformed-card',
    },
    {
      name: 'client_id another URL',
      why: 'a card is the one at its client_id (CIMD); deleted once, accepted',
      card: { client_id: 'https://bot.example/other', jwks_uri: 'https://bot.example/jwks.json' },
      expect: 'client-id-mismatch',
    },
    {
      name: 'both jwks and jwks_uri',
      why: 'at most one key source (the draft); deleted once, the jwks_uri was taken',
      card: { client_id: CARD_URL, jwks_uri: 'https://bot.example/jwks.json', jwks: { keys: [] } },
      expect: 'both-key-sources',
    },
    {
      name: 'neither jwks nor jwks_uri',
      why: 'a card without keys names none to verify with; deleted once, read as malformed-card',
      card: { client_id: CARD_URL, client_name: 'Bot' },
      expect: 'no-key-source',
    },
    {
      name: 'a jwks_uri over http',
      why: 'the jwks_uri scheme MUST be https; deleted once, accepted',
      card: { client_id: CARD_URL, jwks_uri: 'http://bot.example/jwks.json' },
      expect: 'bad-card-url',
    },
    {
      name: 'jwks that is not a JWK Set',
      why: 'the inline set must have a keys array; deleted once, accepted',
      card: { client_id: CARD_URL, jwks: { keys: {} } },
      expect: 'malformed-card',
    },
  ],
};

const registryGroup = {
  note: 'parseRegistry(text, { maxLength, maxEntries }) (draft-meunier-webbotauth-registry): one https or data: URL per line, "#" comments, blank lines. `expect` is the entries or the refusal code.',
  accept: [
    {
      name: 'CRLF lines, a comment line, a trailing comment, a data: URL',
      why: 'every line ending the grammar allows, and data: entries; with LF alone, the CR stayed in the entry and it was refused',
      text: '# bots\r\nhttps://a.example/card # one\r\n\r\ndata:application/json,{"client_name":"Inline Bot"}\r\n',
      expect: ['https://a.example/card', 'data:application/json,{"client_name":"Inline Bot"}'],
    },
    { name: 'comments only', text: '# nothing yet\n\n', expect: [] },
  ],
  refuse: [
    { name: 'not text', why: 'the type check; deleted once, a TypeError', text: 42, expect: 'not-a-string' },
    {
      name: 'an http entry',
      why: 'entries are https or data: (the draft); deleted once, accepted',
      text: 'http://a.example/card\n',
      expect: 'malformed-registry',
    },
    {
      name: 'a control character on a line',
      why: 'outside the grammar; deleted once, the entry was read with it',
      text: 'https://a.example/card\u0000\n',
      expect: 'malformed-registry',
    },
    {
      name: 'over the length cap',
      why: 'the cap, checked before reading; deleted once, accepted',
      text: 'https://a.example/card\n',
      maxLength: 10,
      expect: 'registry-too-large',
    },
    {
      name: 'more entries than the cap',
      why: 'the entry cap; deleted once, accepted',
      text: 'https://a.example/1\nhttps://a.example/2\n',
      maxEntries: 1,
      expect: 'registry-too-large',
    },
  ],
};

// ---- wba.discovery: a request to its verified key in one call ------------------------------

// The last second the requests are valid: a later clock refuses them.
const DISCOVERY_NOW = CREATED + 300;
/** A signed directory served at `authority`'s well-known path (or at `url`). */
const dirAt = (authority: string, extra: Partial<Parameters<typeof signDirectory>[0]> = {}, seed = SEED) => {
  const signed = signDirectory({ seed, authority, created: CREATED, expires: CREATED + 3600, ...extra });
  return { status: 200, headers: signed.headers, body: signed.body };
};
const agentRequest = (signatureAgent: string, type?: 'jwks_uri' | 'cimd', label = 'sig1') =>
  signRequest({
    seed: SEED,
    authority: AUTHORITY,
    signatureAgent,
    ...(type === undefined ? {} : { signatureAgentType: type }),
    created: CREATED,
    expires: CREATED + 300,
    nonce: 'discovery',
    label,
  });
const WELL_KNOWN = '/.well-known/http-message-signatures-directory';
/** A CIMD card served with HTTP 200 (and the response headers given). */
const cardResponse = (card: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  status: 200,
  headers,
  body: JSON.stringify(card),
});
const discoveryGroup = {
  note: 'verifyRequestWithDiscovery({ headers, authority, now, replay: "off", fetch, allowAgent }) with a fetch double answering `responses[url]` (status, headers, body; any other URL: 404). `allowAgents`, when given, is the list of agent URLs allowAgent accepts. `expect` of an accepted case is the agent and the signer; of a refused one, the code.',
  authority: AUTHORITY,
  now: DISCOVERY_NOW,
  accept: [
    {
      name: 'a directory agent: its well-known directory fetched and verified, the request under its keys',
      headers: agentRequest('https://bot.example'),
      responses: { [`https://bot.example${WELL_KNOWN}`]: dirAt('bot.example') },
      expect: {
        did: didFromSeed(SEED),
        agent: { label: 'sig1', type: 'directory', identifier: `https://bot.example${WELL_KNOWN}` },
      },
    },
    {
      name: 'a jwks_uri agent: the JWK Set fetched as named, its query left out of the identifier',
      why: 'type jwks_uri is fetched as given; with the well-known rewrite, 404',
      headers: agentRequest('https://bot.example/keys.json?v=2', 'jwks_uri'),
      responses: { 'https://bot.example/keys.json?v=2': dirAt('bot.example') },
      expect: {
        did: didFromSeed(SEED),
        agent: { type: 'jwks_uri', identifier: 'https://bot.example/keys.json' },
      },
    },
    {
      name: 'a cimd agent whose card carries the keys',
      why: 'the card is fetched and checked, its inline jwks used; with cimd skipped, unsupported-agent-type',
      headers: agentRequest('https://bot.example/card', 'cimd'),
      responses: {
        'https://bot.example/card': cardResponse(
          {
            client_id: 'https://bot.example/card',
            jwks: { keys: [jwkFromPublicKey(PUBLIC)] },
          },
          { 'content-type': 'application/json' },
        ),
      },
      expect: { did: didFromSeed(SEED), agent: { type: 'cimd', identifier: 'https://bot.example/card' } },
    },
    {
      name: 'a cimd agent whose card names a jwks_uri',
      why: "the card's jwks_uri is fetched and verified as a directory; with it ignored, no-key-source",
      headers: agentRequest('https://bot.example/card', 'cimd'),
      responses: {
        'https://bot.example/card': cardResponse({
          client_id: 'https://bot.example/card',
          jwks_uri: 'https://keys.example/jwks.json',
        }),
        'https://keys.example/jwks.json': dirAt('keys.example'),
      },
      expect: { did: didFromSeed(SEED), agent: { type: 'cimd', identifier: 'https://bot.example/card' } },
    },
  ],
  refuse: [
    {
      name: "a directory that does not hold the request's key",
      why: "a key is trusted for the agent that published it only: the request verifies under that directory alone (another key's directory: unknown-key)",
      headers: agentRequest('https://bot.example'),
      responses: { [`https://bot.example${WELL_KNOWN}`]: dirAt('bot.example', {}, OTHER_SEED) },
      expect: 'unknown-key',
    },
    {
      name: 'an agent type this package does not resolve',
      why: 'the draft: ignore a member of an unknown type; with the type taken as directory, the directory was fetched and the request judged (its member, edited after signing: bad-signature)',
      headers: {
        ...agentRequest('https://bot.example'),
        'signature-agent': 'sig1="https://bot.example";type=other',
      },
      responses: { [`https://bot.example${WELL_KNOWN}`]: dirAt('bot.example') },
      expect: 'unsupported-agent-type',
    },
    {
      name: 'an agent your allowAgent refuses',
      why: 'the caller bounds which agents are fetched (SSRF); with allowAgent ignored, accepted',
      headers: agentRequest('https://bot.example'),
      allowAgents: ['https://other.example/'],
      responses: { [`https://bot.example${WELL_KNOWN}`]: dirAt('bot.example') },
      expect: 'agent-not-allowed',
    },
    {
      name: 'a card whose client_id is not its URL',
      why: 'the card check in discovery; deleted once, accepted',
      headers: agentRequest('https://bot.example/card', 'cimd'),
      responses: {
        'https://bot.example/card': cardResponse({
          client_id: 'https://evil.example/card',
          jwks: { keys: [jwkFromPublicKey(PUBLIC)] },
        }),
      },
      expect: 'client-id-mismatch',
    },
    {
      name: 'a signature that covers no Signature-Agent member',
      why: 'a signature is attributed to a member it covers only; with the first member taken, accepted',
      headers: {
        ...signDict('("@authority")', authorityOnly, undefined),
        'signature-agent': 'other="https://bot.example"',
      },
      responses: { [`https://bot.example${WELL_KNOWN}`]: dirAt('bot.example') },
      expect: 'uncovered-signature-agent',
    },
  ],
};

export const parts = [
  {
    file: 'wire_vectors.json',
    content: {
      webBotAuth,
      'wba.profile': profile,
      'wba.directory': directoryGroup,
      'wba.request': requestGroup,
      'wba.signature-agent': signatureAgentGroup,
      'wba.fetch': fetchGroup,
      'jwk.refuse': jwkRefuse,
      'wba.replay': replayGroup,
      'wba.structured-fields': structuredFields,
      'wba.dictionary': dictionaryGroup,
      'wba.directory.current': directoryCurrentGroup,
      'wba.key-window': keyWindowGroup,
      'wba.card': cardGroup,
      'wba.registry': registryGroup,
      'wba.discovery': discoveryGroup,
    },
  },
];
