import { createHash } from 'node:crypto';
import { base64Strict, canonicalize, concatBytes, hex, parseJSON } from '../../canonical/src/index.ts';
import { boxKeyV1, encPrivateKey } from '../src/box-keys.ts';
import {
  type BoxCode,
  encPublicKey,
  encPublicKeyPq,
  openBoxV1Verdict,
  openBoxVerdict,
  openPayload,
  type PayloadCode,
  readSealedField,
  type SealedFieldCode,
  sealBox,
  sealedObject,
  sealedString,
  sealPayload,
} from '../src/index.ts';
import { chachaOpen, chachaSeal, x25519SharedSecret } from '../src/primitives.ts';
import { seededRandom, vectorRing } from '../test/memory-ring.ts';

/**
 * Vectors of @agent-seam/cryptobox. Keys, nonces and data keys are fixed (seeded), so
 * every blob and envelope regenerates byte for byte. Each refusal case is built from
 * an accepted one by changing the one thing its check looks at, and the generator
 * confirms the refusal code before writing it, so no case can be vacuous.
 */

const utf8 = (s: string) => new TextEncoder().encode(s);
const h = hex.encode;
const fill = (byte: number, n = 32) => new Uint8Array(n).fill(byte);

function assert(cond: boolean, message: string): asserts cond {
  if (!cond) throw new Error(`cryptobox vectors: ${message}`);
}

// ------------------------------------------------------------------ the box

// The upstream key pair (seeds 0x03.. and 0x09..) and a second pair of our own.
const SENDER = fill(0x03);
const RECIPIENT = fill(0x09);
const OTHER = fill(0x2a);

/** An encPub for the wire is the seed's X25519 key; these are low-order points no seed has. */
const LOW_ORDER_POINT = hex.decode('e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800');
assert(LOW_ORDER_POINT.ok, 'low-order point');

interface RoundTrip {
  name: string;
  from: Uint8Array;
  to: Uint8Array;
  plaintext: Uint8Array;
  ad: Uint8Array;
  why: string;
}
const roundTrips: RoundTrip[] = [
  {
    name: 'plain',
    from: SENDER,
    to: RECIPIENT,
    plaintext: utf8('hello'),
    ad: new Uint8Array(0),
    why: 'a short text under empty associated data',
  },
  {
    name: 'empty-plaintext',
    from: SENDER,
    to: RECIPIENT,
    plaintext: new Uint8Array(0),
    ad: new Uint8Array(0),
    why: 'nothing but nonce and tag: 28 bytes of blob',
  },
  {
    name: 'with-associated-data',
    from: SENDER,
    to: RECIPIENT,
    plaintext: utf8('pay the invoice'),
    ad: utf8('contextId=c1'),
    why: 'the box is bound to a context id',
  },
  {
    name: 'non-ascii',
    from: SENDER,
    to: RECIPIENT,
    plaintext: utf8('群れたい'),
    ad: utf8('ctx'),
    why: 'plaintext is bytes; UTF-8 passes through untouched',
  },
  {
    name: 'reverse-direction',
    from: RECIPIENT,
    to: SENDER,
    plaintext: utf8('reply'),
    ad: utf8('contextId=c1'),
    why: 'the recipient answers the sender: static-static X25519 and an info naming no key give both directions one key',
  },
  {
    name: 'kilobyte',
    from: OTHER,
    to: RECIPIENT,
    plaintext: fill(0x5a, 1024),
    ad: fill(0x01, 64),
    why: 'several ChaCha20 blocks and a long associated data',
  },
];

const nonceFor = (i: number) => seededRandom(`cryptobox/box/nonce/${i}`)(12);

/** Both parties of a round trip as published: each seed and the encryption key it derives. */
const partiesHex = (c: RoundTrip) => ({
  senderSeedHex: h(c.from),
  senderEncPubHex: h(encPublicKey(c.from)),
  recipientSeedHex: h(c.to),
  recipientEncPubHex: h(encPublicKey(c.to)),
});

