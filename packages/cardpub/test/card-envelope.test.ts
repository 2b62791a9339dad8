import { utf8Strict } from '@agent-seam/canonical';
import { loadInterop, loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { cardEnvelopeVerifier } from '../src/card-envelope.js';
import {
  cardEnvelopePayload,
  signCardEnvelope,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
} from '../src/index.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const interop = { interop: true };
// The upstream cardpub cases were signed with this seed (found by deriving did:key from 0x0d * 32).
const CARD_SEED = new Uint8Array(32).fill(0x0d);
const code = (v: { ok: boolean; code?: string }) => (v.ok ? 'accepted' : v.code);

describe('cardpub (upstream group)', () => {
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.cardpub;
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing('cardpub'));
    return;
  }
  upstream.forEach((c: any, i: number) => {
    const envelope = { v: 1, typ: 'agentcard', card: c.card, ts: c.ts, sig: c.sig };
    it(`${c.name}: payload bytes`, () =>
      ledger.accept(
        'cardpub',
        `${c.name}/payload`,
        () =>
          expect(utf8Strict.decode(cardEnvelopePayload(c.card, c.ts))).toEqual({
            ok: true,
            value: c.envelopePayload,
          }),
        interop,
      ));
    it(`${c.name}: signature reproduced`, () =>
      ledger.accept(
        'cardpub',
        `${c.name}/sign`,
        () => expect(signCardEnvelope(c.card, CARD_SEED, c.ts)).toEqual(envelope),
        interop,
      ));
    it(`${c.name}: verifies under card.did`, () =>
      ledger.accept(
        'cardpub',
        `${c.name}/verify`,
        () =>
          expect(verifyCardEnvelope(envelope, { expectedDid: c.card.did, now: 'off' })).toEqual({
            ok: true,
            value: { card: c.card, ts: c.ts, freshness: 'off-by-caller' },
          }),
        interop,
      ));
    it(`${c.name}: refused when the caller expects another DID`, () =>
      ledger.refuse(
        'cardpub',
        `${c.name}/anti-substitution`,
        () => {
          const other = 'did:key:z6MkeTGwHmLmuCmgg4ABYhzWVh6ZX7hTwWt8gguAretUfc9c';
          expect(code(verifyCardEnvelope(envelope, { expectedDid: other, now: 'off' }))).toBe('did-mismatch');
        },
        interop,
      ));
    it(`${c.name}: vectors/wire_vectors.json reproduces it value for value`, () =>
      ledger.accept('cardpub', `${c.name}/reproduced`, () => expect(ours.cardpub[i]).toEqual(c), interop));
  });
});

describe('reject.cardpub', () => {
  for (const c of ours.reject.cardpub) {
    it(c.name, () =>
      ledger.refuse('reject.cardpub', c.name, () =>
        expect(code(verifyCardEnvelope(c.envelope, { expectedDid: c.expectedDid, now: 'off' }))).toBe(
          c.expect,
        ),
      ),
    );
  }

  it('a verifier with the signature check removed accepts every case, so it fails the group', () => {
    const noSignatureCheck = cardEnvelopeVerifier(() => ({ ok: true, value: true }));
    for (const c of ours.reject.cardpub)
      expect(noSignatureCheck(c.envelope, { expectedDid: c.expectedDid, now: 'off' }).ok, c.name).toBe(true);
  });
});

describe('cardpub.refuse', () => {
  for (const c of ours['cardpub.refuse']) {
    it(c.name, () =>
      ledger.refuse('cardpub.refuse', c.name, () =>
        expect(
          code(verifyCardEnvelope(c.envelope, { expectedDid: c.expectedDid ?? undefined, now: 'off' })),
        ).toBe(c.expect),
      ),
    );
  }
});

