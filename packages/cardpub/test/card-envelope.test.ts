import { utf8Strict } from '@agent-seam/canonical';
import { ledgerGroup, opGroup } from '@agent-seam/conformance';
import { didFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown, thrownSeamError } from '../../../tools/thrown.ts';
import { cardEnvelopeVerifier, nestsDeeper } from '../src/card-envelope.js';
import {
  cardEnvelopeSignedBytes,
  signCardEnvelope,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
} from '../src/index.js';
import { impl, ledger, ours, oursBesideUpstream } from './fixture.js';

// The upstream cardpub cases were signed with this seed (found by deriving did:key from 0x0d * 32).
const CARD_SEED = new Uint8Array(32).fill(0x0d);

describe('cardpub', () => {
  // Each question its own check: the payload, the signature, the verdict, the other DID refused.
  oursBesideUpstream('cardpub');
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
    expect(
      thrownSeamError(() => verifyCardEnvelope(envelope, { expectedDid, now: envelope.ts * 1000 })).message,
    ).toMatch(/^bad-instant: verifyCardEnvelope now /);
    expect(
      thrownSeamError(() => verifyCardEnvelope(envelope, { expectedDid, now: envelope.ts, maxAge: 6e12 }))
        .message,
    ).toMatch(/^bad-duration: verifyCardEnvelope maxAge /);
    expect(
      thrownSeamError(() => verifyCardEnvelope(envelope, { expectedDid, now: 'off', maxAge: 60 })).message,
    ).toMatch(/^bad-options: /);
    expect(thrownSeamError(() => verifyCardEnvelope(envelope, { expectedDid } as never)).message).toMatch(
      /^missing-option: verifyCardEnvelope needs now /,
    );
    expect(
      thrownSeamError(() => signCardEnvelope(envelope.card, CARD_SEED, envelope.ts * 1000)).message,
    ).toMatch(/^bad-instant: signCardEnvelope ts /);
  });
});

