/**
 * Vectors of @agent-seam/hpke-seal (vectors/hpke_seal.json, one group per top-level
 * key). All randomness is seeded, so the file regenerates byte for byte. Each refusal
 * changes one thing, chosen so that exactly one check judges it; `why` names that check.
 */
import { createHash } from 'node:crypto';
import { hex, MemoryReplayCache, unwrap } from '../../canonical/src/index.ts';
import { openedV2Value } from '../../conformance/src/harness/index.ts';
import { decodeEntries, encode } from '../../coredet-cbor/src/index.ts';
import { keyPairFromSeed, signEd25519 } from '../../did/src/index.ts';
import {
  type AccessInput,
  CAP_EXPIRY_SKEW_MS,
  CAP_MAX_LIFETIME_MS,
  createDack,
  type DackKeys,
  deriveKeyPair,
  type InnerMessage,
  keyId,
  openEnvelope,
  padme,
  SENDER_KEY_CODES,
  type SealEnvelopeOptions,
  seal,
  sealEnvelope,
  setupBaseS,
} from '../src/index.ts';
import { padLengthFor } from '../src/padme.ts';
import { chachaSeal } from '../src/primitives.ts';
import { sealInfo } from '../src/seal-info.ts';
import { assembleEnvelope, type Entry, innerEntries } from '../src/seal-v2.ts';
import { signaturePreimage } from '../src/sender-key.ts';
import { encodeRawMap } from '../src/wire-map.ts';

