/**
 * Vectors of @agent-seam/anet (vectors/anet.json, one group per top-level key): signed hub
 * requests, proofs of work, directory entries and buckets, signed objects and task
 * messages, ledgers, ANet cards. Every input is made here from fixed seeds
 * (packages/anet/test/fixture.ts); every refusal breaks one rule so that deleting the check
 * under it lets the input through or fails it later with another code, and its `why` names
 * the check. The expected codes are written by hand, not read from the code.
 */

import { encodeKeySet, signKeySet } from '../../anet-identity/src/index.ts';
import { concatBytes, hex, unwrap } from '../../canonical/src/index.ts';
import { type CborValue, cid, encode } from '../../coredet-cbor/src/index.ts';
import {
  encodeAnetObject,
  encodeBucket,
  hubPowSeed,
  powPrefix,
  type RelayAction,
  sealDirEntry,
  sealDirPlaintext,
  signHubRequest,
  signObject,
  solvePowRange,
} from '../src/index.ts';
import {
  AGENT,
  AGENT_KEL,
  agentEntry,
  agentWriter,
  cardBody,
  DAY,
  dirNonce,
  envelopeEdited,
  H,
  HOUR,
  HUB,
  KELS,
  keySetFor,
  LEGACY,
  LEGACY_KEL,
  MINUTE,
  NOW,
  noticeFor,
  OTHER,
  pub,
  ROTATED,
  receiptFields,
  seed,
  sha256,
  signedCard,
  utf8,
} from '../test/fixture.ts';

const b = (text: string) => unwrap(hex.decode(text));
const kelHex = Object.fromEntries(Object.entries(KELS).map(([k, v]) => [k, H(v)]));

// ------------------------------------------------------------------ anet.relay-auth

interface Req {
  action?: RelayAction;
  method?: string;
  url?: string;
  body?: string;
  signer?: string;
  aid?: string;
  seq?: number;
  tsMs?: number;
  hub?: string;
  version?: 'v1' | 'v2';
  headers?: (h: Record<string, string>) => void;
}

/** A signed request as the vector carries it: method, url, header record, body hex. */
function request(r: Req = {}) {
  const method = r.method ?? 'POST';
  const url = r.url ?? '/relay/send';
  const body = utf8(r.body ?? (method === 'GET' ? '' : '{"to_aid":"x","envelope":"AA"}'));
  const headers: Record<string, string> = {
    ...signHubRequest(
      {
        action: r.action ?? 'send',
        aid: r.aid ?? AGENT,
        hub: r.hub ?? HUB,
        seq: r.seq ?? 1,
        tsMs: r.tsMs ?? NOW,
        method,
        target: url,
        body,
        version: r.version ?? 'v2',
      },
      seed(r.signer ?? 'a1'),
    ),
  };
  r.headers?.(headers);
  return { method, url, headers, body: H(body) };
}

const relayAccept = [
  {
    name: 'post-send',
    request: request(),
    action: 'send',
    kel: 'agent',
    expect: { version: 'v2', aid: AGENT, seq: 1 },
  },
  {
    name: 'get-ledger-with-query-and-empty-body',
    request: request({ action: 'ledger', method: 'GET', url: `/agents/${AGENT}/ledger?limit=10` }),
    action: 'ledger',
    kel: 'agent',
    expect: { version: 'v2', aid: AGENT, seq: 1 },
  },
  {
    name: 'rotated-identity-signs-with-its-new-key',
    request: request({ signer: 'a2', seq: 2 }),
    action: 'send',
    kel: 'rotated',
    expect: { version: 'v2', aid: AGENT, seq: 2 },
  },
  {
    name: 'v015-identity',
    request: request({
      aid: LEGACY,
      signer: 'k0',
      seq: 0,
      action: 'poll',
      url: '/relay/poll',
      body: '{"limit":50}',
    }),
    action: 'poll',
    kel: 'legacy',
    expect: { version: 'v2', aid: LEGACY, seq: 0 },
  },
  {
    name: 'five-minutes-old-exactly',
    request: request({ tsMs: NOW - 5 * MINUTE }),
    action: 'send',
    kel: 'agent',
    expect: { version: 'v2', aid: AGENT, seq: 1 },
  },
  {
    name: 'five-minutes-ahead-exactly',
    request: request({ tsMs: NOW + 5 * MINUTE }),
    action: 'send',
    kel: 'agent',
    expect: { version: 'v2', aid: AGENT, seq: 1 },
  },
  {
    name: 'v1-preimage-when-the-hub-opts-in',
    request: request({ action: 'poll', url: '/relay/poll', version: 'v1' }),
    action: 'poll',
    kel: 'agent',
    allowV1: true,
    expect: { version: 'v1', aid: AGENT, seq: 1 },
  },
  {
    name: 'peer-hub-class',
    request: request({ aid: HUB, signer: 'w0', seq: 0, action: 'p2p', url: '/relay/p2p', hub: OTHER }),
    hub: OTHER,
    action: 'p2p',
    kel: 'hub',
    signerClass: 'peer-hub',
    expect: { version: 'v2', aid: HUB, seq: 0 },
  },
  {
    name: 'replay-window-off-by-name',
    request: request(),
    action: 'send',
    kel: 'agent',
    replay: 'off',
    expect: { version: 'v2', aid: AGENT, seq: 1 },
  },
  {
    name: 'another-request-of-the-same-signer-after-one-accepted',
    before: [request({ tsMs: NOW - 1000 })],
    request: request(),
    action: 'send',
    kel: 'agent',
    expect: { version: 'v2', aid: AGENT, seq: 1 },
  },
];

const probationBefore = Array.from({ length: 9 }, (_, i) => request({ tsMs: NOW - (9 - i) * 1000 }));

