import { MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import { concatBytes, unwrap } from '@agent-seam/canonical';
import { type CborValue, cid, encode } from '@agent-seam/coredet-cbor';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import {
  ANET_CARD_CHECKS,
  ANET_CARD_CODES,
  BUCKET_CHECKS,
  BUCKET_CODES,
  DIR_ENTRY_CHECKS,
  DIR_ENTRY_CODES,
  encodeAnetObject,
  encodeBucket,
  hubPowSeed,
  LEDGER_CHECKS,
  LEDGER_CODES,
  MemoryRelayReplayWindow,
  OBJECT_CODES,
  openBucket,
  openDirEntry,
  POW_CHECKS,
  POW_CODES,
  RELAY_CHECKS,
  RELAY_CODES,
  type RelayReplayWindow,
  SIGNED_OBJECT_CHECKS,
  sealDirEntry,
  sealDirPlaintext,
  signHubRequest,
  signObject,
  verifyAnetCard,
  verifyHubRequest,
  verifyLedger,
  verifyPow,
  verifySignedObject,
} from '../src/index.js';
import {
  AGENT,
  AGENT_KEL,
  agentEntry,
  agentWriter,
  cardBody,
  dirNonce,
  envelopeEdited,
  HOUR,
  HUB,
  keySetFor,
  NOW,
  OTHER,
  OTHER_KEL,
  ROTATED_KEL,
  seed,
  signedCard,
  utf8,
} from './fixture.js';

const now = new Date(NOW);
const CUT = AGENT_KEL.subarray(0, AGENT_KEL.length - 1);
/** A pin store that holds the rotated agent log: the agent's own shorter log is then a rollback. */
const pinnedRotated = () => {
  const store = new MemoryKelPinStore();
  const kel = unwrap(replayKel(ROTATED_KEL, { now }));
  store.compareAndSet(kel.aid, undefined, { aid: kel.aid, eventIds: kel.states.map((s) => s.id) });
  return store;
};

// ------------------------------------------------------------------ relay

interface RelayInput {
  tsMs?: number;
  seq?: number;
  headers?: (h: Record<string, string>) => void;
  body?: Uint8Array;
  kel?: Uint8Array | undefined;
  pins?: MemoryKelPinStore;
  window?: RelayReplayWindow;
  maxBodyBytes?: number;
}
const BODY = utf8('{"to_aid":"x","envelope":"AA"}');
function relay(r: RelayInput = {}) {
  const headers: Record<string, string> = signHubRequest(
    {
      action: 'send',
      aid: AGENT,
      hub: HUB,
      seq: r.seq ?? 1,
      tsMs: r.tsMs ?? NOW,
      method: 'POST',
      target: '/relay/send',
      body: BODY,
    },
    seed('a1'),
  );
  r.headers?.(headers);
  return verifyHubRequest(
    { method: 'POST', url: '/relay/send', headers, body: r.body ?? BODY },
    {
      action: 'send',
      hub: HUB,
      now,
      kels: () => ('kel' in r ? r.kel : AGENT_KEL),
      pins: r.pins ?? new MemoryKelPinStore(),
      replay: r.window ?? new MemoryRelayReplayWindow(),
      signerClass: 'agent',
      maxBodyBytes: r.maxBodyBytes,
    },
  );
}
/** A window that already holds the signature of the request `relay()` makes with these inputs. */
function holding(tsMs = NOW, seq = 1) {
  const window = new MemoryRelayReplayWindow();
  const sig = signHubRequest(
    { action: 'send', aid: AGENT, hub: HUB, seq, tsMs, method: 'POST', target: '/relay/send', body: BODY },
    seed('a1'),
  )['X-ANet-Sig'];
  const entry = { signer: AGENT, signerClass: 'agent' as const, tsMs, signature: sig, nowMs: NOW };
  window.reserve(entry);
  window.commit(entry);
  return window;
}
const badTs = (h: Record<string, string>) => (h['X-ANet-TS'] = `0${h['X-ANet-TS']}`);

holdChecksToVerifier('verifyHubRequest', RELAY_CHECKS, RELAY_CODES, {
  'request > headers': () => verifyHubRequest('POST /relay/send', relayOptions()),
  'headers > header-length': () =>
    relay({
      headers: (h) => {
        h['X-ANet-AID'] = 'a'.repeat(300);
        delete h['X-ANet-Seq'];
      },
    }),
  'header-length > aid-header': () => relay({ headers: (h) => (h['X-ANet-AID'] = 'x'.repeat(300)) }),
  'aid-header > ts-header': () =>
    relay({
      headers: (h) => {
        h['X-ANet-AID'] = 'bafyreigoldenhub';
        badTs(h);
      },
    }),
  'ts-header > seq-header': () =>
    relay({
      headers: (h) => {
        badTs(h);
        h['X-ANet-Seq'] = '+1';
      },
    }),
  'seq-header > sig-header': () =>
    relay({
      headers: (h) => {
        h['X-ANet-Seq'] = '+1';
        h['X-ANet-Sig'] = 'x';
      },
    }),
  'sig-header > time': () => relay({ tsMs: NOW - HOUR, headers: (h) => (h['X-ANet-Sig'] = 'x') }),
  'time > body': () => relay({ tsMs: NOW - HOUR, maxBodyBytes: 1 }),
  'body > signer-known': () => relay({ maxBodyBytes: 1, kel: undefined }),
  'signer-known > signer-kel': 'a signer the hub holds no log for has no log that could fail to replay',
  'signer-kel > pin': () => relay({ kel: OTHER_KEL, pins: pinnedRotated() }),
  'pin > key-state': () => relay({ pins: pinnedRotated(), seq: 5 }),
  'key-state > single-use': () => relay({ seq: 5, window: holding(NOW, 5) }),
  'single-use > signature': () => relay({ window: holding(), body: utf8('{"to_aid":"y","envelope":"AA"}') }),
});
function relayOptions() {
  return {
    action: 'send' as const,
    hub: HUB,
    now,
    kels: () => AGENT_KEL,
    pins: 'off' as const,
    replay: 'off' as const,
  };
}

// ------------------------------------------------------------------ proof of work

const SECRET = seed('pow-secret');
const current = hubPowSeed(SECRET, HUB, Math.floor(NOW / HOUR));
const pow = (seedBytes: Uint8Array, nonce: Uint8Array) =>
  verifyPow({ aid: AGENT, seed: seedBytes, nonce }, { hub: HUB, hour: { secret: SECRET, now } });
holdChecksToVerifier('verifyPow', POW_CHECKS, POW_CODES, {
  'solution > nonce-length': () => pow(current.subarray(0, 31), new Uint8Array(33)),
  'nonce-length > hour': () => pow(seed('not-a-hub-seed'), new Uint8Array(33)),
  // An all-zero nonce under a seed no hub made: its hash has (almost surely) few zero bits too.
  'hour > bits': () => pow(seed('not-a-hub-seed'), new Uint8Array(8)),
});

// ------------------------------------------------------------------ directory

const dirOptions = { aid: AGENT, now, pins: new MemoryKelPinStore(), notices: { witnessKeys: {} } } as const;
const entry = (edit: Record<string, unknown>) =>
  sealDirEntry(agentEntry(edit as never) as never, dirNonce('e')).box;
const plain = (entries: [number, CborValue][]) =>
  sealDirPlaintext(AGENT, encode(new Map(entries)), dirNonce('p')).box;
holdChecksToVerifier('openDirEntry', DIR_ENTRY_CHECKS, DIR_ENTRY_CODES, {
  'entry-bytes > entry-size': () => openDirEntry(new Array(200_000).fill(0), dirOptions),
  'entry-size > open': () => openDirEntry(new Uint8Array(64), { ...dirOptions, maxEntryBytes: 8 }),
  'open > entry-table': () =>
    openDirEntry(concatBytes([dirNonce('x'), utf8('not a table, and sealed by no one.')]), dirOptions),
  'entry-table > entry-aid': () =>
    openDirEntry(
      plain([
        [1, OTHER],
        [7, 'x'],
      ]),
      dirOptions,
    ),
  'entry-aid > entry-kel': () =>
    openDirEntry(
      plain([
        [1, OTHER],
        [2, HUB],
        [3, CUT],
        [4, keySetFor(agentWriter())],
      ]),
      dirOptions,
    ),
  'entry-kel > entry-key-set': () =>
    openDirEntry(entry({ kel: OTHER_KEL, keys: keySetFor(agentWriter('b')) }), dirOptions),
  'entry-key-set > entry-notice': () =>
    openDirEntry(
      sealDirEntry({ aid: AGENT, hub: HUB, kel: AGENT_KEL, keys: keySetFor(agentWriter('b')) }, dirNonce('n'))
        .box,
      { ...dirOptions, pins: 'off' },
    ),
});
holdChecksToVerifier('openBucket', BUCKET_CHECKS, BUCKET_CODES, {
  'bucket-bytes > bucket-size': () => openBucket(new Array(200_000).fill(0), dirOptions),
  'bucket-size > bucket-table': () => openBucket(utf8('{not cbor}'), { ...dirOptions, maxBucketBytes: 4 }),
  'bucket-table > bucket-entry': () =>
    openBucket(encodeBucket([{ hash: new Uint8Array(31), box: new Uint8Array(40) }]), dirOptions),
});

// ------------------------------------------------------------------ objects

const receiptFields = (edit: Record<string, CborValue> = {}) => ({
  interaction: 'ix',
  requester: OTHER,
  provider: AGENT,
  requestCid: 'bafyreirequest',
  resultCid: 'bafyreiresult',
  completedAt: NOW - HOUR,
  ...edit,
});
const receipt = (edit: Record<string, CborValue> = {}, version: 'v0.15' | 'v2' = 'v2') =>
  encodeAnetObject('receipt', version, receiptFields(edit));
/** A wire form with the envelope (and wire) edited: signed by a1 at state 1 unless edited. */
const wire = envelopeEdited;
const tagged = (tag: string, edit: [number, CborValue][] = []) =>
  encode(
    new Map<number, CborValue>([
      [0, tag],
      ...Object.values(receiptFields()).map((v, i) => [i + 1, v] as [number, CborValue]),
      ...edit,
    ]),
  );
const object = (
  w: unknown,
  o: { kel?: Uint8Array; pins?: MemoryKelPinStore; kind?: 'receipt' | 'review' } = {},
) =>
  verifySignedObject(w, {
    kind: o.kind ?? 'receipt',
    kel: o.kel ?? AGENT_KEL,
    now,
    pins: o.pins ?? new MemoryKelPinStore(),
  });
const review = (rating: number, reviewer: string) =>
  encodeAnetObject('review', 'v2', {
    interaction: 'ix',
    subject: OTHER,
    reviewer,
    rating,
    comment: '',
    receiptCid: 'x',
    createdAt: NOW - HOUR,
  });
const flip = (bytes: Uint8Array) => {
  const b = bytes.slice();
  b[b.length - 1]! ^= 1;
  return b;
};
holdChecksToVerifier('verifySignedObject', SIGNED_OBJECT_CHECKS, OBJECT_CODES, {
  'object-bytes > object-size': () => object(new Array(70_000).fill(0)),
  'object-size > wire': () => object(new Uint8Array(70_000)),
  'wire > envelope': () => object(wire(receipt(), (e) => e.set(3, -7), [3, 'x'])),
  'envelope > preimage-ref': () => object(wire(receipt(), (e) => e.set(3, -7).set(5, 'bafyreiother'))),
  'preimage-ref > object-version': () =>
    object(wire(tagged('anet.receipt/3'), (e) => e.set(5, 'bafyreiother'))),
  'object-version > object-table': () => object(wire(tagged('anet.receipt/3', [[7, 'x']]))),
  'object-table > object-values': () =>
    object(
      wire(
        encode(
          new Map<number, CborValue>([
            [0, 'anet.review/2'],
            [4, 6],
            [9, 'x'],
          ]),
        ),
      ),
      { kind: 'review' },
    ),
  'object-values > signer-named': () => object(wire(review(6, OTHER)), { kind: 'review' }),
  'signer-named > signer-kel': () => object(wire(receipt({ provider: OTHER })), { kel: CUT }),
  'signer-kel > pin': () => object(wire(receipt()), { kel: OTHER_KEL, pins: pinnedRotated() }),
  'pin > key-state': () =>
    object(
      wire(receipt(), (e) => e.set(2, 4)),
      { pins: pinnedRotated() },
    ),
  'key-state > kel-version': () => object(wire(receipt({}, 'v0.15'), (e) => e.set(2, 4))),
  'kel-version > object-signature': () => object(flip(wire(receipt({}, 'v0.15')))),
});

// ------------------------------------------------------------------ ledger

const ledger = (bytes: unknown) => verifyLedger(bytes, { kel: AGENT_KEL, now, pins: 'off' });
const event = (prevId: string, seq: number, ts: number, label = 'a1') =>
  signObject(
    encodeAnetObject('ledger-event', 'v2', { prevId, seq, type: 't', body: utf8('b'), ts, actor: AGENT }),
    { signer: AGENT, ksn: 1 },
    seed(label),
  );
const GENESIS = 'bafyreifi23d3grw75bm2ox7ssj3fq3mrtwxyb646ojzabakucfpf527clm';
holdChecksToVerifier('verifyLedger', LEDGER_CHECKS, LEDGER_CODES, {
  'ledger-bytes > ledger-size': () => ledger(new Array(300_000_000 / 1000).fill(0)),
  'ledger-size > ledger-table':
    'the size cap is 4096 events of 64 KiB (256 MiB): an input over it is not built in a test',
  'ledger-table > events': () => ledger(encode([] as never)),
  // A bad signature on event 0 and a chain broken at event 1: the events are judged in order.
  'events > chain': () =>
    ledger(encode([flip(event(GENESIS, 0, NOW - HOUR)), event('bafyreiwrong', 1, NOW)])),
  'chain > ledger-time': () => {
    const first = event(GENESIS, 0, NOW - HOUR);
    return ledger(encode([first, event(cid(first, { codec: 'dag-cbor' }).text, 5, NOW - 2 * HOUR)]));
  },
});

// ------------------------------------------------------------------ cards

const V2 = 'https://agentnetwork.org.cn/a2a/bindings/anet-relay/v2';
type Json = Record<string, unknown>;
const ext = (c: Json) => (c.capabilities as { extensions: Json[] }).extensions;
const params = (c: Json) => ext(c)[0]!.params as Record<string, unknown>;
const card = (
  edit: (c: Json) => void = () => undefined,
  o: {
    kel?: Uint8Array;
    pins?: MemoryKelPinStore;
    header?: { kid?: string; jku?: string };
    after?: (c: Json) => void;
    label?: string;
  } = {},
) =>
  verifyAnetCard(signedCard(cardBody(AGENT, V2, edit), AGENT, seed(o.label ?? 'a1'), 1, o.header, o.after), {
    kel: o.kel ?? AGENT_KEL,
    now,
    pins: o.pins ?? new MemoryKelPinStore(),
    variant: 'public',
  });
const pricing = (c: Json) =>
  ext(c).push({ uri: 'https://agentnetwork.org.cn/a2a/ext/anet-caller-pricing/v1' });
holdChecksToVerifier('verifyAnetCard', ANET_CARD_CHECKS, ANET_CARD_CODES, {
  'card-bytes > card-size': () =>
    verifyAnetCard(new Array(70_000).fill(0), { kel: AGENT_KEL, now, pins: 'off', variant: 'public' }),
  'card-size > card-json': () =>
    verifyAnetCard(new Uint8Array(70_000), { kel: AGENT_KEL, now, pins: 'off', variant: 'public' }),
  'card-json > members': () =>
    verifyAnetCard(utf8('{"name":'), { kel: AGENT_KEL, now, pins: 'off', variant: 'public' }),
  'members > limits': () =>
    card((c) => delete c.skills, { after: (c) => (c.signatures as unknown[]).push(0) }),
  'limits > card-extension': () =>
    card((c) => ext(c).splice(0, 1), { after: (c) => (c.signatures as unknown[]).push(0) }),
  'card-extension > validity': () =>
    card((c) => {
      params(c).notBefore = NOW;
      params(c).notAfter = String(NOW - 1);
    }),
  'validity > pricing': () =>
    card((c) => {
      params(c).notAfter = String(NOW);
      pricing(c);
    }),
  'pricing > signer-kel': () => card(pricing, { kel: CUT }),
  'signer-kel > pin': () => card(undefined, { kel: OTHER_KEL, pins: pinnedRotated() }),
  'pin > relay-interfaces': () =>
    card((c) => ((c.supportedInterfaces as Json[])[0]!.tenant = OTHER), { pins: pinnedRotated() }),
  'relay-interfaces > card-key': () =>
    card((c) => ((c.supportedInterfaces as Json[])[0]!.tenant = OTHER), {
      header: { kid: `did:anet:${OTHER}#1` },
    }),
  'card-key > current-key': () =>
    card(undefined, { kel: ROTATED_KEL, header: { kid: `did:anet:${OTHER}#1` } }),
  'current-key > card-signature': () => card(undefined, { kel: ROTATED_KEL, label: 'a0' }),
});
