/**
 * Sealing a v2 envelope: sign the inner message (body as its SHA-256, bound to both
 * layers' encapsulations and key ids), encrypt it under the interaction key when there is
 * one, wrap and Padmé-pad it, encrypt the wrap under the recipient's epoch key.
 */
import { SeamError } from '@agent-seam/canonical';
import { decode, encode } from '@agent-seam/coredet-cbor';
import { signEd25519 } from '@agent-seam/did';
import { type AccessInput, encodeAccess, envelopeDigest, unsendableCapability } from './access.js';
import { type DackKeys, dackKeys } from './dack.js';
import {
  ACCESS_KIND_CAPABILITY,
  ACCESS_KIND_SESSION,
  INNER,
  KEL_MAX_BYTES,
  LABEL_IX_V2,
  LABEL_SEAL_V2,
  LABEL_SIG_V2,
  MID_BYTES,
  NOTICE_MAX_BYTES,
  OUTER,
  RK,
  SUITE_X25519_CHACHA,
  WRAP,
} from './envelope-wire.js';
import { setupBaseS } from './hpke.js';
import type { MessageFields } from './inner.js';
import { keyId } from './kid.js';
import { DEFAULT_MAX_ENVELOPE_BYTES } from './open-steps.js';
import { padLengthFor } from './padme.js';
import { type RandomSource, systemRandom } from './primitives.js';
import { sealInfo } from './seal-info.js';
import { signaturePreimage } from './sender-key.js';
import { MAX_LIFETIME_MS } from './time-window.js';
import { encodeRawMap, FIRST_EXTENSION_KEY } from './wire-map.js';

/** A map entry given as its key and the encoding of its value. */
export type Entry = readonly [key: number, valueBytes: Uint8Array];

export interface InnerMessage extends MessageFields {
  /** Key history, witness notices and key set travel together (absent only in preview frames). */
  history?: { kel: Uint8Array; notice: Uint8Array; keys: Uint8Array };
  /** The encoded Grant map. */
  grant?: Uint8Array;
  /** The sender's interaction public key (X25519, suite 1). */
  rk?: Uint8Array;
  /** Keys 64 and above with their encoded values; signed with the rest. */
  extensions?: readonly Entry[];
}

export interface SealEnvelopeOptions {
  /** Recipient AID. */
  to: string;
  /** The recipient's current epoch encryption key. */
  recipientPublicKey: Uint8Array;
  /** The recipient's interaction key; when given, the inner message gets a second layer. */
  interactionPublicKey?: Uint8Array;
  /** The sender's Ed25519 identity seed (the key at `message.ksn`). */
  senderSeed: Uint8Array;
  message: InnerMessage;
  access: AccessInput;
  /** A one-shot envelope repeats exp in outer key 8; queued envelopes never do. */
  oneShot?: boolean;
  outerExtensions?: readonly Entry[];
  wrapExtensions?: readonly Entry[];
  random?: RandomSource;
}

export interface SealedEnvelope {
  bytes: Uint8Array;
  /** Key id of the epoch key sealed to. */
  kid: Uint8Array;
  /** For reading the recipient's delivery confirmation later. */
  dack: DackKeys;
}

const EMPTY = new Uint8Array(0);

function requireInput(condition: boolean, message: string): void {
  if (!condition) throw new SeamError('bad-input', message);
}

/** The unsigned inner entries of a message, in key order. */
export function innerEntries(to: string, m: InnerMessage): Entry[] {
  const entries: Entry[] = [
    [INNER.from, encode(m.from)],
    [INNER.ksn, encode(m.ksn)],
    [INNER.to, encode(to)],
    [INNER.type, encode(m.type)],
    [INNER.ix, encode(m.ix)],
    [INNER.mid, encode(m.mid)],
    [INNER.ts, encode(m.tsMs)],
    [INNER.exp, encode(m.expMs)],
    [INNER.body, encode(m.body)],
  ];
  if (m.history !== undefined)
    entries.push(
      [INNER.kel, encode(m.history.kel)],
      [INNER.notices, encode([m.history.notice])],
      [INNER.keys, encode(m.history.keys)],
    );
  if (m.grant !== undefined) entries.push([INNER.grant, m.grant]);
  if (m.rk !== undefined)
    entries.push([
      INNER.rk,
      encode(
        new Map<number, number | Uint8Array>([
          [RK.suite, SUITE_X25519_CHACHA],
          [RK.pub, m.rk],
        ]),
      ),
    ]);
  return [...entries, ...(m.extensions ?? [])];
}

const isBytes = (value: unknown, length?: number): value is Uint8Array =>
  value instanceof Uint8Array && (length === undefined || value.length === length);
