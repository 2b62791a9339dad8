/**
 * Opening a v2 envelope, in the order of seed 002: outer version, key id, layer-1
 * decryption, wrap structure and padding, delivery credential, layer 2, inner structure,
 * time, then the inner signature under the resolved sender key. Every refusal is a pure
 * function of the bytes and the options, so the same bytes fail the same way every time.
 */
import {
  type AsyncReplayCode,
  fail,
  type OffByCaller,
  ok,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import type { RawEntry } from '@agent-seam/coredet-cbor';
import { type Access, type AccessCode, checkAccess, type MailboxKey, readMailbox } from './access.js';
import { type DackKeys, dackKeys } from './dack.js';
import {
  INNER,
  INNER_V2_SCHEMA,
  LABEL_IX_V2,
  LABEL_SEAL_V2,
  LABEL_SIG_V2,
  NOTICE_MAX_BYTES,
  OUTER,
  OUTER_V2_SCHEMA,
  RK,
  RK_SCHEMA,
  SUITE_X25519_CHACHA,
  WRAP,
  WRAP_SCHEMA,
} from './envelope-wire.js';
import { type InnerCode, type InnerFields, parseInner } from './inner.js';
import {
  allZero,
  type KeyRing,
  type OpenerOptions,
  type OuterCode,
  openLater,
  openLayer,
  openNow,
  parseOuter,
  readOpenerOptions,
} from './open-steps.js';
import { isPadmeLength } from './padme.js';
import { sealInfo } from './seal-info.js';
import {
  checkInnerSignature,
  type ResolveSenderKey,
  type ResolveSenderKeyAsync,
  type ResolvingSteps,
  SENDER_KEY_CODES,
  type SenderKeyCode,
  signaturePreimage,
} from './sender-key.js';
import { type TimeCode, timeViolation } from './time-window.js';
import {
  bytesField,
  decodeWireMap,
  firstBadField,
  firstUnknownKey,
  optionalBytes,
  textField,
  uintField,
  type WireMap,
} from './wire-map.js';

export type EnvelopeCode =
  | OuterCode
  | 'wrong-recipient'
  | 'sealed-to-unknown-key'
  | 'decrypt-failed'
  | 'bad-wrap'
  | 'bad-pad'
  | AccessCode
  | 'unknown-interaction-key'
  | InnerCode
  | 'exp-mismatch'
  | TimeCode
  | SenderKeyCode
  | 'bad-sig'
  | AsyncReplayCode;

/** Every EnvelopeCode, in the order openEnvelope checks (the resolver's six together). */
export const ENVELOPE_CODES = [
  'not-bytes',
  'too-large',
  'bad-outer',
  'bad-version',
  'unknown-critical-field',
  'unknown-suite',
  'wrong-recipient',
  'sealed-to-unknown-key',
  'decrypt-failed',
  'bad-wrap',
  'bad-pad',
  'bad-access',
  'capability-not-accepted',
  'bad-cap-sig',
  'cap-epoch-mismatch',
  'cap-expired',
  'cap-too-long',
  'bad-pop',
  'unknown-interaction-key',
  'bad-inner',
  'kel-too-large',
  'to-mismatch',
  'exp-mismatch',
  'bad-lifetime',
  'expired',
  'from-future',
  ...SENDER_KEY_CODES,
  'bad-sig',
  'replayed',
  'replay-cache-full',
  'replay-store-unavailable',
] as const satisfies readonly EnvelopeCode[];

export interface OpenEnvelopeV2Options<R = ResolveSenderKey> extends OpenerOptions<R> {
  /** The recipient's interaction keys, for envelopes with a second layer. */
  interactionKeyRing?: KeyRing;
  /**
   * Required: your mailbox signing key and its current epoch, against which a capability
   * credential (access kind 1) you issued is judged. `'off'` accepts first-contact
   * sessions only (a capability is then `capability-not-accepted`).
   */
  mailbox: MailboxKey | 'off';
}

export interface OpenedEnvelope extends InnerFields {
  layers: 1 | 2;
  access: Access;
  /** Present unless the message is a preview frame. */
  history?: { kel: Uint8Array; notice: Uint8Array; keys: Uint8Array };
  /** The encoded Grant map, signed but not judged here. */
  grant?: Uint8Array;
  /** The sender's interaction public key. */
  rk?: Uint8Array;
  /** Keys 64 and above as received: inner (signed), wrap (encrypted) and outer (in env_digest). */
  extensions: { inner: RawEntry[]; wrap: RawEntry[]; outer: RawEntry[] };
  senderKey: Uint8Array;
  /** For answering with a delivery confirmation. */
  dack: DackKeys;
  /** `'first-seen'`: the replay store had not seen (from, mid); `'off-by-caller'`: `replay: 'off'`. */
  replay: 'first-seen' | OffByCaller;
}

/** The opened envelope before the replay store is asked. */
type Unreplayed = Omit<OpenedEnvelope, 'replay'>;

const fieldBytes = (map: WireMap, key: number) => map.fields.get(key)!.valueBytes;

/** Wrap: key space and rules (bad-wrap), both second-layer keys or neither, then the padding. */
function parseWrap(plaintext: Uint8Array): Verdict<WireMap, 'bad-wrap' | 'bad-pad'> {
  const wrap = decodeWireMap(plaintext, plaintext.length);
  if (wrap === null) return fail('bad-wrap', 'not a CoreDet map with unsigned integer keys');
  const unknown = firstUnknownKey(wrap, WRAP_SCHEMA);
  if (unknown !== null) return fail('bad-wrap', `wrap key ${unknown}`);
  const bad = firstBadField(wrap, WRAP_SCHEMA);
  if (bad !== null) return fail('bad-wrap', `wrap key ${bad}`);
  if (wrap.fields.has(WRAP.ikid) !== wrap.fields.has(WRAP.enc2))
    return fail('bad-wrap', 'ikid and enc2 go together');
  if (!allZero(bytesField(wrap, WRAP.pad)))
    return fail('bad-pad', "the wrap's padding holds a non-zero byte");
  if (!isPadmeLength(plaintext.length))
    return fail('bad-pad', `the wrap is ${plaintext.length} bytes, not a Padmé length`);
  return ok(wrap);
}

/** v2 rules beyond the schema: the history triple, one bounded notice, a closed rk map. */
function historyAndRk(map: WireMap): Verdict<Pick<OpenedEnvelope, 'history' | 'rk'>, 'bad-inner'> {
  const present = [INNER.kel, INNER.notices, INNER.keys].filter((k) => map.fields.has(k)).length;
  if (present !== 0 && present !== 3) return fail('bad-inner', 'kel, notices and keys go together');
  const out: Pick<OpenedEnvelope, 'history' | 'rk'> = {};
  if (present === 3) {
    const notices = map.fields.get(INNER.notices)!.value;
    const notice = Array.isArray(notices) && notices.length === 1 ? notices[0] : undefined;
    if (!(notice instanceof Uint8Array) || notice.length > NOTICE_MAX_BYTES)
      return fail('bad-inner', 'exactly one witness notice of at most 1024 bytes');
    out.history = { kel: bytesField(map, INNER.kel), notice, keys: bytesField(map, INNER.keys) };
  }
  const rk = map.fields.get(INNER.rk);
  if (rk !== undefined) {
    const rkMap = decodeWireMap(rk.valueBytes, rk.valueBytes.length);
    if (
      rkMap === null ||
      rkMap.extensions.length > 0 ||
      firstUnknownKey(rkMap, RK_SCHEMA) !== null ||
      firstBadField(rkMap, RK_SCHEMA) !== null ||
      uintField(rkMap, RK.suite) !== SUITE_X25519_CHACHA
    )
      return fail('bad-inner', 'rk is not a closed suite-1 key');
    out.rk = bytesField(rkMap, RK.pub);
  }
  return ok(out);
}

/** The caller's options, read once before the envelope (SeamError naming a wrong one). */
function readV2Options(options: OpenEnvelopeV2Options<unknown>, opener: string) {
  const read = readOpenerOptions(options, opener);
  if (options.interactionKeyRing !== undefined && typeof options.interactionKeyRing !== 'function')
    throw new SeamError(
      'bad-argument',
      `${opener} interactionKeyRing must be a function (keyRingOf makes one)`,
    );
  return { ...read, mailbox: readMailbox(options.mailbox, opener) };
}

/** Every check but the replay store's, in the order of SEALED_ENVELOPE_CHECKS. */
function* openUnreplayed(
  bytes: Uint8Array,
  options: OpenEnvelopeV2Options<unknown>,
  { nowMs, maxBytes, mailbox }: ReturnType<typeof readV2Options>,
): ResolvingSteps<Verdict<Unreplayed, EnvelopeCode>> {
  const parsed = parseOuter(bytes, 2, OUTER_V2_SCHEMA, maxBytes);
  if (!parsed.ok) return parsed;
  const outer = parsed.value;
  const to = textField(outer, OUTER.to);
  if (to !== options.ownAid) return fail('wrong-recipient', 'the outer to names another AID than ownAid');
  const kid = bytesField(outer, OUTER.kid);
  const info1 = sealInfo(LABEL_SEAL_V2, to, SUITE_X25519_CHACHA, kid);
  const layer1 = openLayer(
    options.keyRing,
    kid,
    bytesField(outer, OUTER.enc),
    info1,
    bytesField(outer, OUTER.ct),
  );
  if (!layer1.ok) return layer1;

  const wrap = parseWrap(layer1.value.plaintext);
  if (!wrap.ok) return wrap;
  const access = checkAccess(fieldBytes(outer, OUTER.access), outer, { mailbox, nowMs });
  if (!access.ok) return access;

  const bind: [number, Uint8Array][] = [
    [INNER.enc1, fieldBytes(outer, OUTER.enc)],
    [INNER.kid, fieldBytes(outer, OUTER.kid)],
    [INNER.suite, fieldBytes(outer, OUTER.suite)],
  ];
  let innerBytes = bytesField(wrap.value, WRAP.ct);
  const ikid = optionalBytes(wrap.value, WRAP.ikid);
  if (ikid !== undefined) {
    const info2 = sealInfo(LABEL_IX_V2, to, SUITE_X25519_CHACHA, ikid);
    const ring = options.interactionKeyRing ?? (() => undefined);
    const layer2 = openLayer(ring, ikid, bytesField(wrap.value, WRAP.enc2), info2, innerBytes);
    if (!layer2.ok)
      return layer2.code === 'sealed-to-unknown-key'
        ? fail('unknown-interaction-key', "no key in your interaction key ring has the wrap's ikid")
        : fail('decrypt-failed', 'layer 2: the inner ciphertext does not decrypt under your interaction key');
    innerBytes = layer2.value.plaintext;
    bind.push(
      [INNER.ikid, fieldBytes(wrap.value, WRAP.ikid)],
      [INNER.enc2, fieldBytes(wrap.value, WRAP.enc2)],
    );
  }

  const inner = parseInner(innerBytes, INNER_V2_SCHEMA, to);
  if (!inner.ok) return inner;
  const { map, fields } = inner.value;
  const extra = historyAndRk(map);
  if (!extra.ok) return extra;
  if (outer.fields.has(OUTER.exp) && uintField(outer, OUTER.exp) !== fields.expMs)
    return fail('exp-mismatch', 'the outer exp is not the inner exp');

  const late = timeViolation(fields.tsMs, fields.expMs, nowMs);
  if (late !== null) return late;

  const preimage = signaturePreimage(map.entries, {
    label: LABEL_SIG_V2,
    drop: [INNER.sig],
    hashBodyAt: INNER.body,
    bind,
  });
  const query = { from: fields.from, ksn: fields.ksn, tsMs: fields.tsMs, nowMs };
  options.onSignedBytes?.(preimage, fields.sig);
  const resolved = yield extra.value.history === undefined
    ? query
    : {
        ...query,
        kel: extra.value.history.kel,
        notices: [extra.value.history.notice],
        keys: extra.value.history.keys,
      };
  const senderKey = checkInnerSignature(resolved, preimage, fields.sig);
  if (!senderKey.ok) return senderKey;

  const opened: Unreplayed = {
    ...fields,
    ...extra.value,
    layers: ikid === undefined ? 1 : 2,
    access: access.value,
    extensions: { inner: map.extensions, wrap: wrap.value.extensions, outer: outer.extensions },
    senderKey: senderKey.value,
    dack: dackKeys(layer1.value.context),
  };
  const grant = map.fields.get(INNER.grant);
  if (grant !== undefined) opened.grant = grant.valueBytes;
  return ok(opened);
}

/**
 * Opens a v2 envelope for `options.ownAid`: every check of SEALED_ENVELOPE_CHECKS, then
 * the replay store (required, or `replay: 'off'`), which must answer at once (a store that
 * answers with a promise is for `openEnvelopeAsync`). Never throws on `bytes`, whatever
 * they are (anything but a Uint8Array is `not-bytes`); wrong or missing options throw
 * SeamError naming them.
 */
export function openEnvelope(
  bytes: Uint8Array,
  options: OpenEnvelopeV2Options,
): Verdict<OpenedEnvelope, EnvelopeCode> {
  const policy = readV2Options(options, 'openEnvelope');
  return openNow(
    openUnreplayed(bytes, options, policy),
    options.resolveSenderKey,
    policy,
    'openEnvelopeAsync',
  );
}

/**
 * `openEnvelope` with a replay store or a `resolveSenderKey` that may answer with a promise
 * (one shared between processes): the same checks and verdicts. Rejects only with
 * SeamError for options, or with the store's or the resolver's own error.
 */
export async function openEnvelopeAsync(
  bytes: Uint8Array,
  options: OpenEnvelopeV2Options<ResolveSenderKeyAsync>,
): Promise<Verdict<OpenedEnvelope, EnvelopeCode>> {
  const policy = readV2Options(options, 'openEnvelopeAsync');
  return openLater(openUnreplayed(bytes, options, policy), options.resolveSenderKey, policy);
}