const H = (b: Uint8Array) => hex.encode(b);
const B = (text: string) => unwrap(hex.decode(text));
const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256 = (data: string | Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** A deterministic byte source: SHA-256(label/counter) blocks. */
function seeded(label: string) {
  let counter = 0;
  return (length: number) => {
    const out = new Uint8Array(length);
    for (let at = 0; at < length; at += 32)
      out.set(sha256(`${label}/${counter++}`).subarray(0, length - at), at);
    return out;
  };
}

// ---------------------------------------------------------------- hpke.roundtrip

const recipientIkm = sha256('seam-hpke-vector/recipient');
const recipient = deriveKeyPair(recipientIkm);

interface RoundTrip {
  name: string;
  info: string;
  aad: string;
  plaintext: string;
  psk?: string;
  pskId?: string;
}
const roundTrips: RoundTrip[] = [
  { name: 'base-64-bytes', info: H(utf8('seam info')), aad: '', plaintext: H(seeded('pt64')(64)) },
  { name: 'base-empty-plaintext', info: '', aad: H(utf8('aad')), plaintext: '' },
  { name: 'base-1-kib', info: H(utf8('seam info')), aad: H(utf8('aad')), plaintext: H(seeded('pt1k')(1024)) },
  {
    name: 'psk-64-bytes',
    info: H(utf8('seam info')),
    aad: '',
    plaintext: H(seeded('ptpsk')(64)),
    psk: H(sha256('seam-hpke-vector/psk')),
    pskId: H(utf8('psk-1')),
  },
];
const hpkeAccept = roundTrips.map((c) => {
  const ikmE = sha256(`seam-hpke-vector/ephemeral/${c.name}`);
  const sealed = seal({
    recipientPublicKey: recipient.publicKey,
    info: B(c.info),
    aad: B(c.aad),
    plaintext: B(c.plaintext),
    ...(c.psk === undefined ? {} : { psk: B(c.psk), pskId: B(c.pskId!) }),
    random: () => ikmE,
  });
  return { ...c, ikmE: H(ikmE), enc: H(sealed.enc), ciphertext: H(sealed.ciphertext) };
});
const base = hpkeAccept[0]!;
const psk = hpkeAccept[3]!;
const flipLast = (text: string) =>
  text.slice(0, -2) + (Number.parseInt(text.slice(-2), 16) ^ 1).toString(16).padStart(2, '0');
const hpkeRefuse = [
  {
    ...base,
    name: 'enc-as-hex-text',
    asIs: ['enc'],
    code: 'not-bytes',
    why: 'enc must be a Uint8Array: its hex text is refused, not read (without the check its length, 64 characters, would be judged)',
  },
  {
    ...base,
    name: 'ciphertext-as-hex-text',
    asIs: ['ciphertext'],
    code: 'not-bytes',
    why: 'the ciphertext must be a Uint8Array: its hex text is refused by the recipient context before the AEAD sees it',
  },
  {
    ...base,
    name: 'tag-flipped',
    ciphertext: flipLast(base.ciphertext),
    code: 'decrypt-failed',
    why: 'the AEAD tag check: one bit of the tag differs',
  },
  {
    ...base,
    name: 'other-aad',
    aad: H(utf8('other')),
    code: 'decrypt-failed',
    why: 'the AEAD binds aad: same ciphertext, different aad',
  },
  {
    ...base,
    name: 'other-info',
    info: H(utf8('other info')),
    code: 'decrypt-failed',
    why: 'info enters the key schedule: a different info gives a different key',
  },
  {
    ...psk,
    name: 'psk-opened-as-base',
    psk: undefined,
    pskId: undefined,
    code: 'decrypt-failed',
    why: 'the mode enters the key schedule: a psk ciphertext does not open in base mode',
  },
  {
    ...psk,
    name: 'wrong-psk',
    psk: H(sha256('seam-hpke-vector/other-psk')),
    code: 'decrypt-failed',
    why: 'the psk enters the secret: another psk gives another key',
  },
  {
    ...base,
    name: 'short-ciphertext',
    ciphertext: base.ciphertext.slice(0, 30),
    code: 'decrypt-failed',
    why: 'a ciphertext shorter than the 16-byte tag cannot authenticate',
  },
  {
    ...base,
    name: 'small-order-enc',
    enc: 'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
    code: 'bad-enc',
    why: 'Decap refuses an enc whose X25519 output is all zero (RFC 9180 7.1.4)',
  },
  {
    ...base,
    name: 'short-enc',
    enc: base.enc.slice(0, 62),
    code: 'bad-enc',
    why: 'DeserializePublicKey: enc must be exactly 32 bytes',
  },
];

// ---------------------------------------------------------------- seal.padme

const padmeCases = [
  0,
  1,
  2,
  9,
  23,
  24,
  100,
  255,
  256,
  257,
  1000,
  1025,
  4097,
  65536,
  65537,
  1_000_000,
  2 ** 40 + 1,
].map((n) => ({
  n,
  padme: padme(n),
}));
const padLengthCases = [1, 20, 40, 233, 256, 300, 722, 1100, 65000].map((base) => {
  const pad = padLengthFor(base);
  return {
    emptyPadLength: base,
    padZeros: pad,
    total: base + pad + (pad < 24 ? 0 : pad < 256 ? 1 : pad < 65536 ? 2 : 4),
  };
});

// ---------------------------------------------------------------- seal.v2

const TS = 1767225600000;
const DAY = 86_400_000;
const seeds = {
  epoch: sha256('seam-seal-vector/epoch'),
  otherEpoch: sha256('seam-seal-vector/other-epoch'),
  interaction: sha256('seam-seal-vector/interaction'),
  sender: sha256('seam-seal-vector/sender'),
  impostor: sha256('seam-seal-vector/impostor'),
  holder: sha256('seam-seal-vector/holder'),
  otherHolder: sha256('seam-seal-vector/other-holder'),
  mailbox: sha256('seam-seal-vector/mailbox'),
};
const epoch = deriveKeyPair(seeds.epoch);
const interaction = deriveKeyPair(seeds.interaction);
const sender = keyPairFromSeed(seeds.sender);
const holder = keyPairFromSeed(seeds.holder);
const OWN_AID = 'bafyreiseamvectorrecipient';
const FROM = 'bafyreiseamvectorsender';
const NOW = TS + 60_000;

/** The recipient's current mailbox epoch: capabilities signed under another one are void. */
const MAILBOX_EPOCH = 2;

const keysNote = {
  _: 'X25519 keys are DeriveKeyPair(ikm); Ed25519 keys come from their seed. Runner defaults: ownAid, now = new Date(nowMs) (the receiver clock, milliseconds since the Unix epoch), keyRing = [epoch], interactionKeyRing = [interaction], resolver returns the sender key for (from, ksn 0) and bad-key-state otherwise, mailbox = { publicKey: the Ed25519 key of mailboxSeed, epoch: mailboxEpoch }, replay = a new MemoryReplayCache() for each opening.',
  epochIkm: H(seeds.epoch),
  otherEpochIkm: H(seeds.otherEpoch),
  interactionIkm: H(seeds.interaction),
  senderSeed: H(seeds.sender),
  mailboxSeed: H(seeds.mailbox),
  mailboxEpoch: MAILBOX_EPOCH,
  ownAid: OWN_AID,
  from: FROM,
  nowMs: NOW,
};

const message = (over: Partial<InnerMessage> = {}): InnerMessage => ({
  from: FROM,
  ksn: 0,
  type: 'anet.message/1',
  ix: 'ix-seam-1',
  mid: sha256('seam-seal-vector/mid').subarray(0, 16),
  tsMs: TS,
  expMs: TS + DAY,
  body: utf8('seam sealed envelope vector'),
  history: {
    kel: encode([utf8('kel event')]),
    notice: encode(new Map([[1, utf8('notice')]])),
    keys: encode(new Map([[1, 1]])),
  },
  ...over,
});

interface CapOver {
  tag?: string;
  owner?: string;
  epoch?: number;
  class?: number;
  expMs?: number;
}
const capBodyWith = (over: CapOver) =>
  encode(
    new Map<number, string | number | Uint8Array>([
      [0, over.tag ?? 'anet.cap/1'],
      [1, over.owner ?? OWN_AID],
      [2, over.epoch ?? MAILBOX_EPOCH],
      [3, sha256('seam-seal-vector/cap-id').subarray(0, 16)],
      [4, over.class ?? 1],
      [5, over.expMs ?? TS + 30 * DAY],
      [6, holder.publicKey],
    ]),
  );
/** A capability signed by the mailbox over `signedOver`, carrying `over` (the same unless edited after signing). */
const capability = (holderSeed: Uint8Array, over: CapOver = {}, signedOver: CapOver = over): AccessInput => ({
  kind: 1,
  cap: { body: capBodyWith(over), sig: signEd25519(seeds.mailbox, capBodyWith(signedOver)) },
  holderSeed,
});

const baseOptions = (name: string, over: Partial<SealEnvelopeOptions> = {}): SealEnvelopeOptions => ({
  to: OWN_AID,
  recipientPublicKey: epoch.publicKey,
  senderSeed: seeds.sender,
  message: message(),
  access: { kind: 0 },
  random: seeded(`seam-seal-vector/${name}`),
  ...over,
});

interface Built {
  name: string;
  why?: string;
  envelope: Uint8Array;
  dack: DackKeys;
  open?: Record<string, unknown>;
}

function opened(b: Built) {
  const v = openEnvelope(b.envelope, {
    ownAid: OWN_AID,
    keyRing: (kid) => (H(kid) === H(keyIdOf(epoch.publicKey)) ? epoch.privateKey : undefined),
    interactionKeyRing: (kid) =>
      H(kid) === H(keyIdOf(interaction.publicKey)) ? interaction.privateKey : undefined,
    resolveSenderKey: (q) =>
      q.from === FROM && q.ksn === 0
        ? { ok: true, value: sender.publicKey }
        : { ok: false, code: 'bad-key-state' },
    now: new Date(NOW),
    mailbox: { publicKey: keyPairFromSeed(seeds.mailbox).publicKey, epoch: MAILBOX_EPOCH },
    replay: new MemoryReplayCache(),
  });
  if (!v.ok) throw new Error(`vector ${b.name} does not open: ${v.code} ${v.detail ?? ''}`);
  return v.value;
}
const keyIdOf = (pub: Uint8Array) => keyId(1, pub);

const sealed = (name: string, over: Partial<SealEnvelopeOptions> = {}): Built => {
  const s = sealEnvelope(baseOptions(name, over));
  return { name, envelope: s.bytes, dack: s.dack };
};

const oneLayer = sealed('one-layer', {
  oneShot: true,
  message: message({ rk: interaction.publicKey, extensions: [[64, encode('inner extension')]] }),
  outerExtensions: [[100, encode('outer extension')]],
  wrapExtensions: [[70, encode(7)]],
});
const twoLayers = sealed('two-layers', {
  interactionPublicKey: interaction.publicKey,
  access: capability(seeds.holder),
});
const preview = sealed('preview-frame', { message: message({ type: 'anet.preview/1', history: undefined }) });
/** The capability's expiry window is inclusive at both ends (the twins of cap-expired and cap-beyond-31-days). */
const capabilityEdges = [
  sealed('capability-expired-at-the-skew', {
    access: capability(seeds.holder, { expMs: NOW - CAP_EXPIRY_SKEW_MS }),
  }),
  sealed('stranger-capability-31-days-ahead', {
    access: capability(seeds.holder, { expMs: NOW + CAP_MAX_LIFETIME_MS, class: 2 }),
  }),
];

const describeOpened = (b: Built) => {
  const o = opened(b);
  return {
    name: b.name,
    envelope: H(b.envelope),
    expect: openedV2Value(o),
  };
};

// ---------------------------------------------------------------- seal.v2-refuse

/** Re-encode the outer map with one entry replaced (or added, or removed with null). */
function editOuter(envelope: Uint8Array, key: number, valueBytes: Uint8Array | null): Uint8Array {
  const entries = unwrap(decodeEntries(envelope));
  const kept: [number, Uint8Array][] = entries
    .filter((e) => e.key !== key)
    .map((e) => [e.key as number, e.valueBytes]);
  if (valueBytes !== null) kept.push([key, valueBytes]);
  return encodeRawMap(kept);
}

/** Build through the assembler with a changed inner message or wrap; signed honestly unless stated. */
function assembled(
  name: string,
  edit: {
    inner?: (entries: Entry[]) => Entry[];
    signer?: Uint8Array;
    wrapExtensions?: Entry[];
    pad?: (n: number) => Uint8Array;
    outerExp?: number;
    layer2?: boolean;
    message?: InnerMessage;
    access?: AccessInput;
  },
): Built {
  const m = edit.message ?? message();
  const s = assembleEnvelope({
    to: OWN_AID,
    recipientPublicKey: epoch.publicKey,
    interactionPublicKey: edit.layer2 ? interaction.publicKey : undefined,
    inner: (edit.inner ?? ((e) => e))(innerEntries(OWN_AID, m)),
    sign: (preimage) => signEd25519(edit.signer ?? seeds.sender, preimage),
    access: edit.access ?? { kind: 0 },
    outerExp: edit.outerExp,
    outerExtensions: [],
    wrapExtensions: edit.wrapExtensions ?? [],
    random: seeded(`seam-seal-vector/${name}`),
    ...(edit.pad === undefined ? {} : { pad: edit.pad }),
  });
  return { name, envelope: s.bytes, dack: s.dack };
}
/**
 * Same seeded randomness, so the same enc and kid: the signature made over one body is
 * attached to an envelope that carries another.
 */
function bodySwappedAfterSigning(): Built {
  let signature: Uint8Array = new Uint8Array(64);
  assembleEnvelope({
    to: OWN_AID,
    recipientPublicKey: epoch.publicKey,
    inner: innerEntries(OWN_AID, message({ body: utf8('the body that was signed') })),
    sign: (preimage) => {
      signature = signEd25519(seeds.sender, preimage);
      return signature;
    },
    access: { kind: 0 },
    outerExtensions: [],
    wrapExtensions: [],
    random: seeded('seam-seal-vector/body-swapped'),
  });
  const swapped = assembleEnvelope({
    to: OWN_AID,
    recipientPublicKey: epoch.publicKey,
    inner: innerEntries(OWN_AID, message({ body: utf8('the body that was sent') })),
    sign: () => signature,
    access: { kind: 0 },
    outerExtensions: [],
    wrapExtensions: [],
    random: seeded('seam-seal-vector/body-swapped'),
  });
  return { name: 'body-swapped', envelope: swapped.bytes, dack: swapped.dack };
}

const replaceEntry = (key: number, valueBytes: Uint8Array) => (entries: Entry[]) => [
  ...entries.filter(([k]) => k !== key),
  [key, valueBytes] as Entry,
];
const dropEntry = (key: number) => (entries: Entry[]) => entries.filter(([k]) => k !== key);

const plain = sealed('refusal-base');
const append = (bytes: Uint8Array, extra: number[]) => {
  const out = new Uint8Array(bytes.length + extra.length);
  out.set(bytes);
  out.set(extra, bytes.length);
  return out;
};
const flipByte = (bytes: Uint8Array, at: number) => {
  const out = bytes.slice();
  out[at] = out[at]! ^ 1;
  return out;
};

/**
 * A capability envelope whose credential is edited after sealing. Outer key 7 lies
 * outside env_digest, so the holder's proof still verifies and only the edit is judged.
 */
function capabilityEdited(
  name: string,
  edit: { kind?: number; capKey3?: boolean; flipSig?: boolean },
): Built {
  const b = sealed(name, { access: capability(seeds.holder) });
  const outer = unwrap(decodeEntries(b.envelope));
  const access = unwrap(decodeEntries(outer.find((e) => e.key === 7)!.valueBytes));
  const cap = unwrap(decodeEntries(access.find((e) => e.key === 2)!.valueBytes));
  const capEntries: Entry[] = cap.map((e) => [
    e.key as number,
    edit.flipSig && e.key === 2 ? encode(flipByte(e.value as Uint8Array, 10)) : e.valueBytes,
  ]);
  if (edit.capKey3) capEntries.push([3, encode(0)]);
  const accessBytes = encodeRawMap(
    access.map((e): Entry => {
      if (e.key === 1 && edit.kind !== undefined) return [1, encode(edit.kind)];
      return [e.key as number, e.key === 2 ? encodeRawMap(capEntries) : e.valueBytes];
    }),
  );
  return { ...b, envelope: editOuter(b.envelope, 7, accessBytes) };
}

type Refusal = {
  built: Built;
  code: string;
  why: string;
  open?: Record<string, unknown>;
  /** The envelope is published as `asIs: ["envelope"]`: its hex text is what the opener gets. */
  asIs?: boolean;
  /** The refusal's detail, where the vector pins it (the time rules say by how much). */
  detail?: string;
};
const refusal = (
  name: string,
  envelope: Uint8Array,
  code: string,
  why: string,
  open?: Record<string, unknown>,
): Refusal => ({
  built: { name, envelope, dack: plain.dack },
  code,
  why,
  ...(open === undefined ? {} : { open }),
});
const built = (b: Built, code: string, why: string, open?: Record<string, unknown>): Refusal => ({
  built: b,
  code,
  why,
  ...(open === undefined ? {} : { open }),
});

const refusals: Refusal[] = [
  {
    built: { name: 'envelope-as-hex-text', envelope: plain.envelope, dack: plain.dack },
    asIs: true,
    code: 'not-bytes',
    why: 'the envelope must be a Uint8Array: its hex text is refused before anything is read (without the check the text would be measured and decoded as if it were bytes)',
  },
  refusal(
    'too-large',
    plain.envelope,
    'too-large',
    'the size cap runs before decoding: maxBytes is one byte short',
    {
      maxBytes: plain.envelope.length - 1,
    },
  ),
  refusal(
    'trailing-byte',
    append(plain.envelope, [0x00]),
    'bad-outer',
    'the outer decode: one byte after the map',
  ),
  refusal(
    'version-3',
    editOuter(plain.envelope, 1, encode(3)),
    'bad-version',
    'the version check: outer v = 3',
  ),
  refusal(
    'outer-key-9',
    editOuter(plain.envelope, 9, encode(0)),
    'unknown-critical-field',
    'the outer key space: reserved key 9 present',
  ),
  refusal(
    'outer-kid-15-bytes',
    editOuter(plain.envelope, 4, encode(new Uint8Array(15))),
    'bad-outer',
    'the outer field rules: kid of 15 bytes',
  ),
  refusal(
    'suite-2',
    editOuter(plain.envelope, 3, encode(2)),
    'unknown-suite',
    'the suite check: suite 2 is reserved',
  ),
  refusal('other-recipient', plain.envelope, 'wrong-recipient', 'to must equal ownAid', {
    ownAid: 'bafyreiseamsomeoneelse',
  }),
  refusal(
    'unknown-kid',
    plain.envelope,
    'sealed-to-unknown-key',
    'the key ring lookup: only another epoch key is held',
    { keyRing: 'other' },
  ),
  refusal(
    'ct-flipped',
    flipByte(plain.envelope, plain.envelope.length - 40),
    'decrypt-failed',
    'the layer-1 AEAD: one ciphertext bit flipped',
  ),
  built(
    assembled('wrap-key-4', { wrapExtensions: [[4, encode(0)]] }),
    'bad-wrap',
    'the wrap key space: reserved key 4 present',
  ),
  built(
    assembled('wrap-ikid-alone', { wrapExtensions: [[1, encode(new Uint8Array(16))]] }),
    'bad-wrap',
    'ikid and enc2 must come together: ikid alone',
  ),
  built(
    assembled('wrap-ikid-15-bytes', {
      wrapExtensions: [
        [1, encode(new Uint8Array(15))],
        [2, encode(new Uint8Array(32))],
      ],
    }),
    'bad-wrap',
    'the wrap field rules: ikid of 15 bytes (with enc2, so the pairing rule holds)',
  ),
  built(
    assembled('pad-nonzero', {
      pad: (n) => {
        if (n === 0) throw new Error('pad-nonzero needs a non-empty pad; change the seed');
        return Uint8Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0));
      },
    }),
    'bad-pad',
    'the padding must be zero: its first byte is 1 (length still on a Padmé step)',
  ),
  built(
    assembled('pad-off-step', { pad: (n) => new Uint8Array(n + 1) }),
    'bad-pad',
    'the wrap length must be a Padmé length: one zero byte too many',
  ),
  built(
    capabilityEdited('access-kind-2', { kind: 2 }),
    'bad-access',
    'the credential kind: 2 is reserved (cap and pop present, so only the kind is wrong)',
  ),
  refusal(
    'access-session-with-pop',
    editOuter(
      plain.envelope,
      7,
      encodeRawMap([
        [1, encode(0)],
        [3, encode(new Uint8Array(64))],
      ]),
    ),
    'bad-access',
    'a session credential (kind 0) carries no capability parts: a pop is present',
  ),
  refusal(
    'access-key-4',
    editOuter(
      plain.envelope,
      7,
      encodeRawMap([
        [1, encode(0)],
        [4, encode(0)],
      ]),
    ),
    'bad-access',
    'the Access key space is closed: key 4 present',
  ),
  built(
    capabilityEdited('cap-key-3', { capKey3: true }),
    'bad-access',
    'the Cap key space is closed: key 3 present (the pop still verifies)',
  ),
  // The sealer refuses to write these (its reader would refuse them): built by the assembler.
  built(
    assembled('capbody-wrong-tag', { access: capability(seeds.holder, { tag: 'anet.cap/2' }) }),
    'bad-access',
    'the CapBody type tag must be anet.cap/1',
  ),
  built(
    assembled('capbody-other-owner', {
      access: capability(seeds.holder, { owner: 'bafyreiseamsomeoneelse' }),
    }),
    'bad-access',
    'the capability owner must be the outer recipient',
  ),
  built(
    assembled('capbody-class-3', { access: capability(seeds.holder, { class: 3 }) }),
    'bad-access',
    'the class: 3 is neither contact (1) nor stranger (2), honestly signed by the mailbox (deleting the check opens the envelope)',
  ),
  built(
    sealed('capability-to-mailbox-off', { access: capability(seeds.holder) }),
    'capability-not-accepted',
    "a genuine capability at a recipient that opens with mailbox: 'off' (first-contact sessions only): deleting the check opens the envelope without judging the capability",
    { mailbox: 'off' },
  ),
  built(
    capabilityEdited('cap-sig-bit-flipped', { flipSig: true }),
    'bad-cap-sig',
    'the mailbox signature over the CapBody: one bit of it flipped (the pop still verifies; deleting the check opens the envelope)',
  ),
  built(
    sealed('capbody-exp-edited', {
      access: capability(seeds.holder, { expMs: TS + 30 * DAY }, { expMs: TS - DAY }),
    }),
    'bad-cap-sig',
    'the mailbox signature covers the expiry: signed for an expiry a day ago, edited to 30 days ahead (deleting the check opens the envelope)',
  ),
  built(
    sealed('capbody-epoch-edited', {
      access: capability(seeds.holder, { epoch: MAILBOX_EPOCH }, { epoch: MAILBOX_EPOCH - 1 }),
    }),
    'bad-cap-sig',
    'the mailbox signature covers the epoch: signed under the previous epoch, edited to the current one (deleting the check opens the envelope)',
  ),
  built(
    sealed('cap-previous-epoch', { access: capability(seeds.holder, { epoch: MAILBOX_EPOCH - 1 }) }),
    'cap-epoch-mismatch',
    'a new mailbox epoch voids every capability of the previous one: honestly signed under epoch 1 while the mailbox is at 2',
  ),
  {
    ...built(
      sealed('cap-expired', { access: capability(seeds.holder, { expMs: NOW - CAP_EXPIRY_SKEW_MS - 1 }) }),
      'cap-expired',
      'the expiry window, behind: honestly signed, expired 5 minutes and 1 ms before now',
    ),
    detail: 'expired 300.001 s ago (allowed skew 300 s)',
  },
  {
    ...built(
      sealed('cap-beyond-31-days', {
        access: capability(seeds.holder, { expMs: NOW + CAP_MAX_LIFETIME_MS + 1 }),
      }),
      'cap-too-long',
      'a capability is valid for at most 31 days: honestly signed to expire 31 days and 1 ms after now',
    ),
    detail: 'expires 2678400.001 s from now, over the allowed 2678400 s (31 days)',
  },
  built(
    assembled('pop-by-other-holder', { access: capability(seeds.otherHolder) }),
    'bad-pop',
    'the proof of possession: signed by a key other than the capability holder',
  ),
  built(
    sealed('no-interaction-key', { interactionPublicKey: interaction.publicKey }),
    'unknown-interaction-key',
    'the interaction key ring lookup: no interaction key is held',
    { interactionKeyRing: 'none' },
  ),
  built(
    sealed('layer-2-wrong-key', { interactionPublicKey: interaction.publicKey }),
    'decrypt-failed',
    'the layer-2 AEAD: the ring answers the ikid with another private key',
    { interactionKeyRing: 'wrong-key' },
  ),
  built(
    assembled('inner-ts-text', { inner: replaceEntry(7, encode('1767225600000')) }),
    'bad-inner',
    'the inner field rules: ts is text',
  ),
  built(assembled('inner-ts-zero', { message: message({ tsMs: 0 }) }), 'bad-inner', 'ts must not be zero'),
  built(
    assembled('inner-key-21', { inner: (e) => [...e, [21, encode(new Uint8Array(2))]] }),
    'unknown-critical-field',
    'the inner key space: retired key 21 (v1 pad) present',
  ),
  built(
    assembled('history-without-notices', { inner: dropEntry(11) }),
    'bad-inner',
    'kel, notices and keys come together: notices missing',
  ),
  built(
    assembled('two-notices', { inner: replaceEntry(11, encode([utf8('a'), utf8('b')])) }),
    'bad-inner',
    'exactly one witness notice: two are sent',
  ),
  built(
    assembled('rk-suite-2', {
      inner: (e) => [
        ...e,
        [
          15,
          encode(
            new Map<number, number | Uint8Array>([
              [1, 2],
              [2, new Uint8Array(32)],
            ]),
          ),
        ],
      ],
    }),
    'bad-inner',
    'the interaction key must be suite 1: suite 2 given',
  ),
  built(
    assembled('kel-65537-bytes', { inner: replaceEntry(10, encode(new Uint8Array(65537))) }),
    'kel-too-large',
    'the key history cap: 65537 bytes',
  ),
  built(
    assembled('inner-to-other', { inner: replaceEntry(3, encode('bafyreiseamsomeoneelse')) }),
    'to-mismatch',
    'inner to must equal outer to',
  ),
  built(
    assembled('outer-exp-differs', { outerExp: TS + DAY + 1 }),
    'exp-mismatch',
    'outer exp must equal inner exp',
  ),
  {
    ...built(
      assembled('lifetime-15d-plus-1', { message: message({ expMs: TS + 15 * DAY + 1 }) }),
      'bad-lifetime',
      'exp - ts may be at most 15 days: one ms more',
    ),
    detail: 'lifetime 1296000.001 s is over the allowed 1296000 s (15 days)',
  },
  {
    ...built(
      assembled('exp-before-ts', { message: message({ expMs: TS - 1 }) }),
      'bad-lifetime',
      'exp may not come before ts: one ms before',
    ),
    detail: 'exp is 0.001 s before ts',
  },
  {
    ...refusal('now-after-exp', plain.envelope, 'expired', 'now may not pass exp: one ms after', {
      nowMs: TS + DAY + 1,
    }),
    detail: 'expired 0.001 s ago',
  },
  {
    ...refusal('ts-in-future', plain.envelope, 'from-future', 'ts may lead now by 5 minutes: one ms more', {
      nowMs: TS - 300_001,
    }),
    detail: 'ts is 300.001 s in the future (allowed skew 300 s)',
  },
  built(
    assembled('signed-by-impostor', { signer: seeds.impostor }),
    'bad-sig',
    'the inner signature: made by a key that is not the sender key',
  ),
  built(
    bodySwappedAfterSigning(),
    'bad-sig',
    'the body hash in the preimage: the signature was made for another body',
  ),
  ...SENDER_KEY_CODES.map((code) =>
    refusal(
      `resolver-${code}`,
      plain.envelope,
      code,
      `the sender-key resolver refuses with ${code}; openEnvelope passes it through`,
      {
        resolver: code,
      },
    ),
  ),
  refusal(
    'replayed',
    plain.envelope,
    'replayed',
    'the once-only rule over (from, mid): the store already opened this envelope once (deleting the check opens it a second time)',
    { replay: 'delivered' },
  ),
  refusal(
    'replay-store-forgot',
    plain.envelope,
    'replay-cache-full',
    'a store that has had to forget envelopes this old cannot vouch for this one: it is refused, never let through',
    { replay: 'forgotten' },
  ),
  refusal(
    'replay-store-unavailable',
    plain.envelope,
    'replay-store-unavailable',
    "a store whose promise rejects (a shared store whose server cannot be reached), opened by openEnvelopeAsync: refused; with the catch deleted from canonical's replayVerdictAsync, the opener's own promise rejected and no verdict was given",
    { replay: 'unavailable' },
  ),
];

