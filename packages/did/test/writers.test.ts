import { SeamError } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { didFromPublicKey, signOwnerState, verifyOwnerState } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';

/**
 * Writers refuse what readers refuse (issue 32), over this package's refusal vectors: each
 * case is a value a writer could be asked for, and the writer either throws a SeamError
 * naming the field, or writes the value's one spelling, which its reader accepts (a set
 * is sorted and de-duplicated at the mint point); or it is listed with the reason no
 * writer is asked for it.
 */
const vectors = loadVectors('wire_vectors.json');
const STATE_OWNER = new Uint8Array(32).fill(0x1f);

function refusal(write: () => unknown): string {
  try {
    write();
  } catch (error) {
    if (error instanceof SeamError) return error.message;
    throw error;
  }
  throw new Error('the writer wrote what its reader refuses');
}

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
const NORMALISES: Record<string, Record<string, (c: Case) => unknown>> = {
  ownerState: {
    'unsorted-revoked': (c) => signOwnerState(state(c), STATE_OWNER),
    'duplicate-revoked': (c) => signOwnerState(state(c), STATE_OWNER),
  },
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

describe('writers refuse what readers refuse', () => {
  for (const [group, cases] of Object.entries(refusals)) {
    it(`${group}: every refusal case is refused or normalised by its writer, or listed with its reason`, () => {
      const listed = [THROWS, NORMALISES, NOT_WRITTEN].flatMap((table) => Object.keys(table[group] ?? {}));
      expect(listed.sort()).toEqual(cases.map((c) => c.name).sort());
    });
    for (const c of cases) {
      const throws = THROWS[group]?.[c.name];
      if (throws !== undefined)
        it(`${group}/${c.name}: the writer throws, naming the field`, () =>
          expect(refusal(() => throws[0](c))).toMatch(throws[1]));
      const normalises = NORMALISES[group]?.[c.name];
      if (normalises !== undefined)
        it(`${group}/${c.name}: the writer writes the one spelling, which its reader accepts`, () =>
          expect(verifyOwnerState(normalises(c), { rootDid: c.input.rootDid }).ok).toBe(true));
    }
  }
  it('signOwnerState refuses a revoked list its reader refuses, naming it', () =>
    expect(refusal(() => signOwnerState({ epoch: 1, revoked: [7 as never], ts: 1 }, STATE_OWNER))).toBe(
      'missing-field: signOwnerState revoked is not a list of DIDs',
    ));
});