const boxRoundTrip = roundTrips.map((c, i) => {
  const nonce = nonceFor(i);
  const blob = sealBox({
    senderSeed: c.from,
    recipientPub: encPublicKey(c.to),
    plaintext: c.plaintext,
    ad: c.ad,
    nonce,
  });
  const back = openBoxVerdict({ recipientSeed: c.to, senderPub: encPublicKey(c.from), blob, ad: c.ad });
  assert(back.ok && h(back.value) === h(c.plaintext), `${c.name} does not round-trip`);
  return {
    name: c.name,
    ...partiesHex(c),
    nonceHex: h(nonce),
    adHex: h(c.ad),
    plaintextHex: h(c.plaintext),
    blob,
    why: c.why,
  };
});

const good = boxRoundTrip[2]!; // with-associated-data
const goodBlob = good.blob;

/** Flips the lowest bit of the character at `index` inside the alphabet (stays valid base64). */
function flipChar(text: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const at = alphabet.indexOf(text[index]!);
  return text.slice(0, index) + alphabet[at ^ 1] + text.slice(index + 1);
}

interface BoxRefusal {
  name: string;
  /** The blob as received; null stands for a message that lacks it. */
  blob: string | null;
  adHex?: string;
  senderEncPubHex?: string;
  maxChars?: number;
  /** Opened by openBoxV1 alone (the default: openBox, which reads both versions). */
  opener?: 'v1-only';
  code: BoxCode;
  why: string;
}
const boxRefusals: BoxRefusal[] = [
  {
    name: 'blob-null',
    blob: null,
    code: 'not-a-string',
    why: 'a message without its blob (null where the base64 text belongs): refused first, as what it is; without the type check the spelling check would call it bad-base64',
  },
  {
    name: 'blob-over-cap',
    blob: goodBlob,
    maxChars: goodBlob.length - 4,
    code: 'too-large',
    why: "an authentic blob one base64 quantum longer than the caller's cap: only the size check, made before decoding, refuses it",
  },
  {
    name: 'base64-residual-bits',
    // The blob is 43 bytes, so it ends in "==" and its last data character carries 4 spare bits.
    blob: flipChar(goodBlob, goodBlob.indexOf('=') - 1),
    code: 'bad-base64',
    why: 'the authentic blob with a non-zero spare bit in its last character: a lenient decoder reads the same bytes and opens it, the strict spelling check refuses',
  },
  {
    name: 'shorter-than-nonce-and-tag',
    blob: goodBlob.slice(0, 36),
    code: 'too-short',
    why: '27 bytes cannot hold a 12-byte nonce and a 16-byte tag; without the length check the AEAD is handed a truncated input',
  },
  {
    name: 'sender-key-31-bytes',
    blob: goodBlob,
    senderEncPubHex: good.senderEncPubHex.slice(0, 62),
    code: 'bad-public-key',
    why: 'the authentic blob with the sender key cut to 31 bytes: only the key-length check names this',
  },
  {
    name: 'low-order-sender-key',
    blob: goodBlob,
    senderEncPubHex: h(LOW_ORDER_POINT.value),
    code: 'zero-shared-secret',
    why: 'a sender key of order 8: X25519 gives the all-zero secret every party can compute, which is refused before any key is derived from it',
  },
  {
    name: 'zero-sender-key',
    blob: goodBlob,
    senderEncPubHex: '00'.repeat(32),
    code: 'zero-shared-secret',
    why: 'u = 0, the point every scalar sends to zero',
  },
  {
    name: 'non-canonical-zero-sender-key',
    blob: goodBlob,
    senderEncPubHex: `ed${'ff'.repeat(30)}7f`,
    code: 'zero-shared-secret',
    why: 'u = 2^255 - 19, a second spelling of 0: it must be reduced before it is judged, not slip past a byte comparison with the zero key',
  },
  {
    name: 'high-bit-low-order-sender-key',
    blob: goodBlob,
    senderEncPubHex: h(LOW_ORDER_POINT.value).slice(0, 62) + '80',
    code: 'zero-shared-secret',
    why: 'the order-8 point with bit 255 set: RFC 7748 ignores that bit, so this is still a low-order key',
  },
  {
    name: 'tag-flipped',
    blob: flipChar(goodBlob, goodBlob.length - 4),
    code: 'authentication-failed',
    why: 'one bit of the tag changed, everything else canonical and the right length: only the Poly1305 check sees it',
  },
  {
    name: 'associated-data-dropped',
    blob: goodBlob,
    adHex: '',
    code: 'authentication-failed',
    why: 'the blob sealed under contextId=c1 opened with empty associated data: the tag covers the associated data',
  },
  {
    name: 'wrong-sender-key',
    blob: boxRoundTrip[5]!.blob,
    adHex: boxRoundTrip[5]!.adHex,
    code: 'authentication-failed',
    why: 'a box that another sender sealed to this recipient, opened under the wrong sender key: the shared secret differs, so the tag does not verify',
  },
];