const refuseCases = refusals.map((r) => ({
  name: r.built.name,
  why: r.why,
  envelope: H(r.built.envelope),
  ...(r.asIs === true ? { asIs: ['envelope'] } : {}),
  ...(r.open === undefined ? {} : { open: r.open }),
  code: r.code,
  ...(r.detail === undefined ? {} : { detail: r.detail }),
}));

// ---------------------------------------------------------------- seal.dack

const dackOf = (keys: DackKeys, note: Parameters<typeof createDack>[1]) => H(createDack(keys, note));
const dackAccept = [
  { name: 'processed', note: { decision: 'processed' as const } },
  { name: 'refused-with-reason-and-wait', note: { decision: 'refused' as const, reason: 7, waitMs: 60_000 } },
  { name: 'processed-with-wait', note: { decision: 'processed' as const, waitMs: 2 ** 40 } },
].map((c) => ({ ...c, dack: dackOf(oneLayer.dack, c.note) }));

/** A dack whose note authenticates but breaks the layout (crafted with the note key). */
function craftedNote(plaintext: Uint8Array): string {
  const token = oneLayer.dack.processedToken;
  return H(token) + H(chachaSeal(oneLayer.dack.noteKey, token.subarray(0, 12), token, plaintext));
}
const processed = dackAccept[0]!.dack;
const dackRefuse = [
  {
    name: 'dack-as-hex-text',
    dack: processed,
    asIs: ['dack'],
    code: 'not-bytes',
    why: 'the dack must be a Uint8Array: its hex text (160 characters) is refused, not measured as 160 bytes',
  },
  {
    name: 'short',
    dack: processed.slice(0, 158),
    code: 'bad-dack-length',
    why: 'a dack is exactly 80 bytes: 79 given',
  },
  {
    name: 'token-flipped',
    dack: flipLast(processed.slice(0, 32)) + processed.slice(32),
    code: 'bad-dack-token',
    why: 'the token must be one of the two derived tokens',
  },
  {
    name: 'note-flipped',
    dack: flipLast(processed),
    code: 'bad-dack-note',
    why: 'the note must authenticate under the note key',
  },
  {
    name: 'note-padding-nonzero',
    dack: craftedNote(Uint8Array.from({ length: 48 }, (_, i) => (i === 47 ? 1 : 0))),
    code: 'bad-dack-note',
    why: 'bytes 10..47 of the note are zero: the last one is 1',
  },
  {
    name: 'note-wait-beyond-2^53',
    dack: craftedNote(Uint8Array.from({ length: 48 }, (_, i) => (i === 2 ? 0x01 : 0))),
    code: 'bad-dack-note',
    why: 'the wait time must be a safe integer: 2^56 given',
  },
];