const isText = (value: unknown): value is string => typeof value === 'string' && !value.includes('\0');
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
/** One strict CoreDet map, as the opener reads inner key 14. */
const isEncodedMap = (bytes: Uint8Array): boolean => {
  const decoded = decode(bytes);
  return decoded.ok && decoded.value instanceof Map;
};

/** The sealing arguments, each judged by name: a wrong one throws SeamError('bad-input') saying which. */
function checkMessage(options: SealEnvelopeOptions): void {
  requireInput(typeof options === 'object' && options !== null, 'sealEnvelope takes an options object');
  const { to, message: m } = options;
  requireInput(isText(to) && to.length > 0, 'to must be a non-empty AID without U+0000');
  requireInput(isBytes(options.recipientPublicKey, 32), 'recipientPublicKey must be a 32-byte X25519 key');
  requireInput(
    options.interactionPublicKey === undefined || isBytes(options.interactionPublicKey, 32),
    'interactionPublicKey must be a 32-byte X25519 key',
  );
  requireInput(isBytes(options.senderSeed, 32), 'senderSeed must be a 32-byte Ed25519 seed');
  requireInput(typeof m === 'object' && m !== null, 'message must be an object');
  requireInput(isText(m.from) && m.from.length > 0, 'message.from must be a non-empty AID without U+0000');
  requireInput(isCount(m.ksn), 'message.ksn must be a non-negative integer');
  requireInput(typeof m.type === 'string', 'message.type must be a string');
  requireInput(isText(m.ix), 'message.ix must be a string without U+0000');
  requireInput(isBytes(m.mid, MID_BYTES), 'message.mid must be 16 bytes');
  requireInput(
    isCount(m.tsMs) && m.tsMs > 0,
    'message.tsMs must be milliseconds since the Unix epoch, not 0',
  );
  requireInput(isCount(m.expMs), 'message.expMs must be milliseconds since the Unix epoch');
  // The opener refuses these at any clock (bad-lifetime): the sealer never writes them.
  requireInput(m.expMs >= m.tsMs, 'message.expMs must not come before message.tsMs');
  requireInput(
    m.expMs - m.tsMs <= MAX_LIFETIME_MS,
    'message.expMs may be at most 15 days after message.tsMs',
  );
  requireInput(isBytes(m.body), 'message.body must be a Uint8Array');
  if (m.history !== undefined)
    requireInput(
      isBytes(m.history.kel) && isBytes(m.history.notice) && isBytes(m.history.keys),
      'message.history needs kel, notice and keys as Uint8Arrays',
    );
  if (m.history !== undefined) {
    requireInput(
      m.history.kel.length <= KEL_MAX_BYTES,
      `message.history.kel may be at most ${KEL_MAX_BYTES} bytes`,
    );
    requireInput(
      m.history.notice.length <= NOTICE_MAX_BYTES,
      `message.history.notice may be at most ${NOTICE_MAX_BYTES} bytes`,
    );
  }
  requireInput(
    m.grant === undefined || (isBytes(m.grant) && isEncodedMap(m.grant)),
    'message.grant must be the encoded Grant map',
  );
  requireInput(m.rk === undefined || isBytes(m.rk, 32), 'message.rk must be a 32-byte X25519 key');
  const kind = options.access?.kind;
  requireInput(
    kind === ACCESS_KIND_SESSION || kind === ACCESS_KIND_CAPABILITY,
    'access.kind must be ACCESS_KIND_SESSION or ACCESS_KIND_CAPABILITY',
  );
  if (options.access.kind === ACCESS_KIND_CAPABILITY)
    requireInput(
      isBytes(options.access.cap?.body) &&
        isBytes(options.access.cap?.sig, 64) &&
        isBytes(options.access.holderSeed, 32),
      'a capability access needs cap.body, a 64-byte cap.sig and a 32-byte holderSeed',
    );
  const unsendable = unsendableCapability(options.access, to);
  if (unsendable !== null) throw new SeamError('bad-input', unsendable);
  const lists = {
    'message.extensions': m.extensions,
    outerExtensions: options.outerExtensions,
    wrapExtensions: options.wrapExtensions,
  };
  for (const [name, list] of Object.entries(lists))
    for (const [key] of list ?? [])
      requireInput(isCount(key) && key >= FIRST_EXTENSION_KEY, `${name} keys start at 64`);
}

/** The parts a test may replace to build an envelope that a single check refuses. */
export interface AssemblyPlan {
  to: string;
  recipientPublicKey: Uint8Array;
  interactionPublicKey?: Uint8Array | undefined;
  /** Unsigned inner entries (sorted by the encoder). */
  inner: readonly Entry[];
  sign: (preimage: Uint8Array) => Uint8Array;
  access: AccessInput;
  outerExp?: number | undefined;
  outerExtensions: readonly Entry[];
  wrapExtensions: readonly Entry[];
  random: RandomSource;
  /** Replaces the pad of the wrap; gets the number of zero bytes that would reach a Padmé length. */
  pad?: (zeroCount: number) => Uint8Array;
}