/**
 * The refusals as written to the file, each opened by the recipient first to confirm its
 * code; a case leaves its sender key and associated data to the accepted box it changes.
 */
const confirmedRefusals = (refusals: BoxRefusal[], good: { adHex: string; senderEncPubHex: string }) =>
  refusals.map((r) => {
    const adHex = r.adHex ?? good.adHex;
    const senderEncPubHex = r.senderEncPubHex ?? good.senderEncPubHex;
    const pub = hex.decode(senderEncPubHex);
    const ad = hex.decode(adHex);
    assert(pub.ok && ad.ok, r.name);
    const open = r.opener === 'v1-only' ? openBoxV1Verdict : openBoxVerdict;
    const v = open({
      recipientSeed: RECIPIENT,
      senderPub: pub.value,
      blob: r.blob as string,
      ad: ad.value,
      ...(r.maxChars === undefined ? {} : { maxChars: r.maxChars }),
    });
    assert(!v.ok && v.code === r.code, `${r.name}: expected ${r.code}, got ${v.ok ? 'plaintext' : v.code}`);
    return {
      name: r.name,
      recipientSeedHex: h(RECIPIENT),
      senderEncPubHex,
      adHex,
      blob: r.blob,
      ...(r.maxChars === undefined ? {} : { maxChars: r.maxChars }),
      ...(r.opener === undefined ? {} : { opener: r.opener }),
      code: r.code,
      why: r.why,
    };
  });
const boxReject = confirmedRefusals(boxRefusals, good);

// ------------------------------------------------------------------ the v2 (hybrid) box

/** The same round trips, sealed as v2 boxes; where a case shows something else in v2, its `why` says that. */
const V2_WHY: Record<string, string> = {
  plain: 'a short text under empty associated data, between the upstream key pair',
  'empty-plaintext': 'prefix, ML-KEM ciphertext, nonce and tag only: 1120 bytes, the shortest v2 blob',
  'reverse-direction':
    "the recipient answers the sender: this direction encapsulates to the sender's ML-KEM key",
};
const v2Trips: RoundTrip[] = roundTrips.map((c) => ({ ...c, why: V2_WHY[c.name] ?? c.why }));

/** Seals a v2 box with seeded randomness. */
function sealV2Seeded(label: string, c: RoundTrip) {
  const random = seededRandom(`cryptobox/box-v2/${label}`);
  const encapsulationSeed = random(32);
  const nonce = random(12);
  const blob = sealBox({
    senderSeed: c.from,
    recipientPub: encPublicKey(c.to),
    recipientPqPub: encPublicKeyPq(c.to),
    plaintext: c.plaintext,
    ad: c.ad,
    nonce,
    encapsulationSeed,
  });
  return { blob, encapsulationSeed, nonce };
}

