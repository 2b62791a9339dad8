/**
 * Vectors of @agent-seam/anet-identity (vectors/anet_identity.json, one group per
 * top-level key): version-2 key event logs written here from fixed seeds, and v0.15 logs
 * where ANet's own vectors do not reach. Every refusal breaks one rule, so that deleting
 * the check under it would let the input through or fail it later with another code; its
 * `why` names the check. The expected codes are written by hand, not read from the code.
 */

import { encode } from '../../coredet-cbor/src/index.ts';
import { deriveKeyPair, type InnerMessage, sealEnvelope } from '../../hpke-seal/src/index.ts';
import {
  encodeEvent,
  encodeKeySet,
  eventId,
  KelWriter,
  nextKeyDigest,
  signKeySet,
  signNotice,
} from '../src/index.ts';
import {
  AGENT,
  AID,
  agent,
  bodyEdited,
  DAY,
  editNotice,
  epochKeys,
  flip,
  H,
  HOUR,
  hub,
  hubLogOver,
  keyEdited,
  keySet,
  log,
  NOW,
  noticeOf,
  noticeOfLength,
  OTHER_WITNESS,
  otherHub,
  pub,
  ROTATED,
  seed,
  setEdited,
  sha256,
  signedEdited,
  T0,
  utf8,
  v2icp,
  v2rot,
  v015icp,
  WITNESS,
} from '../test/fixture.ts';

// ------------------------------------------------------------------ anet.kel

type States = [status: string, supersededAtMs: number, type: string, key: string][];
const statesOf = (...rows: [string, number, string, string][]): States =>
  rows.map(([s, at, t, k]) => [s, at, t, H(pub(k))]);

const emergencyAgent = agent(3, { emergency: true });
const deactivated = agent(2).deactivate({ seed: seed('a2'), timestampMs: ROTATED });
const witnessInIcp = KelWriter.incept({
  version: 'v2',
  seed: seed('a0'),
  nextPublicKey: pub('a1'),
  timestampMs: T0,
  kind: 'agent',
  witness: WITNESS,
}).rotate({ seed: seed('a1'), nextPublicKey: pub('a2'), timestampMs: T0 + HOUR });
const hubRotated = hub().rotate({ seed: seed('w1'), nextPublicKey: pub('w2'), timestampMs: T0 });
const v015 = KelWriter.incept({ version: 'v0.15', seed: seed('k0'), nextPublicKey: pub('k1') })
  .rotate({ seed: seed('k1'), nextPublicKey: pub('k2'), timestampMs: 5000 })
  .deactivate({ timestampMs: 8000 });

/** An agent log that names WITNESS, accepted with these states. */
const agentAccepted = (name: string, writer: KelWriter, states: States, deactivated = false) => ({
  name,
  kel: H(writer.bytes()),
  aid: writer.aid,
  version: 'v2',
  kind: 'agent',
  witness: WITNESS,
  deactivated,
  states,
});
/** The agent's inception (a0) and first rotation (a1), both retired by the rotation to a2. */
const RETIRED_A0_A1: [string, number, string, string][] = [
  ['rotated', T0 + HOUR, 'icp', 'a0'],
  ['rotated', ROTATED, 'rot', 'a1'],
];

const kelAccept = [
  agentAccepted(
    'agent-named-witness-then-scheduled-rotation',
    AGENT,
    statesOf(...RETIRED_A0_A1, ['active', 0, 'rot', 'a2']),
  ),
  agentAccepted(
    'agent-emergency-rotation',
    emergencyAgent,
    statesOf(...RETIRED_A0_A1, ['active', 0, 'rot', 'a2']),
  ),
  agentAccepted(
    'agent-deactivated-by-the-revealed-key',
    deactivated,
    statesOf(...RETIRED_A0_A1, ['deactivated', 0, 'dip', 'a2']),
    true,
  ),
  agentAccepted(
    'agent-witness-named-by-the-inception',
    witnessInIcp,
    statesOf(['rotated', T0 + HOUR, 'icp', 'a0'], ['active', 0, 'rot', 'a1']),
  ),
  {
    name: 'hub-inception-only',
    kel: H(hub().bytes()),
    aid: WITNESS,
    version: 'v2',
    kind: 'hub',
    deactivated: false,
    states: statesOf(['active', 0, 'icp', 'w0']),
  },
  {
    name: 'hub-rotated',
    kel: H(hubRotated.bytes()),
    aid: WITNESS,
    version: 'v2',
    kind: 'hub',
    deactivated: false,
    states: statesOf(['rotated', T0, 'icp', 'w0'], ['active', 0, 'rot', 'w1']),
  },
  {
    name: 'v015-rotation-then-deactivation',
    kel: H(v015.bytes()),
    aid: v015.aid,
    version: 'v0.15',
    deactivated: true,
    states: statesOf(
      ['rotated', 5000, 'icp', 'k0'],
      ['rotated', 8000, 'rot', 'k1'],
      ['deactivated', 0, 'dip', 'k1'],
    ),
  },
  {
    name: 'v2-last-event-exactly-5-minutes-ahead',
    kel: H(log('v2', [v2icp({ ts: NOW + 5 * 60_000 })])),
    aid: eventId(
      encodeEvent({
        version: 'v2',
        type: 'icp',
        seq: 0,
        keys: [pub('a0')],
        nextDigest: nextKeyDigest(pub('a1')),
        timestampMs: NOW + 5 * 60_000,
        kind: 1,
      }),
    ),
    version: 'v2',
    kind: 'agent',
    deactivated: false,
    states: statesOf(['active', 0, 'icp', 'a0']),
  },
];

