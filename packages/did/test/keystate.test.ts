import { hex } from '@agent-seam/canonical';
import {
  didFromSeed,
  keyPairFromSeed,
  keyStateSignedBytes,
  resolveOpDid,
  signKeyState,
  signToBase64,
  verifyKeyState,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { NOW, root, rootDid, seed } from './fixture.js';

// Refusals and thrown errors are compared whole; each `why` names the mutant(s) of src/ the case
// holds. Records with fields the signers refuse to write are signed here by hand over the same
// canonical bytes, so a deleted shape check shows as an acceptance, not as a signature failure.
const rootKey = hex.encode(keyPairFromSeed(root).publicKey);
const opDid = didFromSeed(seed(0x16));
const otherOpDid = didFromSeed(seed(0x19));

const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

/**
 * A KeyState of any field values (a field given as undefined is left out), signed by
 * `signer` over its declared fields as received.
 */
function signedKeyState(fields: Record<string, unknown>, signer = root): Record<string, unknown> {
  const record = Object.fromEntries(
    Object.entries({
      typ: 'muretai/keystate/1',
      rootDid,
      rootKey,
      epoch: 1,
      opDid,
      ts: NOW,
      ...fields,
    }).filter(([, value]) => value !== undefined),
  );
  const bytes = keyStateSignedBytes(record);
  if (bytes === null) throw new Error('the test record has no canonical spelling');
  return { ...record, sig: signToBase64(signer, bytes) };
}

/** What verifyKeyState answers for an honest record: every field as signed, bounds null when absent. */
const verified = (changes: Record<string, unknown> = {}) => ({
  ok: true,
  value: {
    rootDid,
    rootKey,
    epoch: 1,
    opDid,
    revokedOps: [],
    notBefore: null,
    notAfter: null,
    ts: NOW,
    ...changes,
  },
});

describe('signKeyState refuses what it cannot sign', () => {
  it('a fractional epoch is a SeamError, not a signed record', () => {
    // why: keystate.ts:68:7 (`!isInteger(record.epoch)` → false: the record was signed),
    // 68:53 ('not-integer' → "") and 68:68 (the message → "")
    expect(thrown(() => signKeyState({ rootDid, epoch: 1.5, opDid, ts: NOW }, root))).toEqual(
      seamError(
        'not-integer',
        'signKeyState: epoch is a number that is not a safe integer; it is an integer',
      ),
    );
  });

  it('a record its reader refuses is not signed: the reader’s refusal, naming the field', () => {
    // why: refuseToWrite over readKeyState: each of these was signed into a record the reader refuses
    expect(thrown(() => signKeyState({ rootDid, epoch: 1, opDid: 7 as never, ts: NOW }, root))).toEqual(
      seamError('missing-field', 'signKeyState: opDid is a number; it is a did:key'),
    );
    expect(thrown(() => signKeyState({ rootDid, epoch: 1, opDid, ts: NOW, typ: 'x' }, root))).toEqual(
      seamError('wrong-typ', 'signKeyState: typ is not muretai/keystate/1'),
    );
    expect(thrown(() => signKeyState({ rootDid, epoch: 1, opDid, ts: NOW, rootKey: 'zz' }, root))).toEqual(
      seamError('missing-field', 'signKeyState: rootKey is not 64 lowercase hex digits (a 32-byte key)'),
    );
    expect(thrown(() => signKeyState({ rootDid: 7 as never, epoch: 1, opDid, ts: NOW }, root))).toEqual(
      seamError('wrong-root', 'signKeyState: rootDid names another root than the one given'),
    );
  });

  it('ts is required: a missing or null ts is refused, naming the field', () => {
    // why: keystate.ts:66:9 (`name === 'ts'` → false) and 66:18 ('ts' → ""): ts was then
    // treated like the optional bounds, and a record without a time was signed
    expect(thrown(() => signKeyState({ rootDid, epoch: 1, opDid } as never, root))).toEqual(
      seamError('bad-instant', 'signKeyState ts is undefined, not a Date or Unix seconds'),
    );
    expect(thrown(() => signKeyState({ rootDid, epoch: 1, opDid, ts: null } as never, root))).toEqual(
      seamError('bad-instant', 'signKeyState ts is null, not a Date or Unix seconds'),
    );
  });
});

describe('verifyKeyState: each shape check, with its detail', () => {
  it('the records the cases start from verify', () => {
    expect(verifyKeyState(signedKeyState({}), rootDid)).toEqual(verified());
    expect(verifyKeyState(signKeyState({ rootDid, epoch: 1, opDid, ts: NOW }, root), rootDid)).toEqual(
      verified(),
    );
  });

  it('a record that is not an object', () => {
    // why: keystate.ts:86:55 ('a KeyState is a JSON object' → "")
    expect(verifyKeyState('x', rootDid)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the KeyState is a string, not a JSON object',
    });
  });

  it('a caller that names no root gets wrong-root, even for a record that names none either', () => {
    // why: keystate.ts:88:7 (`typeof rootDid !== 'string'` → false: undefined === undefined
    // let a signed record without rootDid through, as authority over no root at all)
    const rootless = signedKeyState({ rootDid: undefined });
    expect(verifyKeyState(rootless, undefined as never)).toEqual({
      ok: false,
      code: 'wrong-root',
      detail: 'rootDid names another root than the one given',
    });
  });

  it('epoch and ts: signed, but not integers', () => {
    // why: keystate.ts:90:7 (→ false, and `||` → `&&`: each alone was let through and the
    // signed record accepted), 90:56 ('not-integer' → "") and 90:71 (the message → "")
    const refusal = (detail: string) => ({ ok: false, code: 'not-integer', detail });
    expect(verifyKeyState(signedKeyState({ epoch: 1.5 }), rootDid)).toEqual(
      refusal('epoch is a number that is not a safe integer; it is an integer'),
    );
    expect(verifyKeyState(signedKeyState({ ts: '1784273681' }), rootDid)).toEqual(
      refusal('ts is a string; it is an integer'),
    );
  });

  it('notBefore and notAfter: signed, but neither an integer nor null', () => {
    // why: keystate.ts:91:7 (→ false, and `||` → `&&`), 91:9 (the notBefore test → true),
    // 91:58 (the notAfter test → true): each let its bound through and the signed record was
    // accepted; 92:17 ('not-integer' → "") and 92:32 (the message → "")
    const refusal = (name: string) => ({
      ok: false,
      code: 'not-integer',
      detail: `${name} is a string; it is an integer or null`,
    });
    expect(verifyKeyState(signedKeyState({ notBefore: '0' }), rootDid)).toEqual(refusal('notBefore'));
    expect(verifyKeyState(signedKeyState({ notAfter: '9999999999' }), rootDid)).toEqual(refusal('notAfter'));
    expect(verifyKeyState(signedKeyState({ notBefore: NOW, notAfter: null }), rootDid)).toEqual(
      verified({ notBefore: NOW }),
    );
  });

  it('a record without sig is missing-field, before its rootKey or signature is read', () => {
    // why: keystate.ts:93:36 (`typeof sig !== 'string'` → false: the missing sig reached the
    // signature text check, sig-not-canonical-base64) and 93:90 ('opDid and sig' → "")
    const { sig: _s, ...unsigned } = signedKeyState({});
    expect(verifyKeyState(unsigned, rootDid)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'sig is undefined; it is the base64 signature',
    });
  });

  it('rootKey: not hex, or hex of another length than 32 bytes', () => {
    // why: keystate.ts:95:7 (→ false: the undecodable key reached the door), 95:18
    // (`key.value.length !== 32` → false: a 31-byte key reached the door), 95:55
    // ('missing-field' → "") and 95:72 (the message → "")
    const refusal = {
      ok: false,
      code: 'missing-field',
      detail: 'rootKey is not 64 lowercase hex digits (a 32-byte key)',
    };
    expect(verifyKeyState(signedKeyState({ rootKey: 'not hex' }), rootDid)).toEqual(refusal);
    expect(verifyKeyState(signedKeyState({ rootKey: rootKey.slice(2) }), rootDid)).toEqual(refusal);
  });

  it('only a list burns, and only its strings', () => {
    // why: keystate.ts:74:26 (the filter removed) and 74:59 (`typeof v === 'string'` → true):
    // the number in the list was returned as a burned op; 74:84 (the `[]` of a list that is not
    // one → ["Stryker was here"]): a record whose revokedOps is a string burned that entry
    expect(verifyKeyState(signedKeyState({ revokedOps: [7, otherOpDid] }), rootDid)).toEqual(
      verified({ revokedOps: [otherOpDid] }),
    );
    expect(verifyKeyState(signedKeyState({ revokedOps: otherOpDid }), rootDid)).toEqual(verified());
  });
});

