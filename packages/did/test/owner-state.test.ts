import { canonicalize } from '@agent-seam/canonical';
import { didFromSeed, MAX_REVOKED, signOwnerState, signToBase64, verifyOwnerState } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { NOW, seed } from './fixture.js';

// Refusals and thrown errors are compared whole; each `why` names the mutant(s) of src/ the case
// holds. Records with fields the signers refuse to write are signed here by hand over the same
// canonical bytes, so a deleted shape check shows as an acceptance, not as a signature failure.
const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

const owner = seed(0x1f);
const ownerDid = didFromSeed(owner);
const ownerState = signOwnerState({ epoch: 1, revoked: [], ts: NOW }, owner);

/** An OwnerState of any field values, signed by the owner over its fields as received. */
function signedOwnerState(fields: Record<string, unknown>): Record<string, unknown> {
  const { sig: _s, ...body } = { ...ownerState, ...fields };
  return { ...body, sig: signToBase64(owner, canonicalize(body, { profile: 'seam' })) };
}

describe('signOwnerState', () => {
  it('a fractional epoch is a SeamError', () => {
    // why: owner-state.ts:41:7 (→ false: the state was signed), 41:53 ('not-integer' → "")
    // and 41:68 (the message → "")
    expect(thrown(() => signOwnerState({ epoch: 1.5, revoked: [], ts: NOW }, owner))).toEqual(
      seamError('not-integer', 'signOwnerState epoch is an integer'),
    );
  });

  it('no fields at all is a SeamError naming ts, not a TypeError', () => {
    // why: owner-state.ts:40:26 (`fields?.ts` → `fields.ts`)
    expect(thrown(() => signOwnerState(undefined as never, owner))).toEqual(
      seamError('bad-instant', 'signOwnerState ts is undefined, not a Date or Unix seconds'),
    );
  });

  it('sorts the revoked list by code point, whatever order it was given in', () => {
    // why: owner-state.ts:42:19 (the sort removed: the list kept the caller's order)
    const [low, high] = [didFromSeed(seed(1)), didFromSeed(seed(2))].sort();
    const signed = signOwnerState({ epoch: 1, revoked: [high!, low!, high!], ts: NOW }, owner);
    expect(signed.revoked).toEqual([low, high]);
    expect(verifyOwnerState(signed, { rootDid: ownerDid }).ok).toBe(true);
  });

  it('exactly MAX_REVOKED devices are signed; one more is refused with its message', () => {
    // why: owner-state.ts:43:7 (`>` → `>=`: a full list was refused) and 43:77 (the message → '')
    const list = (n: number) => Array.from({ length: n }, (_, i) => `did:key:z${String(i).padStart(5, '0')}`);
    const full = signOwnerState({ epoch: 1, revoked: list(MAX_REVOKED), ts: NOW }, owner);
    expect(full.revoked).toEqual(list(MAX_REVOKED));
    expect(
      thrown(() => signOwnerState({ epoch: 1, revoked: list(MAX_REVOKED + 1), ts: NOW }, owner)),
    ).toEqual(seamError('too-many-revoked', 'at most 1024 devices'));
  });
});

describe('verifyOwnerState: the caller argument and each refusal detail', () => {
  it('the record the cases start from verifies', () => {
    expect(verifyOwnerState(signedOwnerState({}), { rootDid: ownerDid })).toEqual({
      ok: true,
      value: { rootDid: ownerDid, epoch: 1, revoked: [], ts: NOW },
    });
  });

  it('a caller that names no root is a SeamError, whether the argument is empty or missing', () => {
    // why: owner-state.ts:63:7 (→ false: an empty argument was answered wrong-root), 63:14
    // (`expected?.rootDid` → `expected.rootDid`: a TypeError), 64:25 ('bad-argument' → "")
    // and 64:41 (the message → "")
    const error = seamError('bad-argument', 'the expected rootDid is required');
    expect(thrown(() => verifyOwnerState(ownerState, {} as never))).toEqual(error);
    expect(thrown(() => verifyOwnerState(ownerState, undefined as never))).toEqual(error);
  });

  it('every refusal carries its detail', () => {
    // why: owner-state.ts:65:55, 69:71, 71:17 ('missing-field' → ""), 71:34, 73:67 and 74:61
    // (each detail → "")
    const check = (record: unknown) => verifyOwnerState(record, { rootDid: ownerDid });
    const { sig: _s, ...unsigned } = ownerState;
    expect([
      check([]),
      check(signedOwnerState({ epoch: 1.5 })),
      check(signedOwnerState({ revoked: 'none' })),
      check(signedOwnerState({ revoked: ['b', 'a'] })),
      check(unsigned),
    ]).toEqual([
      { ok: false, code: 'not-an-object', detail: 'the OwnerState is an array, not a JSON object' },
      {
        ok: false,
        code: 'not-integer',
        detail: 'epoch is a number that is not a safe integer; it is an integer',
      },
      { ok: false, code: 'missing-field', detail: 'revoked is a string; it is a list of DIDs' },
      {
        ok: false,
        code: 'non-canonical',
        detail: 'revoked is not sorted by code point without repeats (its one spelling)',
      },
      { ok: false, code: 'missing-field', detail: 'sig is undefined; there is no unsigned OwnerState' },
    ]);
  });

  it('a root that is no Ed25519 did:key is refused by the key door, even when the caller names it', () => {
    // why: owner-state.ts:76:7 (`!key.ok` → false: the record went on to the signature check
    // with no key)
    const bad = 'did:key:zBAD0';
    expect(verifyOwnerState(signedOwnerState({ rootDid: bad }), { rootDid: bad })).toEqual({
      ok: false,
      code: 'bad-multibase',
      detail: 'rootDid is not a usable Ed25519 did:key (character outside the base58btc alphabet)',
    });
  });
});
