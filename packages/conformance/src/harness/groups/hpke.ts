import { type Case, each, type OpGroup, refusal, step, toHex, value } from '../replay.js';

// The HPKE and sealed-envelope groups of @agent-seam/hpke-seal as questions
// (spec/harness.md, "hpke-seal").
const pkg = '@agent-seam/hpke-seal';
const file = 'hpke_seal.json';

/** A received field: its hex, or (named in the case's `asIs`) the JSON value itself, of the wrong type. */
const asIs = (c: Case) => (c.asIs === undefined ? {} : { asIs: c.asIs });

/** The single-shot context a case names: its info, aad and (PSK mode) key and id. */
const context = (c: Case) => ({
  infoHex: c.info,
  aadHex: c.aad,
  ...(c.psk === undefined ? {} : { pskHex: c.psk, pskIdHex: c.pskId }),
});

/** An envelope opened under the group's `keys` and the case's `open` overrides. */
const opening = (keys: Case, envelope: string, c: Case = {}) => ({
  envelope,
  keys,
  open: c.open ?? {},
  ...asIs(c),
});

export const hpkeGroups: OpGroup[] = [
  {
    file,
    group: 'hpke.roundtrip',
    pkg,
    // Seal with the case's ephemeral key material, then open what the file holds.
    replay: (g: Case) => {
      const open = (c: Case) =>
        step(
          'hpke.open',
          {
            recipientIkmHex: g.recipientIkm,
            enc: c.enc,
            ciphertext: c.ciphertext,
            ...context(c),
            ...asIs(c),
          },
          value(c.plaintext),
        );
      return [
        ...each(g.accept, 'accept', (c) => [
          step(
            'hpke.seal',
            { recipientIkmHex: g.recipientIkm, plaintextHex: c.plaintext, ikmEHex: c.ikmE, ...context(c) },
            value({ encHex: c.enc, ciphertextHex: c.ciphertext }),
          ),
          open(c),
        ]),
        ...each(g.refuse, 'refuse', (c) => [{ ...open(c), expect: refusal(c.code) }]),
      ];
    },
  },
  {
    file,
    group: 'seal.padme',
    pkg,
    // Padmé lengths, and the zero pad a sealer chooses for a wrap and the length it reaches.
    replay: (g: Case) => [
      ...each(g.padme, 'accept', (c) => [step('seal.padme', { n: c.n }, value(c.padme))], 'padme-'),
      ...each(
        g.padLength,
        'accept',
        (c) => [
          step(
            'seal.padLength',
            { emptyPadLength: c.emptyPadLength },
            value({ padZeros: c.padZeros, total: c.total }),
          ),
        ],
        'pad-',
      ),
    ],
  },
  {
    file,
    group: 'seal.v2',
    pkg,
    replay: (g: Case) =>
      each(g.accept, 'accept', (c) => [step('seal.openV2', opening(g.keys, c.envelope), value(c.expect))]),
  },
  {
    file,
    group: 'seal.v2-refuse',
    pkg,
    // Asked twice: the same bytes fail the same way again, with a store of the same history.
    // A case that pins the refusal's detail asks for it too.
    replay: (g: Case) =>
      each(g.refuse, 'refuse', (c) => {
        const judged = step('seal.openV2', opening(g.keys, c.envelope, c), refusal(c.code));
        return [
          judged,
          judged,
          ...(c.detail === undefined
            ? []
            : [step('seal.openV2Refusal', judged.args, value({ code: c.code, detail: c.detail }))]),
        ];
      }),
  },
  {
    file,
    group: 'seal.dack',
    pkg,
    // The confirmation keys come from the group's envelope, opened under its keys.
    replay: (g: Case) => {
      const from = { envelope: g.envelope, keys: g.keys };
      return [
        ...each(g.accept, 'accept', (c) => [
          step('seal.createDack', { ...from, note: c.note }, value(c.dack)),
          step('seal.readDack', { ...from, dack: c.dack }, value(c.note)),
        ]),
        ...each(g.refuse, 'refuse', (c) => [
          step('seal.readDack', { ...from, dack: c.dack, ...asIs(c) }, refusal(c.code)),
        ]),
      ];
    },
  },
  {
    file,
    group: 'seal.v1',
    pkg,
    replay: (g: Case) => [
      ...each(g.accept, 'accept', (c) => [
        step('seal.openV1', opening(g.keys, c.envelope), value({ from: g.keys.from, extensionKeys: [64] })),
      ]),
      ...each(g.refuse, 'refuse', (c) => [
        step('seal.openV1', opening(g.keys, c.envelope, c), refusal(c.code)),
      ]),
    ],
  },
];

/** The parts of an opened sealed envelope (hpke-seal's `OpenedV2`) a `seal.v2` case pins. */
export interface OpenedV2Fields {
  layers: unknown;
  from: unknown;
  ksn: unknown;
  to: unknown;
  type: unknown;
  ix: unknown;
  mid: Uint8Array;
  tsMs: unknown;
  expMs: unknown;
  body: Uint8Array;
  access: { kind: unknown };
  history?: unknown;
  rk?: Uint8Array;
  extensions: Record<'inner' | 'wrap' | 'outer', readonly { key: unknown }[]>;
  dack: { handle: Uint8Array };
}

/**
 * An opened envelope as a `seal.v2` case's `expect` writes it (and `seal.openV2` answers):
 * bytes as hex, whether history is there, and only the keys of each layer's extensions.
 * The generator and the CLI's op both project through this, so the two cannot drift.
 */
export const openedV2Value = (o: OpenedV2Fields) => ({
  layers: o.layers,
  from: o.from,
  ksn: o.ksn,
  to: o.to,
  type: o.type,
  ix: o.ix,
  mid: toHex(o.mid),
  tsMs: o.tsMs,
  expMs: o.expMs,
  body: toHex(o.body),
  accessKind: o.access.kind,
  history: o.history !== undefined,
  rk: o.rk === undefined ? null : toHex(o.rk),
  extensionKeys: {
    inner: o.extensions.inner.map((e) => Number(e.key)),
    wrap: o.extensions.wrap.map((e) => Number(e.key)),
    outer: o.extensions.outer.map((e) => Number(e.key)),
  },
  dackHandle: toHex(o.dack.handle),
});