describe('resolveOpDid: the window, the root key and the burns', () => {
  it('both window bounds are inclusive: a record is inside at exactly notBefore and at exactly notAfter', () => {
    // why: keystate.ts:128:32 (`now >= state.notBefore` → `>`) and 128:87 (`now <= state.notAfter`
    // → `<`): the record was outside its window at the bound itself
    const inline = signedKeyState({ notBefore: NOW, notAfter: NOW + 10 });
    expect([NOW - 1, NOW, NOW + 10, NOW + 11].map((now) => resolveOpDid(rootDid, inline, now))).toEqual([
      rootDid,
      opDid,
      opDid,
      rootDid,
    ]);
  });

  it('a null options object is no options', () => {
    // why: keystate.ts:157:18 (`options?.pinned` → `options.pinned`: a TypeError)
    expect(resolveOpDid(rootDid, signedKeyState({}), NOW, null as never)).toBe(opDid);
  });

  it('an inline record under another root key does not displace the pin, whatever its epoch', () => {
    // why: keystate.ts:170:7 (→ false: the record signed by another key at a greater epoch won)
    const pinned = signedKeyState({ epoch: 1 });
    const other = seed(0x33);
    const otherKey = hex.encode(keyPairFromSeed(other).publicKey);
    const inline = signedKeyState({ epoch: 2, rootKey: otherKey, opDid: otherOpDid }, other);
    expect(verifyKeyState(inline, rootDid).ok).toBe(true);
    expect(resolveOpDid(rootDid, inline, NOW, { pinned })).toBe(opDid);
    expect(resolveOpDid(rootDid, inline, NOW)).toBe(otherOpDid);
  });

  it('a side that is absent burns nothing, whatever string the op DID is', () => {
    // why: keystate.ts:173:50 (the pin's missing list `[]` → ["Stryker was here"]) and 173:80
    // (the inline record's `[]` → likewise): the op DID is any string the signed record names
    // (it is not parsed), so one equal to the mutant's entry was burned and the answer fell to
    // the root
    const named = signedKeyState({ opDid: 'Stryker was here' });
    expect(resolveOpDid(rootDid, named, NOW)).toBe('Stryker was here');
    expect(resolveOpDid(rootDid, null, NOW, { pinned: named })).toBe('Stryker was here');
  });
});
