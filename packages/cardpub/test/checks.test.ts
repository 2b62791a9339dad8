import { base64Strict, base64urlStrict, canonicalize, hex, utf8Strict } from '@agent-seam/canonical';
import {
  A2A_CHECKS,
  A2A_CODES,
  a2aCardPayload,
  a2aSigningInput,
  CARD_ENVELOPE_CHECKS,
  CARD_ENVELOPE_CODES,
  cardEnvelopeSignedBytes,
  DOMAIN_LINKAGE_CHECKS,
  DOMAIN_LINKAGE_CODES,
  domainLinkageSigningInput,
  signA2ACard,
  signCardEnvelope,
  signDomainLinkage,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyDomainLinkage,
} from '@agent-seam/cardpub';
import { didFromPublicKey, didFromSeed, keyPairFromSeed } from '@agent-seam/did';
import { expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';

const seed = new Uint8Array(32).fill(13);
const did = didFromSeed(seed);
const NOW = 1784280881;
const identity = new Uint8Array(32);
identity[0] = 1;
const nonCanonical = hex.decode(`ef${'ff'.repeat(30)}7f`);
if (!nonCanonical.ok) throw new Error('hex');
const oddDid = didFromPublicKey(nonCanonical.value);
/** A signature's bytes with R or S replaced: R the identity point, S far above the group order. */
const smallOrderR = (s: Uint8Array) => new Uint8Array([...identity, ...s.subarray(32)]);
const highS = (s: Uint8Array) => new Uint8Array([...s.subarray(0, 32), ...new Uint8Array(32).fill(0xff)]);

// Card envelope.
const envelope = signCardEnvelope({ did, name: 'Node' }, seed, NOW);
const envSig = base64Strict.decode(envelope.sig);
if (!envSig.ok) throw new Error('sig');
const card = (changes: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  verifyCardEnvelope({ ...envelope, ...changes }, { expectedDid: did, now: 'off', ...options });

it('the card envelope the order cases start from verifies', () => {
  expect(card({}, { now: NOW }).ok).toBe(true);
});

holdChecksToVerifier('verifyCardEnvelope', CARD_ENVELOPE_CHECKS, CARD_ENVELOPE_CODES, {
  'fields > expected-did-named': () =>
    verifyCardEnvelope([], { expectedDid: undefined as never, now: 'off' }),
  'expected-did-named > did': () =>
    verifyCardEnvelope(envelope, { expectedDid: undefined as never, now: 'off' }),
  'did > freshness': () => card({}, { expectedDid: didFromSeed(new Uint8Array(32)), now: NOW + 99999 }),
  'freshness > signature-text': () => card({ sig: 'x' }, { now: NOW + 99999 }),
  'signature-text > signer-key': () =>
    verifyCardEnvelope(
      { ...envelope, card: { did: 'did:web:x' }, sig: 'x' },
      { expectedDid: 'did:web:x', now: 'off' },
    ),
  'signer-key > signed-bytes': () =>
    verifyCardEnvelope(
      { ...envelope, card: { did: 'did:web:x', name: '\ud800' } },
      { expectedDid: 'did:web:x', now: 'off' },
    ),
  'signed-bytes > lengths': () =>
    card({ card: { did, name: '\ud800' }, sig: base64Strict.encode(new Uint8Array(63)) }),
  'lengths > key-point': () =>
    verifyCardEnvelope(
      { ...envelope, card: { did: oddDid }, sig: base64Strict.encode(new Uint8Array(63)) },
      { expectedDid: oddDid, now: 'off' },
    ),
  'key-point > r-point': () =>
    verifyCardEnvelope(
      { ...envelope, card: { did: oddDid }, sig: base64Strict.encode(smallOrderR(envSig.value)) },
      { expectedDid: oddDid, now: 'off' },
    ),
  'r-point > s-scalar': () => card({ sig: base64Strict.encode(highS(smallOrderR(envSig.value))) }),
  's-scalar > equation': () => card({ ts: NOW + 1, sig: base64Strict.encode(highS(envSig.value)) }),
});

// Domain linkage: tokens rebuilt from parts, so each case breaks exactly the two checks it names.
const ORIGIN = 'https://node.example';
const jwt = signDomainLinkage(seed, { origin: ORIGIN, nbf: NOW - 60, exp: NOW + 60 });
const [h0, p0, s0] = jwt.split('.') as [string, string, string];
const decoded = (segment: string): Uint8Array => {
  const bytes = base64urlStrict.decode(segment);
  if (!bytes.ok) throw new Error('segment');
  return bytes.value;
};
const json = (segment: string) => JSON.parse(new TextDecoder().decode(decoded(segment)));
const segment = (value: unknown) =>
  base64urlStrict.encode(utf8Strict.encode(typeof value === 'string' ? value : JSON.stringify(value)));
const header0 = json(h0);
const claims0 = json(p0);
const sig0 = decoded(s0);
const token = (header: unknown, claims: unknown, sig: Uint8Array = sig0) =>
  `${segment(header)}.${segment(claims)}.${base64urlStrict.encode(sig)}`;
const asDid = (other: string) => ({
  header: { ...header0, kid: `${other}#${other.slice('did:key:'.length)}` },
  claims: {
    ...claims0,
    iss: other,
    sub: other,
    vc: { ...claims0.vc, credentialSubject: { ...claims0.vc.credentialSubject, id: other } },
  },
});
const link = (text: string, options: Record<string, unknown> = {}) =>
  verifyDomainLinkage(text, { did, origin: ORIGIN, now: NOW, ...options });

it('the linkage the order cases start from verifies', () => {
  expect(link(jwt).ok).toBe(true);
  expect(link(token(header0, claims0)).ok).toBe(true);
});

const odd = asDid(oddDid);
holdChecksToVerifier('verifyDomainLinkage', DOMAIN_LINKAGE_CHECKS, DOMAIN_LINKAGE_CODES, {
  'token > header': () => link(`${segment('not json')}.${p0}.${s0}==`),
  'header > payload': () => link(token({ ...header0, alg: 'ES256' }, [])),
  'payload > identity': () => link(token(header0, []), { did: 'did:key:zOther' }),
  'identity > credential-type': () =>
    link(token(header0, { ...claims0, iss: 'did:key:zOther', vc: { ...claims0.vc, type: [] } })),
  'credential-type > times': () =>
    link(token(header0, { ...claims0, exp: undefined, vc: { ...claims0.vc, type: [] } })),
  'times > validity': () => link(token(header0, { ...claims0, exp: NOW - 0.5 })),
  'validity > origin': () => link(jwt, { now: NOW + 999, origin: 'https://other.example' }),
  'origin > signer-key': () => {
    const bad = asDid('did:key:zBAD0');
    return link(token(bad.header, bad.claims), { did: 'did:key:zBAD0', origin: 'https://other.example' });
  },
  'signer-key > lengths': () => {
    const bad = asDid('did:key:zBAD0');
    return link(token(bad.header, bad.claims, new Uint8Array(63)), { did: 'did:key:zBAD0' });
  },
  'lengths > key-point': () => link(token(odd.header, odd.claims, new Uint8Array(63)), { did: oddDid }),
  'key-point > r-point': () => link(token(odd.header, odd.claims, smallOrderR(sig0)), { did: oddDid }),
  'r-point > s-scalar': () => link(token(header0, claims0, highS(smallOrderR(sig0)))),
  's-scalar > equation': () => link(token(header0, { ...claims0, nbf: NOW - 61 }, highS(sig0))),
});

// A2A.
const a2aCard = { name: 'Echo', version: '1.0.0', skills: [] };
const signature = signA2ACard(a2aCard, seed, { kid: 'k1', jku: 'https://echo.example/jwks.json' });
const a2aSig = decoded(signature.signature);
const publicKey = keyPairFromSeed(seed).publicKey;
const a2a = (cardValue: unknown, sig: unknown, key: Uint8Array = publicKey) =>
  verifyA2ACard(cardValue, sig, { publicKey: key });
const withSig = (bytes: Uint8Array) => ({ ...signature, signature: base64urlStrict.encode(bytes) });

it('the A2A signature the order cases start from verifies', () => {
  expect(a2a(a2aCard, signature).ok).toBe(true);
});

holdChecksToVerifier('verifyA2ACard', A2A_CHECKS, A2A_CODES, {
  'card > signature-object': () => a2a([], {}),
  'signature-object > segments': () => a2a(a2aCard, { protected: '!!' }),
  'segments > header': () => a2a(a2aCard, { protected: segment('not json'), signature: '==' }),
  'header > key': () =>
    verifyA2ACard(
      a2aCard,
      { ...signature, protected: segment({ alg: 'ES256', typ: 'JOSE', kid: 'k9', jku: 'x' }) },
      { jwks: { keys: [] } },
    ),
  'key > signed-bytes': () =>
    verifyA2ACard({ ...a2aCard, name: '\ud800' }, signature, { jwks: { keys: [] } }),
  'signed-bytes > lengths': () => a2a({ ...a2aCard, name: '\ud800' }, signature, new Uint8Array(31)),
  'lengths > key-point': () => a2a(a2aCard, signature, new Uint8Array([...identity, 0])),
  'key-point > r-point': () => a2a(a2aCard, withSig(smallOrderR(a2aSig)), identity),
  'r-point > s-scalar': () => a2a(a2aCard, withSig(highS(smallOrderR(a2aSig)))),
  's-scalar > equation': () => a2a({ ...a2aCard, version: '2' }, withSig(highS(a2aSig))),
});

it('what was signed: computed from the received artifacts, as the verifiers compute it', () => {
  expect(cardEnvelopeSignedBytes({ ...envelope, extra: 1 })).toEqual(
    canonicalize({ card: envelope.card, ts: envelope.ts, typ: 'agentcard', v: 1 }, { profile: 'seam' }),
  );
  expect(cardEnvelopeSignedBytes({ ...envelope, ts: 1.5 })).toBeNull();
  expect(new TextDecoder().decode(domainLinkageSigningInput(jwt)!)).toBe(`${h0}.${p0}`);
  expect(domainLinkageSigningInput('a.b')).toBeNull();
  const a2aInput = `${signature.protected}.${base64urlStrict.encode(a2aCardPayload(a2aCard))}`;
  expect(new TextDecoder().decode(a2aSigningInput({ ...a2aCard, signatures: [signature] }, signature)!)).toBe(
    a2aInput,
  );
  expect(a2aSigningInput({ x: '\ud800' }, signature)).toBeNull();
});
