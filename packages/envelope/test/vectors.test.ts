import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
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
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { envelopeOps } from '../../cli/src/conformance/ops/envelope.js';
// Test helpers shared with the did package's vector tests (same upstream file, same rules).
import {
  always,
  byName,
  bytes,
  expectSameValues,
  loadUpstream,
  makeBothSources,
  never,
} from '../../did/test/helpers.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const upstream = loadUpstream('agent-seam-latest/wire_vectors.json');
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const seconds = (iso: string) => Date.parse(iso) / 1000;

const bothSources = makeBothSources(ledger, ours, upstream);
const impl = packageImplementation('@agent-seam/envelope', envelopeOps);
/** Cases that carry no clock are judged for their one refusal, time and replay off by name. */
const OFF = { now: 'off', replay: 'off' } as const;

/** A group replayed through its op replayer over our file, then over upstream's (interop). */
function bothFiles(group: string, pick: (doc: any) => any[], adaptUpstream = (c: any) => c) {
  ledgerGroup(it, ledger, impl, opGroup(group), pick(ours));
  if (upstream === null) {
    it(`${group}: interop data absent`, () => ledger.interopMissing(group));
    return;
  }
  ledgerGroup(it, ledger, impl, opGroup(group), pick(upstream).map(adaptUpstream), {
    interop: true,
    prefix: 'upstream:',
  });
}

describe('envelope (the six signed fields)', () => {
  bothFiles('envelope', (d) => d.envelope);
  it.runIf(upstream !== null)(
    'upstream cases are ours, value for value (the same seeds re-derive them)',
    () => {
      for (const c of upstream.envelope) expectSameValues(byName(ours.envelope, c.name), c);
    },
  );
});

describe('reject.message', () => {
  // Upstream cases carry no code of their own: these are the codes this package gives them.
  const upstreamCodes: Record<string, string> = {
    'from-not-signer': 'bad-signature',
    'bad-signature': 'small-order-r',
    'tampered-text': 'bad-signature',
    'tampered-timestamp': 'bad-signature',
    'missing-sig': 'missing-field',
    'wrong-recipient': 'wrong-recipient',
    'small-order-signer': 'small-order-key',
    'sig-not-canonical-base64': 'sig-not-canonical-base64',
    'wire-names-its-own-recipient': 'no-recipient-named',
  };
  bothFiles(
    'reject.message',
    (d) => d.reject.message,
    (c) => ({ ...c, code: c.code ?? upstreamCodes[c.name] }),
  );
});

describe('relay', () => {
  bothSources(
    'relay',
    'accept',
    (d) => d.relay.send.map((c: any) => ({ ...c, name: `send/${c.name}`, seedA: d.relay.seedA })),
    (c: any) => {
      expect(relaySendMessage(c)).toBe(c.sendSigMsg);
      expect(signRelaySend(c, bytes(c.seedA))).toBe(c.sig);
      expect(verifyRelaySend(c, c.sig)).toEqual({ ok: true, value: true });
    },
    always,
  );
  bothSources(
    'relay',
    'accept',
    (d) => d.relay.listen.map((c: any) => ({ ...c, name: `listen/${c.name}`, seedA: d.relay.seedA })),
    (c: any) => {
      expect(relayOrigin(c.relayUrl)).toBe(c.origin);
      expect(listenTokenMessage(c)).toBe(c.listenTokenMsg);
      expect(signListenToken(c, bytes(c.seedA))).toBe(c.token);
      expect(verifyListenToken(c.token, { ...c, now: 'off' })).toEqual({
        ok: true,
        value: { freshness: 'off-by-caller' },
      });
    },
    always,
  );
  for (const c of ours.relay.reject)
    it(c.name, () =>
      ledger.refuse('relay', c.name, () => {
        const verdict =
          c.kind === 'send'
            ? verifyRelaySend('input' in c ? c.input : c, c.sig)
            : verifyListenToken(c.token, { ...c, now: c.now ?? 'off' });
        expect(verdict).toMatchObject({ ok: false, code: c.code });
      }),
    );
  for (const c of ours.relay.fresh)
    it(`fresh/${c.name}`, () =>
      ledger.accept('relay', `fresh/${c.name}`, () =>
        expect(verifyListenToken(c.token, c)).toEqual({ ok: true, value: { freshness: 'fresh' } }),
      ));
});