const tooLarge = hubLogOver(65_536);
const emptyArray = encode([] as never);
const truncated = AGENT.bytes().subarray(0, AGENT.bytes().length - 1);
const array257 = encode(Array.from({ length: 257 }, () => 0) as never);

const kelRefuse: {
  name: string;
  kel: string;
  code: string;
  why: string;
  asIs?: string[];
  detailHas?: string;
}[] = [
  {
    name: 'hex-text-instead-of-bytes',
    kel: H(AGENT.bytes()),
    asIs: ['kel'],
    code: 'not-bytes',
    why: 'kel-bytes: the runner passes the hex text itself',
  },
  {
    name: 'log-over-64-KiB',
    kel: H(tooLarge),
    code: 'kel-too-large',
    why: `kel-size: ${tooLarge.length} bytes of a hub log that otherwise replays`,
  },
  {
    name: 'truncated-cbor',
    kel: H(truncated),
    code: 'bad-kel-encoding',
    detailHas: 'truncated',
    why: 'kel-encoding: the last byte is cut off (the detail names the decoder refusal; the array test after it would refuse with the same code)',
  },
  {
    name: 'a-map-not-an-array',
    kel: H(encode(new Map([[1, 1]]) as never)),
    code: 'bad-kel-encoding',
    why: 'kel-encoding: a map where the log is an array',
  },
  { name: 'no-events', kel: H(emptyArray), code: 'bad-event-count', why: 'event-count: an empty array' },
  {
    name: '257-events',
    kel: H(array257),
    code: 'bad-event-count',
    why: 'event-count: 257 elements (without the count check the first is refused as bad-signed-event)',
  },
  {
    name: 'unknown-tag',
    kel: H(log('v2', [v2icp({ edit: (m) => m.set(0, 'anet.kel/3') })])),
    code: 'bad-version',
    why: 'version: key 0 of the first event is anet.kel/3',
  },
  {
    name: 'signature-63-bytes',
    kel: H(log('v2', [v2icp({ wrap: (s) => s.set(2, (s.get(2) as Uint8Array).subarray(0, 63)) })])),
    code: 'bad-signed-event',
    why: 'signed-event: a 63-byte signature',
  },
  {
    name: 'signed-event-reserved-key-4',
    kel: H(log('v2', [v2icp({ wrap: (s) => s.set(4, 0) })])),
    code: 'bad-signed-event',
    why: 'signed-event: key 4 is reserved for multi-witness receipts',
  },
  {
    name: 'event-reserved-key-13',
    kel: H(log('v2', [v2icp({ edit: (m) => m.set(13, 0) })])),
    code: 'bad-event',
    why: 'event-fields: key 13 is not in the KeyEvent table (the event is signed as written)',
  },
  {
    name: 'event-retired-key-10',
    kel: H(log('v2', [v2icp({ edit: (m) => m.set(10, 0) })])),
    code: 'bad-event',
    why: 'event-fields: key 10 is retired',
  },
  {
    name: 'event-key-64',
    kel: H(log('v2', [v2icp({ edit: (m) => m.set(64, 0) })])),
    code: 'bad-event',
    why: 'event-fields: the KeyEvent key space is closed',
  },
  {
    name: 'v2-event-without-its-tag',
    kel: H(log('v2', [v2icp(), v2rot({ edit: (m) => m.delete(0) })])),
    code: 'bad-event',
    why: 'event-fields: the second event of an anet.kel/2 log lacks key 0',
  },
  {
    name: 'v015-event-with-a-witness-key',
    kel: H(log('v0.15', [v015icp, { type: 'ixn', key: null, signer: 'k0', edit: (m) => m.set(9, []) }])),
    code: 'bad-event',
    why: 'event-fields: key 9 is not in the v0.15 table',
  },
  {
    name: 'inception-with-two-keys',
    kel: H(log('v2', [v2icp({ fields: { kind: 1, keys: [pub('a0'), pub('b0')] } })])),
    code: 'bad-event',
    why: 'event-fields: an inception carries exactly one key',
  },
  {
    name: 'key-of-31-bytes',
    kel: H(log('v2', [v2icp({ fields: { kind: 1, keys: [pub('a0').subarray(0, 31)] } })])),
    code: 'bad-event',
    why: 'event-fields: a key of 31 bytes',
  },
  {
    name: 'threshold-2',
    kel: H(log('v2', [v2icp({ fields: { kind: 1, threshold: 2 } })])),
    code: 'bad-event',
    why: 'event-fields: the threshold is 1',
  },
  {
    name: 'emergency-false',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], emergency: false } })])),
    code: 'bad-event',
    why: 'event-fields: emergency is only written as true',
  },
  {
    name: 'emergency-on-an-inception',
    kel: H(log('v2', [v2icp({ fields: { kind: 1, emergency: true } })])),
    code: 'bad-event',
    why: 'event-fields: emergency is for rotations only',
  },
  {
    name: 'deactivation-with-a-kind',
    kel: H(
      log('v2', [
        v2icp(),
        v2rot(),
        { type: 'dip', key: 'a2', ts: ROTATED, signer: 'a2', fields: { kind: 1 } },
      ]),
    ),
    code: 'bad-event',
    why: 'event-fields: a dip carries no kind',
  },
  {
    name: 'deactivation-with-a-next-key',
    kel: H(log('v2', [v2icp(), v2rot(), { type: 'dip', key: 'a2', next: 'a3', ts: ROTATED, signer: 'a2' }])),
    code: 'bad-event',
    why: 'event-fields: a dip commits to no next key',
  },
  {
    name: 'timestamp-zero',
    kel: H(log('v2', [v2icp({ ts: 0 })])),
    code: 'bad-event',
    why: 'event-fields: a version-2 timestamp is > 0',
  },
  {
    name: 'two-witnesses',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS, OTHER_WITNESS] } })])),
    code: 'bad-event',
    why: 'event-fields: 0 or 1 witness',
  },
  {
    name: 'ixn-in-a-v2-log',
    kel: H(log('v2', [v2icp(), { type: 'ixn', key: null, ts: T0 + 1, signer: 'a0' }])),
    code: 'bad-event',
    why: 'event-fields: version 2 has icp, rot and dip only',
  },
  {
    name: 'id-not-the-cid',
    kel: H(log('v2', [v2icp({ wrap: (s) => s.set(3, OTHER_WITNESS) })])),
    code: 'bad-event-id',
    why: 'event-id: key 3 is another event id',
  },
  {
    name: 'rotation-first',
    kel: H(log('v2', [v2rot({ fields: { kind: 1, witnesses: [WITNESS], aid: WITNESS, prev: WITNESS } })])),
    code: 'bad-event-order',
    why: 'event-order: the log begins with a rot',
  },
  {
    name: 'second-inception',
    kel: H(log('v2', [v2icp(), v2icp({ ts: T0 + 1, fields: { kind: 1, aid: undefined, prev: undefined } })])),
    code: 'bad-event-order',
    why: 'event-order: an icp at seq 1 (it carries no aid or prev, which its table allows)',
  },
  {
    name: 'event-after-deactivation',
    kel: H(
      log('v2', [
        v2icp(),
        v2rot(),
        { type: 'dip', key: 'a2', ts: ROTATED, signer: 'a2' },
        { type: 'dip', key: 'a3', ts: ROTATED + 1, signer: 'a3' },
      ]),
    ),
    code: 'bad-event-order',
    why: 'event-order: a second dip after the first',
  },
  {
    name: 'seq-gap',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], seq: 2 } })])),
    code: 'bad-chain',
    why: 'chain: the second event says seq 2',
  },
  {
    name: 'prev-not-the-previous-id',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], prev: OTHER_WITNESS } })])),
    code: 'bad-chain',
    why: 'chain: prev names another event',
  },
  {
    name: 'aid-not-the-inception',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], aid: OTHER_WITNESS } })])),
    code: 'bad-chain',
    why: 'chain: aid is another identity',
  },
  {
    name: 'timestamp-repeated',
    kel: H(log('v2', [v2icp(), v2rot({ ts: T0 })])),
    code: 'bad-timestamp',
    why: 'timestamps: the rot has the inception timestamp',
  },
  {
    name: 'timestamp-backwards',
    kel: H(log('v2', [v2icp(), v2rot({ ts: T0 - 1 })])),
    code: 'bad-timestamp',
    why: 'timestamps: the rot is 1 ms before the inception',
  },
  {
    name: 'hub-names-a-witness',
    kel: H(log('v2', [v2icp({ fields: { kind: 0 } }), v2rot({ fields: { kind: 0, witnesses: [WITNESS] } })])),
    code: 'bad-witness',
    why: 'witness: a hub names no witness',
  },
  {
    name: 'agent-first-rotation-names-none',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1 } })])),
    code: 'bad-witness',
    why: "witness: an agent's first rotation names its witness",
  },
  {
    name: 'agent-names-another-witness',
    kel: H(
      log('v2', [
        v2icp(),
        v2rot(),
        {
          type: 'rot',
          key: 'a2',
          next: 'a3',
          ts: ROTATED,
          signer: 'a2',
          fields: { kind: 1, witnesses: [OTHER_WITNESS] },
        },
      ]),
    ),
    code: 'bad-witness',
    why: 'witness: a second witness after the first',
  },
  {
    name: 'kind-changes',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 0 } })])),
    code: 'bad-witness',
    why: 'witness: the rot says hub, the inception agent',
  },
  {
    name: 'agent-witnesses-itself',
    kel: H(log('v2', [v2icp(), v2rot({ fields: { kind: 1, witnesses: [AID] } })])),
    code: 'bad-witness',
    why: 'witness: the agent names its own AID',
  },
  {
    name: 'v2-rotation-reveals-an-uncommitted-key',
    kel: H(log('v2', [v2icp(), v2rot({ key: 'attacker', signer: 'attacker' })])),
    code: 'bad-prerotation',
    why: 'prerotation: the thief of a0 reveals and signs with a key of their own',
  },
  {
    name: 'v2-deactivation-reveals-an-uncommitted-key',
    kel: H(log('v2', [v2icp(), v2rot(), { type: 'dip', key: 'attacker', ts: ROTATED, signer: 'attacker' }])),
    code: 'bad-prerotation',
    why: 'prerotation: a dip must reveal the committed next key too',
  },
  {
    name: 'v015-deactivation-names-another-key',
    kel: H(log('v0.15', [v015icp, { type: 'dip', key: 'k1', signer: 'k0' }])),
    code: 'bad-prerotation',
    why: 'prerotation: a v0.15 dip names the current key',
  },
  {
    name: 'v2-rotation-signed-by-the-stolen-current-key',
    kel: H(log('v2', [v2icp(), v2rot({ signer: 'a0' })])),
    code: 'bad-event-sig',
    why: 'event-signature: the rot reveals a1 but is signed by a0, which the thief holds',
  },
  {
    name: 'v2-deactivation-signed-by-the-stolen-current-key',
    kel: H(log('v2', [v2icp(), v2rot(), { type: 'dip', key: 'a2', ts: ROTATED, signer: 'a1' }])),
    code: 'bad-event-sig',
    why: 'event-signature: the dip reveals a2 but is signed by a1',
  },
  {
    name: 'v015-rotation-signed-by-the-revealed-key',
    kel: H(log('v0.15', [v015icp, { type: 'rot', key: 'k1', next: 'k2', signer: 'k1' }])),
    code: 'bad-event-sig',
    why: 'event-signature: v0.15 signs a rot with the prior current key',
  },
  {
    name: 'inception-signature-flipped',
    kel: H(log('v2', [v2icp({ wrap: (s) => s.set(2, flip(s.get(2) as Uint8Array)) })])),
    code: 'bad-event-sig',
    why: 'event-signature: one bit of the inception signature',
  },
  {
    name: 'event-after-the-clock',
    kel: H(log('v2', [v2icp({ ts: NOW + 5 * 60_000 + 1 })])),
    code: 'event-from-future',
    why: 'clock: the only event is 5 minutes and 1 ms after now',
  },
];

