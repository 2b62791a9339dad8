import { type Case, each, type OpGroup, refusal, step, textHex, value } from '../replay.js';

// The signed-envelope groups of @agent-seam/envelope as questions (spec/harness.md, "envelope").
const pkg = '@agent-seam/envelope';

const FIELDS = ['from', 'to', 'text', 'timestamp', 'messageId', 'contextId'] as const;
const messageOf = (c: Case) => Object.fromEntries(FIELDS.filter((k) => k in c).map((k) => [k, c[k]]));

/** A case that carries no clock is judged for its one refusal, with time and replay off by name. */
const OFF = { now: 'off', replay: 'off' } as const;

export const envelopeGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'envelope',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => [
        step('envelope.signingPayload', { message: messageOf(c) }, value(textHex(c.signingPayload))),
        ...(c.sig === undefined
          ? []
          : [
              step(
                'envelope.sign',
                { message: messageOf(c), seedHex: c.seed },
                value({ ...messageOf(c), sig: c.sig }),
              ),
              step(
                'envelope.verify',
                { envelope: { ...messageOf(c), sig: c.sig }, recipientDid: c.recipientDid, ...OFF },
                value({ ...messageOf(c), freshness: 'off-by-caller', replay: 'off-by-caller' }),
              ),
            ]),
      ]),
  },
  {
    file: 'wire_vectors.json',
    group: 'reject.message',
    pkg,
    // The verifier's own DID: none, the case's, or the message's `to`.
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step(
          'envelope.verify',
          {
            envelope: c.input,
            ...(c.verifierNamesNoRecipient ? {} : { recipientDid: c.recipientDid ?? c.input?.to }),
            ...OFF,
          },
          refusal(c.code),
        ),
      ]),
  },
];
