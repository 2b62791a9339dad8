// Vectors of @agent-seam/wba, written into vectors/wire_vectors.json:
// - `webBotAuth`: the upstream group re-derived from its seed (tests compare it with the
//   upstream file value for value);
// - `wba.profile` and `wba.directory`: this repository's own accept/refuse cases, one
//   refusal per check of the profile, each signed honestly so that only that check can
//   refuse it.
import {
  base64Strict,
  canonicalString,
  hex,
  unwrap,
  utf8Strict,
} from '../../packages/canonical/src/index.ts';
import { didFromPublicKey, didFromSeed, keyPairFromSeed, signEd25519 } from '../../packages/did/src/index.ts';
import {
  type ComponentLine,
  jwkFromPublicKey,
  signatureBase,
  signDirectory,
  signRequest,
  thumbprint,
  thumbprintInput,
} from '../../packages/wba/src/index.ts';

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
  created: CREATED,
  expires: CREATED + 300,
  // The upstream group predates signRequest's default nonce.
  nonce: false,
});
const directory = signDirectory({
  seed: SEED,
  authority: 'example.com',
  created: CREATED,
  expires: CREATED + 7200,
});

const webBotAuth = {
  note: 'Web Bot Auth (RFC 9421 subset) re-derived by tools/vectors/wba.ts from seedHex; the tests compare every value with the upstream agent-seam file. keys[] reuses the did section public keys (keys[2].publicHex is the seed bytes used as a PUBLIC key, hence another DID than `did`). keyid is the RFC 7638 thumbprint of the JWK; thumbprintInput is the exact text hashed. alg is the RFC 9421 name ed25519, not JOSE EdDSA. Bases are LF-joined without a trailing newline; tag separates requests from directories.',
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
const twoEntries = (a: ReturnType<typeof signRaw>, b: ReturnType<typeof signRaw>) => ({
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
      name: 'signRequest with a Signature-Agent',
      headers: signRequest({
        seed: SEED,
        authority: AUTHORITY,
        signatureAgent: 'https://agent.example/hp',
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

// ---- jwk.refuse: keys a strict reader refuses ------------------------------------

const goodX = jwkFromPublicKey(PUBLIC).x;
/** The same 32 bytes spelled with non-zero trailing bits (43 chars carry 258 bits). */
const siblingX = goodX.slice(0, -1) + String.fromCharCode(goodX.charCodeAt(42) + 1);
const jwkRefuse = [
  {
    name: 'x laced with a space',
    why: 'strict base64url: a decoder that skips whitespace gives the key a second name',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: `${goodX.slice(0, 10)} ${goodX.slice(10)}` },
    expect: 'bad-key-encoding',
  },
  {
    name: 'x with trailing bits set',
    why: 'strict base64url: zero residual bits',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: siblingX },
    expect: 'bad-key-encoding',
  },
  {
    name: 'x padded',
    why: 'strict base64url: no padding',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: `${goodX}=` },
    expect: 'bad-key-encoding',
  },
  {
    name: 'a symmetric key',
    why: 'only key types with RFC 7638 members (OKP, EC, RSA) have a thumbprint here',
    jwk: { kty: 'oct', k: 'c2VjcmV0' },
    expect: 'unsupported-key-type',
  },
  {
    name: 'no x',
    why: 'every required member is present',
    jwk: { kty: 'OKP', crv: 'Ed25519' },
    expect: 'not-a-jwk',
  },
  { name: 'not an object', why: 'a JWK is a JSON object', jwk: [goodX], expect: 'not-a-jwk' },
];

// ---- wba.request: verifyRequest given a Fetch API Request ----------------------------

const FROM_URL = { fromRequestUrl: true };
const requestGroup = {
  note: "verifyRequest({ request, authority, jwks, now }) with a Fetch API Request built from `url` and `headers` (a case with `request` passes that value as it is). `authority` is the verifier option: the server's own authority, or { fromRequestUrl: true }. jwks and now at group level.",
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

const signatureAgentGroup = {
  note: 'parseSignatureAgent(header, { allowHttp }): the Signature-Agent field value (a string, a list of field lines, or null when absent) to the directory URL it names, normalised by the WHATWG URL parser; `expect` is the URL or the refusal code.',
  accept: [
    {
      name: 'a directory URL',
      header: '"https://bot.example/.well-known/http-message-signatures-directory"',
      expect: 'https://bot.example/.well-known/http-message-signatures-directory',
    },
    {
      name: 'an origin in capitals, surrounded by spaces',
      why: 'optional whitespace around the field is allowed; the URL is normalised; without the trim, refused',
      header: '  "HTTPS://Bot.Example"\t',
      expect: 'https://bot.example/',
    },
    {
      name: 'one field line in a list (Node headers)',
      header: ['"https://bot.example/keys"'],
      expect: 'https://bot.example/keys',
    },
    {
      name: 'escaped quotes inside the sf-string',
      why: 'the sf-string escapes are undone before the URL is read; without, the backslashes became path slashes',
      header: '"https://bot.example/say\\"hi\\""',
      expect: 'https://bot.example/say%22hi%22',
    },
    {
      name: 'http to a local test server, with allowHttp',
      why: 'allowHttp admits http; with it ignored, refused',
      allowHttp: true,
      header: '"http://127.0.0.1:8080"',
      expect: 'http://127.0.0.1:8080/',
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
      why: 'the field is one sf-string; with the sf-string match replaced by quote stripping, this and the next four cases were accepted',
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
      name: 'the dictionary form',
      why: "a dictionary member is not the profile's one sf-string",
      header: 'sig1="https://bot.example/"',
      expect: 'malformed-signature-agent',
    },
    {
      name: 'a string with parameters',
      why: 'parameters are outside the profile',
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
const botDirectory = signDirectory({ seed: SEED, authority: BOT, created: CREATED, expires: CREATED + 3600 });
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
  note: 'fetchDirectory(url, { fetch, now }) with a fetch double: `response` is what the fetch resolves to (status, headers, body), `reject` that it rejects. `expect` of an accepted case lists returned values.',
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
      name: 'Cache-Control no-store: verified, not to be reused',
      why: 'no-store (and no-cache) mean no reuse; without that rule, freshUntil was the signature expires',
      url: `https://${BOT}/keys`,
      response: served({ 'cache-control': 'no-store' }),
      expect: fetched(`https://${BOT}/keys`, FETCH_NOW - 1),
    },
  ],
  refuse: [
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
      response: served(
        {},
        signDirectory({ seed: SEED, authority: BOT, created: CREATED, expires: CREATED + 30 }),
      ),
      expect: 'expired',
    },
    {
      name: 'a body that is not a JWK Set',
      why: 'the body must be a JWK Set (the keys-array check)',
      url: `https://${BOT}`,
      response: { ...served(), body: '[]' },
      expect: 'malformed-directory',
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
  note: 'verifyRequest({ headers, authority, jwks, now, replay }) with ONE replay store for all the deliveries of a case, in order: a MemoryReplayCache of @agent-seam/envelope (window 600 s; `maxEntries` when the case gives it). `expect` holds, per delivery, what the accepted value holds (the signer and `replay: first-seen`) or the refusal code; a refused case refuses its last delivery only.',
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
    },
  },
];