const boxV2 = v2Trips.map((c) => {
  const { blob, encapsulationSeed, nonce } = sealV2Seeded(c.name, c);
  const back = openBoxVerdict({ recipientSeed: c.to, senderPub: encPublicKey(c.from), blob, ad: c.ad });
  assert(back.ok && h(back.value) === h(c.plaintext), `v2 ${c.name} does not round-trip`);
  return {
    name: c.name,
    ...partiesHex(c),
    recipientPqPubHex: h(encPublicKeyPq(c.to)),
    encapsulationSeedHex: h(encapsulationSeed),
    nonceHex: h(nonce),
    adHex: h(c.ad),
    plaintextHex: h(c.plaintext),
    blob,
    why: c.why,
  };
});

const goodV2 = boxV2[2]!; // with-associated-data
const goodV2Bytes = base64Strict.decode(goodV2.blob);
assert(goodV2Bytes.ok, 'v2 blob');
const V2_BLOB = goodV2Bytes.value;
const KEM_START = 4;
const CONTEXT_C1 = utf8('contextId=c1');

/** The good v2 blob with one bit of byte `index` flipped. */
function flipByte(index: number): string {
  const bytes = V2_BLOB.slice();
  bytes[index]! ^= 1;
  return base64Strict.encode(bytes);
}

/**
 * A genuine v1 box (SENDER to RECIPIENT, contextId=c1) whose nonce starts with the v2
 * prefix: this package never seals one, so it is assembled from the primitives here.
 */
function v1BoxWithV2Nonce(plaintext: Uint8Array): string {
  const nonce = concatBytes([utf8('a2b2'), seededRandom('cryptobox/box-v2/v1-nonce')(8)]);
  const shared = x25519SharedSecret(encPrivateKey(SENDER), encPublicKey(RECIPIENT));
  assert(shared !== null, 'shared secret');
  const key = boxKeyV1(shared);
  const sealed = chachaSeal(key, nonce, CONTEXT_C1, plaintext);
  assert(chachaOpen(key, nonce, CONTEXT_C1, sealed) !== null, 'the v1 box with a v2 nonce is not genuine');
  return base64Strict.encode(concatBytes([nonce, sealed]));
}

const v2Refusals: BoxRefusal[] = [
  {
    name: 'one-byte-short',
    blob: base64Strict.encode(V2_BLOB.subarray(0, 1119)),
    code: 'v2-too-short',
    why: 'the empty-plaintext minimum less one byte: without the v2 length check the AEAD gets a 15-byte tag and the refusal is misreported as authentication-failed',
  },
  {
    name: 'ml-kem-ciphertext-cut',
    blob: base64Strict.encode(V2_BLOB.subarray(0, KEM_START + 1000)),
    code: 'v2-too-short',
    why: 'the blob ends inside the 1088-byte ML-KEM ciphertext: without the v2 length check a cut ciphertext reaches the decapsulation, which throws',
  },
  {
    name: 'v2-blob-to-v1-only-opener',
    blob: goodV2.blob,
    opener: 'v1-only',
    code: 'v2-not-supported',
    why: 'an authentic v2 blob handed to openBoxV1Verdict: without the prefix check there it is read as a v1 box and misreported as authentication-failed (a wrong key) instead of a version this opener does not read',
  },
  {
    name: 'sender-key-31-bytes',
    blob: goodV2.blob,
    senderEncPubHex: goodV2.senderEncPubHex.slice(0, 62),
    code: 'bad-public-key',
    why: 'the authentic v2 blob with the sender key cut to 31 bytes: the v2 path checks the sender key like v1',
  },
  {
    name: 'low-order-sender-key',
    blob: goodV2.blob,
    senderEncPubHex: h(LOW_ORDER_POINT.value),
    code: 'zero-shared-secret',
    why: 'an order-8 sender key on the v2 path: the ML-KEM secret does not excuse an all-zero X25519 secret',
  },
  {
    name: 'ml-kem-ciphertext-flipped',
    blob: flipByte(KEM_START + 500),
    code: 'authentication-failed',
    why: "one low bit of a compressed u coefficient in the ML-KEM ciphertext changed: K-PKE decryption still recovers the same m, so only FIPS 203's re-encryption check (implicit rejection) changes the secret; an ML-KEM without it opens this box (shown by removing that check from a copy of @noble/post-quantum)",
  },
  {
    name: 'tag-flipped',
    blob: flipByte(V2_BLOB.length - 1),
    code: 'authentication-failed',
    why: 'the last tag bit changed in an otherwise authentic v2 blob',
  },
  {
    name: 'associated-data-dropped',
    blob: goodV2.blob,
    adHex: '',
    code: 'authentication-failed',
    why: 'the v2 blob sealed under contextId=c1 opened with empty associated data: the tag covers the associated data',
  },
  {
    name: 'v1-box-with-v2-prefix',
    blob: v1BoxWithV2Nonce(fill(0x5a, 1100)),
    code: 'authentication-failed',
    why: 'a genuine v1 box whose nonce starts with a2b2, long enough to pass the v2 length check: read as v2 only, so an opener that fell back to v1 after a v2 failure would open it',
  },
  {
    name: 'short-v1-box-with-v2-prefix',
    blob: v1BoxWithV2Nonce(utf8('pay the invoice')),
    code: 'v2-too-short',
    why: 'a genuine v1 box of 43 bytes whose nonce starts with a2b2: read as a v2 blob that is too short, never retried as the v1 box it also is',
  },
  {
    name: 'v2-prefix-changed',
    blob: flipByte(3),
    code: 'authentication-failed',
    why: 'the authentic v2 blob with its prefix changed to a2b3: read as v1, so an opener that chose the version by length or by trying both would open it',
  },
];