// ------------------------------------------------------------------ anet.key-state

const v015Kel = v015.bytes();
const keyStateGroup = {
  note: 'keyStateAt over the replayed log named by `kel` (replayed at nowMs); a case gives ksn, tsMs (default nowMs) and acceptedAtMs (default tsMs) and expects the state of seq ksn with its key (hex), or a code.',
  nowMs: NOW,
  kels: {
    scheduled: H(AGENT.bytes()),
    emergency: H(emergencyAgent.bytes()),
    deactivated: H(deactivated.bytes()),
    v015: H(v015Kel),
  },
  accept: [
    { name: 'current-key', kel: 'scheduled', ksn: 2, key: H(pub('a2')) },
    {
      name: 'old-key-one-hour-after-the-rotation',
      kel: 'scheduled',
      ksn: 1,
      tsMs: ROTATED - 1,
      acceptedAtMs: ROTATED + HOUR,
      key: H(pub('a1')),
    },
    {
      name: 'v015-grace-after-a-deactivation',
      kel: 'v015',
      ksn: 1,
      tsMs: 7999,
      acceptedAtMs: 8000 + HOUR,
      key: H(pub('k1')),
    },
  ],
  refuse: [
    {
      name: 'old-key-one-hour-and-1-ms-after-the-rotation',
      kel: 'scheduled',
      ksn: 1,
      tsMs: ROTATED - 1,
      acceptedAtMs: ROTATED + HOUR + 1,
      code: 'rotation-grace-expired',
      why: 'grace: accepted 1 ms after the hour',
    },
    {
      name: 'old-key-signed-at-the-rotation',
      kel: 'scheduled',
      ksn: 1,
      tsMs: ROTATED,
      acceptedAtMs: ROTATED,
      code: 'revoked-key',
      why: 'retired: signed at the moment the key was retired',
    },
    {
      name: 'emergency-rotation-leaves-no-grace',
      kel: 'emergency',
      ksn: 1,
      tsMs: ROTATED - 1,
      acceptedAtMs: ROTATED,
      code: 'revoked-key',
      why: 'no grace: signed before an emergency rotation, accepted at once',
    },
    {
      name: 'deactivation-leaves-no-grace',
      kel: 'deactivated',
      ksn: 1,
      tsMs: ROTATED - 1,
      acceptedAtMs: ROTATED,
      code: 'revoked-key',
      why: 'no grace: the state before a version-2 dip',
    },
    {
      name: 'deactivated-state',
      kel: 'deactivated',
      ksn: 2,
      tsMs: ROTATED - 1,
      acceptedAtMs: ROTATED - 1,
      code: 'revoked-key',
      why: 'the dip state itself never signs',
    },
    {
      name: 'ksn-beyond-the-log',
      kel: 'scheduled',
      ksn: 3,
      tsMs: NOW,
      acceptedAtMs: NOW,
      code: 'bad-key-state',
      why: 'ksn: the log ends at 2',
    },
  ],
};

