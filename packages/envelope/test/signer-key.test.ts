import { verificationKeyFromDid } from '@agent-seam/did';
import { verifyListenToken, verifyRelaySend } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { me, verify } from './fixture.js';

// Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
// or detail that could change, with no other test failing.

describe('a signer key that is no Ed25519 did:key, or is of small order', () => {
  const P256 = 'did:key:zDnaeQRy3dcKsKa1zmKtVKsTy3m2HYoQnFnfKuxD6HfSTQgYf';
  const SMALL_ORDER = 'did:key:z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj';
  const notEd25519 = verificationKeyFromDid(P256);

  it("a signer that is no Ed25519 did:key is named by its field, with the codec's reason", () => {
    // why: signer-key.ts `key.detail === undefined` → true and `: ${key.detail}` → '' (the
    // codec's reason dropped); relay.ts signerKey(send.from, 'from') → '' and
    // signerKey(did, 'did') → '' (the field unnamed).
    expect(notEd25519.ok || notEd25519.detail).toEqual(expect.any(String));
    const reason = notEd25519.ok ? '' : `${notEd25519.code}: ${notEd25519.detail}`;
    expect(verify({ from: P256 })).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: `from is not an Ed25519 did:key (${reason})`,
    });
    const deposit = { to: me, from: P256, id: 'i', blob: 'AA==' };
    expect(verifyRelaySend(deposit, 'AA==')).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: `from is not an Ed25519 did:key (${reason})`,
    });
    const listen = { did: P256, minute: 100, relayUrl: 'https://relay.example', now: 'off' } as const;
    expect(verifyListenToken('AA==', listen)).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: `did is not an Ed25519 did:key (${reason})`,
    });
  });

  it('a small-order signer key says so, naming the field', () => {
    // why: signer-key.ts the small-order detail → ''.
    expect(verify({ from: SMALL_ORDER })).toEqual({
      ok: false,
      code: 'small-order-key',
      detail: 'from names a point of small order, which verifies any signature',
    });
  });
});
