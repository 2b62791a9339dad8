import { ed25519 } from '@noble/curves/ed25519.js';
import { base64Strict, concatBytes, hex } from '../../canonical/src/index.ts';
import { sha512 } from '../../did/node_modules/@noble/hashes/sha2.js';
import {
  didFromPublicKey,
  didFromSeed,
  keyPairFromSeed,
  signToBase64,
  verifyEd25519,
} from '../../did/src/index.ts';
import {
  type EnvelopeFields,
  invitePayload,
  listenTokenMessage,
  MemoryReplayCache,
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
} from '../src/index.ts';

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
const challenge = (r: Uint8Array, a: Uint8Array, m: Uint8Array) =>
  scalarOf(sha512(concatBytes([r, a, m]))) % L;

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
assert(
  verifyEnvelope(signedCase, { recipientDid: ME, now: 'off', replay: 'off' }).ok,
  'the signed envelope case verifies',
);

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
    const r = scalarOf(sha512(concatBytes([extended.prefix, m]))) % L;
    const R = Point.BASE.multiply(r);
    const rBytes = R.toBytes();
    const h = challenge(rBytes, aBytes, m);
    if (h % 2n === 0n) continue;
    const s = (r + h * extended.scalar) % L;
    const sig = concatBytes([rBytes, le32(s)]);
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
  return { ...fields, sig: base64Strict.encode(concatBytes([rBytes, le32(s)])) };
}