const relayRefuse = [
  {
    name: 'request-is-text',
    request: 'POST /relay/send HTTP/1.1',
    action: 'send',
    kel: 'agent',
    code: 'not-a-request',
    why: 'request: the runner passes a string, not a request object',
  },
  {
    name: 'no-seq-header',
    request: request({ headers: (h) => delete h['X-ANet-Seq'] }),
    action: 'send',
    kel: 'agent',
    code: 'missing-header',
    why: 'headers: X-ANet-Seq is absent (without the check the seq would be read as nothing)',
  },
  {
    name: 'aid-header-257-characters',
    request: request({ headers: (h) => (h['X-ANet-AID'] = `${AGENT}${'a'.repeat(257 - AGENT.length)}`) }),
    action: 'send',
    kel: 'agent',
    code: 'header-too-long',
    why: 'header-length: a 257-character X-ANet-AID (without it, bad-aid-header)',
  },
  {
    name: 'aid-header-not-a-cid',
    request: request({ headers: (h) => (h['X-ANet-AID'] = 'bafyreigoldenhub') }),
    action: 'send',
    kel: 'agent',
    code: 'bad-aid-header',
    why: 'aid-header: not a CID (without it, the hub looks the text up as a signer)',
  },
  {
    name: 'ts-with-a-leading-zero',
    request: request({ headers: (h) => (h['X-ANet-TS'] = `0${h['X-ANet-TS']}`) }),
    action: 'send',
    kel: 'agent',
    code: 'bad-ts-header',
    why: 'ts-header: one number, two spellings; only the canonical decimal is read',
  },
  {
    name: 'seq-not-decimal',
    request: request({ headers: (h) => (h['X-ANet-Seq'] = '+1') }),
    action: 'send',
    kel: 'agent',
    code: 'bad-seq-header',
    why: 'seq-header: "+1" is not a decimal key sequence number',
  },
  {
    name: 'sig-in-the-standard-alphabet',
    request: request({ headers: (h) => (h['X-ANet-Sig'] = `${h['X-ANet-Sig']!.slice(0, 85)}+`) }),
    action: 'send',
    kel: 'agent',
    code: 'bad-sig-header',
    why: 'sig-header: 86 characters, the last one outside base64url',
  },
  {
    name: 'sig-87-characters',
    request: request({ headers: (h) => (h['X-ANet-Sig'] = `${h['X-ANet-Sig']}A`) }),
    action: 'send',
    kel: 'agent',
    code: 'bad-sig-header',
    why: 'sig-header: the length is exactly 86',
  },
  {
    name: 'five-minutes-and-1-ms-old',
    request: request({ tsMs: NOW - 5 * MINUTE - 1 }),
    action: 'send',
    kel: 'agent',
    code: 'request-expired',
    why: 'time: signed 5 min 1 ms before the hub clock',
  },
  {
    name: 'five-minutes-and-1-ms-ahead',
    request: request({ tsMs: NOW + 5 * MINUTE + 1 }),
    action: 'send',
    kel: 'agent',
    code: 'request-from-future',
    why: 'time: signed 5 min 1 ms after the hub clock',
  },
  {
    name: 'body-over-the-limit',
    request: request({ body: '{"to_aid":"x","envelope":"AAAA"}' }),
    maxBodyBytes: 31,
    action: 'send',
    kel: 'agent',
    code: 'body-too-large',
    why: 'body: 32 bytes against a limit of 31 (the signature is good)',
  },
  {
    name: 'hub-holds-no-log',
    request: request(),
    action: 'send',
    kel: null,
    code: 'unknown-signer',
    why: 'signer-known: the hub has no log for the AID',
  },
  {
    name: 'log-does-not-replay',
    request: request(),
    action: 'send',
    kel: 'truncated',
    code: 'bad-signer-kel',
    why: 'signer-kel: the log the hub holds is cut by one byte',
  },
  {
    name: 'log-of-another-aid',
    request: request(),
    action: 'send',
    kel: 'other',
    code: 'signer-mismatch',
    why: "signer-kel: the log replays to another agent (whose key a1 the 'b' agent does not hold)",
  },
  {
    name: 'log-older-than-the-pinned-one',
    request: request(),
    action: 'send',
    kel: 'agent',
    pinned: 'rotated',
    code: 'kel-pin-refused',
    why: 'pin: the log the hub holds is a rollback of the one pinned (the thief of a1 after the rotation)',
  },
  {
    name: 'seq-beyond-the-log',
    request: request({ seq: 5 }),
    action: 'send',
    kel: 'agent',
    code: 'bad-key-state',
    why: 'key-state: X-ANet-Seq 5, the log ends at 1',
  },
  {
    name: 'retired-key-signs-after-its-rotation',
    request: request({ seq: 1 }),
    action: 'send',
    kel: 'rotated',
    code: 'revoked-key',
    why: 'key-state: state 1 was retired a day before the request (its signature is good)',
  },
  {
    name: 'window-store-full',
    before: [request({ aid: LEGACY, signer: 'k0', seq: 0 })],
    beforeKels: { [LEGACY]: 'legacy' },
    request: request(),
    action: 'send',
    kel: 'agent',
    window: { maxSigners: 1 },
    code: 'replay-window-full',
    why: 'single-use: the window holds one signer, another one within the skew',
  },
  {
    name: 'the-same-request-twice',
    before: [request()],
    request: request(),
    action: 'send',
    kel: 'agent',
    code: 'replayed',
    why: 'single-use: the same signed request presented a second time',
  },
  {
    name: 'older-than-the-probation-window',
    before: probationBefore,
    request: request({ tsMs: NOW - 10_000 }),
    action: 'send',
    kel: 'agent',
    signerClass: 'probation',
    code: 'behind-replay-window',
    why: 'single-use: after 9 requests a probation window of 8 forgot the oldest; an unseen request older than it may be one it forgot',
  },
  {
    name: 'window-store-unavailable',
    request: request(),
    action: 'send',
    kel: 'agent',
    windowFails: 'every-call',
    code: 'relay-store-unavailable',
    why: "single-use: a window whose every call rejects (a shared store whose server cannot be reached), judged by verifyHubRequestAsync; with the async driver's catch deleted (steps.ts ASYNC.window), the verifier's own promise rejected and no verdict was given",
  },
  {
    name: 'window-store-fails-to-commit',
    request: request(),
    action: 'send',
    kel: 'agent',
    windowFails: 'commit',
    code: 'relay-store-unavailable',
    why: 'single-use: a genuine request reserved, verified, and then the window failed to hold it (its commit rejects), judged by verifyHubRequestAsync; with the commit check deleted it was accepted, so a copy would pass again',
  },
  {
    name: 'v1-preimage-not-opted-in',
    request: request({ action: 'poll', url: '/relay/poll', version: 'v1' }),
    action: 'poll',
    kel: 'agent',
    code: 'relay-v1-refused',
    why: 'signature: a good v1 signature, refused unless allowV1',
  },
  {
    name: 'v1-preimage-for-a-v2-action',
    request: request({ action: 'poll', url: '/relay/send', version: 'v1' }),
    action: 'send',
    kel: 'agent',
    allowV1: true,
    code: 'bad-signature',
    why: 'signature: v1 has no action send, so a v1 signature (over poll) is never tried for it',
  },
  {
    name: 'body-edited-after-signing',
    request: { ...request(), body: H(utf8('{"to_aid":"y","envelope":"AA"}')) },
    action: 'send',
    kel: 'agent',
    code: 'bad-signature',
    why: 'signature: the request digest covers the body',
  },
  {
    name: 'signed-for-another-hub',
    request: request({ hub: AGENT }),
    action: 'send',
    kel: 'agent',
    code: 'bad-signature',
    why: 'signature: the preimage names the hub, so a request for one hub does not verify at another',
  },
  {
    name: 'query-edited-after-signing',
    request: {
      ...request({ action: 'ledger', method: 'GET', url: `/agents/${AGENT}/ledger?limit=10` }),
      url: `/agents/${AGENT}/ledger?limit=1000`,
    },
    action: 'ledger',
    kel: 'agent',
    code: 'bad-signature',
    why: 'signature: the request digest covers the query',
  },
];

// ------------------------------------------------------------------ anet.pow

