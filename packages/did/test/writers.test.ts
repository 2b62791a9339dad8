import { loadVectors } from '@agent-seam/conformance';
import { didFromPublicKey, signOwnerState, verifyOwnerState } from '@agent-seam/did';
import { expect, it } from 'vitest';
import { holdWritersToReaders, writerRefusal } from '../../../tools/writers-sweep.ts';

/**
 * Writers refuse what readers refuse (issue 32), over this package's refusal vectors: each
 * case is a value a writer could be asked for, and the writer either throws a SeamError
 * naming the field, or writes the value's one spelling, which its reader accepts (a set
 * is sorted and de-duplicated at the mint point); or it is listed with the reason no
 * writer is asked for it.
 */
const vectors = loadVectors('wire_vectors.json');
const STATE_OWNER = new Uint8Array(32).fill(0x1f);

type Case = Record<string, any>;
/** A key of the length the case's did spells (its bytes do not matter to the length check). */
const keyOfLength = (length: number) => new Uint8Array(length).fill(7);
const state = (c: Case) => ({ epoch: c.input.epoch, revoked: c.input.revoked, ts: c.input.ts });

const THROWS: Record<string, Record<string, [(c: Case) => unknown, RegExp]>> = {
  'reject.did': {
    'x25519-multicodec': [
      () => didFromPublicKey(new Uint8Array(32), 'x25519' as never),
      /^bad-curve: curve /,
    ],
    'ed25519-prefix-31-byte-key': [
      () => didFromPublicKey(keyOfLength(31), 'ed25519'),
      /^wrong-length: a ed25519 key /,
    ],
    'ed25519-prefix-33-byte-key': [
      () => didFromPublicKey(keyOfLength(33), 'ed25519'),
      /^wrong-length: a ed25519 key /,
    ],
  },
  ownerState: {
    'lone-surrogate-in-revoked': [
      (c) => signOwnerState(state(c), STATE_OWNER),
      /^lone-surrogate: \$\.revoked\[0\] /,
    ],
  },
};
/** The writer writes the value's one spelling; its reader accepts what it wrote. */
const writtenVerifies = (c: Case) =>
  verifyOwnerState(signOwnerState(state(c), STATE_OWNER), { rootDid: c.input.rootDid });
const NORMALISES: Record<string, Record<string, (c: Case) => { ok: boolean }>> = {
  ownerState: { 'unsorted-revoked': writtenVerifies, 'duplicate-revoked': writtenVerifies },
};

const CODEC =
  'the codec writes any well-formed key; which keys may verify is the verification door’s rule, not a spelling';
const SPELLING =
  'a DID string a writer never spells: didFromPublicKey writes z and base58btc of the prefixed key';
const WRITES_ITSELF = 'the writer writes this member itself, always as the reader wants it';
const SIGNATURE = 'the signature bytes are the door signer’s';
const READER = 'whom the record must be about is the reader’s option';
const NOT_WRITTEN: Record<string, Record<string, string>> = {
  'reject.did': {
    'not-did-key': SPELLING,
    'not-base58btc-multibase': SPELLING,
    'character-outside-base58': SPELLING,
    'base58-longer-than-cap': SPELLING,
    'base58-zero-character': SPELLING,
    'identity-key-as-verification-key': CODEC,
    'p256-as-verification-key': CODEC,
  },
  bindingV2: {
    'missing-deviceSig': WRITES_ITSELF,
    'wrong-typ': WRITES_ITSELF,
    'binding-lifted-to-another-device': READER,
    expired: 'a writer has no clock: validUntil is judged at the reader’s now',
    'fractional-ts': 'signDeviceBindingV2 takes ts as an instant and writes whole seconds',
    'binding-is-a-string': 'signDeviceBindingV2 returns an object',
    'device-countersignature-by-owner': SIGNATURE,
  },
  ownerState: {
    'wrong-typ': WRITES_ITSELF,
    'foreign-signer': SIGNATURE,
    'missing-sig': WRITES_ITSELF,
    'state-is-an-array': 'signOwnerState returns an object',
    'another-owners-state': READER,
  },
};

const refusals: Record<string, Case[]> = {
  'reject.did': vectors.reject.did,
  bindingV2: vectors.bindingV2.reject,
  ownerState: vectors.ownerState.reject,
};
holdWritersToReaders(
  Object.fromEntries(
    Object.entries(refusals).map(([group, cases]) => [
      group,
      { cases, throws: THROWS[group], normalises: NORMALISES[group], notWritten: NOT_WRITTEN[group] },
    ]),
  ),
);

it('signOwnerState refuses a revoked list its reader refuses, naming it', () =>
  expect(writerRefusal(() => signOwnerState({ epoch: 1, revoked: [7 as never], ts: 1 }, STATE_OWNER))).toBe(
    'missing-field: signOwnerState revoked is not a list of DIDs',
  ));
