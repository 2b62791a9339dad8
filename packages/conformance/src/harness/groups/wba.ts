import { type Case, each, given, type OpGroup, refusal, type Step, sides, step, value } from '../replay.js';

// The Web Bot Auth groups of wire_vectors.json as questions (spec/harness.md, "wba").
const pkg = '@agent-seam/wba';
const file = 'wire_vectors.json';

/** The media type a directory is asked for (draft-meunier-http-message-signatures-directory). */
const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

/** The signature parameters a signature-input spells, from the fields the vector gives them in. */
const paramsOf = (x: Case) =>
  `(${x.components.map((c: string) => `"${c}"`).join(' ')});created=${x.created};expires=${x.expires};keyid="${x.keyid}";alg="${x.alg}";tag="${x.tag}"`;

/** A JWK Set text as the value it holds; text that is not JSON stays text (its case then disagrees). */
const jwksOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const isObject = (v: unknown): v is Case => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The dotted paths of an expected value's members, down through objects (a list or a scalar is one member). */
const membersOf = (expected: Case, prefix = ''): string[] =>
  Object.entries(expected).flatMap(([k, v]) =>
    isObject(v) ? membersOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

/** A step whose answer is the accepted value cut to the members the vector states. */
const holding = (op: string, args: Case, expected: Case): Step =>
  step(op, { ...args, members: membersOf(expected) }, value(expected));

/** An accepting case holds `accepted(c)`, a refusing one is refused with its `expect`. */
const verifier = (op: string, args: (c: Case) => Case, accepted: (c: Case) => Case) => (g: Case) =>
  sides(
    (c) => [holding(op, args(c), accepted(c))],
    (c) => [step(op, args(c), refusal(c.expect))],
  )(g);

/** An accepting case answers exactly its `expect`; a refusing one is refused with it. */
const reader = (op: string, args: (c: Case) => Case) =>
  sides(
    (c) => [step(op, args(c), value(c.expect))],
    (c) => [step(op, args(c), refusal(c.expect))],
  );

const OFF = { replay: 'off' } as const;

/** A request group: `wba.verifyRequest`, replay off; an accepted request is the group's signer's. */
const requests = (args: (g: Case, c: Case) => Case) => (g: Case) =>
  verifier(
    'wba.verifyRequest',
    (c) => ({ ...args(g, c), ...OFF }),
    () => ({ did: g.did }),
  )(g);

/**
 * The request and directory the group's seed signs: made again (their signature-input as the
 * vector's fields spell it), their bases written from `signatureParams`, and read back from
 * the vector's `signatureInput`.
 */
function reproduced(g: Case): Step[] {
  const r = g.request;
  const d = g.directory;
  const seedHex = g.seedHex;
  return [
    step(
      'wba.signRequest',
      {
        seedHex,
        authority: r.authority,
        signatureAgent: r.signatureAgentUrl,
        signatureAgentForm: 'legacy',
        created: r.created,
        expires: r.expires,
        nonce: false,
      },
      value({
        'signature-input': `sig1=${paramsOf(r)}`,
        signature: r.signature,
        'signature-agent': r.signatureAgent,
      }),
    ),
    step(
      'wba.signatureBase',
      {
        components: [
          { name: '@authority', value: r.authority },
          { name: 'signature-agent', value: r.signatureAgent },
        ],
        signatureParams: r.signatureParams,
      },
      value(r.signatureBase),
    ),
    // The directory body of the same group publishes the signer's key; the whole value is asked.
    step(
      'wba.verifyRequest',
      {
        headers: {
          'signature-input': r.signatureInput,
          signature: r.signature,
          'signature-agent': r.signatureAgent,
        },
        authority: r.authority,
        jwks: jwksOf(d.body),
        now: r.created,
        ...OFF,
      },
      value({
        did: g.did,
        keyid: r.keyid,
        label: 'sig1',
        created: r.created,
        expires: r.expires,
        replay: 'off-by-caller',
      }),
    ),
    step(
      'wba.signDirectory',
      { seedHex, authority: d.authority, created: d.created, expires: d.expires, form: 'legacy' },
      value({ body: d.body, headers: { 'signature-input': `sig1=${paramsOf(d)}`, signature: d.signature } }),
    ),
    step('wba.directoryLocation', {}, value({ path: d.path, contentType: d.contentType })),
    step(
      'wba.signatureBase',
      { components: [{ name: '@authority', value: d.authority }], signatureParams: d.signatureParams },
      value(d.signatureBase),
    ),
    holding(
      'wba.verifyDirectory',
      {
        headers: { 'signature-input': d.signatureInput, signature: d.signature },
        authority: d.authority,
        body: d.body,
        now: d.created,
      },
      { did: g.did, keyid: d.keyid },
    ),
  ];
}

/**
 * webBotAuth's cases are its keys (JWK, thumbprint input, thumbprint, DID). The request and
 * directory the group's seed signs, which are no case of their own, are asked with its last key.
 */
const webBotAuth = (g: Case) =>
  each(
    g.keys,
    'accept',
    (key) => {
      const jwk = { kty: 'OKP', crv: 'Ed25519', x: key.x };
      return [
        step('wba.jwk', { publicKeyHex: key.publicHex }, value(jwk)),
        step('wba.thumbprintInput', { jwk }, value(key.thumbprintInput)),
        step('wba.thumbprint', { jwk }, value(key.thumbprint)),
        step('did.fromPublicKey', { curve: 'ed25519', publicKeyHex: key.publicHex }, value(key.did)),
        ...(key === g.keys.at(-1) ? reproduced(g) : []),
      ];
    },
    'keys/',
  );

/** A directory group: verifyDirectory with the group's authority and now; an accepted one gives its body's key set. */
const directory = (g: Case) =>
  verifier(
    'wba.verifyDirectory',
    (c) => ({ headers: c.headers, authority: g.authority, body: c.body, now: g.now }),
    (c) => ({ did: g.did, jwks: jwksOf(c.body) }),
  )(g);

/** The request of a wba.request case: built from `url` and `headers`, or the case's `request` as it is. */
const requestOf = (c: Case) =>
  'request' in c ? { requestAsIs: c.request } : { request: { url: c.url, headers: c.headers } };

export const wbaGroups: OpGroup[] = [
  { file, group: 'webBotAuth', pkg, replay: webBotAuth },
  {
    file,
    group: 'wba.profile',
    pkg,
    replay: requests((g, c) => ({
      headers: c.headers,
      authority: g.authority,
      jwks: c.jwks ?? g.jwks,
      now: c.now ?? g.now,
    })),
  },
  { file, group: 'wba.directory', pkg, replay: directory },
  { file, group: 'wba.directory.current', pkg, replay: directory },
  {
    file,
    group: 'wba.dictionary',
    pkg,
    replay: requests((g, c) => ({
      headers: c.agent === undefined ? c.headers : { ...c.headers, 'signature-agent': c.agent },
      authority: g.authority,
      jwks: g.jwks,
      now: g.now,
      ...given(c, ['targetUri']),
    })),
  },
  {
    file,
    group: 'wba.key-window',
    pkg,
    replay: requests((g, c) => ({ headers: g.headers, authority: g.authority, jwks: c.jwks, now: g.now })),
  },
  {
    file,
    group: 'wba.card',
    pkg,
    replay: (g: Case) =>
      sides(
        (c) => [
          step(
            'wba.parseSignatureAgentCard',
            { card: c.card, url: g.url },
            value({ clientId: g.url, card: c.card, keys: c.expect }),
          ),
        ],
        (c) => [step('wba.parseSignatureAgentCard', { card: c.card, url: g.url }, refusal(c.expect))],
      )(g),
  },
  {
    file,
    group: 'wba.registry',
    pkg,
    replay: reader('wba.parseRegistry', (c) => ({ text: c.text, ...given(c, ['maxLength', 'maxEntries']) })),
  },
  {
    file,
    group: 'wba.discovery',
    pkg,
    // A fetch is answered from the case's `responses` by URL (404 for any other): no network.
    replay: (g: Case) =>
      verifier(
        'wba.verifyRequestWithDiscovery',
        (c) => ({
          headers: c.headers,
          authority: g.authority,
          now: g.now,
          ...OFF,
          responses: c.responses,
          ...given(c, ['allowAgents']),
        }),
        (c) => c.expect,
      )(g),
  },
  {
    file,
    group: 'wba.request',
    pkg,
    replay: requests((g, c) => ({ ...requestOf(c), authority: c.authority, jwks: g.jwks, now: g.now })),
  },
  {
    file,
    group: 'wba.signature-agent',
    pkg,
    replay: reader('wba.parseSignatureAgent', (c) => ({ header: c.header, allowHttp: c.allowHttp === true })),
  },
  {
    file,
    group: 'wba.fetch',
    pkg,
    // The fetch is answered with the case's `response` (or fails when it says `reject`); the
    // answer says what was fetched: once, the expected URL, asking for a directory, no redirects.
    replay: (g: Case) => {
      const args = (c: Case) => ({
        url: c.url,
        now: g.now,
        ...given(c, ['type', 'response', 'cache']),
        ...(c.reject === true ? { reject: true } : {}),
      });
      return sides(
        (c) => [
          holding('wba.fetchDirectory', args(c), {
            ...c.expect,
            jwks: jwksOf(c.response.body),
            fetched: [{ url: c.expect.url, headers: { accept: DIRECTORY_MEDIA_TYPE }, redirect: 'error' }],
          }),
        ],
        (c) => [step('wba.fetchDirectory', args(c), refusal(c.expect))],
      )(g);
    },
  },
  {
    file,
    group: 'jwk.refuse',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step('wba.thumbprint', { jwk: c.jwk }, refusal(c.expect)),
        step('wba.publicKeyFromJwk', { jwk: c.jwk }, refusal(c.keyExpect)),
      ]),
  },
  {
    file,
    group: 'wba.replay',
    pkg,
    // Every delivery of a case through one store, in order: the members the vector states of
    // each accepted one, or its refusal code.
    replay: (g: Case) => {
      const deliveries = (c: Case) => {
        const accepted = c.expect.find(isObject);
        return [
          step(
            'wba.verifyDeliveries',
            {
              deliveries: c.deliveries,
              authority: g.authority,
              jwks: g.jwks,
              now: g.now,
              store: c.unavailable === true ? 'unavailable' : given(c, ['maxEntries']),
              members: accepted === undefined ? [] : membersOf(accepted),
            },
            value(c.expect),
          ),
        ];
      };
      return sides(deliveries, deliveries)(g);
    },
  },
  {
    file,
    group: 'wba.structured-fields',
    pkg,
    replay: reader('wba.parseStructuredField', (c) => ({
      field: c.field,
      text: c.text,
      ...given(c, ['maxLength']),
    })),
  },
];
