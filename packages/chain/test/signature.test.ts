import { hex } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { recordSigningInput, signRecord, verifyKeyed, verifyRecordSignature } from '../src/index.js';
import { thrown } from './helpers.js';

// A record's signature: what is signed and what verifyRecordSignature refuses.
// Each case that exists for a mutant of the verify path says in its comment which one it holds
// (file:line:column of the mutation report); equivalent mutants are listed in spec/chain.md.

describe('a record signature: what is signed and what is refused', () => {
  const seed = new Uint8Array(32).fill(3);
  const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
  const hash = new Uint8Array(32).fill(7);
  const signed = signRecord(hash, 'k1', seed);
  const input = recordSigningInput(hash);

  it('refuses a hash, seed or key id of the wrong kind with its own code', () => {
    // why: signature.ts:37 'bad-hash' → "", :52 'bad-seed' → "", :49 typeof keyId !== 'string' → false
    expect(thrown(() => recordSigningInput(new Uint8Array(31))).message).toBe(
      'bad-hash: hash is not a 32-byte chain hash',
    );
    expect(thrown(() => signRecord(hash, 'k1', new Uint8Array(31))).message).toBe(
      'bad-seed: seed is not a 32-byte Ed25519 seed',
    );
    expect(thrown(() => signRecord(hash, 5 as never, seed)).message).toBe(
      'bad-key-id: keyId is not a non-empty string',
    );
  });

  it('refuses a trust set that is not a Map, null included, with bad-keys', () => {
    // why: signature.ts:43 `?.get` → `.get` (null would throw a TypeError), :101 requireKeys removed from verifyKeyed
    const badKeys = 'bad-keys: keys is not a Map from key_id to an Ed25519 public key';
    expect(thrown(() => verifyRecordSignature(signed, hash, null as never)).message).toBe(badKeys);
    expect(thrown(() => verifyKeyed(null, input, {} as never)).message).toBe(badKeys);
  });

  it('verifyKeyed accepts a good signature over bytes and names non-bytes input', () => {
    // why: signature.ts:102 `!(input instanceof Uint8Array)` → true, :102 detail → ""
    expect(verifyKeyed(signed, input, keys)).toEqual({ ok: true, value: { keyId: 'k1' } });
    expect(verifyKeyed(signed, 'input' as never, keys)).toMatchObject({
      ok: false,
      code: 'not-bytes',
      detail: 'the signing input is not a Uint8Array',
    });
  });

  it('a hash that is not bytes is not-bytes with its detail', () => {
    // why: signature.ts:117 'the hash is not a Uint8Array' → ""
    expect(verifyRecordSignature(signed, [7] as never, keys)).toMatchObject({
      ok: false,
      code: 'not-bytes',
      detail: 'the hash is not a Uint8Array',
    });
  });

  it('an undefined signature is absent, not malformed', () => {
    // why: signature.ts:80 `value === undefined` → false
    expect(verifyRecordSignature(undefined, hash, keys)).toEqual({
      ok: false,
      code: 'signature-absent',
      detail: 'the signature is absent',
    });
    expect(verifyRecordSignature(null, hash, keys)).toEqual({
      ok: false,
      code: 'signature-absent',
      detail: 'the signature is null: unsigned',
    });
  });

  const malformed = (detail: string) => ({ ok: false, code: 'signature-malformed', detail });

  it('a function carrying key_id and signature is malformed, not verified', () => {
    // why: signature.ts:63 `typeof value !== 'object'` → false (the function's own keys would verify)
    const fn = Object.assign(() => 0, { ...signed });
    expect(verifyRecordSignature(fn, hash, keys)).toEqual(
      malformed('the signature is a function, not {key_id, signature}'),
    );
    expect(verifyRecordSignature([1], hash, keys)).toEqual(
      malformed('the signature is an array, not {key_id, signature}'),
    );
    expect(verifyRecordSignature({ ...signed, key: 'x' }, hash, keys)).toEqual(
      malformed('the signature object has other members than exactly key_id and signature'),
    );
    expect(verifyRecordSignature({ key_id: 'k1', sig: signed.signature }, hash, keys)).toEqual(
      malformed('the signature object has other members than exactly key_id and signature'),
    );
  });

  it('a key_id that is not a string is malformed, with its detail', () => {
    // why: signature.ts:66 whole condition → false, `typeof keyId !== 'string'` → false, `||` → `&&`; :83 detail → ""
    expect(verifyRecordSignature({ key_id: 5, signature: signed.signature }, hash, keys)).toEqual(
      malformed('its key_id is not a string'),
    );
  });

  it('a null signature member is malformed (no TypeError)', () => {
    // why: signature.ts:66 `typeof signature !== 'string'` → false (null.length would throw)
    expect(verifyRecordSignature({ key_id: 'k1', signature: null }, hash, keys)).toEqual(
      malformed('its signature is not 128 lowercase hex characters'),
    );
  });

  it('hex of 65 bytes is malformed, not an Ed25519 refusal', () => {
    // why: signature.ts:66 `signature.length !== 128` → false
    expect(verifyRecordSignature({ key_id: 'k1', signature: `${signed.signature}00` }, hash, keys)).toEqual(
      malformed('its signature is not 128 lowercase hex characters'),
    );
    expect(
      verifyRecordSignature({ key_id: 'k1', signature: signed.signature.toUpperCase() }, hash, keys),
    ).toEqual(malformed('its signature is not 128 lowercase hex characters'));
  });

  it('an unknown key and a wrong signature carry their details', () => {
    // why: signature.ts, the unknown-key and invalid details (the key id named, printable and
    // cut at 64 characters).
    expect(verifyRecordSignature({ key_id: 'k9', signature: signed.signature }, hash, keys)).toEqual({
      ok: false,
      code: 'signature-unknown-key',
      detail: 'the signature names key_id k9, which is none of the keys you gave',
    });
    expect(verifyRecordSignature({ key_id: 'a b', signature: signed.signature }, hash, keys)).toMatchObject({
      detail: 'the signature names key_id "a b", which is none of the keys you gave',
    });
    expect(
      verifyRecordSignature({ key_id: 'k'.repeat(65), signature: signed.signature }, hash, keys),
    ).toMatchObject({
      detail: `the signature names key_id "${'k'.repeat(64)}…", which is none of the keys you gave`,
    });
    const other = signRecord(new Uint8Array(32).fill(8), 'k1', seed);
    expect(verifyRecordSignature(other, hash, keys)).toEqual({
      ok: false,
      code: 'signature-invalid',
      detail: 'the signature does not verify under the key you gave for key_id k1 (bad-signature)',
    });
  });

  it('a key_id of exactly 64 characters is named whole, without the cut mark', () => {
    // why: signature.ts named `keyId.length > 64` → `>=`
    expect(
      verifyRecordSignature({ key_id: 'k'.repeat(64), signature: signed.signature }, hash, keys),
    ).toMatchObject({
      detail: `the signature names key_id ${'k'.repeat(64)}, which is none of the keys you gave`,
    });
  });

  it('a record is signed under the record domain: SHA-256 of the domain, a zero byte and the hash', () => {
    // why: signature.ts RECORD_DOMAIN 'io.github.hupe1980.agentplane/record/v1' → "" (a module-level
    // constant; signing and verifying share it, so only the signing input itself can tell).
    // Expected: SHA-256('io.github.hupe1980.agentplane/record/v1' ‖ 0x00 ‖ 32 × 0x07), from node:crypto.
    expect(hex.encode(input)).toBe('e65fcda90f17225c1ec8911276021969aa7fb95421c534209582c2da541e1827');
  });
});