export function assembleEnvelope(plan: AssemblyPlan): SealedEnvelope {
  const kid = keyId(SUITE_X25519_CHACHA, plan.recipientPublicKey);
  const layer1 = setupBaseS({
    recipientPublicKey: plan.recipientPublicKey,
    info: sealInfo(LABEL_SEAL_V2, plan.to, SUITE_X25519_CHACHA, kid),
    random: plan.random,
  });
  const bind: Entry[] = [
    [INNER.enc1, encode(layer1.enc)],
    [INNER.kid, encode(kid)],
    [INNER.suite, encode(SUITE_X25519_CHACHA)],
  ];
  let layer2: { ikid: Uint8Array; enc: Uint8Array; seal: (pt: Uint8Array) => Uint8Array } | undefined;
  if (plan.interactionPublicKey !== undefined) {
    const ikid = keyId(SUITE_X25519_CHACHA, plan.interactionPublicKey);
    const s = setupBaseS({
      recipientPublicKey: plan.interactionPublicKey,
      info: sealInfo(LABEL_IX_V2, plan.to, SUITE_X25519_CHACHA, ikid),
      random: plan.random,
    });
    layer2 = { ikid, enc: s.enc, seal: (pt) => s.context.seal(EMPTY, pt) };
    bind.push([INNER.ikid, encode(ikid)], [INNER.enc2, encode(s.enc)]);
  }

  // The preimage needs decoded values only where it transforms one (the body).
  const inner = plan.inner.map(([key, valueBytes]) => {
    const decoded = key === INNER.body ? decode(valueBytes) : undefined;
    return { key, valueBytes, value: decoded?.ok ? decoded.value : undefined };
  });
  const signature = plan.sign(
    signaturePreimage(inner, { label: LABEL_SIG_V2, drop: [INNER.sig], hashBodyAt: INNER.body, bind }),
  );
  const innerBytes = encodeRawMap([...plan.inner, [INNER.sig, encode(signature)]]);

  const wrap: Entry[] =
    layer2 === undefined
      ? [[WRAP.ct, encode(innerBytes)]]
      : [
          [WRAP.ikid, encode(layer2.ikid)],
          [WRAP.enc2, encode(layer2.enc)],
          [WRAP.ct, encode(layer2.seal(innerBytes))],
        ];
  wrap.push(...plan.wrapExtensions);
  const emptyPadLength = encodeRawMap([...wrap, [WRAP.pad, encode(EMPTY)]]).length;
  const zeros = new Uint8Array(padLengthFor(emptyPadLength));
  const pad = plan.pad === undefined ? zeros : plan.pad(zeros.length);
  const wrapBytes = encodeRawMap([...wrap, [WRAP.pad, encode(pad)]]);

  const outer: Entry[] = [
    [OUTER.v, encode(2)],
    [OUTER.to, encode(plan.to)],
    [OUTER.suite, encode(SUITE_X25519_CHACHA)],
    [OUTER.kid, encode(kid)],
    [OUTER.enc, encode(layer1.enc)],
    [OUTER.ct, encode(layer1.context.seal(EMPTY, wrapBytes))],
    ...plan.outerExtensions,
  ];
  if (plan.outerExp !== undefined) outer.push([OUTER.exp, encode(plan.outerExp)]);
  const access = encodeAccess(plan.access, envelopeDigest(outer));
  return { bytes: encodeRawMap([...outer, [OUTER.access, access]]), kid, dack: dackKeys(layer1.context) };
}

/** Seal a v2 envelope. Throws SeamError('bad-input') for fields the contract forbids. */
export function sealEnvelope(options: SealEnvelopeOptions): SealedEnvelope {
  checkMessage(options);
  const { to, message } = options;
  const sealed = assembleEnvelope({
    to,
    recipientPublicKey: options.recipientPublicKey,
    interactionPublicKey: options.interactionPublicKey,
    inner: innerEntries(to, message),
    sign: (preimage) => signEd25519(options.senderSeed, preimage),
    access: options.access,
    outerExp: options.oneShot === true ? message.expMs : undefined,
    outerExtensions: options.outerExtensions ?? [],
    wrapExtensions: options.wrapExtensions ?? [],
    random: options.random ?? systemRandom,
  });
  // The openers refuse a larger envelope by default (too-large): the sealer never writes one.
  requireInput(
    sealed.bytes.length <= DEFAULT_MAX_ENVELOPE_BYTES,
    `the envelope would be ${sealed.bytes.length} bytes, over the ${DEFAULT_MAX_ENVELOPE_BYTES} the openers accept by default (message.body is too large)`,
  );
  return sealed;
}
