import { signInvite, verifyInvite } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { me, seed, sender } from './fixture.js';

// Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
// or detail that could change, with no other test failing.

describe('invites', () => {
  const card = { v: 1, did: sender, nonce: 'n', exp: '2026-07-23T09:59:45Z' };
  const signed = signInvite(card, seed);
  const before = 1784800000 - 10_000_000;

  it('the signer refuses a card of another DID or with a badly spelled exp', () => {
    // why: kills `card.did !== didFromSeed(seed)` → false, `inviteExpirySeconds(card.exp) === null`
    // → false, and the no-coverage literals of both SeamErrors.
    expect(thrownSeamError(() => signInvite({ ...card, did: me }, seed)).message).toContain(
      'from-not-signer: card.did must be the seed DID',
    );
    expect(
      thrownSeamError(() => signInvite({ ...card, exp: '2026-07-23 09:59:45Z' }, seed)).message,
    ).toContain('missing-field: exp is not a real UTC date spelled YYYY-MM-DDTHH:MM:SSZ');
  });

  it('a did that is not a string, or no sig, is missing-field', () => {
    // why: kills `typeof c.did !== 'string'` → false (it became from-not-did-key) and
    // `c.sig === undefined` → false (the signature check then judged undefined).
    const { sig: _sig, ...unsigned } = signed;
    for (const [wrong, detail] of [
      [{ ...signed, did: 7 }, "did is a number; it is the signer's did:key"],
      [unsigned, 'sig is undefined; it is the base64 signature'],
      [{ ...signed, exp: 17 }, 'exp is a number; it is a date spelled YYYY-MM-DDTHH:MM:SSZ'],
    ] as const)
      expect(verifyInvite(wrong, { now: before })).toEqual({ ok: false, code: 'missing-field', detail });
  });

  it('a did that is no did:key is from-not-did-key', () => {
    // why: kills `!key.ok` → false in verifyInvite.
    expect(verifyInvite({ ...signed, did: 'did:web:example.com' }, { now: before })).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: 'did is not an Ed25519 did:key (not-did-key)',
    });
  });

  it('a member with no canonical spelling is cannot-canonicalize', () => {
    // why: kills the no-coverage BlockStatement and literals of the catch in verifyInvite.
    expect(verifyInvite({ ...signed, note: 'a \ud800' }, { now: before })).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: 'a member of the card has no canonical seam spelling (lone-surrogate)',
    });
  });

  it('the card refusal carries its detail, and no check is a configuration error', () => {
    // why: kills the StringLiteral of the not-an-object detail and `check.now` (a TypeError
    // instead of the SeamError naming the option).
    expect(verifyInvite('card', { now: before })).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the invite card is a string, not a JSON object',
    });
    expect(thrownSeamError(() => verifyInvite(signed, undefined as never)).message).toMatch(
      /^missing-option: verifyInvite needs now/,
    );
  });
});
