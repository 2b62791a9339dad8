import { fail, hex, MemoryReplayCache, ok } from '@agent-seam/canonical';
import { type OpTable, type Outcome, openedV2Value } from '@agent-seam/conformance/harness';
import { encode } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed } from '@agent-seam/did';
import {
  createDack,
  type DackNote,
  deriveKeyPair,
  type KeyRing,
  keyRingOf,
  type OpenEnvelopeV2Options,
  open,
  openEnvelope,
  openEnvelopeAsync,
  openEnvelopeV1,
  openEnvelopeV1Async,
  padLengthFor,
  padme,
  readDack,
  type SenderKeyCode,
  seal,
} from '@agent-seam/hpke-seal';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: keys and overrides travel as untyped JSON, as the file spells them.
type Json = Record<string, any>;

/** A received field: bytes from its hex, or (named in `asIs`) the JSON value itself, of the wrong type. */
const received = (args: Json, name: string): unknown =>
  (args.asIs as string[] | undefined)?.includes(name) ? args[name] : bytesArg(args, name);

const pskOf = (args: Json) =>
  args.pskHex === undefined ? {} : { psk: bytesArg(args, 'pskHex'), pskId: bytesArg(args, 'pskIdHex') };

/** The store of `replay: "forgotten"`: it has had to forget envelopes this old. */
const FORGETFUL = { windowSeconds: 600, checkAndRemember: () => 'forgotten' as const };
/** The store of `replay: "unavailable"`: a shared store whose server cannot be reached. */
const UNREACHABLE = {
  windowSeconds: 600,
  checkAndRemember: () => Promise.reject<'new'>(new Error('connect ECONNREFUSED')),
};

/**
 * The opener's options the file's `keys` and a case's `open` overrides describe
 * (spec/harness.md, `seal.openV2`; the file's `keys._` says the same).
 */
function optionsFor(keys: Json, o: Json): OpenEnvelopeV2Options {
  const key = (name: string) => bytesArg(keys, name);
  const epoch = deriveKeyPair(key('epochIkm'));
  const other = deriveKeyPair(key('otherEpochIkm'));
  const interaction = deriveKeyPair(key('interactionIkm'));
  const sender = keyPairFromSeed(key('senderSeed'));
  const interactionRings: Record<string, KeyRing> = {
    interaction: keyRingOf([interaction.privateKey]),
    none: () => undefined,
    'wrong-key': () => epoch.privateKey,
  };
  const resolver = (o.resolver ?? 'sender') as 'sender' | SenderKeyCode;
  return {
    ownAid: o.ownAid ?? keys.ownAid,
    now: new Date(o.nowMs ?? keys.nowMs),
    keyRing: keyRingOf([(o.keyRing === 'other' ? other : epoch).privateKey]),
    interactionKeyRing: interactionRings[o.interactionKeyRing ?? 'interaction']!,
    resolveSenderKey: (q) =>
      resolver !== 'sender'
        ? fail(resolver)
        : q.from === keys.from && q.ksn === 0
          ? ok(sender.publicKey)
          : fail('bad-key-state'),
    ...(o.maxBytes === undefined ? {} : { maxBytes: o.maxBytes }),
    mailbox:
      o.mailbox === 'off'
        ? 'off'
        : { publicKey: keyPairFromSeed(key('mailboxSeed')).publicKey, epoch: keys.mailboxEpoch },
    replay:
      o.replay === 'forgotten'
        ? FORGETFUL
        : o.replay === 'unavailable'
          ? UNREACHABLE
          : new MemoryReplayCache(),
  };
}

/** A version's openers: the synchronous one and the asynchronous one. */
type Openers<V> = readonly [
  (bytes: Uint8Array, options: OpenEnvelopeV2Options) => V,
  (bytes: Uint8Array, options: OpenEnvelopeV2Options) => Promise<V>,
];
const V2 = [openEnvelope, openEnvelopeAsync] as const;
const V1 = [openEnvelopeV1, openEnvelopeV1Async] as const;

/**
 * An envelope opened as the request says; `replay: "delivered"` first opens it once
 * through the same store, which must succeed, so the judged opening is the second;
 * `replay: "unavailable"` opens it with the asynchronous opener (a store answering with a
 * promise is for that one).
 */
async function opened<V extends { ok: boolean }>([opener, openerAsync]: Openers<V>, args: Json): Promise<V> {
  const o: Json = args.open ?? {};
  const options = optionsFor(args.keys, o);
  const bytes = received(args, 'envelope') as Uint8Array;
  if (o.replay === 'unavailable') return openerAsync(bytes, options);
  if (o.replay === 'delivered' && !opener(bytes, options).ok)
    throw new Error('the first delivery of a replay case must open');
  return opener(bytes, options);
}

/** The confirmation keys of the request's envelope, opened under its keys. */
function dackKeys(args: Json) {
  const v = openEnvelope(bytesArg(args, 'envelope'), optionsFor(args.keys, {}));
  if (!v.ok) throw new Error(`the dack group's envelope does not open: ${v.code}`);
  return v.value.dack;
}

/** The ops of @agent-seam/hpke-seal (spec/harness.md, "hpke-seal"). */
export const hpkeOps: OpTable = {
  'hpke.seal': (args) =>
    fromWriter(() => {
      const sealed = seal({
        recipientPublicKey: deriveKeyPair(bytesArg(args, 'recipientIkmHex')).publicKey,
        info: bytesArg(args, 'infoHex'),
        aad: bytesArg(args, 'aadHex'),
        plaintext: bytesArg(args, 'plaintextHex'),
        ...pskOf(args),
        random: () => bytesArg(args, 'ikmEHex'),
      });
      return { encHex: hex.encode(sealed.enc), ciphertextHex: hex.encode(sealed.ciphertext) };
    }),
  'hpke.open': (args) =>
    fromVerdict(
      open({
        recipientPrivateKey: deriveKeyPair(bytesArg(args, 'recipientIkmHex')).privateKey,
        enc: received(args, 'enc') as Uint8Array,
        info: bytesArg(args, 'infoHex'),
        aad: bytesArg(args, 'aadHex'),
        ciphertext: received(args, 'ciphertext') as Uint8Array,
        ...pskOf(args),
      }),
      hex.encode,
    ),
  'seal.padme': (args) => fromWriter(() => padme(args.n as number)),
  // The wrap grows from its one-byte empty pad to the pad's whole byte string (head and zeros).
  'seal.padLength': (args) =>
    fromWriter(() => {
      const base = args.emptyPadLength as number;
      const padZeros = padLengthFor(base);
      return { padZeros, total: base - 1 + encode(new Uint8Array(padZeros)).length };
    }),
  'seal.openV2': async (args) => fromVerdict(await opened(V2, args), openedV2Value),
  'seal.openV2Refusal': async (args): Promise<Outcome> => {
    const v = await opened(V2, args);
    return { ok: true, value: v.ok ? null : { code: v.code, detail: v.detail } };
  },
  'seal.openV1': async (args) =>
    fromVerdict(await opened(V1, args), (o) => ({
      from: o.from,
      extensionKeys: o.extensions.map((e) => Number(e.key)),
    })),
  'seal.createDack': (args) =>
    fromWriter(() => hex.encode(createDack(dackKeys(args), args.note as DackNote))),
  'seal.readDack': (args) => fromVerdict(readDack(dackKeys(args), received(args, 'dack') as Uint8Array)),
};
