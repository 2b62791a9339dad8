import { base64Strict, hex } from '../../packages/canonical/src/index.ts';
import { ed25519 } from '../../packages/did/node_modules/@noble/curves/ed25519.js';
import { sha512 } from '../../packages/did/node_modules/@noble/hashes/sha2.js';
import {
  didFromPublicKey,
  didFromSeed,
  keyPairFromSeed,
  signToBase64,
  verifyEd25519,
} from '../../packages/did/src/index.ts';
import {
  type EnvelopeFields,
  invitePayload,
  listenTokenMessage,
  relaySendMessage,
  signEnvelope,
  signInvite,
  signingPayload,
  signListenToken,
  signRelaySend,
  verifyClaim,
  verifyEnvelope,
  verifyInvite,
  verifyListenToken,
  verifyRelaySend,
} from '../../packages/envelope/src/index.ts';

/**
 * Vectors of @agent-seam/envelope, in the upstream wire_vectors.json layout. Seeds are
 * the upstream ones where known (relay, invite), so those cases are byte-identical to
 * upstream; the message refusals use this repository's own sender seed. Every refusal
 * is checked here to produce the code it names; `why` says which check it exists for.
 */

function assert(cond: boolean, message: string): asserts cond {
  if (!cond) throw new Error(`envelope vectors: ${message}`);
}

const seed = (byte: number) => new Uint8Array(32).fill(byte);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const { Point } = ed25519;
const L = Point.Fn.ORDER;
const scalarOf = (bytes: Uint8Array) => bytes.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const le32 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const challenge = (r: Uint8Array, a: Uint8Array, m: Uint8Array) => scalarOf(sha512(join(r, a, m))) % L;

// ---------------------------------------------------------------- envelope

const ZERO_DID = didFromPublicKey(new Uint8Array(32));
const FF_DID = didFromPublicKey(new Uint8Array(32).fill(0xff));
const payloadCase = (name: string, fields: EnvelopeFields) => ({
  name,
  ...fields,
  signingPayload: text(signingPayload(fields)),
});
const base = {
  from: ZERO_DID,
  to: FF_DID,
  messageId: 'm1',
  contextId: 'c1' as string | null,
  timestamp: 1752451200,
};
const SENDER = seed(0xa1);
const ME = didFromSeed(seed(0x32));
const OTHER = didFromSeed(seed(0x4d));
const signedCase = signEnvelope(
  { to: ME, messageId: 'm-signed', contextId: null, timestamp: 1784273681, text: 'signed, null context' },
  SENDER,
);
const envelopeCases = [
  payloadCase('plain', { ...base, text: 'hi' }),
  payloadCase('null-context', { ...base, contextId: null, text: 'hi' }),
  payloadCase('non-ascii-text', { ...base, messageId: 'm-群', text: '群れたい — hello' }),
  payloadCase('empty-text', { ...base, timestamp: 0, text: '' }),
  {
    ...payloadCase('signed-null-context', signedCase),
    seed: hex.encode(SENDER),
    recipientDid: ME,
    sig: signedCase.sig,
  },
];
assert(verifyEnvelope(signedCase, { recipientDid: ME }).ok, 'the signed envelope case verifies');

// ---------------------------------------------------------------- reject.message

const honest = signEnvelope(
  { to: ME, messageId: 'm1', contextId: 'c1', timestamp: 1784273681, text: 'pay the invoice' },
  SENDER,
);
const toOther = signEnvelope({ ...honest, from: undefined, to: OTHER }, SENDER);
const sigBytes = base64Strict.decode(honest.sig);
assert(sigBytes.ok, 'honest sig');
const senderKey = keyPairFromSeed(SENDER);
const extended = ed25519.utils.getExtendedPublicKey(SENDER);

/** The final data character of an 88-character signature carries 4 spare bits: set one. */
function respell(sig: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const i = alphabet.indexOf(sig[85]!);
  return sig.slice(0, 85) + alphabet[i ^ 1] + sig.slice(86);
}

