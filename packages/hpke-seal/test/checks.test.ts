import { fail, unwrap, type Verdict } from '@agent-seam/canonical';
import { decodeEntries, encode } from '@agent-seam/coredet-cbor';
import { signEd25519 } from '@agent-seam/did';
import { expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import { LABEL_SEAL_V1, LABEL_SIG_V1 } from '../src/envelope-wire.js';
import {
  createDack,
  DACK_CHECKS,
  DACK_CODES,
  ENVELOPE_CODES,
  ENVELOPE_V1_CODES,
  HPKE_OPEN_CHECKS,
  HPKE_OPEN_CODES,
  keyId,
  type OpenEnvelopeV2Options,
  openEnvelopeV1,
  open as openHpke,
  readDack,
  SEALED_ENVELOPE_CHECKS,
  SEALED_ENVELOPE_V1_CHECKS,
  sealEnvelope,
  seal as sealHpke,
  setupBaseS,
} from '../src/index.js';
import { sealInfo } from '../src/seal-info.js';
import { type Entry, innerEntries } from '../src/seal-v2.js';
import { signaturePreimage } from '../src/sender-key.js';
import { encodeRawMap } from '../src/wire-map.js';
import {
  capability,
  DAY,
  editOuter,
  envelope,
  epoch,
  FROM,
  interaction,
  message,
  OWN,
  open,
  options,
  put,
  random,
  seed,
  TS,
  utf8,
} from './envelope-fixture.js';

/**
 * The credential with a key 3 added to its Cap map (not a closed Cap map: bad-access).
 * Outer key 7 lies outside the envelope digest, so the holder's proof is still judged as made.
 */
const withCapKey3 = (bytes: Uint8Array) => {
  const access = unwrap(decodeEntries(unwrap(decodeEntries(bytes)).find((e) => e.key === 7)!.valueBytes));
  const cap: Entry[] = unwrap(decodeEntries(access.find((e) => e.key === 2)!.valueBytes)).map((e) => [
    e.key as number,
    e.valueBytes,
  ]);
  const edited = access.map(
    (e): Entry => [e.key as number, e.key === 2 ? encodeRawMap([...cap, [3, encode(0)]]) : e.valueBytes],
  );
  return editOuter(bytes, [[7, encodeRawMap(edited)]]);
};
const both =
  (...edits: ((e: Entry[]) => Entry[])[]) =>
  (entries: Entry[]) =>
    edits.reduce((e, edit) => edit(e), entries);
const flipLast = (bytes: Uint8Array) => {
  const out = bytes.slice();
  out[out.length - 1]! ^= 1;
  return out;
};
const nonZeroPad = (n: number) => new Uint8Array(n).fill(1);
const MAILBOX = options.mailbox as { publicKey: Uint8Array; epoch: number };
/** A capability whose CapBody is signed by a key that is not the mailbox's. */
const forgedCapability = (() => {
  const genuine = capability(seed('holder'));
  if (genuine.kind !== 1) throw new Error('a capability');
  return {
    ...genuine,
    cap: { body: genuine.cap.body, sig: signEd25519(seed('impostor'), genuine.cap.body) },
  };
})();
/** A replay store that has seen everything. */
const SEEN = { windowSeconds: 600, checkAndRemember: () => 'seen' as const };
const refusingResolver: OpenEnvelopeV2Options['resolveSenderKey'] = () => fail('revoked-key');
const INNER_TS = 7;
const INNER_TO = 3;
const INNER_KEL = 10;
const INNER_NOTICES = 11;

it('the envelopes the order cases start from open, with one layer and with two', () => {
  expect(open(envelope()).ok).toBe(true);
  expect(open(envelope({ layer2: true, access: capability(seed('holder')) })).ok).toBe(true);
});

/**
 * The order cases of the checks both openers make first, in the same code (the outer map,
 * the recipient, the epoch key, layer 1): for an opener, the envelope it opens, a version
 * it is not and an outer key it does not know.
 */
const outerOrderCases = (
  openAs: (bytes: unknown, changes?: Partial<OpenEnvelopeV2Options>) => Verdict<unknown>,
  plainEnvelope: () => Uint8Array,
  otherVersion: number,
  unknownKey: number,
) => ({
  'envelope > size': () => openAs('a2'.repeat(8), { maxBytes: 1 }),
  'size > outer-map': () => openAs(new Uint8Array([0xff, 0xff]), { maxBytes: 1 }),
  // {2: 0, 1: 3}: keys out of order, and version 3.
  'outer-map > version': () => openAs(new Uint8Array([0xa2, 0x02, 0x00, 0x01, 0x03])),
  'version > outer-keys': () =>
    openAs(
      editOuter(plainEnvelope(), [
        [1, encode(otherVersion)],
        [unknownKey, encode(0)],
      ]),
    ),
  'outer-keys > outer-fields': () =>
    openAs(
      editOuter(plainEnvelope(), [
        [2, encode(5)],
        [unknownKey, encode(0)],
      ]),
    ),
  'outer-fields > suite': () =>
    openAs(
      editOuter(plainEnvelope(), [
        [2, encode(5)],
        [3, encode(2)],
      ]),
    ),
  'suite > recipient': () => openAs(editOuter(plainEnvelope(), [[3, encode(2)]]), { ownAid: 'someone-else' }),
  'recipient > epoch-key': () =>
    openAs(plainEnvelope(), { ownAid: 'someone-else', keyRing: () => undefined }),
  'epoch-key > layer-1': () => {
    const bytes = plainEnvelope();
    const ct = unwrap(decodeEntries(bytes)).find((e) => e.key === 6)!;
    return openAs(editOuter(bytes, [[6, encode(flipLast(ct.value as Uint8Array))]]), {
      keyRing: () => undefined,
    });
  },
});

holdChecksToVerifier('openEnvelope', SEALED_ENVELOPE_CHECKS, ENVELOPE_CODES, {
  ...outerOrderCases(open, () => envelope(), 3, 9),
  'layer-1 > wrap': () => {
    const bytes = envelope({ wrapExtensions: [[5, encode(0)]] });
    const ct = unwrap(decodeEntries(bytes)).find((e) => e.key === 6)!;
    return open(editOuter(bytes, [[6, encode(flipLast(ct.value as Uint8Array))]]));
  },
  'wrap > padding': () => open(envelope({ wrapExtensions: [[5, encode(0)]], pad: nonZeroPad })),
  'padding > access': () =>
    open(withCapKey3(envelope({ pad: nonZeroPad, access: capability(seed('holder')) }))),
  'access > capability-accepted': () =>
    open(withCapKey3(envelope({ access: capability(seed('holder')) })), { mailbox: 'off' }),
  'capability-accepted > capability-signature': () =>
    open(envelope({ access: forgedCapability }), { mailbox: 'off' }),
  'capability-signature > capability-epoch': () =>
    open(envelope({ access: forgedCapability }), { mailbox: { ...MAILBOX, epoch: 2 } }),
  // An expired capability, judged 31 days on (the inner time window is judged later).
  'capability-epoch > capability-expiry': () =>
    open(envelope({ access: capability(seed('holder')) }), {
      mailbox: { ...MAILBOX, epoch: 2 },
      now: new Date(TS + 31 * DAY),
    }),
  'capability-expiry > pop': () =>
    open(envelope({ access: capability(seed('other-holder')) }), { now: new Date(TS + 31 * DAY) }),
  'pop > interaction-key': () =>
    open(envelope({ layer2: true, access: capability(seed('other-holder')) }), {
      interactionKeyRing: () => undefined,
    }),
  'interaction-key > layer-2':
    'a layer sealed to a key the ring lacks is never opened, so it cannot also fail to open',
  // The ring answers the ikid with another key, so layer 2 does not open; inside it, no wire map.
  'layer-2 > inner-map': () =>
    open(envelope({ layer2: true, inner: put(-1, encode(0)) }), {
      interactionKeyRing: () => epoch.privateKey,
    }),
  // A negative key makes it no wire map at all; key 13 is one v2 does not assign.
  'inner-map > inner-keys': () => open(envelope({ inner: both(put(-1, encode(0)), put(13, encode(0))) })),
  'inner-keys > inner-fields': () =>
    open(envelope({ inner: both(put(13, encode(0)), put(INNER_TS, encode(0))) })),
  'inner-fields > kel-size': () =>
    open(
      envelope({
        inner: both(put(INNER_TS, encode(0)), put(INNER_KEL, encode(new Uint8Array(65537)))),
      }),
    ),
  'kel-size > inner-recipient': () =>
    open(
      envelope({
        inner: both(put(INNER_KEL, encode(new Uint8Array(65537))), put(INNER_TO, encode('x'))),
      }),
    ),
  'inner-recipient > history': () =>
    open(envelope({ inner: both(put(INNER_TO, encode('x')), put(INNER_NOTICES, encode([]))) })),
  'history > exp': () => open(envelope({ inner: put(INNER_NOTICES, encode([])), outerExp: TS + 2 * DAY })),
  'exp > time': () => open(envelope({ outerExp: TS + 2 * DAY }), { now: new Date(TS + 3 * DAY) }),
  'time > sender-key': () =>
    open(envelope(), { now: new Date(TS + 3 * DAY), resolveSenderKey: refusingResolver }),
  'sender-key > signature': () =>
    open(envelope({ signer: seed('impostor') }), { resolveSenderKey: refusingResolver }),
  'signature > replay': () => open(envelope({ signer: seed('impostor') }), { replay: SEEN }),
});

it('each fault the order cases combine is, alone, refused by its own check', () => {
  const alone: [string, ReturnType<typeof open>][] = [
    ['bad-wrap', open(envelope({ wrapExtensions: [[5, encode(0)]] }))],
    ['bad-pad', open(envelope({ pad: nonZeroPad }))],
    ['bad-access', open(withCapKey3(envelope({ access: capability(seed('holder')) })))],
    ['capability-not-accepted', open(envelope({ access: capability(seed('holder')) }), { mailbox: 'off' })],
    ['bad-cap-sig', open(envelope({ access: forgedCapability }))],
    [
      'cap-epoch-mismatch',
      open(envelope({ access: capability(seed('holder')) }), { mailbox: { ...MAILBOX, epoch: 2 } }),
    ],
    ['cap-expired', open(envelope({ access: capability(seed('holder')) }), { now: new Date(TS + 31 * DAY) })],
    ['bad-pop', open(envelope({ access: capability(seed('other-holder')) }))],
    ['unknown-critical-field', open(envelope({ inner: put(13, encode(0)) }))],
    ['bad-inner', open(envelope({ inner: put(INNER_TS, encode(0)) }))],
    ['kel-too-large', open(envelope({ inner: put(INNER_KEL, encode(new Uint8Array(65537))) }))],
    ['to-mismatch', open(envelope({ inner: put(INNER_TO, encode('x')) }))],
    ['bad-inner', open(envelope({ inner: put(INNER_NOTICES, encode([])) }))],
    ['exp-mismatch', open(envelope({ outerExp: TS + 2 * DAY }))],
    ['expired', open(envelope(), { now: new Date(TS + 3 * DAY) })],
    ['revoked-key', open(envelope(), { resolveSenderKey: refusingResolver })],
    ['bad-sig', open(envelope({ signer: seed('impostor') }))],
    ['replayed', open(envelope(), { replay: SEEN })],
  ];
  expect(alone.map(([, verdict]) => (verdict.ok ? 'ok' : verdict.code))).toEqual(alone.map(([code]) => code));
});

const info = utf8('checks');
const aad = new Uint8Array(0);
const sealedHpke = sealHpke({ recipientPublicKey: epoch.publicKey, info, aad, plaintext: utf8('hi') });
const openWith = (changes: Record<string, unknown>) =>
  openHpke({ recipientPrivateKey: epoch.privateKey, info, aad, ...sealedHpke, ...changes } as never);

it('the HPKE message the order cases start from opens', () => {
  expect(openWith({})).toEqual({ ok: true, value: utf8('hi') });
});

holdChecksToVerifier('open (HPKE)', HPKE_OPEN_CHECKS, HPKE_OPEN_CODES, {
  'enc > encapsulation': () => openWith({ enc: 'not bytes' }),
  // An all-zero enc is a low-order point: no shared secret.
  'encapsulation > ciphertext': () => openWith({ enc: new Uint8Array(32), ciphertext: 'not bytes' }),
  'ciphertext > decryption': () => openWith({ ciphertext: 'not bytes', aad: utf8('other') }),
});

const { dack: dackKeys } = sealEnvelope({
  to: OWN,
  recipientPublicKey: epoch.publicKey,
  senderSeed: seed('sender'),
  message,
  access: { kind: 0 },
});
const read = (dack: unknown) => readDack(dackKeys, dack as Uint8Array);

it('a dack made with these keys reads', () => {
  expect(read(createDack(dackKeys, { decision: 'processed' }))).toEqual({
    ok: true,
    value: { decision: 'processed' },
  });
});

holdChecksToVerifier('readDack', DACK_CHECKS, DACK_CODES, {
  // Not bytes, and of the wrong length.
  'dack > length': () => read(new Array(79).fill(0)),
  // 79 bytes, and no token at its start.
  'length > token': () => read(new Uint8Array(79)),
  // 80 bytes: no token, and a note that does not authenticate.
  'token > note': () => read(new Uint8Array(80)),
});

/**
 * A v1 envelope built the way ANetCore v0.15 builds one (one layer, inner keys 1-10 and
 * 12, the body signed as is), with the faults asked for; signed honestly unless `signer` says.
 */
function envelopeV1(faults: { inner?: (entries: Entry[]) => Entry[]; signer?: Uint8Array } = {}) {
  const kid = keyId(1, epoch.publicKey);
  const layer = setupBaseS({
    recipientPublicKey: epoch.publicKey,
    info: sealInfo(LABEL_SEAL_V1, OWN, 1, kid),
    random,
  });
  const inner = (faults.inner ?? ((e) => e))(
    innerEntries(OWN, message).filter(([key]) => key !== INNER_NOTICES),
  );
  const bind: Entry[] = [
    [30, encode(layer.enc)],
    [31, encode(kid)],
    [32, encode(1)],
  ];
  const preimage = signaturePreimage(
    inner.map(([key, valueBytes]) => ({ key, valueBytes, value: undefined })),
    { label: LABEL_SIG_V1, drop: [20, 21], bind },
  );
  const innerBytes = encodeRawMap([
    ...inner,
    [20, encode(signEd25519(faults.signer ?? seed('sender'), preimage))],
  ]);
  return encodeRawMap([
    [1, encode(1)],
    [2, encode(OWN)],
    [3, encode(1)],
    [4, encode(kid)],
    [5, encode(layer.enc)],
    [6, encode(layer.context.seal(new Uint8Array(0), innerBytes))],
  ]);
}
const openV1 = (bytes: unknown, changes: Partial<OpenEnvelopeV2Options> = {}) =>
  openEnvelopeV1(bytes as Uint8Array, { ...options, ...changes });
const PAD_V1 = 21;

it('the v1 envelope the order cases start from opens', () => {
  expect(openV1(envelopeV1())).toMatchObject({ ok: true, value: { from: FROM } });
});

holdChecksToVerifier('openEnvelopeV1', SEALED_ENVELOPE_V1_CHECKS, ENVELOPE_V1_CODES, {
  ...outerOrderCases(openV1, () => envelopeV1(), 2, 7),
  // The ring answers the kid with another key; inside, no wire map.
  'layer-1 > inner-map': () =>
    openV1(envelopeV1({ inner: put(-1, encode(0)) }), { keyRing: () => interaction.privateKey }),
  'inner-map > inner-keys': () => openV1(envelopeV1({ inner: both(put(-1, encode(0)), put(13, encode(0))) })),
  'inner-keys > inner-fields': () =>
    openV1(envelopeV1({ inner: both(put(INNER_NOTICES, encode([])), put(INNER_TS, encode(0))) })),
  'inner-fields > kel-size': () =>
    openV1(
      envelopeV1({
        inner: both(put(INNER_TS, encode(0)), put(INNER_KEL, encode(new Uint8Array(65537)))),
      }),
    ),
  'kel-size > inner-recipient': () =>
    openV1(
      envelopeV1({
        inner: both(put(INNER_KEL, encode(new Uint8Array(65537))), put(INNER_TO, encode('x'))),
      }),
    ),
  'inner-recipient > padding': () =>
    openV1(
      envelopeV1({
        inner: both(put(INNER_TO, encode('x')), put(PAD_V1, encode(new Uint8Array([1])))),
      }),
    ),
  'padding > time': () =>
    openV1(envelopeV1({ inner: put(PAD_V1, encode(new Uint8Array([1]))) }), {
      now: new Date(TS + 3 * DAY),
    }),
  'time > sender-key': () =>
    openV1(envelopeV1(), { now: new Date(TS + 3 * DAY), resolveSenderKey: refusingResolver }),
  'sender-key > signature': () =>
    openV1(envelopeV1({ signer: seed('impostor') }), { resolveSenderKey: refusingResolver }),
  'signature > replay': () => openV1(envelopeV1({ signer: seed('impostor') }), { replay: SEEN }),
});

it('each v1 fault the order cases combine is, alone, refused by its own check', () => {
  const alone: [string, ReturnType<typeof openV1>][] = [
    ['unknown-critical-field', openV1(envelopeV1({ inner: put(INNER_NOTICES, encode([])) }))],
    ['bad-inner', openV1(envelopeV1({ inner: put(INNER_TS, encode(0)) }))],
    ['kel-too-large', openV1(envelopeV1({ inner: put(INNER_KEL, encode(new Uint8Array(65537))) }))],
    ['to-mismatch', openV1(envelopeV1({ inner: put(INNER_TO, encode('x')) }))],
    ['bad-pad', openV1(envelopeV1({ inner: put(PAD_V1, encode(new Uint8Array([1]))) }))],
    ['expired', openV1(envelopeV1(), { now: new Date(TS + 3 * DAY) })],
    ['bad-sig', openV1(envelopeV1({ signer: seed('impostor') }))],
  ];
  expect(alone.map(([, verdict]) => (verdict.ok ? 'ok' : verdict.code))).toEqual(alone.map(([code]) => code));
});

it("each version's check list names the outer keys that version refuses", () => {
  // why: checks.ts:20 `version === 2` → true, false or `!==` in the outer-keys title (a module-level
  // list, found by `pnpm mutate --filter hpke-seal --rest --static`): no case read the title, which
  // the explain layer shows a person. v1's outer map is keys 1-6, v2's keys 1-8 (spec/hpke-seal.md).
  const title = (checks: readonly { id: string; title: string }[]) =>
    checks.find((c) => c.id === 'outer-keys')?.title;
  expect(title(SEALED_ENVELOPE_V1_CHECKS)).toBe('no outer key 0 or 7-63');
  expect(title(SEALED_ENVELOPE_CHECKS)).toBe('no outer key 0 or 9-63');
});

it('each refusal of the open paths says what failed in the envelope terms', () => {
  // why (issue 32 mutation run): the details of these refusals → '' (the order cases compare codes).
  const detail = (v: { ok: boolean; code?: string; detail?: string }) => (v.ok ? ['ok'] : [v.code, v.detail]);
  const bytes = envelope();
  const ct = unwrap(decodeEntries(bytes)).find((e) => e.key === 6)!;
  expect(
    [
      open(bytes, { ownAid: 'someone-else' }),
      open(editOuter(bytes, [[1, encode(3)]])),
      open(editOuter(bytes, [[3, encode(2)]])),
      open(bytes, { keyRing: () => undefined }),
      open(editOuter(bytes, [[6, encode(flipLast(ct.value as Uint8Array))]])),
      open(envelope({ layer2: true }), { interactionKeyRing: () => undefined }),
      open(envelope({ inner: put(INNER_TO, encode('x')) })),
      open(envelope({ outerExp: TS + 2 * DAY })),
      openV1(envelopeV1(), { ownAid: 'someone-else' }),
      openV1(envelopeV1({ inner: put(PAD_V1, encode(new Uint8Array([1]))) })),
    ].map(detail),
  ).toEqual([
    ['wrong-recipient', 'the outer to names another AID than ownAid'],
    ['bad-version', 'the outer version is not 2'],
    ['unknown-suite', 'the suite is not 1 (X25519, HKDF-SHA256, ChaCha20-Poly1305)'],
    ['sealed-to-unknown-key', 'no key in your key ring has this key id'],
    ['decrypt-failed', 'the ciphertext does not decrypt under the key of this key id'],
    ['unknown-interaction-key', "no key in your interaction key ring has the wrap's ikid"],
    ['to-mismatch', 'the inner to is not the outer to'],
    ['exp-mismatch', 'the outer exp is not the inner exp'],
    ['wrong-recipient', 'the outer to names another AID than ownAid'],
    ['bad-pad', 'the pad (inner key 21) holds a non-zero byte'],
  ]);
});