const boxV2Refuse = confirmedRefusals(v2Refusals, goodV2);

// ------------------------------------------------------------------ sealed payloads

const SCOPE = 'acme/case_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const KEK = { name: 'memory-kek-1', hex: h(fill(0x4b)) };

interface PayloadCase {
  name: string;
  scope?: string;
  plaintext: Uint8Array;
  ad: Uint8Array;
  why: string;
}
const sha256Hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const blobText = utf8('the model said: fine');
const payloadCases: PayloadCase[] = [
  {
    name: 'blob',
    plaintext: blobText,
    ad: utf8(`blob:${SCOPE}:${sha256Hex(blobText)}`),
    why: 'a sealed blob names its scope and digest in its associated data',
  },
  {
    name: 'memory-row',
    plaintext: canonicalize({ note: 'prefers tea', score: 3 }, { profile: 'agentplane-v1' }),
    ad: canonicalize(['memory', 'acme', 'mem_1', 1, 'subject', 'purpose'], { profile: 'agentplane-v1' }),
    why: 'a memory row: canonical JSON plaintext, associated data the canonical array naming the row',
  },
  {
    name: 'empty-plaintext',
    plaintext: new Uint8Array(0),
    ad: utf8('journal:acme:run_1:Note:-'),
    why: 'an empty payload still carries a tag',
  },
  {
    name: 'empty-associated-data',
    plaintext: utf8('x'),
    ad: new Uint8Array(0),
    why: 'empty associated data is allowed when given explicitly',
  },
  {
    name: 'scope-needs-escapes',
    scope: 'acme/"q"\\\u0001é',
    plaintext: utf8('y'),
    ad: utf8('journal:acme:run_2:Note:-'),
    why: 'a scope with a quote, a backslash, a control character and non-ASCII: the wrapped key must be written with canon v1 escapes (\\", \\\\, \\u0001) and raw UTF-8',
  },
];

const payloadAccept = payloadCases.map((c) => {
  const random = seededRandom(`cryptobox/sealed/${c.name}`);
  const dataKey = random(32);
  const nonce = random(24);
  const replay = [dataKey, nonce];
  const scope = c.scope ?? SCOPE;
  const envelope = sealPayload({
    plaintext: c.plaintext,
    ad: c.ad,
    scope,
    keyRing: vectorRing(),
    random: () => replay.shift()!,
  });
  const back = openPayload(envelope, { ad: c.ad, keyRing: vectorRing() });
  assert(back.ok && h(back.value) === h(c.plaintext), `${c.name} does not open`);
  const keyLength = new DataView(envelope.buffer).getUint32(1, false);
  return {
    name: c.name,
    scope,
    wrappedKey: new TextDecoder().decode(envelope.subarray(5, 5 + keyLength)),
    dataKeyHex: h(dataKey),
    nonceHex: h(nonce),
    adHex: h(c.ad),
    plaintextHex: h(c.plaintext),
    envelopeHex: h(envelope),
    why: c.why,
  };
});