// ------------------------------------------------------------------ anet.pins

const agentTwo = agent(2);
const forked = agent(2).rotate({ seed: seed('a2'), nextPublicKey: pub('b3'), timestampMs: ROTATED });
/** The steps of a case that pins `first` into the fresh store, then pins `then.kel` with its expected result. */
const pinnedThen = (first: string, then: { kel: string; outcome?: string; code?: string }) => [
  { kel: first, outcome: 'pinned' },
  then,
];
const pinsGroup = {
  note: 'Each case pins its logs in order into one fresh MemoryKelPinStore (pinKel, logs replayed at nowMs); each step expects an outcome or a code. A case with `unavailable: true` pins with pinKelAsync into a store whose every answer is a rejected promise (a shared store whose server cannot be reached).',
  nowMs: NOW,
  kels: { two: H(agentTwo.bytes()), three: H(AGENT.bytes()), forked: H(forked.bytes()) },
  accept: [
    {
      name: 'first-then-extended',
      steps: pinnedThen('two', { kel: 'three', outcome: 'extended' }),
    },
    {
      name: 'same-log-twice',
      steps: pinnedThen('three', { kel: 'three', outcome: 'same' }),
    },
  ],
  refuse: [
    {
      name: 'rollback-to-a-prefix',
      steps: pinnedThen('three', { kel: 'two', code: 'kel-rollback' }),
      why: 'the pinned log reaches event 2, the new one ends at 1',
    },
    {
      name: 'fork-at-the-last-event',
      steps: pinnedThen('three', { kel: 'forked', code: 'kel-fork' }),
      why: 'event 2 differs (another next-key commitment)',
    },
    {
      name: 'rollback-of-a-fork',
      steps: pinnedThen('forked', { kel: 'two', code: 'kel-rollback' }),
      why: 'a prefix of the pinned fork is still a rollback',
    },
    {
      name: 'store-unavailable',
      unavailable: true,
      steps: [{ kel: 'three', code: 'pin-store-unavailable' }],
      why: "a store whose promise rejects refuses (pin-store-unavailable); without that mapping pinKelAsync's own promise rejected and no verdict was given",
    },
  ],
};

