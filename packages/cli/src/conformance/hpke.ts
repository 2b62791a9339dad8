import { fail, hex, MemoryReplayCache, ok, type Verdict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import {
  createDack,
  deriveKeyPair,
  isPadmeLength,
  type KeyRing,
  keyRingOf,
  type OpenEnvelopeV2Options,
  open,
  openEnvelope,
  openEnvelopeAsync,
  openEnvelopeV1,
  openEnvelopeV1Async,
  padme,
  readDack,
  type SenderKeyCode,
  seal,
} from '@agent-seam/hpke-seal';
import { accepted, bytesOf, type Case, cases, type FileReplay, Mismatch, refused, same } from './replay.js';

const pkg = '@agent-seam/hpke-seal';

const unwrap = <T>(v: Verdict<T, string>): T => {
  accepted(v);
  if (!v.ok) throw new Mismatch('unreachable');
  return v.value;
};

/** A received field: bytes from hex, or (named in `asIs`) the JSON value itself, of the wrong type. */
const wire = (c: Case, field: string) => (c.asIs?.includes(field) ? c[field] : bytesOf(c[field]));

/** The CBOR head length of a byte string of n bytes (what the pad's length costs). */
const headLength = (n: number) => (n < 24 ? 1 : n < 256 ? 2 : n < 65536 ? 3 : n < 2 ** 32 ? 5 : 9);

/** The opener's options the file's `keys` and a case's `open` overrides describe. */
function optionsFor(keys: Case, o: Case = {}): OpenEnvelopeV2Options {
  const epoch = deriveKeyPair(bytesOf(keys.epochIkm));
  const other = deriveKeyPair(bytesOf(keys.otherEpochIkm));
  const interaction = deriveKeyPair(bytesOf(keys.interactionIkm));
  const sender = keyPairFromSeed(bytesOf(keys.senderSeed));
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
    interactionKeyRing: interactionRings[o.interactionKeyRing ?? 'interaction'],
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
        : { publicKey: keyPairFromSeed(bytesOf(keys.mailboxSeed)).publicKey, epoch: keys.mailboxEpoch },
    replay:
      o.replay === 'forgotten'
        ? FORGETFUL
        : o.replay === 'unavailable'
          ? UNREACHABLE
          : new MemoryReplayCache(),
  };
}

/** The store of `replay: "forgotten"`: it has had to forget envelopes this old. */
const FORGETFUL = { windowSeconds: 600, checkAndRemember: () => 'forgotten' as const };
/** The store of `replay: "unavailable"`: a shared store whose server cannot be reached. */
const UNREACHABLE = {
  windowSeconds: 600,
  checkAndRemember: () => Promise.reject<'new'>(new Error('connect ECONNREFUSED')),
};

/** Each version's openers: the synchronous one and the asynchronous one. */
const V2 = [openEnvelope, openEnvelopeAsync] as const;
const V1 = [openEnvelopeV1, openEnvelopeV1Async] as const;

/**
 * Opens a refusal case with its options; `replay: "delivered"` first opens the envelope
 * once through the same store, which must succeed, so the judged opening is the second;
 * `replay: "unavailable"` opens it with the asynchronous opener (a store answering with a
 * promise is for that one).
 */
async function openRefusal<V extends { ok: boolean }>(
  [opener, openerAsync]: readonly [
    (bytes: Uint8Array, options: OpenEnvelopeV2Options) => V,
    (bytes: Uint8Array, options: OpenEnvelopeV2Options) => Promise<V>,
  ],
  bytes: Uint8Array,
  options: OpenEnvelopeV2Options,
  o: Record<string, unknown> = {},
): Promise<V> {
  if (o.replay === 'unavailable') return openerAsync(bytes, options);
  if (o.replay === 'delivered' && !opener(bytes, options).ok)
    throw new Error('the first delivery of a replay case must open');
  return opener(bytes, options);
}

