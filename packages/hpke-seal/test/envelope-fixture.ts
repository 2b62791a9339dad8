/**
 * The v2 sealed envelope the open-path tests start from: the seal.v2 vector keys
 * (vectors/generate.ts seeds them from the same labels), one message to OWN from
 * FROM, and an envelope built by the package's own assembler with the faults a case asks for.
 */
import { bytesEqual, fail, hex, ok, SeamError, sha256, unwrap } from '@agent-seam/canonical';
import { decodeEntries, encode } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import {
  type AccessInput,
  deriveKeyPair,
  keyId,
  type OpenEnvelopeV2Options,
  openEnvelope,
  type SealEnvelopeOptions,
  sealEnvelope,
} from '../src/index.js';
import { assembleEnvelope, type Entry, type InnerMessage, innerEntries } from '../src/seal-v2.js';
import { encodeRawMap } from '../src/wire-map.js';

export const utf8 = (text: string) => new TextEncoder().encode(text);
/** A 32-byte seed under the vector label `name` (epoch, sender, holder, impostor...). */
export const seed = (name: string) => sha256(utf8(`seam-seal-vector/${name}`));
export const epoch = deriveKeyPair(seed('epoch'));
export const interaction = deriveKeyPair(seed('interaction'));
export const sender = keyPairFromSeed(seed('sender'));
export const OWN = 'bafyreiseamvectorrecipient';
export const FROM = 'bafyreiseamvectorsender';
export const TS = 1767225600000;
export const DAY = 86_400_000;
export const NOW = TS + 60_000;
export const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
/** A point of order 8 (RFC 7748 section 5): X25519 with it is all zero, whatever the private key. */
export const SMALL_ORDER = unwrap(
  hex.decode('e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800'),
);

export const holder = keyPairFromSeed(seed('holder'));
/** The recipient's mailbox signing key: it signs the capabilities OWN issues (epoch 1). */
export const mailbox = keyPairFromSeed(seed('mailbox'));
/**
 * A capability for OWN held by `holder`, signed by the mailbox; `holderSeed` makes the proof
 * of possession; `edit` changes the CapBody (key to value) before it is signed.
 */
export const capability = (
  holderSeed: Uint8Array,
  edit: (body: Map<number, unknown>) => void = () => {},
): AccessInput => {
  const entries = new Map<number, unknown>([
    [0, 'anet.cap/1'],
    [1, OWN],
    [2, 1],
    [3, seed('cap-id').subarray(0, 16)],
    [4, 1],
    [5, TS + 30 * DAY],
    [6, holder.publicKey],
  ]);
  edit(entries);
  const body = encode(entries as Map<number, never>);
  return { kind: 1, cap: { body, sig: signEd25519(seed('mailbox'), body) }, holderSeed };
};

/** A key ring that holds one suite-1 key pair. */
export const ringOf = (pair: { publicKey: Uint8Array; privateKey: Uint8Array }) => (kid: Uint8Array) =>
  bytesEqual(kid, keyId(1, pair.publicKey)) ? pair.privateKey : undefined;

export const history = {
  kel: encode([utf8('kel event')]),
  notice: encode(new Map([[1, utf8('notice')]])),
  keys: encode(new Map([[1, 1]])),
};
export const message: InnerMessage = {
  from: FROM,
  ksn: 0,
  type: 'anet.message/1',
  ix: 'ix-fixture',
  mid: seed('mid').subarray(0, 16),
  tsMs: TS,
  expMs: TS + DAY,
  body: utf8('fixture'),
  history,
};

/** The sealing options the writer tests start from: a first-contact message from FROM to OWN. */
export const sealOptions: SealEnvelopeOptions = {
  to: OWN,
  recipientPublicKey: epoch.publicKey,
  senderSeed: seed('sender'),
  message,
  access: { kind: 0 },
};

/**
 * The plain envelope of the tests that need any valid one and pass their own options: to
 * 'bafyreito' under an epoch key seeded with 2s, from 'bafyreifrom' signed by a key seeded
 * with 4s, first contact; each test chooses the times and the body (and may change the rest).
 */