const messageCase = (
  name: string,
  category: string,
  input: object | string,
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
      sig: base64Strict.encode(concatBytes([Point.ZERO.toBytes(), new Uint8Array(32)])),
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
    'message-is-a-string',
    'not-an-object',
    JSON.stringify(honest),
    'not-an-object',
    'the honest message as JSON text instead of an object: exists for the object check (deleting it makes this case missing-field)',
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
  const v = verifyEnvelope(c.input, {
    ...(c.verifierNamesNoRecipient ? ({} as { recipientDid: string }) : { recipientDid: c.recipientDid! }),
    now: 'off',
    replay: 'off',
  });
  assert(!v.ok && v.code === c.code, `reject.message/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}

// ---------------------------------------------------------------- envelope.freshness

const T0 = 1784273681;
const SECOND_SENDER = seed(0xa2);
const at = (messageId: string, timestamp: number, sender = SENDER) =>
  signEnvelope({ to: ME, messageId, contextId: 'c1', timestamp, text: 'on time' }, sender);
const timely = at('m-fresh', T0);
interface Judged {
  name: string;
  input: unknown;
  now: number | 'off';
  maxSkew?: number;
  why: string;
}
const judgedAt = (c: Judged) =>
  verifyEnvelope(c.input, {
    recipientDid: ME,
    now: c.now,
    replay: 'off',
    ...(c.maxSkew === undefined ? {} : { maxSkew: c.maxSkew }),
  });
const freshAccept = (
  [
    {
      name: 'now-off-by-caller',
      input: timely,
      now: 'off',
      why: "now: 'off': the message is accepted and the verdict says the caller turned freshness off (a verifier that reports fresh here lies)",
    },
    {
      name: 'at-skew-edge-behind',
      input: timely,
      now: T0 + 300,
      why: 'exactly maxSkew (the default 300 s) after the timestamp: the bound is inclusive (the twin of stale-one-second-past)',
    },
    {
      name: 'at-skew-edge-ahead',
      input: timely,
      now: T0 - 300,
      why: 'exactly maxSkew before the timestamp: inclusive on the future side too (the twin of from-future-one-second-past)',
    },
    {
      name: 'inside-a-wider-skew',
      input: timely,
      now: T0 + 900,
      maxSkew: 900,
      why: 'maxSkew widens the window: 900 s behind with maxSkew 900 (the twin of stale-under-a-narrower-skew)',
    },
  ] as Judged[]
).map((c) => {
  const v = judgedAt(c);
  assert(v.ok, `envelope.freshness/${c.name} accepts`);
  return { ...c, freshness: v.value.freshness };
});
const freshRefuse = (
  [
    {
      name: 'stale-one-second-past',
      input: timely,
      now: T0 + 301,
      why: 'a genuine message 301 s old at the default skew: exists for the age bound behind now (deleting it accepts the case)',
    },
    {
      name: 'from-future-one-second-past',
      input: timely,
      now: T0 - 301,
      why: 'a genuine message dated 301 s ahead of now: exists for the bound ahead of now (deleting it accepts the case)',
    },
    {
      name: 'stale-under-a-narrower-skew',
      input: timely,
      now: T0 + 61,
      maxSkew: 60,
      why: 'maxSkew 60 and a message 61 s old: exists for reading maxSkew instead of the default',
    },
    {
      name: 'stale-forged',
      input: { ...timely, text: 'forged' },
      now: T0 + 3600,
      why: 'an edited message an hour old: the age is judged before the signature, so no curve arithmetic is spent on a stale flood',
    },
  ] as Judged[]
).map((c) => {
  const v = judgedAt(c);
  assert(!v.ok, `envelope.freshness/${c.name} refuses`);
  return { ...c, code: v.code, detail: v.detail };
});

interface Step {
  input: unknown;
  now: number;
  /** `first-seen`, or the refusal code. */
  expect: string;
}
interface ReplaySequence {
  name: string;
  windowSeconds: number;
  maxEntries: number;
  maxChars?: number;
  /** Verified by verifyEnvelopeAsync with a store whose every answer is a rejected promise. */
  unavailable?: true;
  steps: Step[];
  why: string;
}
const step = (input: unknown, now: number, expect: string): Step => ({ input, now, expect });
const replaySequences: ReplaySequence[] = [
  {
    name: 'second-delivery-refused',
    windowSeconds: 600,
    maxEntries: 100,
    steps: [step(timely, T0, 'first-seen'), step(timely, T0 + 10, 'replayed')],
    why: 'the same genuine message delivered twice: exists for remembering (from, messageId) after acceptance (deleting the cache lookup accepts the second)',
  },
  {
    name: 'same-id-resigned-later',
    windowSeconds: 600,
    maxEntries: 100,
    steps: [step(timely, T0, 'first-seen'), step(at('m-fresh', T0 + 5), T0 + 6, 'replayed')],
    why: '(from, messageId) is the replay key: the same id signed again with another timestamp is refused',
  },
  {
    name: 'same-id-other-sender',
    windowSeconds: 600,
    maxEntries: 100,
    steps: [step(timely, T0, 'first-seen'), step(at('m-fresh', T0, SECOND_SENDER), T0, 'first-seen')],
    why: 'another sender may use the same messageId: the key holds the sender (a cache keyed by messageId alone refuses the second)',
  },
  {
    name: 'forgery-does-not-poison',
    windowSeconds: 600,
    maxEntries: 100,
    steps: [step({ ...timely, text: 'forged' }, T0, 'bad-signature'), step(timely, T0 + 1, 'first-seen')],
    why: 'a forged copy arrives first: it is refused and NOT remembered, so the genuine message is still accepted (asking the cache before the signature turns the second step red)',
  },
  {
    name: 'replay-after-the-window-is-stale',
    windowSeconds: 600,
    maxEntries: 100,
    steps: [step(timely, T0, 'first-seen'), step(timely, T0 + 601, 'stale')],
    why: 'once the cache forgets a message (600 s after its timestamp) the age bound (300 s) already refuses it: why the window may not be shorter than maxSkew',
  },
  {
    name: 'full-cache-fails-closed',
    windowSeconds: 600,
    maxEntries: 2,
    steps: [
      step(at('m-a', T0 + 1), T0 + 1, 'first-seen'),
      step(at('m-b', T0 + 2), T0 + 2, 'first-seen'),
      step(at('m-old', T0), T0 + 2, 'replay-cache-full'),
      step(at('m-a', T0 + 1), T0 + 2, 'replayed'),
      step(at('m-c', T0 + 3), T0 + 3, 'first-seen'),
      step(at('m-a', T0 + 1), T0 + 3, 'replay-cache-full'),
      step(at('m-d', T0 + 4), T0 + 4, 'first-seen'),
    ],
    why: 'two entries: a message older than all it holds is refused rather than remembered at the cost of a newer one (m-old; evicting for it turns steps 2 and 3 red), m-c evicts the oldest (m-a), and the replay of m-a is then refused as unvouchable, never accepted',
  },
  {
    name: 'uneven-eviction-keeps-the-horizon',
    windowSeconds: 600,
    maxEntries: 10,
    maxChars: 160,
    steps: [
      step(at('a', T0), T0, 'first-seen'),
      step(at('b'.repeat(41), T0 + 1), T0 + 1, 'first-seen'),
      step(at('c'.repeat(21), T0 + 2), T0 + 2, 'first-seen'),
      step(at('a', T0), T0 + 2, 'replay-cache-full'),
    ],
    why: 'keys of 60, 100 and 80 characters under a 160-character cap: the third evicts both others, leaving room, so only the horizon (every timestamp at or below the newest one forgotten) refuses the replay of the first (deleting the horizon check accepts it)',
  },
  {
    name: 'store-unavailable',
    windowSeconds: 600,
    maxEntries: 100,
    unavailable: true,
    steps: [step(timely, T0, 'replay-store-unavailable')],
    why: "a genuine message, and a store whose promise rejects (a shared store whose server cannot be reached): refused (replay-store-unavailable); with the catch deleted from replayVerdictAsync, verifyEnvelopeAsync's own promise rejected and no verdict was given",
  },
];
// The unavailable store's sequence is judged by the async verifier only (its expectation is written above).
for (const seq of replaySequences.filter((s) => s.unavailable !== true)) {
  const cache = new MemoryReplayCache(seq);
  for (const [i, st] of seq.steps.entries()) {
    const v = verifyEnvelope(st.input, { recipientDid: ME, now: st.now, replay: cache });
    const got = v.ok ? v.value.replay : v.code;
    assert(got === st.expect, `envelope.freshness/${seq.name} step ${i} gives ${got}`);
  }
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
    // A forger's signature: the writer signs only as the DID it names, so the bytes are signed directly.
    sig: signToBase64(SEED_B, new TextEncoder().encode(relaySendMessage(plainSend))),
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
    ...plainSend,
    name: 'send-is-not-an-object',
    kind: 'send',
    mustReject: true,
    input: relaySendMessage(plainSend),
    code: 'not-an-object',
    why: 'the deposit given as its signed text instead of its fields: exists for the object check (deleting it makes this case missing-field)',
  },
  {
    ...plainSend,
    name: 'send-sig-not-a-string',
    kind: 'send',
    mustReject: true,
    sig: [plainSend.sig],
    code: 'not-a-string',
    why: 'the honest signature inside an array: exists for the type check of the signature (deleting it makes this case sig-not-canonical-base64)',
  },
  {
    ...plainListen,
    name: 'listen-token-not-a-string',
    kind: 'listen',
    mustReject: true,
    token: null,
    code: 'not-a-string',
    why: 'a null token: exists for the type check of the token (deleting it makes this case sig-not-canonical-base64)',
  },
  {
    ...plainListen,
    name: 'listen-token-past-its-minute',
    kind: 'listen',
    mustReject: true,
    now: plainListen.minute * 60 + 59 + 61,
    code: 'stale',
    why: 'a genuine token judged 61 s after its minute ended (default skew 60 s): exists for the age bound of the minute (deleting it accepts the case)',
  },
  {
    ...plainListen,
    name: 'listen-token-before-its-minute',
    kind: 'listen',
    mustReject: true,
    now: plainListen.minute * 60 - 61,
    code: 'from-future',
    why: 'a genuine token judged 61 s before its minute starts: exists for the bound ahead of now (deleting it accepts the case)',
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
      ? verifyRelaySend('input' in c ? c.input : c, (c as { sig: unknown }).sig)
      : verifyListenToken((c as { token: string }).token, {
          ...(c as { did: string; minute: number; relayUrl: string }),
          now: (c as { now?: number }).now ?? 'off',
        });
  assert(!v.ok && v.code === c.code, `relay.reject/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}
const listenFresh = [
  {
    name: 'first-second-of-its-minute',
    now: plainListen.minute * 60,
    why: 'the token at the start of the minute it names',
  },
  {
    name: 'skew-edge-after',
    now: plainListen.minute * 60 + 59 + 60,
    why: 'the last second of the skew after the minute (the twin of listen-token-past-its-minute)',
  },
  {
    name: 'skew-edge-before',
    now: plainListen.minute * 60 - 60,
    why: 'the first second of the skew before the minute (the twin of listen-token-before-its-minute)',
  },
].map((c) => {
  const v = verifyListenToken(plainListen.token, { ...plainListen, now: c.now });
  assert(v.ok && v.value.freshness === 'fresh', `relay.fresh/${c.name} accepts`);
  return { ...plainListen, ...c };
});

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
    'invite-is-an-array',
    [signInvite(forgedCard, INVITER)] as never,
    'not-an-object',
    'the genuine card inside an array: exists for the object check, which refuses arrays (deleting it makes this case missing-field)',
  ),
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
    'claim-is-a-string',
    JSON.stringify({ ...claimBase, message: claimMessage, nonce: 'n-issued' }) as never,
    'not-an-object',
    'a genuine claim as JSON text: exists for the object check (deleting it makes this case not-a-claim)',
  ),
  {
    ...claimCase(
      'claim-stale',
      { ...claimBase, message: claimMessage, nonce: 'n-issued' },
      'stale',
      'a genuine claim with an issued nonce, judged 301 s after its message was signed: the message must be fresh before the nonce is consumed (the test also checks the nonce was not spent)',
    ),
    now: claimMessage.timestamp + 301,
  },
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
  const now = (c as { now?: number }).now;
  const v = verifyClaim(c.input, {
    recipientDid: c.recipientDid,
    consumeNonce: (n) => issued.delete(n),
    now: now ?? 'off',
    replay: 'off',
  });
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
  'relay.fresh': listenFresh,
  'envelope.freshness': [...freshAccept, ...freshRefuse, ...replaySequences],
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
        fresh: listenFresh,
      },
      'envelope.freshness': {
        note: "verifyEnvelope(input, { recipientDid, now, maxSkew, replay: 'off' }) with the members a case has (now in Unix seconds, or 'off'). accept: accepted, with value.freshness equal to `freshness`. refuse: the code is `code` and the detail is `detail`. replay: one MemoryReplayCache({ windowSeconds, maxEntries, maxChars }) per sequence (maxChars when present); each step is verifyEnvelope(input, { recipientDid, now, replay: cache }) in order, and gives `expect`: first-seen (accepted, value.replay) or the refusal code. A sequence with `unavailable: true` is judged by verifyEnvelopeAsync instead, with a store (windowSeconds 600) whose every answer is a rejected promise.",
        recipientDid: ME,
        accept: freshAccept,
        refuse: freshRefuse,
        replay: replaySequences,
      },
      invite: inviteCases,
      reject: { message: rejectMessage, invite: rejectInvite, claim: rejectClaim },
    },
  },
];
