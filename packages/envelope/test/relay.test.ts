import {
  listenTokenMessage,
  relaySendMessage,
  signListenToken,
  signRelaySend,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { me, NOW, seed, sender } from './fixture.js';

// Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
// or detail that could change, with no other test failing.

describe('relay sends and listen tokens', () => {
  const send = { to: me, from: sender, id: 'i', blob: 'eA==' };
  const sendSig = signRelaySend(send, seed);
  const minute = Math.floor(NOW / 60);
  const listen = { did: sender, minute, relayUrl: 'https://relay.example' };
  const token = signListenToken(listen, seed);

  it('the signer refuses a field holding | and a field that is not a string, naming it', () => {
    // why: kills `!isObject(fields)` → false, the field check → false, and the literals of
    // those SeamErrors.
    expect(thrownSeamError(() => relaySendMessage({ ...send, id: 'a|b' })).message).toContain(
      'missing-field: id holds |, the separator',
    );
    expect(thrownSeamError(() => relaySendMessage({ ...send, blob: 7 as never })).message).toContain(
      'missing-field: blob is a number; it is a string',
    );
    expect(thrownSeamError(() => relaySendMessage(7 as never)).message).toContain(
      'missing-field: a deposit is an object of to, from, id and blob',
    );
  });

  it('the signers sign only as the DID they name', () => {
    // why: kills requireSigner's comparison → false: the reader takes the key from from/did,
    // so a signature by another seed is one it refuses (bad-signature).
    expect(thrownSeamError(() => signRelaySend({ ...send, from: me }, seed)).message).toContain(
      'from-not-signer: from must be the DID of the signing seed',
    );
    expect(thrownSeamError(() => signListenToken({ ...listen, did: me }, seed)).message).toContain(
      'from-not-signer: did must be the DID of the signing seed',
    );
  });

  it('a relay send: each refusal carries its detail; a from that is no did:key is refused', () => {
    // why: kills the StringLiteral mutants of the three details and `!key.ok` → false.
    expect(verifyRelaySend(null, sendSig)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the deposit is null, not an object',
    });
    expect(verifyRelaySend({ ...send, blob: 'x|y' }, sendSig)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'blob holds |, the separator',
    });
    expect(verifyRelaySend(send, 7)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'the signature is a number, not base64 text',
    });
    expect(verifyRelaySend({ ...send, from: 'did:web:example.com' }, sendSig)).toMatchObject({
      ok: false,
      code: 'from-not-did-key',
    });
  });

  it('a minute is a non-negative whole number, for the signer and the verifier', () => {
    // why: kills `!isMinute(claim.minute)` → false, the no-coverage literals of its SeamError,
    // and isMinute's `(minute as number) >= 0` → true, its `&&` → true and `||` variants.
    for (const bad of [-1, 1.5]) {
      expect(thrownSeamError(() => listenTokenMessage({ ...listen, minute: bad })).message).toContain(
        'not-integer: minute is a whole number',
      );
      expect(verifyListenToken(token, { ...listen, minute: bad, now: 'off' })).toEqual({
        ok: false,
        code: 'missing-field',
        detail:
          'minute is a number that is not a whole, non-negative safe integer; it is a whole number of minutes',
      });
    }
  });

  it('a listen token: each refusal carries its detail, a did that is no did:key is refused, and bad options throw', () => {
    // why: kills the StringLiteral mutants of the token detail, the maxSkew label and the
    // maxSkew-without-now message, `!key.ok` → false, and `options.relayUrl` (a TypeError
    // instead of bad-origin on no options).
    expect(verifyListenToken(7, { ...listen, now: 'off' })).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'the token is a number, not base64 text',
    });
    expect(verifyListenToken(token, { ...listen, did: 'did:web:example.com', now: 'off' })).toMatchObject({
      ok: false,
      code: 'from-not-did-key',
    });
    expect(
      thrownSeamError(() => verifyListenToken(token, { ...listen, now: NOW, maxSkew: -1 })).message,
    ).toMatch(/verifyListenToken maxSkew/);
    expect(
      thrownSeamError(() => verifyListenToken(token, { ...listen, now: 'off', maxSkew: 5 })).message,
    ).toContain("bad-options: verifyListenToken: maxSkew judges time, and now is 'off'");
    expect(thrownSeamError(() => verifyListenToken(token, undefined as never)).message).toContain(
      'bad-origin: the relay URL is not an http(s) URL',
    );
  });

  it('a listen minute of the wrong type is described by its type, not as a bad number', () => {
    // why: relay.ts describeMinute `typeof minute === 'number'` → true.
    const listen = { did: sender, relayUrl: 'https://relay.example', now: 'off' } as const;
    expect(verifyListenToken('AA==', { ...listen, minute: '5' as never })).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'minute is a string; it is a whole number of minutes',
    });
  });
});