// ------------------------------------------------------------------ anet.notice

const hubWithAgentKind = KelWriter.incept({
  version: 'v2',
  seed: seed('w0'),
  nextPublicKey: pub('w1'),
  timestampMs: T0 - DAY,
  kind: 'agent',
});

const noticeGroup = {
  note: 'verifyNotice against the replayed `kel` (default the agent log, replayed at nowMs) with the roots named by `roots`: "key" = witnessKeys {witness: w0}, "kel" = witnesses {witness: its hub log}, "none" = {}; now = new Date(nowMs). accept: the notice of `aid` (the agent log) by `witness`, its key from `from`.',
  nowMs: NOW,
  aid: AID,
  witness: WITNESS,
  witnessKey: H(pub('w0')),
  kels: {
    agent: H(AGENT.bytes()),
    hub: H(hub().bytes()),
    witnessAsAgent: H(hubWithAgentKind.bytes()),
    otherHub: H(otherHub().bytes()),
  },
  accept: [
    { name: 'pinned-witness-key', notice: H(noticeOf()), roots: 'key', from: 'pinned-key' },
    { name: 'witness-hub-log', notice: H(noticeOf()), roots: 'kel', from: 'witness-kel' },
    {
      name: 'exactly-6-hours-old',
      notice: H(noticeOf({ timestampMs: NOW - 6 * HOUR })),
      roots: 'key',
      from: 'pinned-key',
    },
  ],
  refuse: [
    {
      name: 'hex-text',
      notice: H(noticeOf()),
      asIs: ['notice'],
      roots: 'key',
      code: 'not-bytes',
      why: 'notice-bytes',
    },
    {
      name: '1025-bytes',
      notice: H(noticeOfLength(1025)),
      roots: 'key',
      code: 'notice-too-large',
      why: 'notice-size: a signed notice of 1025 bytes (its id padded)',
    },
    {
      name: 'wire-key-3',
      notice: H(editNotice((w) => w.set(3, 0))),
      roots: 'key',
      code: 'bad-notice-wire',
      why: 'notice-wire: NoticeWire is closed',
    },
    {
      name: 'envelope-alg-minus-7',
      notice: H(editNotice((_w, e) => e.set(3, -7))),
      roots: 'key',
      code: 'bad-notice-wire',
      why: 'notice-wire: the algorithm is not -8',
    },
    {
      name: 'signature-63-bytes',
      notice: H(editNotice((_w, e) => e.set(4, (e.get(4) as Uint8Array).subarray(0, 63)))),
      roots: 'key',
      code: 'bad-notice-wire',
      why: 'notice-wire: a 63-byte signature',
    },
    {
      name: 'body-key-6',
      notice: H(bodyEdited((b) => b.set(6, 0))),
      roots: 'key',
      code: 'bad-notice-body',
      why: 'notice-body: NoticeBody is closed (signed as written)',
    },
    {
      name: 'body-tag-ksn-2',
      notice: H(bodyEdited((b) => b.set(0, 'anet.ksn/2'))),
      roots: 'key',
      code: 'bad-notice-type',
      why: 'notice-type: the tag is anet.ksn/2',
    },
    {
      name: 'signer-not-the-witness',
      notice: H(editNotice((_w, e) => e.set(1, OTHER_WITNESS))),
      roots: 'key',
      code: 'notice-signer-mismatch',
      why: 'notice-signer: the envelope names another hub',
    },
    {
      name: 'another-aid',
      notice: H(noticeOf({ aid: WITNESS })),
      roots: 'key',
      code: 'notice-aid-mismatch',
      why: 'notice-aid',
    },
    {
      name: 'older-tip-seq',
      notice: H(noticeOf({ seq: 1 })),
      roots: 'key',
      code: 'notice-tip-mismatch',
      why: 'notice-tip: seq 1 while the log ends at 2',
    },
    {
      name: 'other-tip-id',
      notice: H(noticeOf({ id: WITNESS })),
      roots: 'key',
      code: 'notice-tip-mismatch',
      why: 'notice-tip: another last event id',
    },
    {
      name: 'another-trusted-witness',
      notice: H(noticeOf({ witness: OTHER_WITNESS }, 'x0')),
      roots: 'key',
      code: 'notice-wrong-witness',
      why: 'notice-witness: a hub you trust, not the one the log designates',
    },
    {
      name: 'log-designates-no-witness',
      notice: H(
        signNotice(
          { aid: WITNESS, seq: 0, id: WITNESS, timestampMs: NOW - HOUR, witness: OTHER_WITNESS },
          seed('x0'),
          0,
        ),
      ),
      kel: 'hub',
      roots: 'key',
      code: 'notice-wrong-witness',
      why: 'notice-witness: a hub log names no witness',
    },
    {
      name: '6-hours-and-1-ms-old',
      notice: H(noticeOf({ timestampMs: NOW - 6 * HOUR - 1 })),
      roots: 'key',
      code: 'notice-expired',
      why: 'notice-age',
    },
    {
      name: '5-minutes-and-1-ms-ahead',
      notice: H(noticeOf({ timestampMs: NOW + 5 * 60_000 + 1 })),
      roots: 'key',
      code: 'notice-from-future',
      why: 'notice-age',
    },
    {
      name: 'no-trust-root',
      notice: H(noticeOf()),
      roots: 'none',
      code: 'unknown-witness',
      why: 'witness-key',
    },
    {
      name: 'witness-log-of-another-hub',
      notice: H(noticeOf()),
      roots: 'kel-of-other',
      code: 'bad-witness-kel',
      why: 'witness-key: the log given for the witness replays to another AID',
    },
    {
      name: 'witness-log-of-an-agent',
      notice: H(noticeOf()),
      roots: 'kel-as-agent',
      code: 'bad-witness-kel',
      why: 'witness-key: the witness log is an agent (kind 1); its AID is then another, and it is refused for the kind first',
    },
    {
      name: 'envelope-key-state-beyond-the-witness-log',
      notice: H(noticeOf({}, 'w0', 1)),
      roots: 'kel',
      code: 'bad-witness-kel',
      why: 'witness-key: the hub log has no state 1',
    },
    {
      name: 'signature-flipped',
      notice: H(editNotice((_w, e) => e.set(4, flip(e.get(4) as Uint8Array)))),
      roots: 'key',
      code: 'bad-notice-sig',
      why: 'notice-signature',
    },
    {
      name: 'signed-by-another-key',
      notice: H(noticeOf({}, 'x0')),
      roots: 'key',
      code: 'bad-notice-sig',
      why: 'notice-signature: signed by x0, the witness key pinned is w0',
    },
  ],
};

