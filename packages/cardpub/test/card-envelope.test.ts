import {
  ledgerGroup,
  loadInterop,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { cardpubOps } from '../../cli/src/conformance/ops/cardpub.js';
import { cardEnvelopeVerifier } from '../src/card-envelope.js';
import { signCardEnvelope, verifyCardEnvelope } from '../src/index.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const interop = { interop: true };
// The upstream cardpub cases were signed with this seed (found by deriving did:key from 0x0d * 32).
const CARD_SEED = new Uint8Array(32).fill(0x0d);
const impl = packageImplementation('@agent-seam/cardpub', cardpubOps);

describe('cardpub', () => {
  // Each question its own check: the payload, the signature, the verdict, the other DID refused.
  ledgerGroup(it, ledger, impl, opGroup('cardpub'), ours.cardpub, { perStep: true });
  const upstream = loadInterop('agent-seam-latest/wire_vectors.json')?.cardpub;
  if (upstream == null) {
    it('interop data absent', () => ledger.interopMissing('cardpub'));
    return;
  }
  ledgerGroup(it, ledger, impl, opGroup('cardpub'), upstream, {
    perStep: true,
    interop: true,
    prefix: 'upstream:',
  });
  upstream.forEach((c: any, i: number) => {
    it(`${c.name}: vectors/wire_vectors.json reproduces it value for value`, () =>
      ledger.accept('cardpub', `${c.name}/reproduced`, () => expect(ours.cardpub[i]).toEqual(c), interop));
  });
});

describe('reject.cardpub', () => {
  ledgerGroup(it, ledger, impl, opGroup('reject.cardpub'), ours.reject.cardpub);

  it('a verifier with the signature check removed accepts every case, so it fails the group', () => {
    const noSignatureCheck = cardEnvelopeVerifier(() => ({ ok: true, value: true }));
    for (const c of ours.reject.cardpub)
      expect(noSignatureCheck(c.envelope, { expectedDid: c.expectedDid, now: 'off' }).ok, c.name).toBe(true);
  });
});

describe('cardpub.refuse', () => {
  ledgerGroup(it, ledger, impl, opGroup('cardpub.refuse'), ours['cardpub.refuse']);
});

describe('cardpub.freshness', () => {
  const group = ours['cardpub.freshness'];
  ledgerGroup(it, ledger, impl, opGroup('cardpub.freshness'), group);
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