/**
 * A message whose signature satisfies only the cofactored equation: the key is the
 * sender's A0 plus the order-2 point T, so [S]B = R + [h]A - [h]T. With h odd the
 * torsion does not cancel; multiplying by 8 removes it.
 */
function torsionCase() {
  const T = Point.fromHex('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f');
  const A = extended.point.add(T);
  const aBytes = A.toBytes();
  const from = didFromPublicKey(aBytes);
  for (let i = 0; ; i++) {
    const fields = {
      from,
      to: ME,
      messageId: `torsion-${i}`,
      contextId: 'c1',
      timestamp: 1784273681,
      text: 'hi',
    };
    const m = signingPayload(fields);
    const r = scalarOf(sha512(join(extended.prefix, m))) % L;
    const R = Point.BASE.multiply(r);
    const rBytes = R.toBytes();
    const h = challenge(rBytes, aBytes, m);
    if (h % 2n === 0n) continue;
    const s = (r + h * extended.scalar) % L;
    const sig = join(rBytes, le32(s));
    const sigText = base64Strict.encode(sig);
    assert(!A.isSmallOrder() && !R.isSmallOrder(), 'torsion: A and R are not small-order');
    assert(s < L, 'torsion: S is canonical');
    const reread = base64Strict.decode(sigText);
    assert(reread.ok && base64Strict.encode(reread.value) === sigText, 'torsion: base64 canonical');
    assert(ed25519.verify(sig, m, aBytes, { zip215: true }), 'torsion: the cofactored equation holds');
    assert(!Point.BASE.multiply(s).equals(R.add(A.multiply(h))), 'torsion: the cofactorless equation fails');
    return { ...fields, sig: sigText };
  }
}

/** R = identity and S = h·a under the sender's honest key: the cofactorless equation holds. */
function smallOrderRCase() {
  const fields = { ...honest, messageId: 'm-small-r' };
  const m = signingPayload(fields);
  const rBytes = Point.ZERO.toBytes();
  const h = challenge(rBytes, senderKey.publicKey, m);
  const s = (h * extended.scalar) % L;
  assert(
    Point.BASE.multiply(s).equals(Point.ZERO.add(extended.point.multiply(h))),
    'small R: equation holds',
  );
  return { ...fields, sig: base64Strict.encode(join(rBytes, le32(s))) };
}

const messageCase = (
  name: string,
  category: string,
  input: Record<string, unknown>,
  code: string,
  why: string,
  recipient: { recipientDid?: string; verifierNamesNoRecipient?: true } = { recipientDid: ME },
) => ({ name, category, mustReject: true, ...recipient, input, code, why });