const goodEnvelopeCase = payloadAccept[0]!;
const goodEnvelope = hex.decode(goodEnvelopeCase.envelopeHex);
assert(goodEnvelope.ok, 'envelope');
const env = goodEnvelope.value;
const keyLength = new DataView(env.buffer, env.byteOffset).getUint32(1, false);
const header = env.subarray(5, 5 + keyLength);
const tail = env.subarray(5 + keyLength); // nonce ‖ ciphertext ‖ tag

/** An envelope with another version byte, wrapped key and/or tail, its length field recomputed. */
function rebuild(parts: { version?: number; key?: Uint8Array; tail?: Uint8Array }): Uint8Array {
  const key = parts.key ?? header;
  const rest = parts.tail ?? tail;
  const out = new Uint8Array(5 + key.length + rest.length);
  out[0] = parts.version ?? 1;
  new DataView(out.buffer).setUint32(1, key.length, false);
  out.set(key, 5);
  out.set(rest, 5 + key.length);
  return out;
}
const headerText = new TextDecoder().decode(header);
const withHeader = (text: string) => rebuild({ key: utf8(text) });
const sealedMember = headerText.slice(headerText.indexOf('"sealed":'), headerText.indexOf('],') + 1);

interface PayloadRefusal {
  name: string;
  /** The envelope bytes; any other value is published as `envelope`, passed to openPayload as it is. */
  envelope: Uint8Array | string;
  ad?: Uint8Array;
  maxBytes?: number;
  maxWrappedKeyBytes?: number;
  code: PayloadCode;
  why: string;
}
const goodAd = hex.decode(goodEnvelopeCase.adHex);
assert(goodAd.ok, 'ad');
const flipLast = (b: Uint8Array) => {
  const out = b.slice();
  out[out.length - 1]! ^= 1;
  return out;
};