describe('signCardEnvelope', () => {
  const card = { did: 'did:key:z6MkpFkurpyZgyna5SAfLpvdzp7W6cvdc1fn9YECrwv3AMbF', name: 'Node' };
  it('writes an instant as whole seconds, and refuses a card naming another DID', () => {
    expect(signCardEnvelope(card, CARD_SEED, 1.5)).toEqual(signCardEnvelope(card, CARD_SEED, 1));
    expect(signCardEnvelope(card, CARD_SEED, new Date(1500))).toEqual(signCardEnvelope(card, CARD_SEED, 1));
    expect(thrownSeamError(() => signCardEnvelope(card, new Uint8Array(32).fill(1), 0)).code).toBe(
      'did-mismatch',
    );
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

describe('card envelope: caller options, refusal details and the bytes signed', () => {
  // Details are part of the contract, so refusals are compared whole (code and detail); each
  // `why` names the mutant of src/ the case holds.
  const seed = new Uint8Array(32).fill(7);
  const did = didFromSeed(seed);
  const NOW = 1754870400; // 2025-08-11T00:00:00Z
  const lone = '\ud800'; // a lone surrogate: no canonical spelling in either profile
  const card = { did, name: 'Node' };
  const envelope = signCardEnvelope(card, seed, NOW);

  it('signing a card that names another DID (or no card) is a SeamError with its message', () => {
    // why: card-envelope.ts:77:76 message → "", and 77:7 card?.did → card.did (a TypeError instead)
    const mismatch = {
      name: 'SeamError',
      code: 'did-mismatch',
      message: 'did-mismatch: card.did is not the seed’s DID',
    };
    expect(thrown(() => signCardEnvelope({ did: didFromSeed(new Uint8Array(32)) }, seed, NOW))).toEqual(
      mismatch,
    );
    expect(thrown(() => signCardEnvelope(undefined as never, seed, NOW))).toEqual(mismatch);
  });

  it('no options at all is the usage error naming now, not a crash', async () => {
    // why: the OptionalChaining mutants of clockOf (options?.now, options?.maxAge,
    // options?.maxSkew), each → options.x (a TypeError instead of the SeamError)
    const missing = {
      name: 'SeamError',
      code: 'missing-option',
      message:
        "missing-option: verifyCardEnvelope needs now (a Date or Unix seconds) to judge the card's ts; to leave that unjudged, pass now: 'off'",
    };
    expect(thrown(() => verifyCardEnvelope(envelope, undefined as never))).toEqual(missing);
    await expect(verifyCardEnvelopeAsync(envelope, undefined as never)).rejects.toMatchObject({
      code: 'missing-option',
    });
    // A caller that names no expected DID is refused, not thrown at (it is a verdict).
    expect(verifyCardEnvelope(envelope, { now: 'off' } as never)).toStrictEqual({
      ok: false,
      code: 'missing-expected-did',
      detail: 'expectedDid was not given: an envelope cannot name whose card it should be',
    });
  });

  it("maxSkew or maxAge with now: 'off' is a configuration error, with its message", () => {
    // why: clockOf's `options?.maxSkew !== undefined` → false, and the message → ""
    for (const extra of [{ maxSkew: 60 }, { maxAge: 60 }])
      expect(thrown(() => verifyCardEnvelope(envelope, { expectedDid: did, now: 'off', ...extra }))).toEqual({
        name: 'SeamError',
        code: 'bad-options',
        message: "bad-options: verifyCardEnvelope: maxAge and maxSkew judge time, and now is 'off'",
      });
  });

  it('a bad maxSkew is named in the error', () => {
    // why: card-envelope.ts:117:73 'verifyCardEnvelope maxSkew' → ""
    expect(thrown(() => verifyCardEnvelope(envelope, { expectedDid: did, now: NOW, maxSkew: -1 }))).toEqual({
      name: 'SeamError',
      code: 'bad-duration',
      message: 'bad-duration: verifyCardEnvelope maxSkew must be a non-negative number of seconds',
    });
  });

  it('a non-object envelope is refused with its detail', () => {
    // why: card-envelope.ts:134:61 'a card envelope is a JSON object' → ""
    for (const [input, kind] of [
      [null, 'null'],
      [[], 'an array'],
      ['envelope', 'a string'],
    ])
      expect(verifyCardEnvelope(input, { expectedDid: did, now: 'off' })).toStrictEqual({
        ok: false,
        code: 'not-an-object',
        detail: `the envelope is ${kind}, not a JSON object`,
      });
  });

  it('a card with no seam spelling is refused with its detail', () => {
    // why: card-envelope.ts:155:40 'the card holds a value the seam profile cannot spell' → ""
    expect(
      verifyCardEnvelope({ ...envelope, card: { did, name: lone } }, { expectedDid: did, now: 'off' }),
    ).toStrictEqual({
      ok: false,
      code: 'not-canonicalizable',
      detail: 'a value of the card has no canonical seam spelling (lone-surrogate)',
    });
  });

  it('the field refusals say what the envelope holds, never its values', () => {
    // why: the literals of each field refusal's detail
    const verify = (changes: Record<string, unknown>) =>
      verifyCardEnvelope({ ...envelope, ...changes }, { expectedDid: did, now: 'off' });
    expect(verify({ v: 2 })).toStrictEqual({ ok: false, code: 'wrong-version', detail: 'v is not 1' });
    expect(verify({ typ: 'x' })).toStrictEqual({
      ok: false,
      code: 'wrong-typ',
      detail: 'typ is not agentcard',
    });
    expect(verify({ ts: 1.5 })).toStrictEqual({
      ok: false,
      code: 'not-integer-ts',
      detail: 'ts is a number that is not a safe integer; it is integer Unix seconds',
    });
    expect(verify({ ts: '1' })).toStrictEqual({
      ok: false,
      code: 'not-integer-ts',
      detail: 'ts is a string; it is integer Unix seconds',
    });
    expect(verify({ card: [] })).toStrictEqual({
      ok: false,
      code: 'malformed-card',
      detail: 'card is an array, not a JSON object',
    });
    expect(verify({ card: { did: 7 } })).toStrictEqual({
      ok: false,
      code: 'malformed-card',
      detail: "card.did is a number; it is the signer's did:key",
    });
    expect(verify({ sig: 7 })).toStrictEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'sig is a number, not base64 text',
    });
    expect(verify({ card: { did: 'did:web:x' } })).toMatchObject({ ok: false, code: 'did-mismatch' });
    expect(
      verifyCardEnvelope(
        { ...envelope, card: { did: 'did:web:x' } },
        { expectedDid: 'did:web:x', now: 'off' },
      ),
    ).toStrictEqual({
      ok: false,
      code: 'not-did-key',
      detail: 'card.did is not a usable Ed25519 did:key (not-did-key)',
    });
    expect(verify({ card: { did, name: 'Edited' } })).toStrictEqual({
      ok: false,
      code: 'bad-signature',
      detail: `the signature does not verify under ${did.slice(0, 20)}…`,
    });
  });

  it('an envelope the verifier refuses before the signature check has no signed bytes', () => {
    // why: signed-bytes.ts:11:7 !isJsonObject(envelope) → false (null envelope: a TypeError)
    expect(cardEnvelopeSignedBytes(null)).toBeNull();
    // why: signed-bytes.ts:13:7 condition → false, and || → && (a card that is not an object but
    // has a spelling, with an integer ts, would give bytes)
    for (const notACard of [[], 'card', 5])
      expect(cardEnvelopeSignedBytes({ ...envelope, card: notACard })).toBeNull();
    // why: signed-bytes.ts:16:11 catch block emptied (undefined instead of null)
    expect(cardEnvelopeSignedBytes({ ...envelope, card: { did, name: lone } })).toBeNull();
    // the bytes themselves, for contrast: what the honest envelope's signature covers
    expect(cardEnvelopeSignedBytes(envelope)).toEqual(
      utf8Strict.encode(`{"card":{"did":"${did}","name":"Node"},"ts":${NOW},"typ":"agentcard","v":1}`),
    );
  });

  it('maxDepth 1 admits a flat card and refuses a nested one; 0 is a configuration error', () => {
    // why: card-envelope.ts:144:39 depth < 1 → depth <= 1 (maxDepth 1 would throw)
    expect(verifyCardEnvelope(envelope, { expectedDid: did, now: 'off', maxDepth: 1 })).toStrictEqual({
      ok: true,
      value: { card, ts: NOW, freshness: 'off-by-caller' },
    });
    const nested = signCardEnvelope({ did, name: { first: 'Node' } }, seed, NOW);
    expect(verifyCardEnvelope(nested, { expectedDid: did, now: 'off', maxDepth: 1 })).toStrictEqual({
      ok: false,
      code: 'too-deep',
      detail: 'the card nests deeper than 1 levels',
    });
    expect(thrown(() => verifyCardEnvelope(envelope, { expectedDid: did, now: 'off', maxDepth: 0 }))).toEqual(
      {
        name: 'SeamError',
        code: 'bad-options',
        message: 'bad-options: verifyCardEnvelope maxDepth must be a positive integer',
      },
    );
  });

  it('a card holding null is signed and verifies (null is a value, not a level)', () => {
    // why: card-envelope.ts:162:40 child !== null → true (Object.values(null) is a TypeError)
    const withNull = { did, name: 'Node', note: null };
    expect(
      verifyCardEnvelope(signCardEnvelope(withNull, seed, NOW), { expectedDid: did, now: NOW }),
    ).toStrictEqual({ ok: true, value: { card: withNull, ts: NOW, freshness: 'fresh' } });
  });

  it('a sig that is text but not canonical base64 says so', () => {
    // why: card-envelope.ts:213:7 typeof sig === 'string' → false, 213:22 'string' → "" (both
    // would say "sig is a string, not base64 text"), 214:11 the detail → ""
    for (const sig of ['not base64!', `${envelope.sig}=`])
      expect(verifyCardEnvelope({ ...envelope, sig }, { expectedDid: did, now: NOW })).toStrictEqual({
        ok: false,
        code: 'sig-not-canonical-base64',
        detail: 'sig is not the one standard padded base64 spelling of its bytes',
      });
  });

  it('a value that is not an object or array nests no level, even under a cap of 0', () => {
    // why: card-envelope.ts:157:7 the condition → true, typeof value === 'object' → true, && → ||
    // (text would count as one level)
    expect(nestsDeeper('card', 0)).toBe(false);
    expect(nestsDeeper(5, 0)).toBe(false);
    // why: card-envelope.ts:157:36 value !== null → true (null would count as one level)
    expect(nestsDeeper(null, 0)).toBe(false);
    // for contrast: an object is the first level
    expect(nestsDeeper({}, 0)).toBe(true);
  });
});
