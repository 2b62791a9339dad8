import { base64urlStrict } from '@agent-seam/canonical';
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
  bindingPayload,
  bindingV2Payload,
  didFromSeed,
  resolveOpDid,
  signDeviceBindingV2,
  signOwnerState,
  verifyDeviceBindingV2,
  verifyOwnerState,
} from '@agent-seam/did';
import {
  invitePayload,
  listenTokenMessage,
  MemoryReplayCache,
  relayOrigin,
  relaySendMessage,
  signInvite,
  signListenToken,
  signRelaySend,
  verifyClaim,
  verifyEnvelope,
  verifyEnvelopeAsync,
  verifyInvite,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import { opEntries } from './harness.js';
import {
  accepted,
  acceptedWith,
  bytesOf,
  type Case,
  cases,
  type FileReplay,
  type GroupReplay,
  given,
  Mismatch,
  refused,
  same,
  sides,
  twin,
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
const _utf8 = (s: string) => new TextEncoder().encode(s);

const _envelopeVerdict = twin(verifyEnvelope, verifyEnvelopeAsync);
const cardVerdict = twin(verifyCardEnvelope, verifyCardEnvelopeAsync);

/** The whole refusal, detail included (undefined when the vector gives none). */
const refusedExactly = (verdict: unknown, code: string, detail: unknown) =>
  same(verdict, { ok: false, code, detail }, 'verdict');

// -- @agent-seam/did -------------------------------------------------------------------

const didGroups = {
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
const _OFF = { now: 'off', replay: 'off' } as const;

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
        async (seq) => {
          // unavailable: a shared store whose server cannot be reached, judged by the async verifier.
          const replay =
            seq.unavailable === true
              ? { windowSeconds: 600, checkAndRemember: () => Promise.reject(new Error('unreachable')) }
              : new MemoryReplayCache(seq);
          for (const [i, step] of (seq.steps as Case[]).entries()) {
            const options = { recipientDid: g.recipientDid, now: step.now, replay };
            const v =
              seq.unavailable === true
                ? await verifyEnvelopeAsync(step.input, options)
                : verifyEnvelope(step.input, options);
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

/** Each package's groups as file entries under that package's name. */
const owned = (pkg: string, groups: Record<string, GroupReplay>) =>
  Object.fromEntries(Object.entries(groups).map(([name, replay]) => [name, { pkg, replay }]));

export const wire: FileReplay = {
  file: 'wire_vectors.json',
  layout: 'seam-wire',
  groups: {
    ...owned('@agent-seam/did', didGroups),
    ...owned('@agent-seam/envelope', envelopeGroups),
    ...opEntries('wire_vectors.json'),
    ...owned('@agent-seam/cardpub', cardpubGroups),
  },
};
