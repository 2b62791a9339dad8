import { ok, sha256 } from '@agent-seam/canonical';
import { decode, encode } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import {
  ACCESS_KIND_SESSION,
  deriveKeyPair,
  keyRingOf,
  openEnvelope,
  sealEnvelope,
} from '@agent-seam/hpke-seal';
import { compare } from '../../../tools/bench.js';
import {
  anetSenderKeyResolver,
  encodeKeySet,
  IdentityCache,
  KelWriter,
  MAX_KEL_BYTES,
  MemoryKelPinStore,
  replayKel,
  resolveSender,
  signKeySet,
  signNotice,
} from '../src/index.js';

// 1. Replaying the largest log the caps allow: a version-2 hub rotating until one more
//    rotation would pass 64 KiB (the byte cap binds long before 256 events), against the
//    bare Ed25519 door calls replay cannot avoid (one per event, inputs precomputed).
// 2. A sender's key for a first message (log, notice, key set; no cache), against its five
//    door calls. 3. Opening a second v2 envelope from the same sender with the resolver's
//    cache, against opening it with the sender's key pinned (the floor a caller who already
//    knows the key has) and against the one door call left.
const seed = (label: string) => sha256(new TextEncoder().encode(`bench/${label}`));
const pub = (label: string) => keyPairFromSeed(seed(label)).publicKey;
const T0 = 1_767_225_600_000;
const now = new Date(T0 + 86_400_000);

const big = KelWriter.incept({
  version: 'v2',
  seed: seed('h0'),
  nextPublicKey: pub('h1'),
  timestampMs: T0,
  kind: 'hub',
});
// Rotate while one more rotation of the same size still fits.
for (let i = 1, step = 0; big.bytes().length + step <= MAX_KEL_BYTES; i++) {
  const before = big.bytes().length;
  big.rotate({ seed: seed(`h${i}`), nextPublicKey: pub(`h${i + 1}`), timestampMs: T0 + i });
  step = big.bytes().length - before;
}
const bigBytes = big.bytes();
const events = big.events.length;
if (!replayKel(bigBytes, { now }).ok) throw new Error('bench setup: the big log does not replay');

/** The door questions a log's replay asks (each version-2 event is signed by the key it carries). */
const doorOf = (kel: Uint8Array) =>
  (decode(kel) as { value: Map<number, unknown>[] }).value.map((signed) => {
    const event = signed.get(1) as Map<number, unknown>;
    return [(event.get(5) as Uint8Array[])[0]!, encode(event as never), signed.get(2) as Uint8Array] as const;
  });
const door = doorOf(bigBytes);
if (!door.every(([k, m, s]) => verifyEd25519(k, m, s).ok)) throw new Error('bench setup: door inputs');

compare(
  `replayKel, the largest log the caps allow (${bigBytes.length} bytes, ${events} events)`,
  { name: '@agent-seam/anet-identity replayKel', run: () => replayKel(bigBytes, { now }) },
  [
    {
      name: `${events} x verifyEd25519 (the floor)`,
      run: () => door.every(([k, m, s]) => verifyEd25519(k, m, s).ok),
    },
  ],
  4000,
);

// An agent with its witness hub, a notice, a key set, and a v2 envelope carrying them.
const hub = KelWriter.incept({
  version: 'v2',
  seed: seed('w0'),
  nextPublicKey: pub('w1'),
  timestampMs: T0,
  kind: 'hub',
});
const agent = KelWriter.incept({
  version: 'v2',
  seed: seed('a0'),
  nextPublicKey: pub('a1'),
  timestampMs: T0,
  kind: 'agent',
})
  .rotate({ seed: seed('a1'), nextPublicKey: pub('a2'), timestampMs: T0 + 1, witness: hub.aid })
  .rotate({ seed: seed('a2'), nextPublicKey: pub('a3'), timestampMs: T0 + 2 });
