import { base64urlStrict, canonicalize, canonicalString, hex, parseJSON } from '@agent-seam/canonical';
import {
  cardEnvelopePayload,
  signCardEnvelope,
  signDomainLinkage,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
  verifyDomainLinkage,
} from '@agent-seam/cardpub';
import {
  base58btc,
  bindingPayload,
  bindingV2Payload,
  didFromPublicKey,
  didFromSeed,
  publicKeyFromDid,
  resolveOpDid,
  signDeviceBindingV2,
  signOwnerState,
  verificationKeyFromDid,
  verifyDeviceBindingV2,
  verifyEd25519,
  verifyEd25519Async,
  verifyOwnerState,
} from '@agent-seam/did';
import {
  invitePayload,
  listenTokenMessage,
  MemoryReplayCache,
  relayOrigin,
  relaySendMessage,
  signEnvelope,
  signInvite,
  signingPayload,
  signListenToken,
  signRelaySend,
  verifyClaim,
  verifyEnvelope,
  verifyEnvelopeAsync,
  verifyInvite,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import {
  DIRECTORY_MEDIA_TYPE,
  DIRECTORY_PATH,
  fetchDirectory,
  jwkFromPublicKey,
  parseSignatureAgent,
  publicKeyFromJwk,
  signatureBase,
  signDirectory,
  signRequest,
  thumbprint,
  thumbprintInput,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
} from '@agent-seam/wba';
import { parsedText, parseRefused } from './canonical.js';
import {
  accepted,
  bytesOf,
  type Case,
  cases,
  type FileReplay,
  type GroupReplay,
  holds,
  Mismatch,
  refused,
  same,
  sides,
  throwsCode,
} from './replay.js';

// The seeds the repository's generator signed these groups with; the file names the
// signer's DID, the seed is the generator's (0x0b, 0x0d, 0x15, 0x1f repeated).
const seedOf = (byte: number) => new Uint8Array(32).fill(byte);
const INVITE_SEED = seedOf(0x0b);
const CARD_SEED = seedOf(0x0d);
const LINK_SEED = seedOf(0x15);
/** The owner whose state ownerState's refusals are asked about when a case names none. */
const OWNER_ROOT = didFromSeed(seedOf(0x1f));

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const seconds = (iso: string) => Date.parse(iso) / 1000;
const utf8 = (s: string) => new TextEncoder().encode(s);

/** An accepted verdict whose value holds these members (what toMatchObject checks). */
function acceptedWith(verdict: Case, value: Case): void {
  accepted(verdict as { ok: boolean });
  holds(verdict.value, value, 'value');
}
/** A verifier and its WebCrypto twin as one: the sync verdict, which the async verifier must give too. */
const twin =
  <A extends unknown[], V>(verify: (...args: A) => V, viaWebCrypto: (...args: A) => Promise<V>) =>
  async (...args: A): Promise<V> => {
    const verdict = verify(...args);
    same(await viaWebCrypto(...args), verdict, 'the async (WebCrypto) verifier, against the sync verdict');
    return verdict;
  };
const envelopeVerdict = twin(verifyEnvelope, verifyEnvelopeAsync);
const cardVerdict = twin(verifyCardEnvelope, verifyCardEnvelopeAsync);
const requestVerdict = twin(verifyRequest, verifyRequestAsync);

/** The whole refusal, detail included (undefined when the vector gives none). */
const refusedExactly = (verdict: unknown, code: string, detail: unknown) =>
  same(verdict, { ok: false, code, detail }, 'verdict');
/** Some members only: options a case gives, the others left out (as undefined). */
const given = (c: Case, names: string[]) =>
  Object.fromEntries(names.filter((k) => c[k] !== undefined).map((k) => [k, c[k]]));

// -- @agent-seam/canonical -------------------------------------------------------------

const canonicalGroups = {
  canonical: (g: Case[]) =>
    cases(g, (c) => {
      same(canonicalString(c.payload, { profile: 'seam' }), c.canonical, 'sign side');
      same(parsedText(JSON.stringify(c.payload), 'seam'), c.canonical, 'parse boundary');
    }),
  numberHazards: (g: Case[]) =>
    cases(g, (c) => {
      same(parsedText(c.pythonCanonical, 'seam'), c.pythonCanonical, 'the Python bytes read back');
      same(JSON.parse(c.pythonCanonical), c.payload, 'payload');
      same(c.signMustNotEmit, true, 'signMustNotEmit');
      // Verifying needs the received bytes exactly when re-writing the parsed value loses them.
      const rewritten = canonicalString(JSON.parse(c.pythonCanonical), { profile: 'jcs' });
      same(rewritten !== c.pythonCanonical, c.verifyNeedsPythonRepr, 'verifyNeedsPythonRepr');
      const marked = parseJSON(utf8(c.pythonCanonical), { floats: 'marked' });
      if (!marked.ok) throw new Mismatch(`refused [${marked.code}] with floats marked`);
      throwsCode(() => canonicalize(marked.value, { profile: 'seam' }), 'number-hazard');
      same(rewritten, c.javascriptWouldWrite, 'jcs');
    }),
  'reject.encoding': sides(
    (c) => same(parsedText(bytesOf(c.documentHex), 'seam'), c.canonical, 'canonical'),
    (c) => {
      same(c.mustReject, true, 'mustReject');
      parseRefused(bytesOf(c.documentHex), 'seam', c.category);
    },
  ),
};

// -- @agent-seam/did -------------------------------------------------------------------

const DID_DOORS: Record<string, (did: string) => { ok: boolean; code?: string }> = {
  codec: publicKeyFromDid,
  base58: base58btc.decode,
  'verification-key': verificationKeyFromDid,
};

const doorVerdict = (c: Case) =>
  twin(verifyEd25519, verifyEd25519Async)(
    bytesOf(c.publicHex),
    bytesOf(c.messageHex),
    bytesOf(c.signatureHex),
  );

const didGroups = {
  // Both directions: the bytes spell the DID, and the DID decodes to the curve and the bytes.
  did: (g: Case[]) =>
    cases(g, (c) => {
      same(didFromPublicKey(bytesOf(c.publicHex), c.curve), c.did, 'did');
      const decoded = publicKeyFromDid(c.did);
      accepted(decoded);
      if (decoded.ok)
        same([decoded.value.curve, hex.encode(decoded.value.publicKey)], [c.curve, c.publicHex], 'key');
      same(c.multicodec, c.curve === 'ed25519' ? 'ed01' : '8024', 'multicodec');
    }),
  'reject.did': (g: Case[]) => cases(g, (c) => refused(DID_DOORS[c.door]!(c.did), c.code)),
  'reject.ed25519': sides(
    async (c) => accepted(await doorVerdict(c), true),
    async (c) => refused(await doorVerdict(c), c.code),
  ),
  binding: (g: Case[]) =>
    cases(g, (c) => same(text(bindingPayload(c as never)), c.bindingPayload, 'payload')),
  bindingV2: (g: Case) => [
    ...cases(
      g.cases,
      (c) => {
        same(text(bindingV2Payload(c as never)), c.bindingPayload, 'payload');
        same(
          signDeviceBindingV2(c as never, bytesOf(c.ownerSeed), bytesOf(c.deviceSeed)),
          c.binding,
          'binding',
        );
        // The verified binding is what was signed.
        acceptedWith(
          verifyDeviceBindingV2(c.binding, { expectedDeviceDid: c.deviceDid, now: g.checkNow }),
          JSON.parse(c.bindingPayload),
        );
      },
      'cases/',
    ),
    ...cases(
      g.reject,
      (c) =>
        refused(
          verifyDeviceBindingV2(c.input, { expectedDeviceDid: c.expectedDeviceDid, now: g.checkNow }),
          c.code,
        ),
      'reject/',
    ),
  ],
  ownerState: (g: Case) => [
    ...cases(
      g.cases,
      (c) => {
        accepted(verifyOwnerState(c.record, { rootDid: c.rootDid }), {
          rootDid: c.rootDid,
          epoch: c.epoch,
          revoked: c.record.revoked,
          ts: c.ts,
        });
        const signed = signOwnerState(c.record, bytesOf(c.ownerSeed));
        same(signed, c.record, 'record');
        const { sig: _sig, ...body } = signed as Case;
        same(JSON.stringify(Object.fromEntries(Object.entries(body).sort())), c.statePayload, 'statePayload');
      },
      'cases/',
    ),
    ...cases(
      g.reject,
      (c) => refused(verifyOwnerState(c.input, { rootDid: c.expectedRootDid ?? OWNER_ROOT }), c.code),
      'reject/',
    ),
  ],
  // The ratchet: the operational DID it resolves to, never the one it must not follow.
  'reject.keystate': (g: Case) => {
    const resolves = (c: Case) => {
      const got = resolveOpDid(g.rootDid, c.inline, g.checkNow, { pinned: c.pinned });
      same(got, c.expect, 'opDid');
      if (got === c.mustNotResolveTo) throw new Mismatch(`resolved to ${got}, which it must not`);
    };
    return sides(resolves, resolves)(g);
  },
};

// -- @agent-seam/envelope --------------------------------------------------------------

/** A case that carries no clock is judged for its one refusal, with time and replay off by name. */
const OFF = { now: 'off', replay: 'off' } as const;

/** The verifier's own DID for a reject.message case: none, the case's, or the message's `to`. */
const messageOptions = (c: Case) => ({
  ...(c.verifierNamesNoRecipient ? {} : { recipientDid: c.recipientDid ?? c.input.to }),
  ...OFF,
});

function relaySendAccept(c: Case, seed: Uint8Array): void {
  same(relaySendMessage(c as never), c.sendSigMsg, 'sendSigMsg');
  same(signRelaySend(c as never, seed), c.sig, 'sig');
  accepted(verifyRelaySend(c, c.sig), true);
}

function listenAccept(c: Case, seed: Uint8Array): void {
  same(relayOrigin(c.relayUrl), c.origin, 'origin');
  same(listenTokenMessage(c as never), c.listenTokenMsg, 'listenTokenMsg');
  same(signListenToken(c as never, seed), c.token, 'token');
  accepted(verifyListenToken(c.token, { ...c, now: 'off' } as never), { freshness: 'off-by-caller' });
}

/** A claim judged against the nonces issued; a refused claim never spends one. */
function claimRefused(c: Case): void {
  const judge = (input: unknown, issued: Set<string>) =>
    verifyClaim(input, {
      recipientDid: c.recipientDid,
      consumeNonce: (n) => issued.delete(n),
      now: c.now ?? 'off',
      replay: 'off',
    });
  const issued = new Set<string>(c.issuedNonces);
  refused(judge(c.input, issued), c.code);
  same([...issued], c.issuedNonces, 'issued nonces after the refusal');
  if (c.code !== 'unknown-nonce' || c.issuedNonces.length === 0) return;
  // The accepting twin: the same genuine claim carrying an issued nonce is accepted, once.
  const genuine = { ...c.input, nonce: c.issuedNonces[0] };
  const { sig: _, ...message } = genuine.message;
  acceptedWith(judge(genuine, issued), { nonce: genuine.nonce, message });
  refused(judge(genuine, issued), 'unknown-nonce');
}

const envelopeGroups = {
  envelope: (g: Case[]) =>
    cases(g, async (c) => {
      same(text(signingPayload(c as never)), c.signingPayload, 'signingPayload');
      if (c.sig === undefined) return;
      const fields = ['from', 'to', 'text', 'timestamp', 'messageId', 'contextId', 'sig'];
      holds(signEnvelope(c as never, bytesOf(c.seed)), given(c, fields), 'signed');
      accepted(await envelopeVerdict(c, { recipientDid: c.recipientDid, ...OFF }));
    }),
  'reject.message': (g: Case[]) =>
    cases(g, async (c) => refused(await envelopeVerdict(c.input, messageOptions(c) as never), c.code)),
  relay: (g: Case) => {
    const seed = bytesOf(g.seedA);
    return [
      ...cases(g.send, (c) => relaySendAccept(c, seed), 'send/'),
      ...cases(g.listen, (c) => listenAccept(c, seed), 'listen/'),
      ...cases(
        g.reject,
        (c) =>
          refused(
            c.kind === 'send'
              ? verifyRelaySend('input' in c ? c.input : c, c.sig)
              : verifyListenToken(c.token, { ...c, now: c.now ?? 'off' } as never),
            c.code,
          ),
        'reject/',
      ),
      ...cases(
        g.fresh,
        (c) => {
          same(relayOrigin(c.relayUrl), c.origin, 'origin');
          same(listenTokenMessage(c as never), c.listenTokenMsg, 'listenTokenMsg');
          accepted(verifyListenToken(c.token, c as never), { freshness: 'fresh' });
        },
        'fresh/',
      ),
    ];
  },
  'envelope.freshness': (g: Case) => {
    const judge = (c: Case) =>
      verifyEnvelope(c.input, {
        recipientDid: g.recipientDid,
        now: c.now,
        replay: 'off',
        ...given(c, ['maxSkew']),
      });
    return [
      ...sides(
        (c) => {
          acceptedWith(judge(c), { freshness: c.freshness });
          // A Date and the same Unix seconds are the same instant.
          if (c.now !== 'off') same(judge({ ...c, now: new Date(c.now * 1000) }), judge(c), 'with a Date');
        },
        (c) => refusedExactly(judge(c), c.code, c.detail),
      )(g),
      // A sequence of deliveries against one cache; each step answers first-seen or its refusal.
      ...cases(
        g.replay,
        (seq) => {
          const replay = new MemoryReplayCache(seq);
          for (const [i, step] of (seq.steps as Case[]).entries()) {
            const v = verifyEnvelope(step.input, { recipientDid: g.recipientDid, now: step.now, replay });
            same(v.ok ? v.value.replay : v.code, step.expect, `step ${i}`);
          }
        },
        'replay/',
      ),
    ];
  },
  invite: (g: Case[]) =>
    cases(g, (c) => {
      same(text(invitePayload(c.card)), c.invitePayload, 'invitePayload');
      // The signed invite is the card and its signature, and so is the verified one.
      same(signInvite(c.card, INVITE_SEED), { ...c.card, sig: c.sig }, 'signed invite');
      acceptedWith(verifyInvite({ ...c.card, sig: c.sig }, { now: seconds(c.checkNow) }), {
        ...c.card,
        sig: c.sig,
      });
    }),
  'reject.invite': (g: Case[]) =>
    cases(g, (c) => refused(verifyInvite(c.input, { now: seconds(c.checkNow) }), c.code)),
  'reject.claim': (g: Case[]) => cases(g, claimRefused),
};

// -- @agent-seam/cardpub ---------------------------------------------------------------

const ANOTHER_DID = 'did:key:z6MkeTGwHmLmuCmgg4ABYhzWVh6ZX7hTwWt8gguAretUfc9c';
const cardCode = async (c: Case) =>
  refused(await cardVerdict(c.envelope, { expectedDid: c.expectedDid ?? undefined, now: 'off' }), c.expect);

const cardpubGroups = {
  // Made and read: the payload bytes, the signature from the seed, the verdict, and a
  // caller expecting another DID refused.
  cardpub: (g: Case[]) =>
    cases(g, async (c) => {
      const envelope = { v: 1, typ: 'agentcard', card: c.card, ts: c.ts, sig: c.sig };
      same(text(cardEnvelopePayload(c.card, c.ts)), c.envelopePayload, 'envelopePayload');
      same(signCardEnvelope(c.card, CARD_SEED, c.ts), envelope, 'envelope');
      accepted(await cardVerdict(envelope, { expectedDid: c.card.did, now: 'off' }), {
        card: c.card,
        ts: c.ts,
        freshness: 'off-by-caller',
      });
      refused(await cardVerdict(envelope, { expectedDid: ANOTHER_DID, now: 'off' }), 'did-mismatch');
    }),
  'reject.cardpub': (g: Case[]) => cases(g, cardCode),
  'cardpub.refuse': (g: Case[]) => cases(g, cardCode),
  'cardpub.freshness': (g: Case) => {
    const judge = (c: Case, now = c.now) =>
      cardVerdict(c.envelope, {
        expectedDid: c.expectedDid,
        now,
        maxAge: c.maxAge,
        maxSkew: c.maxSkew,
      });
    return sides(
      async (c) => {
        acceptedWith(await judge(c), { freshness: c.freshness });
        if (c.now !== 'off') same(await judge(c, new Date(c.now * 1000)), await judge(c), 'with a Date');
      },
      async (c) => refusedExactly(await judge(c), c.expect, c.detail),
    )(g);
  },
  domainLinkage: (g: Case[]) =>
    cases(g, (c) => {
      const origin = `https://${c.domain}`;
      const token = signDomainLinkage(LINK_SEED, { origin, nbf: c.nbf, exp: c.exp });
      same(token.startsWith(`${c.signingInput}.`), true, 'token starts with signingInput');
      same(token, c.token, 'token');
      accepted(verifyDomainLinkage(c.token, { did: c.did, origin, now: c.nbf }), {
        did: c.did,
        origin,
        nbf: c.nbf,
        exp: c.exp,
      });
    }),
  'domainLinkage.refuse': (g: Case) => {
    const verify = (c: Case) =>
      verifyDomainLinkage(c.token, {
        did: c.did ?? g.did,
        origin: c.origin ?? g.origin,
        now: c.now ?? g.now,
      });
    return sides(
      (c) => accepted(verify(c)),
      (c) => refused(verify(c), c.expect),
    )(g);
  },
  a2a: (g: Case) =>
    sides(
      (c) => {
        accepted(verifyA2ACard(c.card, c.signature, { jwks: g.jwks }));
        // The bare public key of the key set verifies it alike.
        const publicKey = base64urlStrict.decode(g.jwks.keys[0].x);
        accepted(publicKey);
        if (publicKey.ok) accepted(verifyA2ACard(c.card, c.signature, { publicKey: publicKey.value }));
      },
      (c) => refused(verifyA2ACard(c.card, c.signature, { jwks: g.jwks }), c.expect),
    )(g),
};

// -- @agent-seam/wba -------------------------------------------------------------------

/** The signature parameters a signature-input spells, from the fields the vector gives them in. */
const paramsOf = (x: Case) =>
  `(${x.components.map((c: string) => `"${c}"`).join(' ')});created=${x.created};expires=${x.expires};keyid="${x.keyid}";alg="${x.alg}";tag="${x.tag}"`;

/** The request of webBotAuth, made from the seed and read back. */
function reproduceRequest(g: Case, seed: Uint8Array): void {
  const r = g.request;
  const headers = signRequest({
    seed,
    authority: r.authority,
    signatureAgent: r.signatureAgentUrl,
    created: r.created,
    expires: r.expires,
  });
  same(headers['signature-input'], r.signatureInput, 'request signature-input');
  same(headers['signature-input'], `sig1=${r.signatureParams}`, 'request signature-params');
  same(headers['signature-input'], `sig1=${paramsOf(r)}`, 'request parameters');
  same(headers['signature-agent'], r.signatureAgent, 'request signature-agent');
  const base = signatureBase(
    [
      { name: '@authority', value: r.authority },
      { name: 'signature-agent', value: r.signatureAgent },
    ],
    r.signatureParams,
  );
  same(base, r.signatureBase, 'request signature base');
  same(headers.signature, r.signature, 'request signature');
  const verdict = verifyRequest({
    headers: {
      'signature-input': r.signatureInput,
      signature: r.signature,
      'signature-agent': r.signatureAgent,
    },
    authority: r.authority,
    // The directory body of the same group publishes the signer's key.
    jwks: JSON.parse(g.directory.body),
    now: r.created,
  });
  accepted(verdict, { did: g.did, keyid: r.keyid, label: 'sig1', created: r.created, expires: r.expires });
}

/** The directory of webBotAuth, made from the seed and read back. */
function reproduceDirectory(g: Case, seed: Uint8Array): void {
  const d = g.directory;
  const made = signDirectory({ seed, authority: d.authority, created: d.created, expires: d.expires });
  same(made.body, d.body, 'directory body');
  same(made.headers['signature-input'], d.signatureInput, 'directory signature-input');
  same(made.headers['signature-input'], `sig1=${paramsOf(d)}`, 'directory parameters');
  same([DIRECTORY_PATH, DIRECTORY_MEDIA_TYPE], [d.path, d.contentType], 'directory path and media type');
  same(
    signatureBase([{ name: '@authority', value: d.authority }], d.signatureParams),
    d.signatureBase,
    'base',
  );
  same(made.headers.signature, d.signature, 'directory signature');
  const verdict = verifyDirectory({
    headers: { 'signature-input': d.signatureInput, signature: d.signature },
    authority: d.authority,
    body: d.body,
    now: d.created,
  });
  acceptedWith(verdict, { did: g.did, keyid: d.keyid });
}

/**
 * webBotAuth's cases are its keys (JWK, thumbprint input, thumbprint, DID). The request
 * and directory the group's seed signs, which are no case of their own, are checked with its
 * last key.
 */
const webBotAuth = (g: Case) =>
  cases(g.keys, (key) => {
    const publicKey = bytesOf(key.publicHex);
    const jwk = jwkFromPublicKey(publicKey);
    same(jwk.x, key.x, 'x');
    same(thumbprintInput(jwk), { ok: true, value: key.thumbprintInput }, 'thumbprintInput');
    same(thumbprint(jwk), { ok: true, value: key.thumbprint }, 'thumbprint');
    same(didFromPublicKey(publicKey), key.did, 'did');
    if (key !== g.keys.at(-1)) return;
    reproduceRequest(g, bytesOf(g.seedHex));
    reproduceDirectory(g, bytesOf(g.seedHex));
  });

/** A Fetch API Request where the URL allows one, and the same shape by hand; or the case's value as it is. */
const requestsOf = (c: Case): unknown[] => {
  if ('request' in c) return [c.request];
  const byHand = { url: c.url, headers: new Headers(c.headers) };
  return typeof c.url === 'string' && /^https?:\/\//.test(c.url)
    ? [new Request(c.url, { headers: c.headers }), byHand]
    : [byHand];
};

/** A fetch double answering the case's response (or rejecting), recording what it was asked. */
function fetchFor(c: Case) {
  const calls: { url: string; init: unknown }[] = [];
  const fetch = async (url: string, init: unknown) => {
    calls.push({ url, init });
    if (c.reject) throw new TypeError('fetch failed');
    const { status, headers, body } = c.response;
    return new Response(body, { status, headers });
  };
  return { fetch, calls };
}

const wbaGroups = {
  webBotAuth,
  'wba.profile': (g: Case) => {
    const verify = (c: Case) =>
      requestVerdict({
        headers: c.headers,
        authority: g.authority,
        jwks: c.jwks ?? g.jwks,
        now: c.now ?? g.now,
      });
    return sides(
      async (c) => acceptedWith(await verify(c), { did: g.did }),
      async (c) => refused(await verify(c), c.expect),
    )(g);
  },
  'wba.directory': (g: Case) => {
    const verify = (c: Case) =>
      verifyDirectory({ headers: c.headers, authority: g.authority, body: c.body, now: g.now });
    return sides(
      (c) => {
        const verdict = verify(c);
        accepted(verdict);
        same(verdict.ok && verdict.value.jwks, JSON.parse(c.body), 'jwks');
      },
      (c) => refused(verify(c), c.expect),
    )(g);
  },
  'wba.request': (g: Case, doc: Case) => {
    const verify = (request: unknown, c: Case) =>
      verifyRequest({ request: request as Request, authority: c.authority, jwks: g.jwks, now: g.now });
    return sides(
      (c) => {
        for (const r of requestsOf(c)) acceptedWith(verify(r, c), { did: doc['wba.profile'].did });
      },
      (c) => {
        for (const r of requestsOf(c)) refused(verify(r, c), c.expect);
      },
    )(g);
  },
  'wba.signature-agent': (g: Case) => {
    const parse = (c: Case) => parseSignatureAgent(c.header, { allowHttp: c.allowHttp === true });
    return sides(
      (c) => accepted(parse(c), c.expect),
      (c) => refused(parse(c), c.expect),
    )(g);
  },
  'wba.fetch': (g: Case) =>
    sides(
      async (c) => {
        const { fetch, calls } = fetchFor(c);
        const verdict = await fetchDirectory(c.url, { fetch, now: g.now });
        acceptedWith(verdict, c.expect);
        same(verdict.ok && verdict.value.jwks, JSON.parse(c.response.body), 'jwks');
        same(
          calls,
          [{ url: c.expect.url, init: { headers: { accept: DIRECTORY_MEDIA_TYPE }, redirect: 'error' } }],
          'fetched',
        );
      },
      async (c) => refused(await fetchDirectory(c.url, { fetch: fetchFor(c).fetch, now: g.now }), c.expect),
    )(g),
  'jwk.refuse': (g: Case[]) =>
    cases(g, (c) => {
      refused(thumbprint(c.jwk), c.expect);
      // The key reader refuses the same JWKs (its type refusal covers both shape codes).
      if (publicKeyFromJwk(c.jwk).ok) throw new Mismatch('publicKeyFromJwk accepts it');
    }),
};

/** Each package's groups as file entries under that package's name. */
const owned = (pkg: string, groups: Record<string, GroupReplay>) =>
  Object.fromEntries(Object.entries(groups).map(([name, replay]) => [name, { pkg, replay }]));

export const wire: FileReplay = {
  file: 'wire_vectors.json',
  layout: 'seam-wire',
  groups: {
    ...owned('@agent-seam/canonical', canonicalGroups),
    ...owned('@agent-seam/did', didGroups),
    ...owned('@agent-seam/envelope', envelopeGroups),
    ...owned('@agent-seam/cardpub', cardpubGroups),
    ...owned('@agent-seam/wba', wbaGroups),
  },
};
