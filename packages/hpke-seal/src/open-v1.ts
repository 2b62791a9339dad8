/**
 * Opening the one-layer sealed envelope of ANetCore v0.15 (outer v = 1), for interop
 * with envelopes that exist today. Receive order and reason strings follow that release.
 */
import { type AsyncReplayCode, fail, type OffByCaller, ok, type Verdict } from '@agent-seam/canonical';
import type { RawEntry } from '@agent-seam/coredet-cbor';
import { encode } from '@agent-seam/coredet-cbor';
import {
  INNER,
  INNER_V1_SCHEMA,
  LABEL_SEAL_V1,
  LABEL_SIG_V1,
  OUTER,
  OUTER_V1_SCHEMA,
  SUITE_X25519_CHACHA,
} from './envelope-wire.js';
import { type InnerCode, type InnerFields, parseInner } from './inner.js';
import {
  allZero,
  type OpenerOptions,
  type OuterCode,
  openLater,
  openLayer,
  openNow,
  parseOuter,
  readOpenerOptions,
} from './open-steps.js';
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
import { bytesField, optionalBytes, textField } from './wire-map.js';

export type EnvelopeV1Code =
  | OuterCode
  | 'wrong-recipient'
  | 'sealed-to-unknown-key'
  | 'decrypt-failed'
  | InnerCode
  | 'bad-pad'
  | TimeCode
  | SenderKeyCode
  | 'bad-sig'
  | AsyncReplayCode;

/** Every EnvelopeV1Code: v2's codes without the wrap, credential, layer-2 and exp-mismatch ones. */
export const ENVELOPE_V1_CODES = [
  'not-bytes',
  'too-large',
  'bad-outer',
  'bad-version',
  'unknown-critical-field',
  'unknown-suite',
  'wrong-recipient',
  'sealed-to-unknown-key',
  'decrypt-failed',
  'bad-inner',
  'kel-too-large',
  'to-mismatch',
  'bad-pad',
  'bad-lifetime',
  'expired',
  'from-future',
  ...SENDER_KEY_CODES,
  'bad-sig',
  'replayed',
  'replay-cache-full',
  'replay-store-unavailable',
] as const satisfies readonly EnvelopeV1Code[];

export type OpenEnvelopeOptions<R = ResolveSenderKey> = OpenerOptions<R>;

export interface OpenedEnvelopeV1 extends InnerFields {
  keys: Uint8Array;
  kel: Uint8Array;
  /** Inner keys 64 and above, as received (signed). */
  extensions: RawEntry[];
  senderKey: Uint8Array;
  /** `'first-seen'`: the replay store had not seen (from, mid); `'off-by-caller'`: `replay: 'off'`. */
  replay: 'first-seen' | OffByCaller;
}

/**
 * Opens a v1 envelope for `options.ownAid`, then asks the replay store (required, or
 * `replay: 'off'`; one that answers with a promise is for `openEnvelopeV1Async`). Never
 * throws on `bytes`, whatever they are (anything but a Uint8Array is `not-bytes`); wrong
 * or missing options throw SeamError naming them.
 */
export function openEnvelopeV1(
  bytes: Uint8Array,
  options: OpenEnvelopeOptions,
): Verdict<OpenedEnvelopeV1, EnvelopeV1Code> {
  const policy = readOpenerOptions(options, 'openEnvelopeV1');
  return openNow(
    openUnreplayedV1(bytes, options, policy),
    options.resolveSenderKey,
    policy,
    'openEnvelopeV1Async',
  );
}

/**
 * `openEnvelopeV1` with a replay store or a `resolveSenderKey` that may answer with a
 * promise: the same checks and verdicts.
 */
export async function openEnvelopeV1Async(
  bytes: Uint8Array,
  options: OpenEnvelopeOptions<ResolveSenderKeyAsync>,
): Promise<Verdict<OpenedEnvelopeV1, EnvelopeV1Code>> {
  const policy = readOpenerOptions(options, 'openEnvelopeV1Async');
  return openLater(openUnreplayedV1(bytes, options, policy), options.resolveSenderKey, policy);
}

/** Every check but the replay store's, in the order of SEALED_ENVELOPE_V1_CHECKS. */
function* openUnreplayedV1(
  bytes: Uint8Array,
  options: OpenEnvelopeOptions<unknown>,
  { nowMs, maxBytes }: ReturnType<typeof readOpenerOptions>,
): ResolvingSteps<Verdict<Omit<OpenedEnvelopeV1, 'replay'>, EnvelopeV1Code>> {
  const outer = parseOuter(bytes, 1, OUTER_V1_SCHEMA, maxBytes);
  if (!outer.ok) return outer;
  const to = textField(outer.value, OUTER.to);
  if (to !== options.ownAid) return fail('wrong-recipient', 'the outer to names another AID than ownAid');
  const kid = bytesField(outer.value, OUTER.kid);
  const enc = bytesField(outer.value, OUTER.enc);
  const info = sealInfo(LABEL_SEAL_V1, to, SUITE_X25519_CHACHA, kid);
  const layer = openLayer(options.keyRing, kid, enc, info, bytesField(outer.value, OUTER.ct));
  if (!layer.ok) return layer;

  const inner = parseInner(layer.value.plaintext, INNER_V1_SCHEMA, to);
  if (!inner.ok) return inner;
  const { map, fields } = inner.value;
  const pad = optionalBytes(map, INNER.padV1);
  if (pad !== undefined && !allZero(pad))
    return fail('bad-pad', 'the pad (inner key 21) holds a non-zero byte');

  const late = timeViolation(fields.tsMs, fields.expMs, nowMs);
  if (late !== null) return late;

  const preimage = signaturePreimage(map.entries, {
    label: LABEL_SIG_V1,
    drop: [INNER.sig, INNER.padV1],
    bind: [
      [INNER.enc1, outer.value.fields.get(OUTER.enc)!.valueBytes],
      [INNER.kid, outer.value.fields.get(OUTER.kid)!.valueBytes],
      [INNER.suite, encode(SUITE_X25519_CHACHA)],
    ],
  });
  options.onSignedBytes?.(preimage, fields.sig);
  const resolved = yield {
    from: fields.from,
    ksn: fields.ksn,
    tsMs: fields.tsMs,
    nowMs,
    kel: fields.kel,
    keys: bytesField(map, INNER.keys),
  };
  const senderKey = checkInnerSignature(resolved, preimage, fields.sig);
  if (!senderKey.ok) return senderKey;
  return ok({
    ...fields,
    kel: fields.kel!,
    keys: bytesField(map, INNER.keys),
    extensions: map.extensions,
    senderKey: senderKey.value,
  });
}
