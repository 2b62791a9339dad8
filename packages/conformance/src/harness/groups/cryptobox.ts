import { type Case, each, type OpGroup, refusal, step, value } from '../replay.js';

// The sealed-box and sealed-payload groups of @agent-seam/cryptobox as questions
// (spec/harness.md, "cryptobox").
const pkg = '@agent-seam/cryptobox';

/** What opening a box needs: the recipient's seed the file carries, the sender's key, the box. */
const openArgs = (c: Case, opener: 'any' | 'v1-only') => ({
  recipientSeedHex: c.recipientSeedHex,
  senderPubHex: c.senderEncPubHex,
  blob: c.blob,
  adHex: c.adHex,
  opener,
  ...(c.maxChars === undefined ? {} : { maxChars: c.maxChars }),
});

/**
 * A box of the file made again and opened: both parties' keys from their seeds, the box
 * sealed with the file's nonce (and, for v2, its encapsulation seed), then opened by each
 * opener that reads it.
 */
function roundTrip(c: Case, v2: boolean) {
  return [
    step('box.publicKey', { seedHex: c.senderSeedHex }, value(c.senderEncPubHex)),
    step('box.publicKey', { seedHex: c.recipientSeedHex }, value(c.recipientEncPubHex)),
    ...(v2 ? [step('box.publicKeyPq', { seedHex: c.recipientSeedHex }, value(c.recipientPqPubHex))] : []),
    step(
      'box.seal',
      {
        senderSeedHex: c.senderSeedHex,
        recipientPubHex: c.recipientEncPubHex,
        plaintextHex: c.plaintextHex,
        adHex: c.adHex,
        nonceHex: c.nonceHex,
        ...(v2
          ? { recipientPqPubHex: c.recipientPqPubHex, encapsulationSeedHex: c.encapsulationSeedHex }
          : {}),
      },
      value(c.blob),
    ),
    step('box.open', openArgs(c, 'any'), value(c.plaintextHex)),
    ...(v2 ? [] : [step('box.open', openArgs(c, 'v1-only'), value(c.plaintextHex))]),
  ];
}

/** A payload's envelope as received: its bytes, or (no `envelopeHex`) the JSON value of the wrong type. */
const received = (c: Case) =>
  c.envelopeHex === undefined ? { envelope: c.envelope } : { envelopeHex: c.envelopeHex };

export const cryptoboxGroups: OpGroup[] = [
  {
    file: 'cryptobox.json',
    group: 'box.roundtrip',
    pkg,
    replay: (g: Case[]) => each(g, 'accept', (c) => roundTrip(c, false)),
  },
  {
    file: 'cryptobox.json',
    group: 'box.reject',
    pkg,
    // Both openers judge a v1 box by the same checks in the same order.
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step('box.open', openArgs(c, 'any'), refusal(c.code)),
        step('box.open', openArgs(c, 'v1-only'), refusal(c.code)),
      ]),
  },
  {
    file: 'cryptobox.json',
    group: 'box.v2',
    pkg,
    replay: (g: Case[]) => each(g, 'accept', (c) => roundTrip(c, true)),
  },
  {
    file: 'cryptobox.json',
    group: 'box.v2-refuse',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step('box.open', openArgs(c, c.opener === 'v1-only' ? 'v1-only' : 'any'), refusal(c.code)),
      ]),
  },
  {
    file: 'cryptobox.json',
    group: 'sealed.payload',
    pkg,
    // Both directions: the envelope opens to the plaintext, and sealing with the file's
    // data key and nonce (the two random draws, in order) writes the envelope byte for byte.
    replay: (g: Case) =>
      each(g.payloads, 'accept', (c) => [
        step(
          'sealed.open',
          { envelopeHex: c.envelopeHex, adHex: c.adHex, kek: g.kek },
          value(c.plaintextHex),
        ),
        step(
          'sealed.seal',
          {
            plaintextHex: c.plaintextHex,
            adHex: c.adHex,
            scope: c.scope,
            kek: g.kek,
            randomHex: [c.dataKeyHex, c.nonceHex],
          },
          value(c.envelopeHex),
        ),
      ]),
  },
  {
    file: 'cryptobox.json',
    group: 'sealed.reject',
    pkg,
    replay: (g: Case) =>
      each(g.cases, 'refuse', (c) => [
        step(
          'sealed.open',
          {
            ...received(c),
            adHex: c.adHex,
            kek: g.kek,
            ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
            ...(c.maxWrappedKeyBytes === undefined ? {} : { maxWrappedKeyBytes: c.maxWrappedKeyBytes }),
          },
          refusal(c.code),
        ),
      ]),
  },
  {
    file: 'cryptobox.json',
    group: 'sealed.field',
    pkg,
    // One spelling or refusal per case, named as the file names it.
    replay: (g: Case) => [
      ...each(g.accept, 'accept', (c) => [
        step(
          'sealed.readField',
          { json: c.json },
          value({ spelling: c.spelling, envelopeHex: c.envelopeHex }),
        ),
      ]),
      ...each(g.refuse, 'refuse', (c) => [step('sealed.readField', { json: c.json }, refusal(c.code))]),
    ],
  },
];