// ------------------------------------------------------------------ anet.key-set

const v015Set = signKeySet(
  encodeKeySet({
    version: 'v1',
    aid: v015.aid,
    seq: 5000,
    issuedAtMs: 5000,
    keys: epochKeys(2, 10 * DAY, 0),
  }),
  seed('k1'),
  1,
);
const v015Live = KelWriter.incept({ version: 'v0.15', seed: seed('k0'), nextPublicKey: pub('k1') }).rotate({
  seed: seed('k1'),
  nextPublicKey: pub('k2'),
  timestampMs: 5000,
});

/** The agent's version-2 set (seq NOW - 2 h, mailbox key epoch 1), accepted with `keys` keys; the sender chooses the key of `chosen`. */
const v2SetAccepted = (name: string, set: Uint8Array, keys: number, chosen: string) => ({
  name,
  keySet: H(set),
  expect: { version: 'v2', aid: AID, seq: NOW - 2 * HOUR, keys, mbox: { epoch: 1, key: H(pub('mbox')) } },
  choose: H(deriveKeyPair(seed(chosen)).publicKey),
});

const keySetGroup = {
  note: 'verifyKeySet against the replayed `kel` (default the agent log; "v015" a v0.15 icp and rot; "deactivated"), now = new Date(nowMs) unless a case gives its own nowMs.',
  nowMs: NOW,
  kels: { agent: H(AGENT.bytes()), v015: H(v015Live.bytes()), deactivated: H(deactivated.bytes()) },
  accept: [
    v2SetAccepted('v2-fourteen-daily-keys', keySet(), 14, 'epoch1'),
    v2SetAccepted('v2-thirty-two-keys', keySet({ keys: epochKeys(32) }), 32, 'epoch1'),
    v2SetAccepted(
      'v2-first-key-begins-within-5-minutes',
      keySet({ keys: epochKeys(2, DAY, NOW + 5 * 60_000) }),
      2,
      'epoch0',
    ),
    {
      name: 'v015-two-keys',
      keySet: H(v015Set),
      kel: 'v015',
      nowMs: 6000,
      expect: { version: 'v1', aid: v015.aid, seq: 5000, keys: 2 },
      choose: H(deriveKeyPair(seed('epoch0')).publicKey),
    },
  ],
  refuse: [
    { name: 'hex-text', keySet: H(keySet()), asIs: ['keySet'], code: 'not-bytes', why: 'key-set-bytes' },
    {
      name: 'over-16-KiB',
      keySet: H(signedEdited((s) => s.set(1, new Uint8Array(16_400)))),
      code: 'key-set-too-large',
      why: 'key-set-size: a 16400-byte set inside',
    },
    {
      name: 'signed-key-4',
      keySet: H(signedEdited((s) => s.set(4, 0))),
      code: 'bad-signed-key-set',
      why: 'signed-key-set: SignedEncKeySet is closed',
    },
    {
      name: 'signature-63-bytes',
      keySet: H(signedEdited((s) => s.set(3, (s.get(3) as Uint8Array).subarray(0, 63)))),
      code: 'bad-signed-key-set',
      why: 'signed-key-set: a 63-byte signature',
    },
    {
      name: 'v1-set-with-a-v2-log',
      keySet: H(keySet({ version: 'v1', keys: epochKeys(2), mbox: undefined })),
      code: 'bad-key-set-type',
      why: 'key-set-type: anet.enckeys/1 beside an anet.kel/2 log',
    },
    {
      name: 'set-key-6',
      keySet: H(setEdited((s) => s.set(6, 0))),
      code: 'bad-key-set',
      why: 'key-set-fields: EncKeySet is closed',
    },
    {
      name: 'v2-without-a-mailbox-key',
      keySet: H(setEdited((s) => s.delete(5))),
      code: 'bad-key-set',
      why: 'key-set-fields: key 5 is required',
    },
    {
      name: 'mailbox-epoch-0',
      keySet: H(keySet({ mbox: { epoch: 0, key: pub('mbox') } })),
      code: 'bad-key-set',
      why: 'key-set-fields: the mailbox epoch starts at 1',
    },
    {
      name: 'no-keys',
      keySet: H(setEdited((s) => s.set(3, []))),
      code: 'bad-key-count',
      why: 'key-count: an empty key list',
    },
    {
      name: '33-keys',
      keySet: H(keySet({ keys: epochKeys(33) })),
      code: 'bad-key-count',
      why: 'key-count: 33 keys, each valid',
    },
    {
      name: 'enc-key-6',
      keySet: H(keyEdited((k) => k.set(6, 0))),
      code: 'bad-enc-key',
      why: 'enc-key-fields: EncKey is closed',
    },
    {
      name: 'kid-15-bytes',
      keySet: H(keyEdited((k) => k.set(1, (k.get(1) as Uint8Array).subarray(0, 15)))),
      code: 'bad-enc-key',
      why: 'enc-key-fields: a 15-byte kid',
    },
    {
      name: 'x25519-key-31-bytes',
      keySet: H(keyEdited((k) => k.set(3, (k.get(3) as Uint8Array).subarray(0, 31)))),
      code: 'bad-enc-key',
      why: 'enc-key-fields: a 31-byte suite-1 key',
    },
    {
      name: 'kid-of-another-key',
      keySet: H(keyEdited((k) => k.set(1, flip(k.get(1) as Uint8Array)))),
      code: 'bad-kid',
      why: 'kid: one bit of the kid',
    },
    {
      name: 'span-2-days-and-1-ms',
      keySet: H(keySet({ keys: epochKeys(1, 2 * DAY + 1) })),
      code: 'bad-key-span',
      why: 'key-span: over 2 days',
    },
    {
      name: 'span-zero',
      keySet: H(keySet({ keys: epochKeys(1, 0) })),
      code: 'bad-key-span',
      why: 'key-span: not_after equals not_before',
    },
    {
      name: 'keys-descending',
      keySet: H(keySet({ keys: epochKeys(2).reverse() })),
      code: 'keys-out-of-order',
      why: 'key-order: the second key begins before the first',
    },
    {
      name: 'kid-twice',
      keySet: H(keySet({ keys: [epochKeys(1)[0]!, epochKeys(1)[0]!] })),
      code: 'keys-out-of-order',
      why: 'key-order: one key twice',
    },
    {
      name: 'another-aid',
      keySet: H(keySet({ aid: WITNESS })),
      code: 'key-set-aid-mismatch',
      why: 'key-set-aid',
    },
    {
      name: 'signed-at-an-older-state',
      keySet: H(keySet({}, 'a1', 1)),
      code: 'key-set-not-tip',
      why: 'key-set-tip: ksn 1, the log ends at 2',
    },
    {
      name: 'identity-deactivated',
      keySet: H(keySet({}, 'a2', 2)),
      kel: 'deactivated',
      code: 'key-set-not-tip',
      why: 'key-set-tip: the log ends in a dip',
    },
    {
      name: 'signed-by-the-previous-key',
      keySet: H(keySet({}, 'a1', 2)),
      code: 'bad-key-set-sig',
      why: 'key-set-signature: a1 signs for state 2',
    },
    {
      name: 'no-key-valid-now',
      keySet: H(keySet({ keys: epochKeys(2, DAY, NOW + 5 * 60_000 + 1) })),
      code: 'no-usable-key',
      why: 'usable-key: the first key begins 5 minutes and 1 ms after now',
    },
  ],
  update: [
    {
      name: 'higher-seq-replaces',
      stored: H(keySet()),
      candidate: H(keySet({ seq: NOW - HOUR })),
      outcome: 'replace',
    },
    {
      name: 'lower-seq-ignored',
      stored: H(keySet({ seq: NOW - HOUR })),
      candidate: H(keySet()),
      outcome: 'ignore',
    },
    { name: 'same-set', stored: H(keySet()), candidate: H(keySet()), outcome: 'same' },
    {
      name: 'same-seq-other-bytes',
      stored: H(keySet()),
      candidate: H(keySet({ issuedAtMs: NOW - HOUR })),
      code: 'key-set-fork',
      why: 'two sets with one seq',
    },
  ],
};