const nowMs = now.getTime();
const notice = signNotice(
  { aid: agent.aid, ...agent.tip, timestampMs: nowMs - 60_000, witness: hub.aid },
  seed('w0'),
  0,
);
const setBytes = encodeKeySet({
  version: 'v2',
  aid: agent.aid,
  seq: T0,
  issuedAtMs: T0,
  keys: [
    {
      publicKey: deriveKeyPair(seed('epoch')).publicKey,
      notBeforeMs: nowMs - 3_600_000,
      notAfterMs: nowMs + 3_600_000,
    },
  ],
  mbox: { epoch: 1, key: pub('mbox') },
});
const keys = signKeySet(setBytes, seed('a2'), 2);
const recipient = deriveKeyPair(seed('recipient'));
const RECIPIENT = 'bafyreibenchrecipient';
const sealed = sealEnvelope({
  to: RECIPIENT,
  recipientPublicKey: recipient.publicKey,
  senderSeed: seed('a2'),
  message: {
    from: agent.aid,
    ksn: 2,
    type: 'anet.message/1',
    ix: 'ix-bench',
    mid: new Uint8Array(16).fill(1),
    tsMs: nowMs - 1000,
    expMs: nowMs + 3_600_000,
    body: new TextEncoder().encode('bench'),
    history: { kel: agent.bytes(), notice, keys },
  },
  access: { kind: ACCESS_KIND_SESSION },
}).bytes;
const roots = { witnessKeys: { [hub.aid]: pub('w0') }, acceptedAtMs: 'receiver-clock' as const };
const query = {
  from: agent.aid,
  ksn: 2,
  tsMs: nowMs - 1000,
  nowMs,
  kel: agent.bytes(),
  notices: [notice],
  keys,
};
if (!resolveSender(query, { ...roots, pins: new MemoryKelPinStore() }).ok)
  throw new Error('bench setup: resolve');

const agentDoor = doorOf(agent.bytes());
const noticeWire = (decode(notice) as { value: Map<number, unknown> }).value;
const noticeSig = (noticeWire.get(2) as Map<number, unknown>).get(4) as Uint8Array;
const firstMessageDoor = [
  ...agentDoor,
  [pub('w0'), noticeWire.get(1) as Uint8Array, noticeSig] as const,
  [
    pub('a2'),
    setBytes,
    (decode(keys) as { value: Map<number, unknown> }).value.get(3) as Uint8Array,
  ] as const,
];
if (!firstMessageDoor.every(([k, m, s]) => verifyEd25519(k, m, s).ok))
  throw new Error('bench setup: first door');

const pins = new MemoryKelPinStore();
compare(
  "the sender's key for a first message (log of 3 events, notice, key set; no cache)",
  { name: '@agent-seam/anet-identity resolveSender', run: () => resolveSender(query, { ...roots, pins }) },
  [
    {
      name: '5 x verifyEd25519 (the floor)',
      run: () => firstMessageDoor.every(([k, m, s]) => verifyEd25519(k, m, s).ok),
    },
  ],
  3000,
);

const ring = keyRingOf([recipient.privateKey]);
const cached = anetSenderKeyResolver({ ...roots, pins, cache: new IdentityCache() });
const pinned = () => ok(pub('a2'));
const open = (resolveSenderKey: typeof pinned | typeof cached) =>
  // Opened again and again: the replay check is off by name, the same bytes measured each time.
  openEnvelope(sealed, {
    ownAid: RECIPIENT,
    keyRing: ring,
    now,
    resolveSenderKey,
    replay: 'off',
    mailbox: 'off',
  });
if (!open(cached).ok || !open(pinned).ok) throw new Error('bench setup: open');
compare(
  'openEnvelope (v2) of a second message from the same sender',
  { name: 'built-in resolver with its cache', run: () => open(cached) },
  [
    { name: "the sender's key pinned (a caller who knows it)", run: () => open(pinned) },
    {
      name: '1 x verifyEd25519 (the one door call left)',
      run: () => verifyEd25519(...firstMessageDoor[0]!),
    },
  ],
  3000,
);