describe('cardpub.freshness', () => {
  const group = ours['cardpub.freshness'];
  const judge = (c: any, now = c.now) => {
    const { envelope, expectedDid, maxAge, maxSkew } = c;
    return verifyCardEnvelope(envelope, { expectedDid, now, maxAge, maxSkew });
  };
  for (const c of group.accept)
    it(`accept: ${c.name}`, () =>
      ledger.accept('cardpub.freshness', c.name, () => {
        expect(judge(c)).toMatchObject({ ok: true, value: { freshness: c.freshness } });
        // A Date and the same Unix seconds are the same instant.
        if (c.now !== 'off') expect(judge(c, new Date(c.now * 1000))).toEqual(judge(c));
      }));
  for (const c of group.refuse)
    it(`refuse: ${c.name}`, () =>
      ledger.refuse('cardpub.freshness', c.name, () =>
        expect(judge(c)).toEqual({
          ok: false,
          code: c.expect,
          ...(c.detail === undefined ? {} : { detail: c.detail }),
        }),
      ));
  it("a millisecond count is refused, naming the option; maxAge with now: 'off' is a configuration error", () => {
    const { envelope, expectedDid } = group.refuse[0];
    expect(() => verifyCardEnvelope(envelope, { expectedDid, now: envelope.ts * 1000 })).toThrow(
      /^bad-instant: verifyCardEnvelope now /,
    );
    expect(() => verifyCardEnvelope(envelope, { expectedDid, now: envelope.ts, maxAge: 6e12 })).toThrow(
      /^bad-duration: verifyCardEnvelope maxAge /,
    );
    expect(() => verifyCardEnvelope(envelope, { expectedDid, now: 'off', maxAge: 60 })).toThrow(
      /^bad-options: /,
    );
    expect(() => verifyCardEnvelope(envelope, { expectedDid } as never)).toThrow(
      /^missing-option: verifyCardEnvelope needs now /,
    );
    expect(() => signCardEnvelope(envelope.card, CARD_SEED, envelope.ts * 1000)).toThrow(
      /^bad-instant: signCardEnvelope ts /,
    );
  });
  it('the async verifier judges age alike', async () => {
    for (const c of [...group.accept, ...group.refuse])
      expect(await verifyCardEnvelopeAsync(c.envelope, c)).toEqual(judge(c));
  });
});

describe('verifyCardEnvelopeAsync (WebCrypto door) on every card envelope case', () => {
  const cases = [
    ...ours.cardpub.map((c: any) => ({
      name: c.name,
      envelope: { v: 1, typ: 'agentcard', card: c.card, ts: c.ts, sig: c.sig },
      expectedDid: c.card.did,
    })),
    ...ours.reject.cardpub,
    ...ours['cardpub.refuse'].map((c: any) => ({ ...c, expectedDid: c.expectedDid ?? undefined })),
  ];
  it('covers accepted and refused envelopes', () =>
    expect(new Set(cases.map((c) => verifyCardEnvelope(c.envelope, { ...c, now: 'off' }).ok))).toEqual(
      new Set([true, false]),
    ));
  for (const c of cases)
    it(c.name, async () =>
      expect(await verifyCardEnvelopeAsync(c.envelope, { expectedDid: c.expectedDid, now: 'off' })).toEqual(
        verifyCardEnvelope(c.envelope, { expectedDid: c.expectedDid, now: 'off' }),
      ),
    );
});

describe('signCardEnvelope', () => {
  const card = { did: 'did:key:z6MkpFkurpyZgyna5SAfLpvdzp7W6cvdc1fn9YECrwv3AMbF', name: 'Node' };
  it('writes an instant as whole seconds, and refuses a card naming another DID', () => {
    expect(signCardEnvelope(card, CARD_SEED, 1.5)).toEqual(signCardEnvelope(card, CARD_SEED, 1));
    expect(signCardEnvelope(card, CARD_SEED, new Date(1500))).toEqual(signCardEnvelope(card, CARD_SEED, 1));
    expect(() => signCardEnvelope(card, new Uint8Array(32).fill(1), 0)).toThrow(/did-mismatch/);
  });
  it('round-trips', () => {
    expect(
      verifyCardEnvelope(signCardEnvelope(card, CARD_SEED, 42), { expectedDid: card.did, now: 'off' }),
    ).toEqual({
      ok: true,
      value: { card, ts: 42, freshness: 'off-by-caller' },
    });
  });
});