const rejectMessage = [
  messageCase(
    'from-not-signer',
    'from-not-signer',
    { ...honest, from: didFromSeed(seed(0xc8)) },
    'bad-signature',
    'a genuine signature by another key than `from` names: exists for deriving the key from `from`',
  ),
  messageCase(
    'bad-signature',
    'bad-signature',
    { ...honest, sig: base64Strict.encode(new Uint8Array(64)) },
    'small-order-r',
    'sixty-four zero bytes: R is y = 0, a point of order 4, refused by the small-order comparison on R',
  ),
  messageCase(
    'tampered-text',
    'tampered-text',
    { ...honest, text: 'pay the ATTACKER' },
    'bad-signature',
    'text changed after signing: exists for recomputing the payload from the received fields',
  ),
  messageCase(
    'tampered-timestamp',
    'tampered-timestamp',
    { ...honest, timestamp: 1784273999 },
    'bad-signature',
    'timestamp changed after signing: proves timestamp is one of the signed fields',
  ),
  messageCase(
    'missing-sig',
    'missing-sig',
    { ...honest, sig: null },
    'missing-field',
    'sig is null: exists for the presence check of sig',
  ),
  messageCase(
    'wrong-recipient',
    'wrong-recipient',
    toOther,
    'wrong-recipient',
    'validly signed to another DID: exists for comparing `to` with the recipient the caller names',
  ),
  messageCase(
    'small-order-signer',
    'small-order-key',
    {
      ...honest,
      from: 'did:key:z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj',
      sig: base64Strict.encode(join(Point.ZERO.toBytes(), new Uint8Array(32))),
    },
    'small-order-key',
    'from is the identity point and R = identity, S = 0 satisfies every message: exists for the small-order check of the key',
  ),
  messageCase(
    'sig-not-canonical-base64',
    'sig-not-canonical-base64',
    { ...honest, sig: respell(honest.sig) },
    'sig-not-canonical-base64',
    'the honest signature bytes spelled with a non-zero spare bit: exists for the re-encode comparison of sig',
  ),
  messageCase(
    'wire-names-its-own-recipient',
    'wrong-recipient',
    { ...toOther, recipientDid: OTHER },
    'no-recipient-named',
    'a message carrying an unsigned recipientDid, judged by a caller that names nobody: exists for reading the recipient from the caller only',
    { verifierNamesNoRecipient: true },
  ),
  messageCase(
    'torsion-cofactored-only',
    'bad-signature',
    torsionCase(),
    'bad-signature',
    'key = A0 + T (T of order 2), h odd: only the cofactorless equation refuses it',
  ),
  messageCase(
    'small-order-r-honest-key',
    'small-order-r',
    smallOrderRCase(),
    'small-order-r',
    'R = identity, S = h·a under an honest key: the equation holds, so it exists for the small-order check of R',
  ),
  messageCase(
    'float-timestamp',
    'float-ts',
    { ...honest, timestamp: 1784273681.5 },
    'not-integer-timestamp',
    'a fractional timestamp: exists for the integer check of timestamp',
  ),
  messageCase(
    'short-signature',
    'bad-signature',
    { ...honest, sig: base64Strict.encode(sigBytes.value.subarray(0, 63)) },
    'bad-signature-length',
    'canonical base64 of 63 bytes: exists for the decoded-length check of sig',
  ),
  messageCase(
    'from-not-did-key',
    'from-not-signer',
    { ...honest, from: 'did:web:example.com' },
    'from-not-did-key',
    'from is not a did:key: exists for decoding the key from `from`',
  ),
  messageCase(
    'lone-surrogate-text',
    'non-canonical',
    { ...honest, text: 'pay \ud800' },
    'cannot-canonicalize',
    'text holds an unpaired surrogate, which has no canonical spelling: exists for the payload refusal',
  ),
];
for (const c of rejectMessage) {
  const v = verifyEnvelope(
    c.input,
    c.verifierNamesNoRecipient ? ({} as never) : { recipientDid: c.recipientDid! },
  );
  assert(!v.ok && v.code === c.code, `reject.message/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}

// ---------------------------------------------------------------- relay

const SEED_A = Uint8Array.from({ length: 32 }, (_, i) => i);
const SEED_B = seed(0x07);
const didA = didFromSeed(SEED_A);
const didB = didFromSeed(SEED_B);
const sendCases = [
  { name: 'plain', id: '0123456789abcdef', blob: 'c2VhbGVkLWJsb2I=' },
  { name: 'empty-blob', id: 'id-1', blob: '' },
  { name: 'non-ascii-id', id: '群-1', blob: 'eA==' },
].map(({ name, id, blob }) => {
  const fields = { to: didB, from: didA, id, blob };
  return { name, ...fields, sendSigMsg: relaySendMessage(fields), sig: signRelaySend(fields, SEED_A) };
});
const listenCases = [
  { name: 'plain', minute: 29740853, relayUrl: 'https://muretai.com' },
  { name: 'zero-minute', minute: 0, relayUrl: 'https://muretai.com' },
  { name: 'same-origin-different-spelling', minute: 29740853, relayUrl: 'HTTPS://Muretai.com:443/' },
  { name: 'explicit-port', minute: 29740853, relayUrl: 'http://127.0.0.1:9000' },
].map(({ name, minute, relayUrl }) => {
  const claim = { did: didA, minute, relayUrl };
  const listenTokenMsg = listenTokenMessage(claim);
  return {
    name,
    did: didA,
    minute,
    relayUrl,
    origin: listenTokenMsg.slice(`listen:${didA}:${minute}:`.length),
    listenTokenMsg,
    token: signListenToken(claim, SEED_A),
  };
});
const plainSend = sendCases[0]!;
const plainListen = listenCases[0]!;
const relayReject = [
  {
    ...plainSend,
    name: 'send-signed-by-another-key',
    kind: 'send',
    mustReject: true,
    sig: signRelaySend(plainSend, SEED_B),
    code: 'bad-signature',
    why: 'a genuine signature by B over A’s deposit: exists for verifying under the key `from` names',
  },
  {
    ...plainSend,
    name: 'pipe-in-id',
    kind: 'send',
    mustReject: true,
    id: 'a|b',
    code: 'missing-field',
    why: 'an id holding the separator: exists for the no-| rule that keeps the joined string unambiguous',
  },
  {
    ...plainListen,
    name: 'listen-token-for-another-origin',
    kind: 'listen',
    mustReject: true,
    relayUrl: 'https://relay.example',
    code: 'bad-signature',
    why: 'a genuine token for muretai.com presented at another relay: exists for binding the token to the origin',
  },
  {
    ...plainListen,
    name: 'listen-token-for-another-minute',
    kind: 'listen',
    mustReject: true,
    minute: plainListen.minute + 1,
    code: 'bad-signature',
    why: 'a genuine token replayed one minute later: exists for binding the token to the minute',
  },
];
for (const c of relayReject) {
  const v =
    c.kind === 'send'
      ? verifyRelaySend(c, (c as { sig: string }).sig)
      : verifyListenToken(
          (c as { token: string }).token,
          c as { did: string; minute: number; relayUrl: string },
        );
  assert(!v.ok && v.code === c.code, `relay.reject/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}

// ---------------------------------------------------------------- invite, reject.invite

const INVITER = seed(0x0b);
const inviterDid = didFromSeed(INVITER);
const INVITE_NOW = '2026-07-20T00:00:00Z';
const nowSeconds = (iso: string) => Date.parse(iso) / 1000;
const inviteCards = [
  {
    name: 'relay-only',
    card: {
      v: 1,
      did: inviterDid,
      name: 'Apple Mini',
      specialty: 'general',
      url: '',
      relay: 'https://relay.example',
      enc_pub: 'a'.repeat(64),
      nonce: 'n1',
      exp: '2026-07-23T09:59:45Z',
    },
  },
  {
    name: 'direct-url',
    card: {
      v: 1,
      did: inviterDid,
      name: 'Node',
      specialty: 'photography',
      url: 'http://127.0.0.1:8001/',
      nonce: 'n2',
      exp: '2026-07-23T09:59:45Z',
    },
  },
];
const inviteCases = inviteCards.map(({ name, card }) => ({
  name,
  card,
  invitePayload: text(invitePayload(card)),
  sig: signInvite(card, INVITER).sig,
  checkNow: INVITE_NOW,
}));
const plainCard = { v: 1, did: inviterDid, name: 'Node', specialty: 'general', url: '', nonce: 'n1' };
const inviteCase = (name: string, input: Record<string, unknown>, code: string, why: string) => ({
  name,
  category: name,
  mustReject: true,
  input,
  checkNow: INVITE_NOW,
  code,
  why,
});
const forgedCard = { ...plainCard, exp: '2026-07-23T09:59:45Z' };
const rejectInvite = [
  inviteCase(
    'expired-invite',
    signInvite({ ...plainCard, exp: '2026-07-10T00:00:00Z' }, INVITER),
    'expired',
    'a genuine card whose exp is before checkNow: exists for the exp > now comparison',
  ),
  inviteCase(
    'forged-invite',
    { ...forgedCard, sig: signToBase64(seed(0x0c), invitePayload(forgedCard)) },
    'bad-signature',
    'the card names one did and is signed by another key: exists for verifying under the DID the card claims',
  ),
  inviteCase(
    'exp-not-utc-seconds',
    { ...forgedCard, exp: '2026-07-23 09:59:45', sig: signInvite(forgedCard, INVITER).sig },
    'missing-field',
    'exp spelled without T and Z: exists for the one-spelling rule of exp (no lenient date parsing)',
  ),
];
for (const c of rejectInvite) {
  const v = verifyInvite(c.input, { now: nowSeconds(c.checkNow) });
  assert(!v.ok && v.code === c.code, `reject.invite/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}
for (const c of inviteCases)
  assert(verifyInvite({ ...c.card, sig: c.sig }, { now: nowSeconds(INVITE_NOW) }).ok, c.name);

// ---------------------------------------------------------------- reject.claim

const CLAIMER = seed(0x3b);
const DEVICE = didFromSeed(seed(0x3c));
const claimMessage = signEnvelope(
  { to: DEVICE, messageId: 'cm1', contextId: 'cc', timestamp: 1784273681, text: 'onboard/claim' },
  CLAIMER,
);
const claimCase = (name: string, input: Record<string, unknown>, code: string, why: string) => ({
  name,
  category: name,
  mustReject: true,
  recipientDid: DEVICE,
  issuedNonces: ['n-issued'],
  input,
  code,
  why,
});
const claimBase = {
  method: 'onboard/claim',
  name: 'Alice',
  enc_pub: 'c'.repeat(64),
  relay: 'https://relay.example',
};
const rejectClaim = [
  claimCase(
    'claim-unsigned',
    {
      ...claimBase,
      message: { ...claimMessage, sig: base64Strict.encode(new Uint8Array(64)) },
      nonce: 'n-issued',
    },
    'small-order-r',
    'an issued nonce under a zero signature: exists for verifying the message before the nonce is consumed',
  ),
  claimCase(
    'claim-unknown-nonce',
    { ...claimBase, message: claimMessage, nonce: 'never-issued-by-this-device' },
    'unknown-nonce',
    'a genuine claim with a nonce this device never issued: exists for the one-time nonce check',
  ),
  claimCase(
    'not-a-claim',
    { ...claimBase, method: 'onboard/hello', message: claimMessage, nonce: 'n-issued' },
    'not-a-claim',
    'a genuine message under another method: exists for the method comparison',
  ),
];
for (const c of rejectClaim) {
  const issued = new Set(c.issuedNonces);
  const v = verifyClaim(c.input, { recipientDid: c.recipientDid, consumeNonce: (n) => issued.delete(n) });
  assert(!v.ok && v.code === c.code, `reject.claim/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}
assert(
  verifyEd25519(senderKey.publicKey, signingPayload(honest), sigBytes.value).ok,
  'honest message verifies',
);

for (const [group, list] of Object.entries({
  envelope: envelopeCases,
  'reject.message': rejectMessage,
  'relay.send': sendCases,
  'relay.listen': listenCases,
  'relay.reject': relayReject,
  invite: inviteCases,
  'reject.invite': rejectInvite,
  'reject.claim': rejectClaim,
}))
  assert(new Set(list.map((c) => c.name)).size === list.length, `${group}: case names are unique`);

export const parts = [
  {
    file: 'wire_vectors.json',
    content: {
      envelope: envelopeCases,
      relay: {
        seedA: hex.encode(SEED_A),
        seedB: hex.encode(SEED_B),
        send: sendCases,
        listen: listenCases,
        reject: relayReject,
      },
      invite: inviteCases,
      reject: { message: rejectMessage, invite: rejectInvite, claim: rejectClaim },
    },
  },
];
