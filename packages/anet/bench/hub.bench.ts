import { hash } from 'node:crypto';
import { IdentityCache, KelWriter, MemoryKelPinStore } from '@agent-seam/anet-identity';
import { concatBytes, sha256 } from '@agent-seam/canonical';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { compare } from '../../../tools/bench.js';
import {
  MemoryRelayReplayWindow,
  powPrefix,
  relayPreimageV2,
  requestDigest,
  signHubRequest,
  solvePowRange,
  verifyHubRequest,
} from '../src/index.js';

// 1. Verifying a signed hub request (1 KiB body) as a hub does: headers, time, body digest,
//    the signer's key from its log (replayed once, through an IdentityCache), the pin, the
//    replay window, the signature; against the bare door and the SHA-256 the request needs
//    (the digest of method, target and body, then one Ed25519 verification of the preimage).
//    1024 distinct requests in turn; the window is a fresh one for each pass over them.
// 2. Proof-of-work slices: solvePowRange over 65536 nonces, against a bare node:crypto
//    SHA-256 loop over the same nonces written into the same buffer.
const seed = (label: string) => sha256(new TextEncoder().encode(`bench/${label}`));
const T0 = 1_767_225_600_000;
const agent = KelWriter.incept({
  version: 'v2',
  seed: seed('a0'),
  nextPublicKey: keyPairFromSeed(seed('a1')).publicKey,
  timestampMs: T0,
  kind: 'agent',
}).rotate({
  seed: seed('a1'),
  nextPublicKey: keyPairFromSeed(seed('a2')).publicKey,
  timestampMs: T0 + 1,
  witness: 'bafyreibenchhub',
});
const HUB = 'bafyreibenchhub';
const now = new Date(T0 + 60_000);
const body = new Uint8Array(1024).fill(0x61);
const COUNT = 1024;
const requests = Array.from({ length: COUNT }, (_, i) => {
  const tsMs = now.getTime() - i;
  const headers = signHubRequest(
    { action: 'send', aid: agent.aid, hub: HUB, seq: 1, tsMs, method: 'POST', target: '/relay/send', body },
    seed('a1'),
  );
  return { method: 'POST', url: '/relay/send', headers, body };
});
const key = keyPairFromSeed(seed('a1')).publicKey;
const bare = requests.map((r) => {
  const tsMs = Number(r.headers['X-ANet-TS']);
  const preimage = relayPreimageV2({
    action: 'send',
    aid: agent.aid,
    hub: HUB,
    tsMs,
    digest: requestDigest('POST', '/relay/send', body),
  });
  const sig = Buffer.from(r.headers['X-ANet-Sig'], 'base64url');
  return { preimage, sig: new Uint8Array(sig) };
});
const kel = agent.bytes();
const options = {
  action: 'send' as const,
  hub: HUB,
  now,
  kels: () => kel,
  pins: new MemoryKelPinStore(),
  replay: new MemoryRelayReplayWindow(),
  signerClass: 'peer-hub' as const,
  cache: new IdentityCache(),
};
let i = 0;
let j = 0;
const ZERO = Uint8Array.of(0);
const text = (s: string) => new TextEncoder().encode(s);
for (const r of requests)
  if (!verifyHubRequest(r, options).ok) throw new Error('bench setup: a request is refused');
options.replay = new MemoryRelayReplayWindow();

compare(
  'a signed hub request (1 KiB body), verified by the hub (log cached, pin, replay window)',
  {
    name: '@agent-seam/anet verifyHubRequest',
    run: () => {
      if (j === COUNT) {
        j = 0;
        options.replay = new MemoryRelayReplayWindow();
      }
      if (!verifyHubRequest(requests[j++]!, options).ok) throw new Error('a request was refused');
      return true;
    },
  },
  [
    {
      name: 'SHA-256 of the request + verifyEd25519 (the floor)',
      run: () => {
        const k = i++ % COUNT;
        sha256(concatBytes([text('POST'), ZERO, text('/relay/send'), ZERO, body]));
        return verifyEd25519(key, bare[k]!.preimage, bare[k]!.sig).ok;
      },
    },
  ],
  4000,
);

const prefix = powPrefix({ hub: HUB, aid: agent.aid, seed: seed('pow') });
const SLICE = 65_536;
const buffer = new Uint8Array(prefix.length + 8);
buffer.set(prefix);
const view = new DataView(buffer.buffer, prefix.length, 8);
let start = 0;
compare(
  `proof of work: slices of ${SLICE} nonces at 22 bits (most slices find none)`,
  {
    name: '@agent-seam/anet solvePowRange',
    run: () => {
      start += SLICE;
      return solvePowRange({ prefix, bits: 22, start, count: SLICE });
    },
  },
  [
    {
      name: 'bare node:crypto SHA-256 loop, same nonces',
      run: () => {
        start += SLICE;
        for (let n = 0; n < SLICE; n++) {
          const counter = start + n;
          view.setUint32(0, Math.floor(counter / 0x1_0000_0000));
          view.setUint32(4, counter >>> 0);
          // The fastest node:crypto call for a small digest (what canonical's door calls on Node).
          const d = hash('sha256', buffer, 'binary');
          if (d.charCodeAt(0) === 0 && d.charCodeAt(1) === 0 && d.charCodeAt(2) < 4) return n;
        }
        return null;
      },
    },
  ],
  4000,
);