// ---------------------------------------------------------------- seal.v1-refuse

/**
 * A v0.15 (v1) envelope built the way ANetCore builds one: inner map with an unsigned
 * zero pad at key 21, signature over the inner entries minus 20/21 plus 0/30/31/32, one
 * HPKE layer under the anet-relay/v1 info. `edit` changes the inner entries before signing.
 */
function sealV1(name: string, edit: (entries: Entry[]) => Entry[] = (e) => e, expMs = TS + DAY): Uint8Array {
  const m = message({ expMs });
  const kid = keyIdOf(epoch.publicKey);
  const layer = setupBaseS({
    recipientPublicKey: epoch.publicKey,
    info: sealInfo('anet-relay/v1', OWN_AID, 1, kid),
    random: seeded(`seam-seal-vector/v1/${name}`),
  });
  const inner: Entry[] = edit([
    ...innerEntries(OWN_AID, { ...m, history: undefined }),
    [10, encode(m.history!.kel)],
    [12, encode(m.history!.keys)],
    [64, encode('v1 extension')],
  ]);
  const preimage = signaturePreimage(
    inner.filter(([k]) => k !== 21).map(([key, valueBytes]) => ({ key, valueBytes, value: undefined })),
    {
      label: 'anet-relay-sig/v1',
      drop: [20, 21],
      bind: [
        [30, encode(layer.enc)],
        [31, encode(kid)],
        [32, encode(1)],
      ],
    },
  );
  const withSig: Entry[] = [...inner, [20, encode(signEd25519(seeds.sender, preimage))]];
  if (!withSig.some(([k]) => k === 21)) withSig.push([21, encode(new Uint8Array(5))]);
  return encodeRawMap([
    [1, encode(1)],
    [2, encode(OWN_AID)],
    [3, encode(1)],
    [4, encode(kid)],
    [5, encode(layer.enc)],
    [6, encode(layer.context.seal(new Uint8Array(0), encodeRawMap(withSig)))],
  ]);
}
const v1Plain = sealV1('plain');
const v1Refusals = [
  {
    name: 'too-large',
    envelope: v1Plain,
    open: { maxBytes: v1Plain.length - 1 },
    code: 'too-large',
    why: 'the size cap runs before decoding',
  },
  {
    name: 'pad-nonzero',
    envelope: sealV1('pad-nonzero', (e) => [...e, [21, encode(Uint8Array.of(0, 1))]]),
    code: 'bad-pad',
    why: 'the unsigned pad must be zero bytes',
  },
  {
    name: 'mid-15-bytes',
    envelope: sealV1('mid-15', replaceEntry(6, encode(new Uint8Array(15)))),
    code: 'bad-inner',
    why: 'the inner field rules: mid of 15 bytes',
  },
  {
    name: 'inner-key-11',
    envelope: sealV1('key-11', (e) => [...e, [11, encode([])]]),
    code: 'unknown-critical-field',
    why: 'v1 has no key 11: the inner key space refuses it',
  },
  {
    name: 'kel-65537-bytes',
    envelope: sealV1('kel', replaceEntry(10, encode(new Uint8Array(65537)))),
    code: 'kel-too-large',
    why: 'the key history cap: 65537 bytes',
  },
  {
    name: 'inner-to-other',
    envelope: sealV1('to', replaceEntry(3, encode('bafyreiseamsomeoneelse'))),
    code: 'to-mismatch',
    why: 'inner to must equal outer to',
  },
  {
    name: 'lifetime-15d-plus-1',
    envelope: sealV1('lifetime', (e) => e, TS + 15 * DAY + 1),
    code: 'bad-lifetime',
    why: 'exp - ts may be at most 15 days: one ms more',
  },
  {
    name: 'replayed',
    envelope: v1Plain,
    open: { replay: 'delivered' },
    code: 'replayed',
    why: 'the once-only rule over (from, mid): the store already opened this envelope once (deleting the check opens it a second time)',
  },
  {
    name: 'replay-store-forgot',
    envelope: v1Plain,
    open: { replay: 'forgotten' },
    code: 'replay-cache-full',
    why: 'a store that has had to forget envelopes this old cannot vouch for this one: it is refused',
  },
  {
    name: 'replay-store-unavailable',
    envelope: v1Plain,
    open: { replay: 'unavailable' },
    code: 'replay-store-unavailable',
    why: "a store whose promise rejects (a shared store whose server cannot be reached), opened by openEnvelopeV1Async: refused; with the catch deleted from canonical's replayVerdictAsync, the opener's own promise rejected and no verdict was given",
  },
].map((c) => ({ ...c, envelope: H(c.envelope) }));