const POW_SECRET = seed('pow-secret');
const HOUR_NOW = Math.floor(NOW / HOUR);
const seedAt = (hour: number) => hubPowSeed(POW_SECRET, HUB, hour);
/** The search starts where it finds a nonce within a thousand tries: found once, searched again each time. */
const POW_STARTS = { current: 22_233_135, previous: 1_436_014, short: 4_769_238 };
function nonceFrom(seedBytes: Uint8Array, start: number, bits: number, aid = AGENT): Uint8Array {
  const found = solvePowRange({
    prefix: powPrefix({ hub: HUB, aid, seed: seedBytes }),
    bits,
    start,
    count: 1000,
  });
  if (found === null) throw new Error('vectors: the proof-of-work start no longer finds a nonce');
  return found.nonce;
}

/** A 32-byte nonce (24 zero bytes, then a counter) whose hash begins with a zero bit. */
function longNonce(seedBytes: Uint8Array): Uint8Array {
  const zeros = new Uint8Array(24);
  const prefix = concatBytes([powPrefix({ hub: HUB, aid: AGENT, seed: seedBytes }), zeros]);
  return concatBytes([zeros, solvePowRange({ prefix, bits: 1, start: 0, count: 1000 })!.nonce]);
}

/** Leading zero bits of SHA-256 over the seed's layout, counted here (node:crypto, by hand) for the vector. */
function zeroBits(aid: string, seedBytes: Uint8Array, nonce: Uint8Array): number {
  const zero = Uint8Array.of(0);
  const digest = sha256(
    concatBytes([utf8('anet-regpow/v1'), zero, utf8(HUB), zero, utf8(aid), zero, seedBytes, nonce]),
  );
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

function powCases() {
  const current = seedAt(HOUR_NOW);
  const previous = seedAt(HOUR_NOW - 1);
  const good = nonceFrom(current, POW_STARTS.current, 22);
  const accept = [
    { name: 'this-hours-seed', aid: AGENT, seed: H(current), nonce: H(good), hour: 'on', expect: 'current' },
    {
      name: 'last-hours-seed',
      aid: AGENT,
      seed: H(previous),
      nonce: H(nonceFrom(previous, POW_STARTS.previous, 22)),
      hour: 'on',
      expect: 'previous',
    },
    {
      name: 'hour-off-by-name',
      aid: AGENT,
      seed: H(current),
      nonce: H(good),
      hour: 'off',
      expect: 'off-by-caller',
    },
    {
      name: 'a-nonce-of-32-bytes',
      aid: AGENT,
      seed: H(current),
      nonce: H(longNonce(current)),
      hour: 'on',
      bits: 1,
      expect: 'current',
    },
  ];
  const refuse = [
    {
      name: 'solution-is-text',
      solution: 'not a solution',
      hour: 'on',
      code: 'bad-solution',
      why: 'solution: not an object',
    },
    {
      name: 'seed-of-31-bytes',
      aid: AGENT,
      seed: H(current.subarray(0, 31)),
      nonce: H(good),
      hour: 'off',
      code: 'bad-solution',
      why: 'solution: a seed is 32 bytes (hour off, so only this check can refuse it)',
    },
    {
      name: 'nonce-of-33-bytes',
      aid: AGENT,
      seed: H(current),
      nonce: H(concatBytes([new Uint8Array(25), good])),
      hour: 'on',
      code: 'pow-nonce-too-long',
      why: 'nonce-length: the good nonce after 25 zero bytes, 33 bytes (its hash differs, so without this check: too few bits)',
    },
    {
      name: 'seed-of-two-hours-ago',
      aid: AGENT,
      seed: H(seedAt(HOUR_NOW - 2)),
      nonce: H(nonceFrom(seedAt(HOUR_NOW - 2), 0, 1)),
      hour: 'on',
      bits: 1,
      code: 'pow-wrong-hour',
      why: 'hour: a seed the hub made two hours ago (its work, at 1 bit, is good)',
    },
    {
      name: 'seed-not-made-by-the-hub',
      aid: AGENT,
      seed: H(sha256('anet-vector/not-a-hub-seed')),
      nonce: H(nonceFrom(sha256('anet-vector/not-a-hub-seed'), 0, 1)),
      hour: 'on',
      bits: 1,
      code: 'pow-wrong-hour',
      why: 'hour: 32 bytes no hub secret made (its work, at 1 bit, is good)',
    },
    {
      name: 'twenty-one-bits',
      aid: AGENT,
      seed: H(current),
      nonce: H(nonceFrom(current, POW_STARTS.short, 21)),
      hour: 'on',
      code: 'pow-too-few-bits',
      why: 'bits: the hash begins with exactly 21 zero bits',
    },
    {
      name: 'solution-for-another-aid',
      aid: OTHER,
      seed: H(current),
      nonce: H(good),
      hour: 'on',
      code: 'pow-too-few-bits',
      why: "bits: the AID's good nonce presented for another AID (the AID is in the hash)",
    },
  ];
  for (const c of accept) Object.assign(c, { zeroBits: zeroBits(c.aid, b(c.seed), b(c.nonce)) });
  return { hub: HUB, secret: H(POW_SECRET), nowMs: NOW, accept, refuse };
}

// ------------------------------------------------------------------ anet.directory

const seal = (entry: Record<string, unknown>, label: string) => sealDirEntry(entry as never, dirNonce(label));
const legacySet = signKeySet(
  encodeKeySet({
    version: 'v1',
    aid: LEGACY,
    seq: NOW - DAY,
    issuedAtMs: NOW - DAY,
    keys: [{ publicKey: sha256('enc/legacy'), notBeforeMs: NOW - DAY, notAfterMs: NOW + 6 * DAY }],
  }),
  seed('k0'),
  0,
);
const plainWithKey7 = encode(
  new Map<number, CborValue>([
    [1, AGENT],
    [2, HUB],
    [3, AGENT_KEL],
    [4, keySetFor(agentWriter())],
    [7, 'x'],
  ]),
);

function directoryCases() {
  const good = seal(agentEntry(), 'good');
  const flipped = good.box.slice();
  flipped[flipped.length - 1]! ^= 1;
  const entryAccept = [
    {
      name: 'agent-entry-with-notice',
      box: H(good.box),
      aid: AGENT,
      notices: 'witness-key',
      expect: { hub: HUB, notice: 'verified' },
    },
    {
      name: 'notices-off-by-name',
      box: H(good.box),
      aid: AGENT,
      notices: 'off',
      expect: { hub: HUB, notice: 'off-by-caller' },
    },
    {
      name: 'v015-entry-without-notice',
      box: H(seal({ aid: LEGACY, hub: HUB, kel: LEGACY_KEL, keys: legacySet }, 'legacy').box),
      aid: LEGACY,
      notices: 'witness-key',
      expect: { hub: HUB, notice: 'absent' },
    },
  ];
  const entryRefuse = [
    {
      name: 'box-is-hex-text',
      box: H(good.box),
      asIs: ['box'],
      aid: AGENT,
      notices: 'witness-key',
      code: 'not-bytes',
      why: 'entry-bytes: the runner passes the hex text',
    },
    {
      name: 'box-over-the-limit',
      box: H(good.box),
      aid: AGENT,
      notices: 'witness-key',
      maxEntryBytes: good.box.length - 1,
      code: 'dir-entry-too-large',
      why: 'entry-size: the good box against a limit one byte short',
    },
    {
      name: 'tag-flipped',
      box: H(flipped),
      aid: AGENT,
      notices: 'witness-key',
      code: 'dir-entry-not-opened',
      why: 'open: the last tag byte flipped',
    },
    {
      name: 'sealed-for-another-aid',
      box: H(seal({ ...agentEntry(), aid: OTHER }, 'other').box),
      aid: AGENT,
      notices: 'witness-key',
      code: 'dir-entry-not-opened',
      why: "open: sealed under the other AID's key and hash",
    },
    {
      name: 'plaintext-with-key-7',
      box: H(sealDirPlaintext(AGENT, plainWithKey7, dirNonce('key7')).box),
      aid: AGENT,
      notices: 'witness-key',
      code: 'bad-dir-entry',
      why: 'entry-table: DirEntry is closed; key 7 is unknown',
    },
    {
      name: 'entry-names-another-aid',
      box: H(
        sealDirPlaintext(
          AGENT,
          encode(
            new Map<number, CborValue>([
              [1, OTHER],
              [2, HUB],
              [3, AGENT_KEL],
              [4, keySetFor(agentWriter())],
            ]),
          ),
          dirNonce('names-other'),
        ).box,
      ),
      aid: AGENT,
      notices: 'off',
      code: 'dir-entry-aid-mismatch',
      why: "entry-aid: sealed under the agent's key but naming the other AID",
    },
    {
      name: 'log-of-another-aid',
      box: H(seal(agentEntry({ kel: KELS.other! }), 'other-kel').box),
      aid: AGENT,
      notices: 'off',
      code: 'bad-entry-kel',
      why: "entry-kel: the other agent's log in the agent's entry",
    },
    {
      name: 'key-set-of-another-aid',
      box: H(seal(agentEntry({ keys: keySetFor(agentWriter('b')) }), 'other-set').box),
      aid: AGENT,
      notices: 'off',
      code: 'bad-entry-key-set',
      why: "entry-key-set: the other agent's key set (key-set-aid-mismatch)",
    },
    {
      name: 'v2-agent-without-notice',
      box: H(seal({ aid: AGENT, hub: HUB, kel: AGENT_KEL, keys: keySetFor(agentWriter()) }, 'no-notice').box),
      aid: AGENT,
      notices: 'witness-key',
      code: 'bad-entry-notice',
      why: "entry-notice: a version-2 agent's entry carries its notice when you trust witnesses",
    },
    {
      name: 'stale-notice',
      box: H(seal(agentEntry({ notice: noticeFor(agentWriter(), NOW - 7 * HOUR) }), 'stale').box),
      aid: AGENT,
      notices: 'witness-key',
      code: 'bad-entry-notice',
      why: 'entry-notice: the notice is 7 hours old (notice-expired)',
    },
  ];
  const otherEntry = seal(
    {
      aid: OTHER,
      hub: HUB,
      kel: KELS.other!,
      keys: keySetFor(agentWriter('b'), seed('b1')),
      notice: noticeFor(agentWriter('b')),
    },
    'other-entry',
  );
  const newer = seal(
    agentEntry({ keys: keySetFor(agentWriter(), seed('a1'), { seq: NOW - HOUR }) }),
    'newer',
  );
  const junkUnderHash = { hash: good.hash, box: dirNonce('junk') };
  const key7UnderHash = sealDirPlaintext(AGENT, plainWithKey7, dirNonce('key7'));
  const bucketAccept = [
    {
      name: 'skips-what-does-not-open-and-unknown-keys',
      bucket: H(encodeBucket([otherEntry, junkUnderHash, key7UnderHash, good])),
      aid: AGENT,
      notices: 'witness-key',
      expect: {
        keySetSeq: NOW - DAY,
        skipped: [
          { index: 1, code: 'dir-entry-not-opened' },
          { index: 2, code: 'bad-dir-entry' },
        ],
      },
    },
    {
      name: 'newest-key-set-wins',
      bucket: H(encodeBucket([good, newer])),
      aid: AGENT,
      notices: 'witness-key',
      expect: { keySetSeq: NOW - HOUR, skipped: [] },
    },
  ];
  const bucketRefuse = [
    {
      name: 'bucket-is-hex-text',
      bucket: H(encodeBucket([good])),
      asIs: ['bucket'],
      aid: AGENT,
      notices: 'witness-key',
      code: 'not-bytes',
      why: 'bucket-bytes: the runner passes the hex text',
    },
    {
      name: 'bucket-over-the-limit',
      bucket: H(encodeBucket([good])),
      maxBucketBytes: 64,
      aid: AGENT,
      notices: 'witness-key',
      code: 'bucket-too-large',
      why: 'bucket-size: a good bucket against a limit of 64 bytes',
    },
    {
      name: 'bucket-is-a-map',
      bucket: H(
        encode(
          new Map<number, CborValue>([
            [1, good.hash],
            [2, good.box],
          ]),
        ),
      ),
      aid: AGENT,
      notices: 'witness-key',
      code: 'bad-bucket',
      why: 'bucket-table: one entry, not an array of them',
    },
    {
      name: 'entry-hash-of-31-bytes',
      bucket: H(encodeBucket([{ hash: good.hash.subarray(0, 31), box: good.box }, good])),
      aid: AGENT,
      notices: 'witness-key',
      code: 'bad-bucket',
      why: 'bucket-table: an entry whose hash is 31 bytes',
    },
    {
      name: 'only-junk-under-the-hash',
      bucket: H(encodeBucket([otherEntry, junkUnderHash, key7UnderHash])),
      aid: AGENT,
      notices: 'witness-key',
      code: 'not-in-bucket',
      why: 'bucket-entry: nothing under the hash opens to a good entry',
    },
  ];
  return {
    nowMs: NOW,
    witness: HUB,
    witnessKey: H(pub('w0')),
    accept: [...entryAccept, ...bucketAccept],
    refuse: [...entryRefuse, ...bucketRefuse],
  };
}

// ------------------------------------------------------------------ anet.objects

const TASK_CID = cid(utf8('task document'), { codec: 'dag-cbor' }).text;
const obj = (
  kind: Parameters<typeof encodeAnetObject>[0],
  fields: Record<string, CborValue>,
  version: 'v0.15' | 'v2' = 'v2',
) => encodeAnetObject(kind, version, fields);
const signedBy = (bytes: Uint8Array, signer = AGENT, label = 'a1', ksn = 1, preimageRef = false) =>
  signObject(bytes, { signer, ksn, preimageRef }, seed(label));

/**
 * An accepting signed-object case: `object` signed (by default by the agent at state 1) and
 * read back as `version`, its signer and the CID of its bytes. `signer` is the case's own
 * member (the signer a payment receipt does not name).
 */
const signedAccepted = (
  name: string,
  kind: string,
  object: Uint8Array,
  by: { wire?: Uint8Array; kel?: string; signer?: string; expectSigner?: string; version?: string } = {},
) => ({
  name,
  kind,
  wire: H(by.wire ?? signedBy(object)),
  kel: by.kel ?? 'agent',
  ...(by.signer === undefined ? {} : { signer: by.signer }),
  expect: {
    version: by.version ?? 'v2',
    signer: by.expectSigner ?? by.signer ?? AGENT,
    cid: cid(object, { codec: 'dag-cbor' }).text,
  },
});

function objectCases() {
  const receipt = obj('receipt', receiptFields());
  const review = obj('review', {
    interaction: 'ix-vector-1',
    subject: OTHER,
    reviewer: AGENT,
    rating: 5,
    comment: 'prompt and right',
    receiptCid: cid(receipt, { codec: 'dag-cbor' }).text,
    createdAt: NOW - HOUR,
  });
  const delegate = obj('delegate', {
    interaction: 'ix-vector-1',
    requester: AGENT,
    provider: OTHER,
    skill: 'echo',
    task: utf8('task document'),
    createdAt: NOW - HOUR,
    contextId: 'ctx-1',
  });
  const auth = obj('payment-authorization', {
    payer: AGENT,
    payTo: OTHER,
    amount: 1250,
    network: `hub:${HUB}`,
    nonce: 'vector-nonce',
    validAfter: NOW - HOUR,
    validBefore: NOW + HOUR,
    interaction: 'ix-vector-1',
  });
  const payReceipt = obj('payment-receipt', {
    authId: cid(auth, { codec: 'dag-cbor' }).text,
    payer: AGENT,
    payTo: OTHER,
    amount: 1250,
    network: `hub:${HUB}`,
    settleAt: NOW - MINUTE,
  });
  const voucher = obj('voucher', {
    authId: cid(auth, { codec: 'dag-cbor' }).text,
    payer: AGENT,
    payTo: OTHER,
    capability: 'echo',
    amount: 1250,
    network: `hub:${HUB}`,
    notAfter: NOW + HOUR,
    nonce: 'vector-voucher-nonce',
  });
  const legacyReceipt = obj('receipt', receiptFields({ provider: LEGACY }), 'v0.15');
  const goodReceipt = signedBy(receipt);
  const flipped = goodReceipt.slice();
  flipped[flipped.length - 1]! ^= 1;
  const accept = [
    signedAccepted('receipt', 'receipt', receipt, { wire: goodReceipt }),
    signedAccepted('review', 'review', review),
    signedAccepted('delegate-request', 'delegate', delegate),
    signedAccepted('payment-authorization', 'payment-authorization', auth),
    signedAccepted('payment-receipt-by-the-hub', 'payment-receipt', payReceipt, {
      wire: signedBy(payReceipt, HUB, 'w0', 0),
      kel: 'hub',
      signer: HUB,
    }),
    signedAccepted('voucher', 'voucher', voucher),
    signedAccepted('with-preimage-reference', 'receipt', receipt, {
      wire: signedBy(receipt, AGENT, 'a1', 1, true),
    }),
    signedAccepted('v015-receipt-by-a-v015-identity', 'receipt', legacyReceipt, {
      wire: signedBy(legacyReceipt, LEGACY, 'k0', 0),
      kel: 'legacy',
      expectSigner: LEGACY,
      version: 'v0.15',
    }),
    signedAccepted(
      'retired-key-for-what-it-signed-before',
      'receipt',
      obj('receipt', receiptFields({ completedAt: ROTATED - 1 })),
      { kel: 'rotated' },
    ),
  ];
  const big = obj('receipt', receiptFields({ interaction: 'x'.repeat(65_536) }));
  const refuse = [
    {
      name: 'wire-is-hex-text',
      kind: 'receipt',
      wire: H(goodReceipt),
      asIs: ['wire'],
      kel: 'agent',
      code: 'not-bytes',
      why: 'object-bytes: the runner passes the hex text',
    },
    {
      name: 'over-64-kib',
      kind: 'receipt',
      wire: H(signedBy(big)),
      kel: 'agent',
      code: 'object-too-large',
      why: 'object-size: a signed receipt of 65.7 KB (it verifies)',
    },
    {
      name: 'wire-key-3',
      kind: 'receipt',
      wire: H(envelopeEdited(receipt, () => undefined, [3, 'x'])),
      kel: 'agent',
      code: 'bad-object-wire',
      why: 'wire: {1, 2} is closed; key 3 added',
    },
    {
      name: 'alg-minus-7',
      kind: 'receipt',
      wire: H(envelopeEdited(receipt, (e) => e.set(3, -7))),
      kel: 'agent',
      code: 'bad-aobj-envelope',
      why: 'envelope: alg -7 (ES256); the Ed25519 signature is good',
    },
    {
      name: 'signature-of-63-bytes',
      kind: 'receipt',
      wire: H(envelopeEdited(receipt, (e) => e.set(4, (e.get(4) as Uint8Array).subarray(0, 63)))),
      kel: 'agent',
      code: 'bad-aobj-envelope',
      why: 'envelope: a 63-byte signature',
    },
    {
      name: 'preimage-ref-of-another-object',
      kind: 'receipt',
      wire: H(envelopeEdited(receipt, (e) => e.set(5, cid(review, { codec: 'dag-cbor' }).text))),
      kel: 'agent',
      code: 'bad-preimage-ref',
      why: "preimage-ref: names the review's CID",
    },
    {
      name: 'tag-of-version-3',
      kind: 'receipt',
      wire: H(
        signedBy(
          encode(
            new Map<number, CborValue>([
              [0, 'anet.receipt/3'],
              ...[
                ...new Map(
                  Object.entries(receiptFields()).map(([, v], i) => [i + 1, v] as [number, CborValue]),
                ),
              ],
            ]),
          ),
        ),
      ),
      kel: 'agent',
      code: 'bad-object-version',
      why: 'object-version: key 0 is anet.receipt/3',
    },
    {
      name: 'review-tag-on-a-receipt',
      kind: 'receipt',
      wire: H(signedBy(review)),
      kel: 'agent',
      code: 'bad-object-version',
      why: "object-version: a review's tag where a receipt is expected",
    },
    {
      name: 'receipt-with-key-7',
      kind: 'receipt',
      wire: H(
        signedBy(
          encode(
            new Map<number, CborValue>([
              [0, 'anet.receipt/2'],
              ...Object.values(receiptFields()).map((v, i) => [i + 1, v] as [number, CborValue]),
              [7, 'x'],
            ]),
          ),
        ),
      ),
      kel: 'agent',
      code: 'bad-object',
      why: 'object-table: the receipt table is closed; key 7',
    },
    {
      name: 'receipt-without-result-cid',
      kind: 'receipt',
      wire: H(
        signedBy(
          encode(
            new Map<number, CborValue>(
              (
                [[0, 'anet.receipt/2'], ...Object.values(receiptFields()).map((v, i) => [i + 1, v])] as [
                  number,
                  CborValue,
                ][]
              ).filter(([k]) => k !== 5),
            ),
          ),
        ),
      ),
      kel: 'agent',
      code: 'bad-object',
      why: 'object-table: key 5 (result CID) is required',
    },
    {
      name: 'rating-of-6',
      kind: 'review',
      wire: H(
        signedBy(
          obj('review', {
            interaction: 'ix',
            subject: OTHER,
            reviewer: AGENT,
            rating: 6,
            comment: '',
            receiptCid: 'x',
            createdAt: NOW - HOUR,
          }),
        ),
      ),
      kel: 'agent',
      code: 'bad-object-value',
      why: 'object-values: a rating is 1 to 5',
    },
    {
      name: 'amount-of-0',
      kind: 'voucher',
      wire: H(
        signedBy(
          obj('voucher', {
            authId: 'x',
            payer: AGENT,
            payTo: OTHER,
            capability: 'echo',
            amount: 0,
            network: 'n',
            notAfter: NOW,
            nonce: 'n',
          }),
        ),
      ),
      kel: 'agent',
      code: 'bad-object-value',
      why: 'object-values: an amount is more than 0',
    },
    {
      name: 'receipt-naming-another-provider',
      kind: 'receipt',
      wire: H(signedBy(obj('receipt', receiptFields({ provider: OTHER })))),
      kel: 'agent',
      code: 'signer-not-named',
      why: 'signer-named: the agent signs a receipt whose provider is the other agent',
    },
    {
      name: 'payment-receipt-by-another-than-expected',
      kind: 'payment-receipt',
      wire: H(signedBy(payReceipt)),
      kel: 'agent',
      signer: HUB,
      code: 'signer-not-named',
      why: 'signer-named: you expect the hub; the agent signed',
    },
    {
      name: 'log-does-not-replay',
      kind: 'receipt',
      wire: H(goodReceipt),
      kel: 'truncated',
      code: 'bad-signer-kel',
      why: 'signer-kel: the log is cut by one byte',
    },
    {
      name: 'log-of-another-aid',
      kind: 'receipt',
      wire: H(goodReceipt),
      kel: 'other',
      code: 'signer-mismatch',
      why: 'signer-kel: the log replays to the other agent',
    },
    {
      name: 'log-older-than-pinned',
      kind: 'receipt',
      wire: H(goodReceipt),
      kel: 'agent',
      pinned: 'rotated',
      code: 'kel-pin-refused',
      why: 'pin: the log is a rollback of the one pinned',
    },
    {
      name: 'ksn-beyond-the-log',
      kind: 'receipt',
      wire: H(signedBy(receipt, AGENT, 'a1', 4)),
      kel: 'agent',
      code: 'bad-key-state',
      why: 'key-state: key state 4; the log ends at 1',
    },
    {
      name: 'retired-key-after-its-rotation',
      kind: 'receipt',
      wire: H(goodReceipt),
      kel: 'rotated',
      code: 'revoked-key',
      why: 'key-state: completed a day after state 1 was retired',
    },
    {
      name: 'v015-object-by-a-v2-identity',
      kind: 'receipt',
      wire: H(signedBy(obj('receipt', receiptFields(), 'v0.15'))),
      kel: 'agent',
      code: 'kel-version-mismatch',
      why: 'kel-version: an untagged receipt from an anet.kel/2 identity',
    },
    {
      name: 'signature-flipped',
      kind: 'receipt',
      wire: H(flipped),
      kel: 'agent',
      code: 'bad-object-sig',
      why: 'object-signature: the last signature byte flipped',
    },
    {
      name: 'signed-by-another-key',
      kind: 'receipt',
      wire: H(signedBy(receipt, AGENT, 'a0', 1)),
      kel: 'agent',
      code: 'bad-object-sig',
      why: 'object-signature: a0 signs, claiming state 1 (a1)',
    },
  ];
  /** A text message (seq 1, sent at NOW) with one attachment: a.txt, text/plain, 3 bytes, then `rest`. */
  const withAttachment = (rest: [number, CborValue][], text?: string) =>
    obj('message', {
      kind: 'text',
      ...(text === undefined ? {} : { text }),
      seq: 1,
      sentAt: NOW,
      attachments: [new Map<number, CborValue>([[1, 'a.txt'], [2, 'text/plain'], [3, 3], ...rest])],
    });
  const chat = withAttachment(
    [
      [4, cid(utf8('abc'), { codec: 'raw' }).text],
      [5, utf8('abc')],
    ],
    'hello',
  );
  const status = obj('status', { state: 'working', ts: NOW });
  const result = (receiptWire: Uint8Array) =>
    obj('result', { status: 'done', deliverable: utf8('{"ok":true}'), receipt: receiptWire });
  const messages = {
    accept: [
      { name: 'chat-message-with-attachment', kind: 'message', bytes: H(chat), expect: 'v2', time: NOW },
      { name: 'status-working', kind: 'status', bytes: H(status), expect: 'v2', time: NOW },
      {
        name: 'v015-status',
        kind: 'status',
        bytes: H(obj('status', { state: 'completed', ts: NOW - 1 }, 'v0.15')),
        expect: 'v0.15',
        time: NOW - 1,
      },
    ],
    refuse: [
      {
        name: 'message-is-hex-text',
        kind: 'message',
        bytes: H(chat),
        asIs: ['bytes'],
        code: 'not-bytes',
        why: 'the runner passes the hex text',
      },
      {
        name: 'status-tag-on-a-message',
        kind: 'message',
        bytes: H(status),
        code: 'bad-object-version',
        why: 'key 0 is the status tag',
      },
      {
        name: 'status-without-ts',
        kind: 'status',
        bytes: H(
          encode(
            new Map<number, CborValue>([
              [0, 'anet.status/2'],
              [1, 'working'],
            ]),
          ),
        ),
        code: 'bad-object',
        why: 'key 4 (ts) is required',
      },
      {
        name: 'status-state-unknown',
        kind: 'status',
        bytes: H(obj('status', { state: 'sleeping', ts: NOW })),
        code: 'bad-object-value',
        why: 'sleeping is not an A2A task state',
      },
      {
        name: 'attachment-cid-of-other-bytes',
        kind: 'message',
        bytes: H(
          withAttachment([
            [4, cid(utf8('abd'), { codec: 'raw' }).text],
            [5, utf8('abc')],
          ]),
        ),
        code: 'bad-object-value',
        why: "an attachment's cid is the raw CID of its data",
      },
      {
        name: 'attachment-with-key-6',
        kind: 'message',
        bytes: H(
          withAttachment([
            [4, 'x'],
            [6, 'y'],
          ]),
        ),
        code: 'bad-object-value',
        why: 'an attachment table is closed',
      },
    ],
  };
  const results = {
    accept: [
      {
        name: 'result-bound-to-the-request',
        bytes: H(result(goodReceipt)),
        kel: 'agent',
        requestCid: TASK_CID,
        expect: 'request-cid',
      },
      {
        name: 'binding-off-by-name',
        bytes: H(result(goodReceipt)),
        kel: 'agent',
        requestCid: 'off',
        expect: 'off-by-caller',
      },
    ],
    refuse: [
      {
        name: 'receipt-for-another-request',
        bytes: H(result(goodReceipt)),
        kel: 'agent',
        requestCid: cid(utf8('another task'), { codec: 'dag-cbor' }).text,
        code: 'request-mismatch',
        why: 'the receipt binds another task document',
      },
      {
        name: 'receipt-signature-flipped',
        bytes: H(result(flipped)),
        kel: 'agent',
        requestCid: TASK_CID,
        code: 'bad-receipt',
        why: 'the receipt in the result does not verify (bad-object-sig)',
      },
      {
        name: 'result-without-receipt',
        bytes: H(
          encode(
            new Map<number, CborValue>([
              [0, 'anet.result/2'],
              [1, 'done'],
              [2, utf8('x')],
            ]),
          ),
        ),
        kel: 'agent',
        requestCid: TASK_CID,
        code: 'bad-object',
        why: 'key 3 (receipt) is required',
      },
    ],
  };
  return {
    objects: { nowMs: NOW, accept, refuse },
    messages: {
      nowMs: NOW,
      accept: [...messages.accept, ...results.accept],
      refuse: [...messages.refuse, ...results.refuse],
    },
  };
}

// ------------------------------------------------------------------ anet.ledger

const GENESIS = cid(encode('anet:ael:genesis'), { codec: 'dag-cbor' }).text;
interface EventEdit {
  prevId?: string;
  seq?: number;
  ts?: number;
  actor?: string;
  label?: string;
}
/** A ledger's wire bytes: events chained from the genesis unless an edit says otherwise. */
function ledger(count: number, edits: Record<number, EventEdit> = {}, flipAt?: number): Uint8Array {
  const wires: Uint8Array[] = [];
  let prev = GENESIS;
  for (let i = 0; i < count; i++) {
    const e = edits[i] ?? {};
    const bytes = obj('ledger-event', {
      prevId: e.prevId ?? prev,
      seq: e.seq ?? i,
      type: i === 0 ? 'opened' : 'task.completed',
      body: utf8(`event ${i}`),
      ts: e.ts ?? NOW - HOUR + i * MINUTE,
      actor: e.actor ?? AGENT,
    });
    let wire = signObject(bytes, { signer: e.actor ?? AGENT, ksn: 1 }, seed(e.label ?? 'a1'));
    if (flipAt === i) {
      wire = wire.slice();
      wire[wire.length - 1]! ^= 1;
    }
    wires.push(wire);
    prev = cid(wire, { codec: 'dag-cbor' }).text;
  }
  return encode(wires);
}

function ledgerCases() {
  const three = ledger(3);
  return {
    nowMs: NOW,
    genesis: GENESIS,
    accept: [
      { name: 'three-events', ledger: H(three), kel: 'agent', expect: { events: 3, actor: AGENT } },
      { name: 'one-event', ledger: H(ledger(1)), kel: 'agent', expect: { events: 1, actor: AGENT } },
    ],
    refuse: [
      {
        name: 'ledger-is-hex-text',
        ledger: H(three),
        asIs: ['ledger'],
        kel: 'agent',
        code: 'not-bytes',
        why: 'ledger-bytes: the runner passes the hex text',
      },
      {
        name: 'empty-ledger',
        ledger: H(encode([])),
        kel: 'agent',
        code: 'bad-ledger',
        why: 'ledger-table: no events',
      },
      {
        name: 'events-as-maps',
        ledger: H(encode([new Map<number, CborValue>([[1, 'x']])])),
        kel: 'agent',
        code: 'bad-ledger',
        why: 'ledger-table: an event is carried as its wire bytes',
      },
      {
        name: 'second-event-signature-flipped',
        ledger: H(ledger(3, {}, 1)),
        kel: 'agent',
        code: 'bad-object-sig',
        why: 'object-signature (event 1): its last signature byte flipped',
        detailHas: 'event 1',
      },
      {
        name: 'first-event-not-after-genesis',
        ledger: H(ledger(2, { 0: { prevId: cid(utf8('x'), { codec: 'dag-cbor' }).text } })),
        kel: 'agent',
        code: 'bad-ledger-chain',
        why: 'chain: event 0 names another prev_id than the genesis',
      },
      {
        name: 'seq-gap',
        ledger: H(ledger(3, { 2: { seq: 3 } })),
        kel: 'agent',
        code: 'bad-ledger-chain',
        why: 'chain: event 2 says seq 3',
      },
      {
        name: 'time-goes-back',
        ledger: H(ledger(3, { 2: { ts: NOW - 2 * HOUR } })),
        kel: 'agent',
        code: 'bad-ledger-time',
        why: 'ledger-time: event 2 is older than event 1',
      },
    ],
  };
}

// ------------------------------------------------------------------ anet.card

const V2 = 'https://agentnetwork.org.cn/a2a/bindings/anet-relay/v2';
const V1 = 'https://agentnetwork.org.cn/a2a/bindings/anet-relay/v1';
type CardJson = Record<string, unknown>;
const ext = (card: CardJson) => (card.capabilities as { extensions: CardJson[] }).extensions;
const params = (card: CardJson) => ext(card)[0]!.params as Record<string, unknown>;
const agentCard = (
  edit?: (c: CardJson) => void,
  header?: { kid?: string; jku?: string },
  label = 'a1',
  seq = 1,
  after?: (c: CardJson) => void,
) => H(signedCard(cardBody(AGENT, V2, edit), AGENT, seed(label), seq, header, after));

function cardCases() {
  const accept = [
    {
      name: 'public-card',
      card: agentCard(),
      kel: 'agent',
      variant: 'public',
      expect: { aid: AGENT, seq: '7', state: 1 },
    },
    {
      name: 'extended-card-with-caller-pricing',
      card: agentCard((c) =>
        ext(c).push({
          uri: 'https://agentnetwork.org.cn/a2a/ext/anet-caller-pricing/v1',
          params: { echo: '10' },
        }),
      ),
      kel: 'agent',
      variant: 'extended',
      expect: { aid: AGENT, seq: '7', state: 1 },
    },
    {
      name: 'v015-card-with-the-v1-binding',
      card: H(signedCard(cardBody(LEGACY, V1), LEGACY, seed('k0'), 0)),
      kel: 'legacy',
      variant: 'public',
      expect: { aid: LEGACY, seq: '7', state: 0 },
    },
    {
      name: 'without-notAfter',
      card: agentCard((c) => delete params(c).notAfter),
      kel: 'agent',
      variant: 'public',
      expect: { aid: AGENT, seq: '7', state: 1 },
    },
  ];
  const refuse = [
    {
      name: 'card-is-text',
      card: agentCard(),
      asIs: ['card'],
      kel: 'agent',
      variant: 'public',
      code: 'not-bytes',
      why: 'card-bytes: the runner passes the hex text',
    },
    {
      name: 'over-64-kib',
      card: agentCard((c) => (c.description = 'x'.repeat(65_536))),
      kel: 'agent',
      variant: 'public',
      code: 'card-too-large',
      why: 'card-size: a signed card of 66 KB',
    },
    {
      name: 'not-json',
      card: H(utf8('{"name":')),
      kel: 'agent',
      variant: 'public',
      code: 'malformed-card',
      why: 'card-json: cut JSON',
    },
    {
      name: 'name-twice',
      card: H(utf8('{"name":"a","name":"b"}')),
      kel: 'agent',
      variant: 'public',
      code: 'malformed-card',
      why: 'card-json: a repeated member is refused, not read last-wins',
    },
    {
      name: 'no-skills',
      card: agentCard((c) => delete c.skills),
      kel: 'agent',
      variant: 'public',
      code: 'missing-card-member',
      why: 'members: skills is required',
    },
    {
      name: 'two-signatures',
      card: agentCard(undefined, undefined, 'a1', 1, (c) =>
        (c.signatures as unknown[]).push((c.signatures as unknown[])[0]),
      ),
      kel: 'agent',
      variant: 'public',
      code: 'card-limits',
      why: 'limits: an ANet card has one signature',
    },
    {
      name: 'no-anet-card-extension',
      card: agentCard((c) => ext(c).splice(0, 1)),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-extension',
      why: 'card-extension: none',
    },
    {
      name: 'notBefore-as-a-number',
      card: agentCard((c) => (params(c).notBefore = NOW - HOUR)),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-extension',
      why: 'card-extension: times are decimal text',
    },
    {
      name: 'not-before-in-6-minutes',
      card: agentCard((c) => (params(c).notBefore = String(NOW + 6 * MINUTE))),
      kel: 'agent',
      variant: 'public',
      code: 'card-not-yet-valid',
      why: 'validity: notBefore 6 minutes ahead',
    },
    {
      name: 'expired-at-now',
      card: agentCard((c) => (params(c).notAfter = String(NOW))),
      kel: 'agent',
      variant: 'public',
      code: 'card-expired',
      why: 'validity: notAfter is now (exclusive)',
    },
    {
      name: 'public-card-with-caller-pricing',
      card: agentCard((c) =>
        ext(c).push({ uri: 'https://agentnetwork.org.cn/a2a/ext/anet-caller-pricing/v1', params: {} }),
      ),
      kel: 'agent',
      variant: 'public',
      code: 'pricing-on-public-card',
      why: 'pricing: per-caller prices on the card a hub serves',
    },
    {
      name: 'log-does-not-replay',
      card: agentCard(),
      kel: 'truncated',
      variant: 'public',
      code: 'bad-signer-kel',
      why: 'signer-kel: the log is cut by one byte',
    },
    {
      name: 'bound-to-another-aid',
      card: agentCard((c) => (params(c).aid = OTHER)),
      kel: 'agent',
      variant: 'public',
      code: 'signer-mismatch',
      why: "signer-kel: the card's extension names the other AID; the log is the agent's",
    },
    {
      name: 'log-older-than-pinned',
      card: agentCard(),
      kel: 'agent',
      pinned: 'rotated',
      variant: 'public',
      code: 'kel-pin-refused',
      why: 'pin: the log is a rollback of the one pinned',
    },
    {
      name: 'v1-binding-on-a-v2-card',
      card: agentCard((c) => ((c.supportedInterfaces as CardJson[])[0]!.protocolBinding = V1)),
      kel: 'agent',
      variant: 'public',
      code: 'removed-binding',
      why: 'relay-interfaces: anet-relay/v1 was removed in 0.3',
    },
    {
      name: 'relay-interface-for-another-aid',
      card: agentCard((c) => ((c.supportedInterfaces as CardJson[])[0]!.tenant = OTHER)),
      kel: 'agent',
      variant: 'public',
      code: 'relay-interface-mismatch',
      why: 'relay-interfaces: the tenant is the other AID',
    },
    {
      name: 'kid-of-another-aid',
      card: agentCard(undefined, { kid: `did:anet:${OTHER}#1` }),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-key',
      why: 'card-key: kid names the other AID',
    },
    {
      name: 'jku-of-another-aid',
      card: agentCard(undefined, { jku: `https://hub.example.org/agents/${OTHER}/jwks.json` }),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-key',
      why: "card-key: jku is the other AID's key set",
    },
    {
      name: 'jku-over-http',
      card: agentCard(undefined, { jku: `http://hub.example.org/agents/${AGENT}/jwks.json` }),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-key',
      why: 'card-key: jku is https',
    },
    {
      name: 'signed-by-the-rotated-out-key',
      card: agentCard(undefined, undefined, 'a1', 1),
      kel: 'rotated',
      variant: 'public',
      code: 'not-current-key',
      why: 'current-key: kid #1; the log has rotated to state 2',
    },
    {
      name: 'version-edited-after-signing',
      card: agentCard(undefined, undefined, 'a1', 1, (c) => (c.version = '1.0.1')),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-signature',
      why: 'card-signature: the payload covers version',
    },
    {
      name: 'signed-by-another-key',
      card: agentCard(undefined, undefined, 'a0', 1),
      kel: 'agent',
      variant: 'public',
      code: 'bad-card-signature',
      why: 'card-signature: a0 signs under kid #1',
    },
  ];
  return { nowMs: NOW, accept, refuse };
}

const truncated = AGENT_KEL.subarray(0, AGENT_KEL.length - 1);
const allKels: Record<string, string> = { ...kelHex, truncated: H(truncated) };
/** The logs a group's cases name, and no other (a log no case reads would be a field nothing judges). */
const kels = (...names: string[]) => Object.fromEntries(names.map((n) => [n, allKels[n]!]));

const objects = objectCases();

export const parts = [
  {
    file: 'anet.json',
    content: {
      'anet.relay-auth': {
        nowMs: NOW,
        hub: HUB,
        kels: kels('agent', 'rotated', 'other', 'legacy', 'hub', 'truncated'),
        aids: { [AGENT]: 'agent', [LEGACY]: 'legacy' },
        accept: relayAccept,
        refuse: relayRefuse,
      },
      'anet.pow': powCases(),
      'anet.directory': directoryCases(),
      'anet.objects': {
        ...objects.objects,
        kels: kels('agent', 'rotated', 'other', 'legacy', 'hub', 'truncated'),
      },
      'anet.messages': { ...objects.messages, kels: kels('agent') },
      'anet.ledger': { ...ledgerCases(), kels: kels('agent') },
      'anet.card': { ...cardCases(), kels: kels('agent', 'rotated', 'legacy', 'truncated') },
    },
  },
];