const payloadRefusals: PayloadRefusal[] = [
  {
    name: 'envelope-as-base64-text',
    envelope: base64Strict.encode(env),
    code: 'not-bytes',
    why: 'the authentic envelope still in its base64 spelling (as a $sealed field holds it): refused as text, not read; without the type check its first character would be taken for the version byte (unknown-version)',
  },
  {
    name: 'envelope-over-cap',
    envelope: env,
    maxBytes: env.length - 1,
    code: 'too-large',
    why: "an authentic envelope one byte over the caller's cap: only the size check, made before reading anything, refuses it",
  },
  {
    name: 'wrapped-key-over-cap',
    envelope: env,
    maxWrappedKeyBytes: keyLength - 1,
    code: 'too-large',
    why: 'an authentic envelope whose wrapped key is one byte over its own cap: refused before the JSON is parsed',
  },
  {
    name: 'empty',
    envelope: new Uint8Array(0),
    code: 'truncated',
    why: 'no version byte at all; without the emptiness check an absent byte would be reported as a version skew',
  },
  {
    name: 'version-2',
    envelope: rebuild({ version: 2 }),
    code: 'unknown-version',
    why: "an authentic envelope with the version byte changed to 2: a newer writer's format, reported as build skew before any offset is trusted",
  },
  {
    name: 'version-0',
    envelope: rebuild({ version: 0 }),
    code: 'unknown-version',
    why: 'version 0 is not "older 1": every value but 1 is unknown to this reader',
  },
  {
    name: 'header-cut',
    envelope: env.subarray(0, 3),
    code: 'truncated',
    why: 'the version byte and half of the length field: the length cannot be read',
  },
  {
    name: 'length-past-end',
    envelope: env.subarray(0, 5 + keyLength + 24 + 15),
    code: 'truncated',
    why: 'one byte short of nonce and tag after the wrapped key: the length field promises bytes that are not there',
  },
  {
    name: 'wrapped-key-not-json',
    envelope: withHeader(headerText.slice(0, -1)),
    code: 'wrapped-key-malformed',
    why: 'the wrapped key without its closing brace is not JSON at all',
  },
  {
    name: 'wrapped-key-array',
    envelope: withHeader('[1]'),
    code: 'wrapped-key-malformed',
    why: 'canonical JSON that is an array, not an object: only the object check refuses it (an array has no member names to judge)',
  },
  {
    name: 'wrapped-key-scope-not-string',
    envelope: withHeader(headerText.replace(`"scope":"${SCOPE}"`, '"scope":7')),
    code: 'wrapped-key-malformed',
    why: 'canonical JSON with the three known members, but scope is a number: the member type check refuses it (the test ring ignores scope, so nothing later would)',
  },
  {
    name: 'wrapped-key-missing-sealed',
    envelope: withHeader(headerText.replace(`${sealedMember},`, '')),
    code: 'wrapped-key-malformed',
    why: 'canonical JSON without the sealed member',
  },
  {
    name: 'wrapped-key-byte-out-of-range',
    envelope: withHeader(headerText.replace('"sealed":[', '"sealed":[256,').replace(/,\d+\],/, '],')),
    code: 'wrapped-key-malformed',
    why: 'a sealed element of 256 is not a byte; a reader that wrapped it to 0 would unwrap a different key',
  },
  {
    name: 'wrapped-key-whitespace',
    envelope: withHeader(headerText.replace('"scope":', '"scope": ')),
    code: 'wrapped-key-not-canonical',
    why: 'the authentic wrapped key with one space added: same JSON value, different bytes, refused by the byte comparison with the canonical form',
  },
  {
    name: 'wrapped-key-unknown-member',
    envelope: withHeader(headerText.replace('{', '{"alg":"xor",')),
    code: 'wrapped-key-unknown-member',
    why: 'canonical JSON with an extra member sorted first: a reader that skipped it would unwrap under parameters somebody else wrote down',
  },
  {
    name: 'wrapped-key-proto-member',
    envelope: withHeader(headerText.replace('{', '{"__proto__":{"scope":"other"},')),
    code: 'wrapped-key-unknown-member',
    why: 'an extra member named __proto__: a JSON reader that assigns members onto a plain object swallows it as a prototype and never sees an unknown member',
  },
  {
    name: 'kek-erased',
    envelope: withHeader(headerText.replace('"wrapped_by":"memory-kek-1"', '"wrapped_by":"memory-kek-0"')),
    code: 'key-unavailable',
    why: 'a wrapping key the ring does not hold (erased or never known): the payload is unreadable, which is not tampering',
  },
  {
    name: 'sealed-31-bytes',
    envelope: withHeader(headerText.replace(/,\d+\],"wrapped_by"/, '],"wrapped_by"')),
    code: 'key-unavailable',
    why: 'a wrapped key one byte short unwraps to 31 bytes, which is no data key',
  },
  {
    name: 'ciphertext-flipped',
    envelope: rebuild({ tail: flipLast(tail) }),
    code: 'authentication-failed',
    why: 'the last tag bit changed in an otherwise authentic envelope',
  },
  {
    name: 'associated-data-of-another-blob',
    envelope: env,
    ad: utf8(`blob:${SCOPE}:${'0'.repeat(64)}`),
    code: 'authentication-failed',
    why: "the authentic envelope opened as if it were another blob's bytes",
  },
];

/** The caps a refusal sets, both as openPayload options and as published: only those it sets. */
const capsOf = (r: PayloadRefusal) => ({
  ...(r.maxBytes === undefined ? {} : { maxBytes: r.maxBytes }),
  ...(r.maxWrappedKeyBytes === undefined ? {} : { maxWrappedKeyBytes: r.maxWrappedKeyBytes }),
});
const payloadReject = payloadRefusals.map((r) => {
  const ad = r.ad ?? goodAd.value;
  const v = openPayload(r.envelope as Uint8Array, {
    ad,
    keyRing: vectorRing(),
    ...capsOf(r),
  });
  assert(!v.ok && v.code === r.code, `${r.name}: expected ${r.code}, got ${v.ok ? 'plaintext' : v.code}`);
  return {
    name: r.name,
    ...(r.envelope instanceof Uint8Array ? { envelopeHex: h(r.envelope) } : { envelope: r.envelope }),
    adHex: h(ad),
    ...capsOf(r),
    code: r.code,
    why: r.why,
  };
});

