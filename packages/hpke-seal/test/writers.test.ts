import { loadVectors } from '@agent-seam/conformance';
import { encode } from '@agent-seam/coredet-cbor';
import { holdWritersToReaders } from '../../../tools/writers-sweep.ts';
import { createDack, type SealEnvelopeOptions, sealEnvelope } from '../src/index.js';
import { capability, DAY, message, sealOptions, seed, TS } from './envelope-fixture.js';

/**
 * Writers refuse what readers refuse (issue 32), over this package's refusal vectors: each
 * case is a value `sealEnvelope` or `createDack` could be asked for, and the writer, asked
 * for it, throws a SeamError naming the field; or it is listed with the reason no writer is
 * asked for it (the writer writes that part itself, or it is the reader's key, clock, store
 * or the recipient's own judgement). seal.v1 has no writer here: v0.15 envelopes are opened,
 * never sealed, by this package.
 */
const vectors = loadVectors<any>('hpke_seal.json');
const seal = (over: Partial<SealEnvelopeOptions>) => () => sealEnvelope({ ...sealOptions, ...over });
const withMessage = (over: Partial<typeof message>) => seal({ message: { ...message, ...over } });
const capabilityWith = (edit: (body: Map<number, unknown>) => void) => capability(seed('holder'), edit);

const THROWS: Record<string, Record<string, [() => unknown, RegExp]>> = {
  'seal.v2-refuse': {
    'outer-key-9': [
      seal({ outerExtensions: [[9, encode(0)]] }),
      /^bad-input: outerExtensions keys start at 64/,
    ],
    'wrap-key-4': [seal({ wrapExtensions: [[4, encode(0)]] }), /^bad-input: wrapExtensions keys start at 64/],
    'wrap-ikid-alone': [
      seal({ wrapExtensions: [[1, encode(new Uint8Array(16))]] }),
      /^bad-input: wrapExtensions /,
    ],
    'wrap-ikid-15-bytes': [
      seal({ wrapExtensions: [[1, encode(new Uint8Array(15))]] }),
      /^bad-input: wrapExtensions /,
    ],
    'inner-key-21': [withMessage({ extensions: [[21, encode(0)]] }), /^bad-input: message\.extensions /],
    'inner-ts-zero': [withMessage({ tsMs: 0 }), /^bad-input: message\.tsMs /],
    'kel-65537-bytes': [
      withMessage({ history: { ...message.history!, kel: new Uint8Array(65537) } }),
      /^bad-input: message\.history\.kel /,
    ],
    'lifetime-15d-plus-1': [withMessage({ expMs: TS + 15 * DAY + 1 }), /^bad-input: message\.expMs /],
    'exp-before-ts': [withMessage({ expMs: TS - 1 }), /^bad-input: message\.expMs /],
    'access-kind-2': [seal({ access: { kind: 2 } as never }), /^bad-input: access\.kind /],
    'capbody-wrong-tag': [
      seal({ access: capabilityWith((b) => b.set(0, 'anet.cap/2')) }),
      /^bad-input: access\.cap\.body /,
    ],
    'capbody-other-owner': [
      seal({ access: capabilityWith((b) => b.set(1, 'bafyother')) }),
      /^bad-input: access\.cap\.body /,
    ],
    'capbody-class-3': [
      seal({ access: capabilityWith((b) => b.set(4, 3)) }),
      /^bad-input: access\.cap\.body class /,
    ],
    'pop-by-other-holder': [
      seal({ access: capability(seed('other-holder')) }),
      /^bad-input: access\.holderSeed /,
    ],
    'too-large': [
      withMessage({ body: new Uint8Array(8 * 1024 * 1024) }),
      /^bad-input: the envelope would be \d+ bytes/,
    ],
  },
  'seal.dack': {
    'note-wait-beyond-2^53': [
      () => createDack(vectorsDackKeys(), { decision: 'processed', waitMs: 2 ** 56 }),
      /^bad-dack-note: a wait time /,
    ],
  },
};

/** Any dack keys: the note check comes before the keys are used. */
function vectorsDackKeys() {
  const k = new Uint8Array(16);
  return { processedToken: k, refusedToken: k.map((x) => x ^ 1), noteKey: new Uint8Array(32), handle: k };
}

const ITSELF = 'the writer writes this part itself, always as the reader wants it';
const SIGNATURE = 'the signature bytes are the signer’s';
const READER = 'the reader’s own key, recipient or option';
const CLOCK = 'a writer has no clock: time is judged at the reader’s now';
const RESOLVER = 'the reader’s key-state resolver';
const STORE = 'the reader’s replay store';
const MAILBOX =
  'the capability and its mailbox signature are the recipient’s, carried by the sender as issued; judged against the recipient’s mailbox key, epoch and clock';
const NOT_WRITTEN: Record<string, Record<string, string>> = {
  'seal.v2-refuse': {
    'envelope-as-hex-text': 'sealEnvelope returns bytes',
    'trailing-byte': ITSELF,
    'version-3': ITSELF,
    'outer-kid-15-bytes': ITSELF,
    'suite-2': ITSELF,
    'other-recipient': READER,
    'unknown-kid': READER,
    'ct-flipped': ITSELF,
    'pad-nonzero': ITSELF,
    'pad-off-step': ITSELF,
    'access-session-with-pop': ITSELF,
    'access-key-4': ITSELF,
    'cap-key-3': ITSELF,
    'capability-to-mailbox-off': MAILBOX,
    'cap-sig-bit-flipped': MAILBOX,
    'capbody-exp-edited': MAILBOX,
    'capbody-epoch-edited': MAILBOX,
    'cap-previous-epoch': MAILBOX,
    'cap-expired': MAILBOX,
    'cap-beyond-31-days': MAILBOX,
    'no-interaction-key': READER,
    'layer-2-wrong-key': READER,
    'inner-ts-text': ITSELF,
    'history-without-notices': ITSELF,
    'two-notices': ITSELF,
    'rk-suite-2': ITSELF,
    'inner-to-other': ITSELF,
    'outer-exp-differs': ITSELF,
    'now-after-exp': CLOCK,
    'ts-in-future': CLOCK,
    'signed-by-impostor': SIGNATURE,
    'body-swapped': SIGNATURE,
    'resolver-bad-kel': RESOLVER,
    'resolver-from-mismatch': RESOLVER,
    'resolver-bad-key-state': RESOLVER,
    'resolver-revoked-key': RESOLVER,
    'resolver-rotation-grace-expired': RESOLVER,
    'resolver-bad-notice': RESOLVER,
    replayed: STORE,
    'replay-store-forgot': STORE,
    'replay-store-unavailable': STORE,
  },
  'seal.dack': {
    'dack-as-hex-text': 'createDack returns bytes',
    short: ITSELF,
    'token-flipped': ITSELF,
    'note-flipped': ITSELF,
    'note-padding-nonzero': ITSELF,
  },
};

holdWritersToReaders(
  Object.fromEntries(
    ['seal.v2-refuse', 'seal.dack'].map((group) => [
      group,
      { cases: vectors[group].refuse, throws: THROWS[group], notWritten: NOT_WRITTEN[group] },
    ]),
  ),
);
