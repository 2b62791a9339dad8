import { type Case, each, given, type OpGroup, refusal, sides, step, textHex, value } from '../replay.js';

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
  {
    file: 'wire_vectors.json',
    group: 'envelope.freshness',
    pkg,
    // Judged at the case's `now` (replay off): accepted with the message and its freshness, or
    // refused with the code and the detail saying by how much. A replay sequence is delivered in
    // order to one cache, each delivery answering first-seen or its refusal; each delivery is
    // asked on its own, after those before it.
    replay: (g: Case) => {
      const args = (c: Case) => ({
        envelope: c.input,
        recipientDid: g.recipientDid,
        now: c.now,
        replay: 'off',
        ...given(c, ['maxSkew']),
      });
      return [
        ...sides(
          (c) => [
            step(
              'envelope.verify',
              args(c),
              value({ ...messageOf(c.input), freshness: c.freshness, replay: 'off-by-caller' }),
            ),
          ],
          (c) => [
            step(
              'envelope.verify',
              { ...args(c), explain: true },
              value({ code: c.code, detail: c.detail ?? null }),
            ),
          ],
        )(g),
        ...each(
          g.replay,
          'accept',
          // One question per delivery: the deliveries up to it, answered in order.
          (seq) =>
            (seq.steps as Case[]).map((_, i) => {
              const upTo = (seq.steps as Case[]).slice(0, i + 1);
              return step(
                'envelope.verifySequence',
                {
                  recipientDid: g.recipientDid,
                  // A sequence marked `unavailable` is judged through a store whose server is away.
                  cache:
                    seq.unavailable === true
                      ? 'unavailable'
                      : given(seq, ['windowSeconds', 'maxEntries', 'maxChars']),
                  deliveries: upTo.map((d) => ({ envelope: d.input, now: d.now })),
                },
                value(upTo.map((d) => d.expect)),
              );
            }),
          'replay/',
        ),
      ];
    },
  },
];