describe('envelope.freshness', () => {
  const group = ours['envelope.freshness'];
  const recipientDid = group.recipientDid as string;
  const judge = (c: any) =>
    verifyEnvelope(c.input, {
      recipientDid,
      now: c.now,
      replay: 'off',
      ...(c.maxSkew === undefined ? {} : { maxSkew: c.maxSkew }),
    });
  for (const c of group.accept)
    it(c.name, () =>
      ledger.accept('envelope.freshness', c.name, () => {
        expect(judge(c)).toMatchObject({ ok: true, value: { freshness: c.freshness } });
        // A Date and the same Unix seconds are the same instant.
        if (c.now !== 'off') expect(judge({ ...c, now: new Date(c.now * 1000) })).toEqual(judge(c));
      }),
    );
  for (const c of group.refuse)
    it(c.name, () =>
      ledger.refuse('envelope.freshness', c.name, () =>
        expect(judge(c)).toEqual({ ok: false, code: c.code, detail: c.detail }),
      ),
    );
  /** A shared store whose server cannot be reached: every answer is a rejected promise. */
  const unreachable = {
    windowSeconds: 600,
    checkAndRemember: () => Promise.reject(new Error('connect ECONNREFUSED')),
  };
  // Each sequence runs in order against one cache; every step is one check.
  for (const seq of group.replay)
    it(`replay/${seq.name}`, async () => {
      const replay = seq.unavailable === true ? unreachable : new MemoryReplayCache(seq);
      for (const [i, step] of (seq.steps as any[]).entries())
        await ledger[step.expect === 'first-seen' ? 'accept' : 'refuse'](
          'envelope.freshness',
          `${seq.name}/${i}`,
          async () => {
            const options = { recipientDid, now: step.now, replay };
            const v =
              seq.unavailable === true
                ? await verifyEnvelopeAsync(step.input, options)
                : verifyEnvelope(step.input, options);
            expect(v.ok ? v.value.replay : v.code).toBe(step.expect);
          },
        );
    });
});

describe('invite', () => {
  const upstreamNow = upstream?.reject.invite[0].checkNow as string;
  bothSources(
    'invite',
    'accept',
    (d) => d.invite,
    (c: any, source) => {
      expect(text(invitePayload(c.card))).toBe(c.invitePayload);
      expect(signInvite(c.card, new Uint8Array(32).fill(0x0b)).sig).toBe(c.sig);
      const now = seconds(source === 'ours' ? c.checkNow : upstreamNow);
      expect(verifyInvite({ ...c.card, sig: c.sig }, { now })).toMatchObject({ ok: true });
    },
    always,
  );
  const upstreamCodes: Record<string, string> = {
    'expired-invite': 'expired',
    'forged-invite': 'bad-signature',
  };
  bothSources(
    'reject.invite',
    'refuse',
    (d) => d.reject.invite,
    (c: any) =>
      expect(verifyInvite(c.input, { now: seconds(c.checkNow) })).toMatchObject({
        ok: false,
        code: c.code ?? upstreamCodes[c.name],
      }),
    always,
  );
});

describe('reject.claim', () => {
  // Upstream's unsigned claim gets its nonce issued, so only the signature check can refuse it.
  const upstreamIssued: Record<string, string[]> = {
    'claim-unsigned': ['whatever'],
    'claim-unknown-nonce': [],
  };
  const upstreamCodes: Record<string, string> = {
    'claim-unsigned': 'small-order-r',
    'claim-unknown-nonce': 'unknown-nonce',
  };
  const judge = (c: any, issuedNonces: string[]) => {
    const issued = new Set(issuedNonces);
    const verdict = verifyClaim(c.input, {
      recipientDid: c.recipientDid ?? c.input.message.to,
      consumeNonce: (n) => issued.delete(n),
      now: c.now ?? 'off',
      replay: 'off',
    });
    // A refused claim never spends a nonce.
    expect(issued).toEqual(new Set(issuedNonces));
    return verdict;
  };
  bothSources(
    'reject.claim',
    'refuse',
    (d) => d.reject.claim,
    (c: any) =>
      expect(judge(c, c.issuedNonces ?? upstreamIssued[c.name])).toMatchObject({
        ok: false,
        code: c.code ?? upstreamCodes[c.name],
      }),
    never,
  );
  it('the accepting twin: the same genuine claim with an issued nonce, accepted once', () =>
    ledger.accept('reject.claim', 'claim-issued-nonce', () => {
      const genuine = byName(ours.reject.claim as any[], 'claim-unknown-nonce');
      const claim = { ...genuine, input: { ...genuine.input, nonce: genuine.issuedNonces[0] } };
      const issued = new Set(claim.issuedNonces as string[]);
      const check = {
        recipientDid: claim.recipientDid,
        consumeNonce: (n: string) => issued.delete(n),
        ...OFF,
      };
      expect(verifyClaim(claim.input, check)).toMatchObject({ ok: true });
      expect(verifyClaim(claim.input, check)).toMatchObject({ ok: false, code: 'unknown-nonce' });
    }));
});