// ------------------------------------------------------------------ anet.resolver

const recipient = deriveKeyPair(seed('recipient-epoch'));
const RECIPIENT = 'bafyreianetidentityvectorrecipient';

interface Sender {
  from?: string;
  kel: Uint8Array;
  seed: string;
  ksn: number;
  notice?: Uint8Array;
  keys?: Uint8Array;
}
const currentSender: Sender = { kel: AGENT.bytes(), seed: 'a2', ksn: 2 };
function sealedFrom(name: string, sender: Sender, tsMs: number) {
  const message: InnerMessage = {
    from: sender.from ?? AID,
    ksn: sender.ksn,
    type: 'anet.message/1',
    ix: 'ix-anet-identity',
    mid: sha256(`anet-identity-vector/mid/${name}`).subarray(0, 16),
    tsMs,
    expMs: tsMs + DAY,
    body: utf8(`anet identity vector ${name}`),
    history: { kel: sender.kel, notice: sender.notice ?? noticeOf(), keys: sender.keys ?? keySet() },
  };
  let counter = 0;
  return sealEnvelope({
    to: RECIPIENT,
    recipientPublicKey: recipient.publicKey,
    senderSeed: seed(sender.seed),
    message,
    access: { kind: 0 },
    random: (n) => sha256(`anet-identity-vector/random/${name}/${counter++}`).subarray(0, n),
  }).bytes;
}
const emergencyNotice = noticeOf({ seq: 2, id: emergencyAgent.tip.id, timestampMs: ROTATED });

