import { verifyClaim } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { me, message, OFF } from './fixture.js';

// Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
// or detail that could change, with no other test failing.

describe('verifyClaim', () => {
  const claim = { method: 'onboard/claim', nonce: 'n1', message };
  const check = (consumeNonce: (n: string) => boolean) => ({ recipientDid: me, consumeNonce, ...OFF });

  it('a missing nonce store is a configuration error, whatever the request', () => {
    // why: kills `typeof check?.consumeNonce !== 'function'` → false (a refused request then
    // hid the missing store), `check.consumeNonce` (a TypeError on undefined), and the
    // no-coverage literals of the SeamError.
    const expected = 'bad-options: verifyClaim needs consumeNonce, the store of issued nonces';
    expect(thrownSeamError(() => verifyClaim(7, { recipientDid: me } as never)).message).toContain(expected);
    expect(thrownSeamError(() => verifyClaim(claim, undefined as never)).message).toContain(expected);
  });

  it('a nonce that is not a string is missing-field before the message or store is asked', () => {
    // why: kills `typeof nonce !== 'string'` → false and the no-coverage literals.
    const asked: unknown[] = [];
    const verdict = verifyClaim(
      { ...claim, nonce: 7 },
      check((n) => asked.push(n) > 0),
    );
    expect(verdict).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'nonce is a number; it is a string',
    });
    expect(asked).toEqual([]);
  });

  it('its refusals carry their details, and acceptance carries the message and the nonce', () => {
    // why: kills the StringLiteral mutants of both details and the ObjectLiteral `{}` of the value.
    expect(
      verifyClaim(
        [claim],
        check(() => true),
      ),
    ).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the claim is an array, not a JSON object',
    });
    expect(
      verifyClaim(
        claim,
        check(() => false),
      ),
    ).toEqual({
      ok: false,
      code: 'unknown-nonce',
      detail: 'this device did not issue that nonce',
    });
    const { sig: _sig, ...six } = message;
    expect(
      verifyClaim(
        claim,
        check(() => true),
      ),
    ).toEqual({
      ok: true,
      value: { message: { ...six, freshness: 'off-by-caller', replay: 'off-by-caller' }, nonce: 'n1' },
    });
  });

  it('a claim whose method is another is told which method it needed', () => {
    // why: claim.ts the not-a-claim detail → ''.
    const check = { recipientDid: me, consumeNonce: () => true, ...OFF };
    expect(verifyClaim({ method: 'other', nonce: 'n', message }, check)).toEqual({
      ok: false,
      code: 'not-a-claim',
      detail: 'method is not onboard/claim',
    });
  });
});