export const hpke: FileReplay = {
  file: 'hpke_seal.json',
  layout: 'top-level',
  groups: {
    'hpke.roundtrip': {
      pkg,
      replay: (g) => {
        const recipient = deriveKeyPair(bytesOf(g.recipientIkm));
        const pskOf = (c: Case) =>
          c.psk === undefined ? {} : { psk: bytesOf(c.psk), pskId: bytesOf(c.pskId) };
        const openCase = (c: Case) =>
          open({
            recipientPrivateKey: recipient.privateKey,
            enc: wire(c, 'enc'),
            info: bytesOf(c.info),
            aad: bytesOf(c.aad),
            ciphertext: wire(c, 'ciphertext'),
            ...pskOf(c),
          });
        return [
          ...cases(g.accept, (c) => {
            const sealed = seal({
              recipientPublicKey: recipient.publicKey,
              info: bytesOf(c.info),
              aad: bytesOf(c.aad),
              plaintext: bytesOf(c.plaintext),
              ...pskOf(c),
              random: () => bytesOf(c.ikmE),
            });
            same([hex.encode(sealed.enc), hex.encode(sealed.ciphertext)], [c.enc, c.ciphertext], 'sealed');
            same(hex.encode(unwrap(openCase(c))), c.plaintext, 'opened');
          }),
          ...cases(g.refuse, (c) => refused(openCase(c), c.code)),
        ];
      },
    },
    'seal.padme': {
      pkg,
      replay: (g) => [
        ...cases(g.padme, (c) => same(padme(c.n), c.padme, 'padme'), 'padme-'),
        // The pad the file gives reaches a Padmé length: base + zeros + the head's growth.
        ...cases(
          g.padLength,
          (c) => {
            same(c.emptyPadLength + c.padZeros + headLength(c.padZeros) - 1, c.total, 'padded length');
            same(isPadmeLength(c.total), true, 'a Padmé length');
          },
          'pad-',
        ),
      ],
    },
    'seal.v2': {
      pkg,
      replay: (g) =>
        cases(g.accept, (c) => {
          const o = unwrap(openEnvelope(bytesOf(c.envelope), optionsFor(g.keys)));
          same(
            {
              layers: o.layers,
              from: o.from,
              ksn: o.ksn,
              to: o.to,
              type: o.type,
              ix: o.ix,
              mid: hex.encode(o.mid),
              tsMs: o.tsMs,
              expMs: o.expMs,
              body: hex.encode(o.body),
              accessKind: o.access.kind,
              history: o.history !== undefined,
              rk: o.rk === undefined ? null : hex.encode(o.rk),
              extensionKeys: {
                inner: o.extensions.inner.map((e) => Number(e.key)),
                wrap: o.extensions.wrap.map((e) => Number(e.key)),
                outer: o.extensions.outer.map((e) => Number(e.key)),
              },
              dackHandle: hex.encode(o.dack.handle),
            },
            c.expect,
            'opened envelope',
          );
        }),
    },
    'seal.v2-refuse': {
      pkg,
      replay: (g) =>
        cases(g.refuse, async (c) => {
          const v = await openRefusal(V2, wire(c, 'envelope'), optionsFor(g.keys, c.open), c.open);
          refused(v, c.code);
          if (c.detail !== undefined) same(v.ok ? undefined : v.detail, c.detail, 'detail');
        }),
    },
    'seal.dack': {
      pkg,
      replay: (g) => {
        const keys = unwrap(openEnvelope(bytesOf(g.envelope), optionsFor(g.keys))).dack;
        return [
          ...cases(g.accept, (c) => {
            same(hex.encode(createDack(keys, c.note)), c.dack, 'dack');
            same(unwrap(readDack(keys, bytesOf(c.dack))), c.note, 'note read back');
          }),
          ...cases(g.refuse, (c) => refused(readDack(keys, wire(c, 'dack')), c.code)),
        ];
      },
    },
    'seal.v1': {
      pkg,
      replay: (g) => [
        ...cases(g.accept, (c) => {
          const o = unwrap(openEnvelopeV1(bytesOf(c.envelope), optionsFor(g.keys)));
          same([o.from, o.extensions.map((e) => Number(e.key))], [g.keys.from, [64]], 'opened v1');
        }),
        ...cases(g.refuse, async (c) =>
          refused(await openRefusal(V1, bytesOf(c.envelope), optionsFor(g.keys, c.open), c.open), c.code),
        ),
      ],
    },
  },
};