const resolverGroup = {
  note: "openEnvelope (hpke-seal) with resolveSenderKey = anetSenderKeyResolver({ witnessKeys: {witness: w0}, pins: a fresh MemoryKelPinStore (after pinning `pinned` when given), acceptedAtMs (default 'receiver-clock') }), ownAid = recipient, keyRing = [the recipient epoch key from recipientIkm], now = new Date(nowMs). The envelopes are sealed with hpke-seal from the agent log, its witness notice and its key set.",
  recipient: RECIPIENT,
  recipientIkm: H(seed('recipient-epoch')),
  witness: WITNESS,
  witnessKey: H(pub('w0')),
  nowMs: NOW,
  kels: { two: H(agentTwo.bytes()), three: H(AGENT.bytes()) },
  accept: [
    {
      name: 'current-key',
      envelope: H(sealedFrom('current', currentSender, NOW - 60_000)),
      senderKey: H(pub('a2')),
    },
    {
      name: 'rotated-out-key-accepted-one-hour-after-the-rotation',
      envelope: H(
        sealedFrom(
          'grace',
          { kel: AGENT.bytes(), seed: 'a1', ksn: 1, notice: noticeOf({ timestampMs: ROTATED + HOUR / 2 }) },
          ROTATED - 60_000,
        ),
      ),
      acceptedAtMs: ROTATED + HOUR,
      nowMs: ROTATED + HOUR,
      senderKey: H(pub('a1')),
    },
    {
      name: 'already-pinned-shorter-log',
      envelope: H(sealedFrom('current', currentSender, NOW - 60_000)),
      pinned: 'two',
      senderKey: H(pub('a2')),
    },
  ],
  refuse: [
    {
      name: 'rotated-out-key-one-hour-and-1-ms-after-the-rotation',
      envelope: H(
        sealedFrom(
          'grace-over',
          {
            kel: AGENT.bytes(),
            seed: 'a1',
            ksn: 1,
            notice: noticeOf({ timestampMs: ROTATED + HOUR }),
          },
          ROTATED - 60_000,
        ),
      ),
      acceptedAtMs: ROTATED + HOUR + 1,
      nowMs: ROTATED + HOUR + 1,
      code: 'rotation-grace-expired',
      why: 'key state: the hub accepted it 1 ms after the hour',
    },
    {
      name: 'emergency-rotation-refuses-at-once',
      envelope: H(
        sealedFrom(
          'emergency',
          { kel: emergencyAgent.bytes(), seed: 'a1', ksn: 1, notice: emergencyNotice },
          ROTATED - 60_000,
        ),
      ),
      acceptedAtMs: ROTATED + 1,
      nowMs: ROTATED + 1,
      code: 'revoked-key',
      why: 'key state: signed 1 minute before an emergency rotation',
    },
    {
      name: 'rollback-below-the-pin',
      envelope: H(
        sealedFrom(
          'rollback',
          {
            kel: agentTwo.bytes(),
            seed: 'a1',
            ksn: 1,
            notice: noticeOf({ seq: 1, id: agentTwo.tip.id }),
            keys: keySet({}, 'a1', 1),
          },
          NOW - 60_000,
        ),
      ),
      acceptedAtMs: NOW,
      pinned: 'three',
      code: 'bad-kel',
      detailHas: 'kel-rollback',
      why: 'pin: the thief of a1 sends the log that ends before the rotation',
    },
    {
      name: 'v015-log-in-a-v2-message',
      envelope: H(
        sealedFrom(
          'v015',
          { from: v015Live.aid, kel: v015Live.bytes(), seed: 'k1', ksn: 1, keys: v015Set },
          NOW - 60_000,
        ),
      ),
      acceptedAtMs: NOW,
      code: 'bad-kel',
      detailHas: 'anet.kel/2',
      why: 'version: a log without the anet.kel/2 tag',
    },
    {
      name: 'stale-notice',
      envelope: H(
        sealedFrom(
          'stale',
          { ...currentSender, notice: noticeOf({ timestampMs: NOW - 6 * HOUR - 1 }) },
          NOW - 60_000,
        ),
      ),
      acceptedAtMs: NOW,
      code: 'bad-notice',
      why: 'notice: 6 hours and 1 ms old',
    },
    {
      name: 'key-set-signed-by-the-previous-key',
      envelope: H(sealedFrom('old-set', { ...currentSender, keys: keySet({}, 'a1', 1) }, NOW - 60_000)),
      acceptedAtMs: NOW,
      code: 'bad-key-state',
      detailHas: 'key-set-not-tip',
      why: 'key set: signed at state 1, the log ends at 2',
    },
    {
      name: 'ksn-beyond-the-log',
      envelope: H(sealedFrom('ksn', { ...currentSender, ksn: 3 }, NOW - 60_000)),
      acceptedAtMs: NOW,
      code: 'bad-key-state',
      why: 'key state: ksn 3',
    },
    {
      name: 'log-of-another-identity',
      envelope: H(sealedFrom('from', { ...currentSender, kel: witnessInIcp.bytes() }, NOW - 60_000)),
      acceptedAtMs: NOW,
      code: 'from-mismatch',
      why: 'from: the log replays to another AID',
    },
  ],
};

export const parts = [
  {
    file: 'anet_identity.json',
    content: {
      _: 'Vectors of @agent-seam/anet-identity (spec/anet-identity.md). Keys: Ed25519 seed = SHA-256("anet-identity-vector/" + label); X25519 keys from DeriveKeyPair of such a seed. Times are Unix milliseconds; a runner passes now as new Date(nowMs).',
      'anet.kel': {
        note: 'replayKel(kel, { now: new Date(nowMs) }); accepted logs give their AID, version, kind, witness, deactivation and one state per event [status, supersededAtMs, type, key hex].',
        nowMs: NOW,
        accept: kelAccept,
        refuse: kelRefuse,
      },
      'anet.key-state': keyStateGroup,
      'anet.pins': pinsGroup,
      'anet.notice': noticeGroup,
      'anet.key-set': keySetGroup,
      'anet.resolver': resolverGroup,
    },
  },
];
