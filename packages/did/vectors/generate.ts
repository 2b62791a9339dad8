import { ed25519 } from '@noble/curves/ed25519.js';
import { base64Strict, canonicalString, concatBytes, hex } from '../../canonical/src/index.ts';
import {
  base58btc,
  bindingPayload,
  didFromPublicKey,
  didFromSeed,
  keyPairFromSeed,
  publicKeyFromDid,
  resolveOpDid,
  signDeviceBindingV2,
  signKeyState,
  signOwnerState,
  signToBase64,
  verificationKeyFromDid,
  verifyDeviceBindingV2,
  verifyEd25519,
  verifyOwnerState,
} from '../src/index.ts';
import { SMALL_ORDER_Y, withSignBit } from './small-order.ts';

/**
 * Vectors of @agent-seam/did, in the upstream wire_vectors.json layout. Fixed seeds
 * (a byte repeated 32 times) are the ones upstream used wherever they are known, so
 * those cases come out byte-identical and the tests compare them value for value.
 * Every refusal case is checked here to be refused with the code it names, and its
 * `why` says which single check it exists for.
 */

function assert(cond: boolean, message: string): asserts cond {
  if (!cond) throw new Error(`did vectors: ${message}`);
}

export const seed = (byte: number) => new Uint8Array(32).fill(byte);
const fromHex = (text: string) => {
  const v = hex.decode(text);
  assert(v.ok, `bad hex ${text}`);
  return v.value;
};
const utf8 = (s: string) => new TextEncoder().encode(s);

// ---------------------------------------------------------------- did, reject.did

const DID_KEYS: [curve: 'ed25519' | 'p256', multicodec: string, publicHex: string][] = [
  ['ed25519', 'ed01', '00'.repeat(32)],
  ['ed25519', 'ed01', 'ff'.repeat(32)],
  ['ed25519', 'ed01', '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'],
  ['ed25519', 'ed01', '094119b513c9c595718eaba5a497a8e0ea1dd19bd5e043dad8b5f1ee9a893b64'],
  ['p256', '8024', '02' + '00'.repeat(32)],
  ['p256', '8024', '02' + 'ff'.repeat(32)],
  ['p256', '8024', '02000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'],
  ['p256', '8024', '03' + '00'.repeat(32)],
  ['p256', '8024', '03' + 'ff'.repeat(32)],
  ['p256', '8024', '03000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'],
];
const didCases = DID_KEYS.map(([curve, multicodec, publicHex]) => ({
  curve,
  multicodec,
  publicHex,
  did: didFromPublicKey(fromHex(publicHex), curve),
}));

/**
 * A did:key spelled from raw multicodec bytes (no leading zero byte), written here with
 * BigInt base 58 so the malformed bodies do not depend on the codec under test.
 */
