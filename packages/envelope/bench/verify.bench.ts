import { base64Strict } from '@agent-seam/canonical';
import { didFromSeed, keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { signEnvelope, signingPayload, verifyEnvelope } from '@agent-seam/envelope';
import { ed25519 } from '@noble/curves/ed25519.js';
import { compare } from '../../../tools/bench.js';

/**
 * Everything verifyEnvelope does besides the signature (field checks, did:key decode,
 * canonical payload, strict base64) measured against the bare door it ends in, and
 * against the bare noble verify the issue names, both handed the finished payload
 * bytes, raw key and raw signature of the same 64 messages. On Node the door runs the
 * node:crypto equation, so the noble row shows the backend gain, not the overhead.
 */
const seed = new Uint8Array(32).fill(0x61);
const { publicKey } = keyPairFromSeed(seed);
const me = didFromSeed(new Uint8Array(32).fill(0x62));
const envelopes = Array.from({ length: 64 }, (_, i) =>
  signEnvelope(
    {
      to: me,
      messageId: `m-${i}`,
      contextId: 'c1',
      timestamp: 1784273681 + i,
      text: `message ${i}: 群れたい — hello`,
    },
    seed,
  ),
);
const payloads = envelopes.map((e) => signingPayload(e));
const signatures = envelopes.map((e) => {
  const s = base64Strict.decode(e.sig);
  if (!s.ok) throw new Error('sig');
  return s.value;
});

let i = 0;
const next = () => i++ & 63;
compare(
  'message verification (64 envelopes)',
  {
    name: '@agent-seam/envelope verifyEnvelope',
    run: () => {
      if (!verifyEnvelope(envelopes[next()], { recipientDid: me, now: 'off', replay: 'off' }).ok)
        throw new Error('refused');
    },
  },
  [
    {
      name: 'verifyEd25519 (bare door, same backend)',
      run: () => {
        const k = next();
        if (!verifyEd25519(publicKey, payloads[k]!, signatures[k]!).ok) throw new Error('refused');
      },
    },
    {
      name: '@noble/curves ed25519.verify zip215:false (bare)',
      run: () => {
        const k = next();
        if (!ed25519.verify(signatures[k]!, payloads[k]!, publicKey, { zip215: false }))
          throw new Error('refused');
      },
    },
  ],
);