export const plain = {
  epoch: deriveKeyPair(new Uint8Array(32).fill(2)),
  sender: keyPairFromSeed(new Uint8Array(32).fill(4)),
};
export const plainMessage = (
  fields: Pick<InnerMessage, 'tsMs' | 'expMs' | 'body'> & Partial<InnerMessage>,
): InnerMessage => ({ from: 'bafyreifrom', ksn: 0, type: 't', ix: 'ix', mid: new Uint8Array(16), ...fields });
export const sealPlain = (
  fields: Parameters<typeof plainMessage>[0],
  changes: Partial<SealEnvelopeOptions> = {},
) =>
  sealEnvelope({
    to: 'bafyreito',
    recipientPublicKey: plain.epoch.publicKey,
    senderSeed: plain.sender.seed,
    message: plainMessage(fields),
    access: { kind: 0 },
    ...changes,
  });

export type Edit = (entries: Entry[]) => Entry[];
/** Sets (or, with null, removes) one entry of a list of [key, value bytes]. */
export const put =
  (key: number, value: Uint8Array | null): Edit =>
  (entries) => [...entries.filter(([k]) => k !== key), ...(value === null ? [] : [[key, value] as Entry])];

export interface Faults {
  inner?: Edit;
  /** Signs with this seed instead of the sender's. */
  signer?: Uint8Array;
  /** Changes the preimage before it is signed (default: signs it as made). */
  signed?: (preimage: Uint8Array) => Uint8Array;
  layer2?: boolean;
  access?: AccessInput;
  outerExp?: number;
  wrapExtensions?: Entry[];
  pad?: (zeroCount: number) => Uint8Array;
}

/** An envelope to OWN with the faults asked for, signed honestly unless `signer` or `signed` says. */
export const envelope = (faults: Faults = {}) =>
  assembleEnvelope({
    to: OWN,
    recipientPublicKey: epoch.publicKey,
    interactionPublicKey: faults.layer2 ? interaction.publicKey : undefined,
    inner: (faults.inner ?? ((e) => e))(innerEntries(OWN, message)),
    sign: (preimage) => signEd25519(faults.signer ?? seed('sender'), (faults.signed ?? ((p) => p))(preimage)),
    access: faults.access ?? { kind: 0 },
    outerExp: faults.outerExp,
    outerExtensions: [],
    wrapExtensions: faults.wrapExtensions ?? [],
    random,
    ...(faults.pad === undefined ? {} : { pad: faults.pad }),
  }).bytes;

export const options: OpenEnvelopeV2Options = {
  ownAid: OWN,
  keyRing: ringOf(epoch),
  interactionKeyRing: ringOf(interaction),
  resolveSenderKey: (q) => (q.from === FROM && q.ksn === 0 ? ok(sender.publicKey) : fail('bad-key-state')),
  now: new Date(NOW),
  mailbox: { publicKey: mailbox.publicKey, epoch: 1 },
  replay: 'off',
};
export const open = (bytes: unknown, changes: Partial<OpenEnvelopeV2Options> = {}) =>
  openEnvelope(bytes as Uint8Array, { ...options, ...changes });

/**
 * The outer map of an envelope with entries set or (null) removed, re-encoded: kept
 * entries in their order, then the set ones in the order given; keys may be any CBOR key.
 */
export const editOuter = (bytes: Uint8Array, edits: [number | bigint, Uint8Array | null][]) => {
  const kept = unwrap(decodeEntries(bytes))
    .filter((e) => !edits.some(([k]) => k === e.key))
    .map((e) => [e.key as number, e.valueBytes] as const);
  const added = edits.filter(([, v]) => v !== null) as [number, Uint8Array][];
  return encodeRawMap([...kept, ...added]);
};

/** The verdict as [code, detail], or ['ok'], for comparing refusals whole. */
export const verdict = (v: ReturnType<typeof open>) => (v.ok ? ['ok'] : [v.code, v.detail]);
/** A thrown SeamError as [code, message], to assert both; the message starts with the code. */
export const thrownPair = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return e instanceof SeamError ? [e.code, e.message] : ['not a SeamError', String(e)];
  }
  return ['did not throw'];
};
export const errorPair = (code: string, text: string) => [code, `${code}: ${text}`];