const rawDid = (bytesHex: string) => {
  const digits = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${bytesHex}`);
  let out = '';
  while (n > 0n) {
    out = digits[Number(n % 58n)] + out;
    n /= 58n;
  }
  return `did:key:z${out}`;
};

const honestKeyHex = hex.encode(keyPairFromSeed(seed(0x07)).publicKey);
const rejectDid = [
  {
    name: 'x25519-multicodec',
    door: 'codec',
    did: rawDid('ec01' + honestKeyHex),
    code: 'wrong-multicodec',
    why: 'right length, but the prefix is x25519-pub (0xec 0x01): exists for the multicodec prefix comparison',
  },
  {
    name: 'ed25519-prefix-31-byte-key',
    door: 'codec',
    did: rawDid('ed01' + honestKeyHex.slice(0, 62)),
    code: 'wrong-length',
    why: 'ed25519-pub prefix over 31 key bytes: exists for the exact-length check (too short)',
  },
  {
    name: 'ed25519-prefix-33-byte-key',
    door: 'codec',
    did: rawDid('ed01' + honestKeyHex + '00'),
    code: 'wrong-length',
    why: 'ed25519-pub prefix over 33 key bytes: exists for the exact-length check (too long)',
  },
  {
    name: 'not-did-key',
    door: 'codec',
    did: 'did:web:example.com',
    code: 'not-did-key',
    why: 'another DID method: exists for the did:key: prefix check',
  },
  {
    name: 'not-base58btc-multibase',
    door: 'codec',
    did: 'did:key:m7QEB',
    code: 'bad-multibase',
    why: 'a multibase other than z (base58btc): exists for the z prefix check',
  },
  {
    name: 'character-outside-base58',
    door: 'codec',
    did: 'did:key:z6Mk0OIl',
    code: 'bad-multibase',
    why: '0, O, I and l are not in the base58btc alphabet: exists for the alphabet check',
  },
  {
    name: 'base58-longer-than-cap',
    door: 'codec',
    did: `did:key:z${'2'.repeat(513)}`,
    code: 'base58-too-long',
    why: 'a 513-character body: exists for the 512-character cap checked before the quadratic decode',
  },
  {
    name: 'base58-zero-character',
    door: 'base58',
    did: '6Mk0',
    code: 'bad-base58',
    why: 'base58btc.decode on its own: 0 is not in the alphabet; exists for the alphabet check before any arithmetic',
  },
  {
    name: 'identity-key-as-verification-key',
    door: 'verification-key',
    did: 'did:key:z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj',
    code: 'small-order-key',
    why: 'the codec spells the identity point like any 32 bytes; exists for the small-order check of verificationKeyFromDid',
  },
  {
    name: 'p256-as-verification-key',
    door: 'verification-key',
    did: didCases[6]!.did,
    code: 'wrong-multicodec',
    why: 'a well-formed P-256 did:key never signs here: exists for the Ed25519-only check of verificationKeyFromDid',
  },
];
for (const c of rejectDid) {
  const door = {
    codec: publicKeyFromDid,
    base58: base58btc.decode,
    'verification-key': verificationKeyFromDid,
  };
  const v = door[c.door as keyof typeof door](c.did);
  assert(!v.ok && v.code === c.code, `reject.did/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}
assert(
  publicKeyFromDid(rejectDid.find((c) => c.door === 'verification-key')!.did).ok,
  'the identity did:key must decode in the codec',
);

// ---------------------------------------------------------------- reject.ed25519 (the door)

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const le32 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));
const fromLe = (b: Uint8Array) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);

const doorSeed = seed(0x42);
const doorKey = keyPairFromSeed(doorSeed).publicKey;
const doorMessage = utf8('the door');
const doorSig = signToBase64(doorSeed, doorMessage);
const doorSigBytes = base64Strict.decode(doorSig);
assert(doorSigBytes.ok, 'door signature');
const sigR = doorSigBytes.value.subarray(0, 32);
const sigS = doorSigBytes.value.subarray(32);

const FOURTEEN = SMALL_ORDER_Y.flatMap((h, i) => [
  { label: `y${i}`, hex: h },
  { label: `y${i}-sign`, hex: withSignBit(h) },
]);

