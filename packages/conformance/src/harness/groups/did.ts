import { type Case, each, type OpGroup, refusal, sides, step, value } from '../replay.js';

// The did:key and Ed25519 groups of @agent-seam/did as questions (spec/harness.md, "did").
const pkg = '@agent-seam/did';

/** The op behind each door a reject.did case names. */
const DOORS: Record<string, (did: string) => [string, Record<string, unknown>]> = {
  codec: (did) => ['did.publicKey', { did }],
  base58: (text) => ['base58btc.decode', { text }],
  'verification-key': (did) => ['did.verificationKey', { did }],
};

const verify = (c: Case) => ({
  publicKeyHex: c.publicHex,
  messageHex: c.messageHex,
  signatureHex: c.signatureHex,
});

export const didGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'did',
    pkg,
    // Both directions: the bytes spell the DID, and the DID reads back to the curve and the bytes.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('did.fromPublicKey', { curve: c.curve, publicKeyHex: c.publicHex }, value(c.did)),
        step('did.publicKey', { did: c.did }, value({ curve: c.curve, publicKeyHex: c.publicHex })),
      ]),
  },
  {
    file: 'wire_vectors.json',
    group: 'reject.did',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => {
        const door = DOORS[c.door];
        if (door === undefined) throw new Error(`reject.did/${c.name} names an unknown door ${c.door}`);
        const [op, args] = door(c.did);
        return [step(op, args, refusal(c.code))];
      }),
  },
  {
    file: 'wire_vectors.json',
    group: 'reject.ed25519',
    pkg,
    replay: sides(
      (c) => [step('ed25519.verify', verify(c), value(true))],
      (c) => [step('ed25519.verify', verify(c), refusal(c.code))],
    ),
  },
];
