import { base64Strict, unwrap } from '@agent-seam/canonical';
import { verificationKeyFromDid, verifyEd25519 } from '@agent-seam/did';
import { compare } from '../../../tools/bench.js';
import { cardEnvelopePayload, signCardEnvelope, verifyCardEnvelope } from '../src/index.js';

// The envelope verifier's cost over the bare door: structure checks, anti-substitution,
// the strict base64, the did:key decode and the canonical payload.
const seed = new Uint8Array(32).fill(0x0d);
const card = {
  did: 'did:key:z6MkpFkurpyZgyna5SAfLpvdzp7W6cvdc1fn9YECrwv3AMbF',
  name: 'Node',
  url: '',
  relay: 'https://relay.example',
  enc_pub: 'b'.repeat(64),
};
const envelope = signCardEnvelope(card, seed, 1784273681);
const key = unwrap(verificationKeyFromDid(card.did));
const payload = cardEnvelopePayload(card, envelope.ts);
const sig = unwrap(base64Strict.decode(envelope.sig));
if (!verifyCardEnvelope(envelope, { expectedDid: card.did, now: 'off' }).ok)
  throw new Error('bench: refused');

compare(
  'Card envelope verification',
  {
    name: '@agent-seam/cardpub verifyCardEnvelope',
    run: () => verifyCardEnvelope(envelope, { expectedDid: card.did, now: 'off' }),
  },
  [{ name: 'bare verifyEd25519 (payload and key precomputed)', run: () => verifyEd25519(key, payload, sig) }],
);