const doorCase = (
  name: string,
  key: Uint8Array,
  message: Uint8Array,
  sig: Uint8Array,
  code: string,
  why: string,
) => ({
  name,
  publicHex: hex.encode(key),
  messageHex: hex.encode(message),
  signatureHex: hex.encode(sig),
  code,
  why,
});
// y = p + 3 is the non-canonical spelling of y = 3, a curve point of large order: a
// permissive (ZIP-215) reader accepts it, so only the y < p rule refuses it.
const Y_P_PLUS_3 = fromHex('f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f');
assert(!ed25519.Point.fromBytes(Y_P_PLUS_3, true).isSmallOrder(), 'y = p + 3 decodes permissively');
// The first y (little-endian, below p) with no x on the curve: a spelling that passes
// every byte check and is refused only by decoding the point.
const OFF_CURVE = (() => {
  for (let y = 2; ; y++) {
    const bytes = le32(BigInt(y));
    try {
      ed25519.Point.fromBytes(bytes);
    } catch {
      return bytes;
    }
  }
})();
const doorRefuse = [
  ...FOURTEEN.map(({ label, hex: h }) =>
    doorCase(
      `small-order-key-${label}`,
      fromHex(h),
      doorMessage,
      doorSigBytes.value,
      'small-order-key',
      'a small-order public key: exists for the blocklist comparison on the key',
    ),
  ),
  ...FOURTEEN.map(({ label, hex: h }) =>
    doorCase(
      `small-order-r-${label}`,
      doorKey,
      doorMessage,
      concatBytes([fromHex(h), sigS]),
      'small-order-r',
      'a small-order R under an honest key: exists for the blocklist comparison on R',
    ),
  ),
  doorCase(
    'non-canonical-key-y-above-p',
    Y_P_PLUS_3,
    doorMessage,
    doorSigBytes.value,
    'non-canonical-key',
    'the key spells y = p + 3: exists for the strict (y < p) decoding of the key',
  ),
  doorCase(
    'non-canonical-r-y-above-p',
    doorKey,
    doorMessage,
    concatBytes([Y_P_PLUS_3, sigS]),
    'non-canonical-r',
    'R spells y = p + 3: exists for the strict (y < p) decoding of R',
  ),
  doorCase(
    'off-curve-key',
    OFF_CURVE,
    doorMessage,
    doorSigBytes.value,
    'non-canonical-key',
    'the key spells a y below p for which no x exists: exists for decoding the key as a curve point (the byte checks pass it)',
  ),
  doorCase(
    'off-curve-r',
    doorKey,
    doorMessage,
    concatBytes([OFF_CURVE, sigS]),
    'non-canonical-r',
    'R spells a y below p for which no x exists: exists for decoding R as a curve point (the byte checks pass it)',
  ),
  doorCase(
    's-plus-group-order',
    doorKey,
    doorMessage,
    concatBytes([sigR, le32(fromLe(sigS) + L)]),
    'non-canonical-s',
    'the honest signature with S + L: the same equation holds, so it exists only for the S < L check',
  ),
  doorCase(
    'other-message',
    doorKey,
    utf8('the doom'),
    doorSigBytes.value,
    'bad-signature',
    'an honest signature over another message: exists for the verification equation itself',
  ),
  doorCase(
    'short-signature',
    doorKey,
    doorMessage,
    doorSigBytes.value.subarray(0, 63),
    'bad-length',
    'a 63-byte signature: exists for the length check',
  ),
];
for (const c of doorRefuse) {
  const v = verifyEd25519(fromHex(c.publicHex), fromHex(c.messageHex), fromHex(c.signatureHex));
  assert(!v.ok && v.code === c.code, `reject.ed25519/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}
const doorAccept = [
  doorCase(
    'honest',
    doorKey,
    doorMessage,
    doorSigBytes.value,
    '',
    'the accepting twin of every refusal above',
  ),
].map(({ code: _code, ...c }) => c);
assert(verifyEd25519(doorKey, doorMessage, doorSigBytes.value).ok, 'honest door case');

// ---------------------------------------------------------------- binding v1

const bindingCases = [
  { name: 'plain', ts: 1752451200 },
  { name: 'zero-ts', ts: 0 },
].map(({ name, ts }) => {
  const fields = { rootDid: didCases[6]!.did, deviceDid: didCases[0]!.did, ts };
  return { name, ...fields, bindingPayload: new TextDecoder().decode(bindingPayload(fields)) };
});

// ---------------------------------------------------------------- bindingV2

const BINDING_NOW = 1784273741;
const OWNER = seed(0x17);
const DEVICE = seed(0x18);
const bindingV2Cases = [
  { name: 'no-expiry', validUntil: 0 },
  { name: 'bounded', validUntil: 1815809681 },
].map(({ name, validUntil }) => {
  const binding = signDeviceBindingV2({ ts: 1784273681, validUntil }, OWNER, DEVICE);
  return {
    name,
    rootDid: binding.rootDid,
    deviceDid: binding.deviceDid,
    ownerSeed: hex.encode(OWNER),
    deviceSeed: hex.encode(DEVICE),
    ts: binding.ts,
    validUntil,
    bindingPayload: canonicalString(
      {
        deviceDid: binding.deviceDid,
        rootDid: binding.rootDid,
        ts: binding.ts,
        typ: binding.typ,
        validUntil,
      },
      { profile: 'seam' },
    ),
    binding,
  };
});
const honestBinding = bindingV2Cases[0]!.binding;
const bindingBody = {
  typ: honestBinding.typ as string,
  rootDid: honestBinding.rootDid,
  deviceDid: honestBinding.deviceDid,
  ts: 1784273681,
  validUntil: 0,
};
/** A v2 binding with both signatures genuine over whatever the body says. */
function bindingSignedAs(body: typeof bindingBody) {
  const bytes = utf8(canonicalString(body, { profile: 'seam' }));
  return { ...body, sig: signToBase64(OWNER, bytes), deviceSig: signToBase64(DEVICE, bytes) };
}
const otherDevice = didFromSeed(seed(0x19));
const { deviceSig: _dropped, ...withoutDeviceSig } = honestBinding;
const expiring = signDeviceBindingV2({ ts: 1784273681, validUntil: BINDING_NOW - 1 }, OWNER, DEVICE);
const bindingV2Reject = [
  {
    name: 'missing-deviceSig',
    category: 'missing-deviceSig',
    mustReject: true,
    expectedDeviceDid: honestBinding.deviceDid,
    input: withoutDeviceSig,
    code: 'missing-field',
    why: 'the owner signature is genuine and the device countersignature absent: exists for the presence check of deviceSig',
  },
  {
    name: 'wrong-typ',
    category: 'wrong-typ',
    mustReject: true,
    expectedDeviceDid: honestBinding.deviceDid,
    input: bindingSignedAs({ ...bindingBody, typ: 'muretai/devicebinding/1' }),
    code: 'wrong-typ',
    why: 'both signatures genuine over typ muretai/devicebinding/1: exists for the exact typ comparison',
  },
  {
    name: 'binding-lifted-to-another-device',
    category: 'wrong-device',
    mustReject: true,
    expectedDeviceDid: otherDevice,
    input: honestBinding,
    code: 'wrong-device',
    why: 'a genuine binding presented by a caller asking about another device: exists for the expectedDeviceDid pin',
  },
  {
    name: 'expired',
    category: 'expired',
    mustReject: true,
    expectedDeviceDid: honestBinding.deviceDid,
    input: expiring,
    code: 'expired',
    why: 'both signatures genuine, validUntil one second before checkNow: exists for the validUntil comparison',
  },
  {
    name: 'fractional-ts',
    category: 'float-ts',
    mustReject: true,
    expectedDeviceDid: honestBinding.deviceDid,
    input: bindingSignedAs({ ...bindingBody, ts: 1784273681.5 }),
    code: 'not-integer',
    why: 'both signatures genuine over ts 1784273681.5: exists for the integer check of ts, before any crypto',
  },
  {
    name: 'binding-is-a-string',
    category: 'not-an-object',
    mustReject: true,
    expectedDeviceDid: honestBinding.deviceDid,
    input: JSON.stringify(honestBinding),
    code: 'not-an-object',
    why: 'the honest binding as JSON text instead of an object: exists for the object check before any member is read (deleting it makes this case wrong-typ)',
  },
  {
    name: 'device-countersignature-by-owner',
    category: 'bad-signature',
    mustReject: true,
    expectedDeviceDid: honestBinding.deviceDid,
    input: { ...honestBinding, deviceSig: honestBinding.sig },
    code: 'bad-signature',
    why: 'deviceSig is the owner signature copied over: exists for the verification of deviceSig under the device key',
  },
];
for (const c of bindingV2Reject) {
  const v = verifyDeviceBindingV2(c.input, { expectedDeviceDid: c.expectedDeviceDid, now: BINDING_NOW });
  assert(!v.ok && v.code === c.code, `bindingV2.reject/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}
for (const c of bindingV2Cases)
  assert(verifyDeviceBindingV2(c.binding, { expectedDeviceDid: c.deviceDid, now: BINDING_NOW }).ok, c.name);

// ---------------------------------------------------------------- ownerState

const STATE_OWNER = seed(0x1f);
const stateRoot = didFromSeed(STATE_OWNER);
const revokedPair = [didFromSeed(seed(0x21)), didFromSeed(seed(0x22))];
const ownerStateCases = [
  { name: 'genesis-empty', epoch: 0, revoked: [] as string[] },
  { name: 'two-revoked', epoch: 3, revoked: revokedPair },
].map(({ name, epoch, revoked }) => {
  const record = signOwnerState({ epoch, revoked, ts: 1784273681 }, STATE_OWNER);
  const { sig: _sig, ...body } = record;
  return {
    name,
    rootDid: stateRoot,
    ownerSeed: hex.encode(STATE_OWNER),
    epoch,
    ts: record.ts,
    statePayload: canonicalString(body, { profile: 'seam' }),
    record,
  };
});
/** An OwnerState body signed as given (no sorting): lets the generator write refusals. */
function ownerStateSignedBy(signer: Uint8Array, body: Record<string, unknown>) {
  return { ...body, sig: signToBase64(signer, utf8(canonicalString(body, { profile: 'seam' }))) };
}
const stateBody = {
  typ: 'muretai/ownerstate/1',
  rootDid: stateRoot,
  epoch: 3,
  revoked: revokedPair,
  ts: 1784273681,
};
const { sig: _s, ...unsignedState } = ownerStateCases[1]!.record;
const ownerStateReject = [
  {
    name: 'unsorted-revoked',
    category: 'non-canonical',
    mustReject: true,
    input: ownerStateSignedBy(STATE_OWNER, { ...stateBody, revoked: [...revokedPair].reverse() }),
    code: 'non-canonical',
    why: 'the same two devices in reverse order, genuinely signed: exists for the sorted-and-unique check',
  },
  {
    name: 'duplicate-revoked',
    category: 'non-canonical',
    mustReject: true,
    input: ownerStateSignedBy(STATE_OWNER, { ...stateBody, revoked: [revokedPair[0], revokedPair[0]] }),
    code: 'non-canonical',
    why: 'one device listed twice, genuinely signed: exists for the uniqueness half of the strictly-ascending check',
  },
  {
    name: 'wrong-typ',
    category: 'wrong-typ',
    mustReject: true,
    input: ownerStateSignedBy(STATE_OWNER, { ...stateBody, typ: 'muretai/keystate/1' }),
    code: 'wrong-typ',
    why: 'typ muretai/keystate/1, genuinely signed: exists for the exact typ comparison',
  },
  {
    name: 'foreign-signer',
    category: 'wrong-signer',
    mustReject: true,
    input: ownerStateSignedBy(seed(0x20), stateBody),
    code: 'bad-signature',
    why: 'a perfect record signed by a key other than rootDid names: exists for deriving the key from rootDid',
  },
  {
    name: 'missing-sig',
    category: 'missing-sig',
    mustReject: true,
    input: unsignedState,
    code: 'missing-field',
    why: 'every field intact and no sig: exists for the presence check of sig',
  },
  {
    name: 'lone-surrogate-in-revoked',
    category: 'non-canonical',
    mustReject: true,
    input: { ...ownerStateCases[1]!.record, revoked: ['\ud800'] },
    code: 'cannot-canonicalize',
    why: 'a revoked entry holding an unpaired surrogate has no canonical spelling: exists for refusing (not throwing) on the payload',
  },
  {
    name: 'state-is-an-array',
    category: 'not-an-object',
    mustReject: true,
    input: [ownerStateCases[1]!.record],
    code: 'not-an-object',
    why: 'the honest state wrapped in an array: exists for the object check, which refuses arrays too (deleting it makes this case wrong-typ)',
  },
  {
    name: 'another-owners-state',
    category: 'wrong-root',
    mustReject: true,
    expectedRootDid: didFromSeed(seed(0x23)),
    input: ownerStateCases[1]!.record,
    code: 'wrong-root',
    why: 'a genuine state of another owner presented for this one: exists for the caller-named rootDid comparison',
  },
];
for (const c of ownerStateReject) {
  const v = verifyOwnerState(c.input, { rootDid: c.expectedRootDid ?? stateRoot });
  assert(!v.ok && v.code === c.code, `ownerState.reject/${c.name} gives ${v.ok ? 'ok' : v.code}`);
}

// ---------------------------------------------------------------- reject.keystate

const KS_NOW = 1784273681;
const KS_ROOT = seed(0x15);
const ksRootDid = didFromSeed(KS_ROOT);
const ksRootKey = hex.encode(keyPairFromSeed(KS_ROOT).publicKey);
const OPS: Record<number, { did: string; nextHash: string }> = {
  22: {
    did: didFromSeed(seed(0x16)),
    nextHash: '22171eddd22aa83b54f7824e6fa75ad1dd7877c7425de7c3dc24fa638f795559',
  },
  23: {
    did: didFromSeed(seed(0x17)),
    nextHash: '4073768b35722d580d405b4be40b08484a437238cb30ee0e7d1badf36171b852',
  },
  24: {
    did: didFromSeed(seed(0x18)),
    nextHash: '6bf060d46a6a9b048bd43baad69df052932e79e58cecf94d1e4886e7b856b7fc',
  },
};
const op = (b: number) => OPS[b]!.did;

/** A KeyState of the test root naming op key `opByte`, signed by `signer` (the root unless forged). */
function keyState(
  epoch: number,
  opByte: number,
  overrides: Record<string, unknown> = {},
  signer: Uint8Array = KS_ROOT,
): Record<string, unknown> {
  const fields = {
    rootDid: ksRootDid,
    epoch,
    rootKey: ksRootKey,
    rootNextHash: '',
    opDid: op(opByte),
    opNextHash: OPS[opByte]!.nextHash,
    encPub: '',
    encNextHash: '',
    guardiansHash: '',
    revokedOps: [] as unknown,
    notBefore: 0,
    notAfter: null,
    ts: KS_NOW,
    ...overrides,
  };
  if (signer === KS_ROOT) return signKeyState(fields, KS_ROOT);
  const body = { typ: 'muretai/keystate/1', ...fields };
  return { ...body, sig: signToBase64(signer, utf8(canonicalString(body, { profile: 'seam' }))) };
}

const e1 = keyState(1, 0x16);
const e2 = keyState(2, 0x17);
const attacker = seed(0xa7);
const rotatedKey = hex.encode(keyPairFromSeed(seed(0x2a)).publicKey);
const keystateAccept = [
  {
    name: 'no-pin-first-contact',
    pinned: null,
    inline: e1,
    expect: op(0x16),
    why: 'no pin, a verifying inline record: first contact answers its op DID',
  },
  {
    name: 'higher-epoch-adopted',
    pinned: e1,
    inline: e2,
    expect: op(0x17),
    why: 'a strictly greater epoch under the same rootKey is a rotation and is adopted',
  },
  ...(
    [
      ['revoked-ops-number', 5],
      ['revoked-ops-boolean', true],
      ['revoked-ops-string-containing-op', `x${op(0x16)}y`],
      ['revoked-ops-object-keyed-by-op', { [op(0x16)]: 1 }],
    ] as [string, unknown][]
  ).map(([name, revokedOps]) => ({
    name,
    pinned: null,
    inline: keyState(1, 0x16, { revokedOps }),
    expect: op(0x16),
    mustNotResolveTo: ksRootDid,
    mustNotRaise: true,
    why: 'revokedOps that is not a list burns nothing and must not raise: only a list burns',
  })),
  {
    name: 'revoked-ops-empty-list',
    pinned: null,
    inline: e1,
    expect: op(0x16),
    mustNotResolveTo: ksRootDid,
    why: 'the honest empty list burns nothing',
  },
  {
    name: 'revoked-ops-genuine-list',
    pinned: null,
    inline: keyState(1, 0x16, { revokedOps: [op(0x16)] }),
    expect: ksRootDid,
    mustNotResolveTo: op(0x16),
    why: 'a genuine list naming the record’s own opDid burns it, so the answer is the root',
  },
  {
    name: 'pin-window-not-applied',
    pinned: keyState(2, 0x17, { notAfter: KS_NOW - 10 }),
    inline: null,
    expect: op(0x17),
    why: 'a pin past its own notAfter still stands: the window is the inline record’s test only',
  },
];
const keystateRefuse = [
  {
    name: 'replayed-lower-epoch',
    category: 'keystate-rollback',
    mustReject: true,
    pinned: e2,
    inline: e1,
    mustNotResolveTo: op(0x16),
    expect: op(0x17),
    why: 'a genuine epoch-1 record replayed over an epoch-2 pin: exists for the epoch comparison against the pin',
  },
  {
    name: 'pin-revokes-op',
    category: 'keystate-revoked-op',
    mustReject: true,
    pinned: keyState(2, 0x17, { revokedOps: [op(0x16)] }),
    inline: keyState(3, 0x16),
    mustNotResolveTo: op(0x16),
    expect: op(0x17),
    why: 'a higher inline epoch naming the op the pin burned: exists for the union of the pin’s revokedOps',
  },
  {
    name: 'same-epoch-fork',
    category: 'keystate-fork',
    mustReject: true,
    pinned: e2,
    inline: keyState(2, 0x18),
    mustNotResolveTo: op(0x18),
    expect: op(0x17),
    why: 'two records at one epoch naming different ops: exists for the STRICTLY greater comparison (>= adopts the fork)',
  },
  {
    name: 'expired-window',
    category: 'keystate-window',
    mustReject: true,
    pinned: null,
    inline: keyState(1, 0x16, { notAfter: KS_NOW - 1 }),
    mustNotResolveTo: op(0x16),
    expect: ksRootDid,
    why: 'a genuine record whose notAfter is one second before checkNow: exists for the notAfter comparison',
  },
  {
    name: 'not-yet-valid-window',
    category: 'keystate-window',
    mustReject: true,
    pinned: null,
    inline: keyState(1, 0x16, { notBefore: KS_NOW + 1 }),
    mustNotResolveTo: op(0x16),
    expect: ksRootDid,
    why: 'a genuine record whose notBefore is one second after checkNow: exists for the notBefore comparison',
  },
  {
    name: 'inline-signature-forged',
    category: 'keystate-forged',
    mustReject: true,
    pinned: e1,
    inline: keyState(2, 0x18, {}, attacker),
    mustNotResolveTo: op(0x18),
    expect: op(0x16),
    why: 'a higher-epoch inline record claiming the honest rootKey, signed by another key: exists for the inline signature check',
  },
  {
    name: 'pin-signature-forged',
    category: 'keystate-forged',
    mustReject: true,
    pinned: keyState(2, 0x18, {}, attacker),
    inline: e1,
    mustNotResolveTo: op(0x18),
    expect: ksRootDid,
    why: 'the supplied pin does not verify: exists for verifying the pin before trusting it (fail closed to the root)',
  },
  {
    name: 'unverified-root-rotated-pin',
    category: 'keystate-forged',
    mustReject: true,
    pinned: keyState(2, 0x18, { rootKey: rotatedKey }),
    inline: e1,
    mustNotResolveTo: op(0x18),
    expect: ksRootDid,
    why: 'a pin claiming a rotated rootKey but signed by the DID’s own key: exists for verifying under the rootKey the record claims',
  },
];
for (const c of [...keystateAccept, ...keystateRefuse]) {
  const got = resolveOpDid(ksRootDid, c.inline, KS_NOW, { pinned: c.pinned });
  assert(got === c.expect, `reject.keystate/${c.name} resolves to ${got}`);
}

for (const [group, list] of Object.entries({
  'reject.did': rejectDid,
  'reject.ed25519': [...doorAccept, ...doorRefuse],
  binding: bindingCases,
  bindingV2: [...bindingV2Cases, ...bindingV2Reject],
  ownerState: [...ownerStateCases, ...ownerStateReject],
  'reject.keystate': [...keystateAccept, ...keystateRefuse],
}))
  assert(new Set(list.map((c) => c.name)).size === list.length, `${group}: case names are unique`);

export const parts = [
  {
    file: 'wire_vectors.json',
    content: {
      did: didCases,
      binding: bindingCases,
      bindingV2: { checkNow: BINDING_NOW, cases: bindingV2Cases, reject: bindingV2Reject },
      ownerState: { cases: ownerStateCases, reject: ownerStateReject },
      reject: {
        did: rejectDid,
        ed25519: {
          note: 'verifyEd25519(publicKey, message, signature) over hex bytes: the accepting case and one refusal per check of the door, each with the code it must produce.',
          accept: doorAccept,
          refuse: doorRefuse,
        },
        keystate: {
          note: 'resolveOpDid(rootDid, inline, checkNow, { pinned }) must answer `expect` (and never `mustNotResolveTo`). Refusals are resolutions that must NOT follow the inline record.',
          rootDid: ksRootDid,
          checkNow: KS_NOW,
          accept: keystateAccept,
          refuse: keystateRefuse,
        },
      },
    },
  },
];