// ------------------------------------------------------------------ the JSON spellings

// A padded envelope, so that its last base64 character carries spare bits to set.
const padded = payloadAccept
  .map((c) => hex.decode(c.envelopeHex))
  .find((v) => v.ok && v.value.length % 3 !== 0);
assert(padded?.ok === true, 'no padded envelope');
const fieldEnvelope = padded.value;
const fieldAccept = [
  {
    name: 'object-spelling',
    json: JSON.stringify({ output: sealedObject(fieldEnvelope) }),
    spelling: 'object',
    why: 'a sealed JSON payload',
  },
  {
    name: 'string-spelling',
    json: JSON.stringify({ output: sealedString(fieldEnvelope) }),
    spelling: 'string',
    why: 'a sealed string field',
  },
].map((c) => ({ ...c, envelopeHex: h(fieldEnvelope) }));

const b64 = sealedString(fieldEnvelope).slice('$sealed:'.length);
const fieldRefusals: { name: string; json: string; code: SealedFieldCode; why: string }[] = [
  {
    name: 'plain-string',
    json: '{"output":"sealed: no"}',
    code: 'not-sealed',
    why: 'a string without the $sealed: prefix is plain data',
  },
  {
    name: 'plain-object',
    json: '{"output":{"sealed":"AQ=="}}',
    code: 'not-sealed',
    why: 'an object without the $sealed member is plain data',
  },
  {
    name: 'object-extra-member',
    json: `{"output":{"$sealed":"${b64}","note":"x"}}`,
    code: 'sealed-malformed',
    why: 'the $sealed member beside another: neither plain data nor the one spelling',
  },
  {
    name: 'object-member-not-string',
    json: '{"output":{"$sealed":1}}',
    code: 'sealed-malformed',
    why: 'the $sealed member must hold a base64 string',
  },
  {
    name: 'string-residual-bits',
    json: `{"output":"$sealed:${flipChar(b64, b64.indexOf('=') - 1)}"}`,
    code: 'bad-base64',
    why: "the envelope's base64 with a spare bit set: a second spelling of the same bytes",
  },
];
const fieldReject = fieldRefusals.map((r) => {
  const parsed = parseJSON(utf8(r.json), { profile: 'agentplane-v1' });
  assert(parsed.ok, r.name);
  const v = readSealedField((parsed.value as { output: unknown }).output);
  assert(!v.ok && v.code === r.code, `${r.name}: expected ${r.code}`);
  return r;
});
for (const c of fieldAccept) {
  const parsed = parseJSON(utf8(c.json), { profile: 'agentplane-v1' });
  assert(parsed.ok, c.name);
  const v = readSealedField((parsed.value as { output: unknown }).output);
  assert(v.ok && v.value.spelling === c.spelling && h(v.value.envelope) === c.envelopeHex, c.name);
}

export const parts = [
  {
    file: 'cryptobox.json',
    content: {
      note: 'Vectors of @agent-seam/cryptobox (spec/cryptobox.md), generated by packages/cryptobox/vectors/generate.ts. Bytes are lowercase hex, blobs standard padded base64.',
      'box.roundtrip': boxRoundTrip,
      'box.reject': boxReject,
      'box.v2': boxV2,
      'box.v2-refuse': boxV2Refuse,
      'sealed.payload': {
        kek: KEK,
        payloads: payloadAccept,
      },
      'sealed.reject': { kek: KEK, cases: payloadReject },
      'sealed.field': { accept: fieldAccept, refuse: fieldReject },
    },
  },
];