export const parts = [
  {
    file: 'hpke_seal.json',
    content: {
      _: 'Vectors of @agent-seam/hpke-seal, generated by packages/hpke-seal/vectors/generate.ts with seeded randomness. Hex everywhere. Every refusal names the one check it exists for in `why`.',
      'hpke.roundtrip': {
        recipientIkm: H(recipientIkm),
        note: 'Single-shot seal/open. The sender reproduces enc and ciphertext with the ephemeral ikm as its only randomness (DeriveKeyPair(ikmE)); open must return the plaintext or refuse with `code`. A field named in `asIs` is given to open as the JSON value it is (its hex text), not decoded.',
        accept: hpkeAccept,
        refuse: hpkeRefuse,
      },
      'seal.padme': {
        note: 'padme(n), and for a wrap whose encoding with an empty pad (0x40) is emptyPadLength bytes: the zero-pad length that lands the whole encoding on the Padmé length `total`.',
        padme: padmeCases,
        padLength: padLengthCases,
      },
      'seal.v2': {
        keys: keysNote,
        note: 'Envelopes that must open; expect lists what openEnvelope returns.',
        accept: [oneLayer, twoLayers, preview, ...capabilityEdges].map(describeOpened),
      },
      'seal.v2-refuse': {
        keys: keysNote,
        note: '`open` overrides the runner defaults: nowMs sets the receiver clock (now = new Date(nowMs)); keyRing "other" holds only the other epoch key; interactionKeyRing "none" is empty and "wrong-key" answers every ikid with the epoch key; resolver <code> makes the sender-key resolver refuse with that code; mailbox "off" opens with mailbox: \'off\'; replay "delivered" is a MemoryReplayCache through which the same opener has opened this envelope once already (that first opening must succeed), replay "forgotten" a store whose checkAndRemember answers \'forgotten\', replay "unavailable" a store whose checkAndRemember answers a rejected promise (a shared store whose server cannot be reached), with which the case is opened by the asynchronous opener (openEnvelopeAsync, openEnvelopeV1Async). `asIs: ["envelope"]` gives the opener the envelope hex text itself, not its bytes. Where `detail` is given the refusal carries exactly that detail.',
        refuse: refuseCases,
      },
      'seal.v1': {
        keys: keysNote,
        note: 'v1 (ANetCore v0.15 layout) envelopes built here, opened with openEnvelopeV1 and the same runner defaults as seal.v2-refuse. The accept case carries an unsigned 5-byte zero pad and a signed extension at key 64.',
        accept: [{ name: 'v1-with-pad-and-extension', envelope: H(v1Plain) }],
        refuse: v1Refusals,
      },
      'seal.dack': {
        keys: keysNote,
        envelope: H(oneLayer.envelope),
        note: 'Delivery confirmations for the first seal.v2 envelope, from the keys both ends derive from its layer-1 context. `asIs: ["dack"]` gives readDack the hex text itself, not its bytes.',
        accept: dackAccept,
        refuse: dackRefuse,
      },
    },
  },
];
