import type { Expected } from '../protocol.js';
import { type Case, each, type OpGroup, refusal, step, textHex, value } from '../replay.js';

// Onboarding invites and their claims (@agent-seam/envelope) as questions (spec/harness.md,
// "invite").
const pkg = '@agent-seam/envelope';

/** The seed the generator signed the invites with (0x0b repeated). */
const INVITE_SEED = '0b'.repeat(32);

/** An ISO time of the file (`checkNow`) as the Unix seconds a request carries. */
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** Claims delivered in order to one store of issued nonces (`claim.verifySequence`). */
const delivered = (c: Case, claims: unknown[], now: unknown, answer: Expected) =>
  step(
    'claim.verifySequence',
    { recipientDid: c.recipientDid ?? c.input?.message?.to, issuedNonces: c.issuedNonces, now, claims },
    answer,
  );

/**
 * A claim refused, the nonces it was given left unspent; and for an unknown nonce, its
 * accepting twin: the same genuine claim carrying an issued nonce is accepted, once.
 */
const claimCases = (g: Case[]) =>
  each(g, 'refuse', (c) => [
    delivered(c, [c.input], c.now ?? 'off', value({ answers: [c.code], unspent: c.issuedNonces })),
    ...(c.code === 'unknown-nonce' && c.issuedNonces.length > 0 ? [issuedTwin(c)] : []),
  ]);

function issuedTwin(c: Case) {
  const genuine = { ...c.input, nonce: c.issuedNonces[0] };
  const { sig: _, ...message } = genuine.message;
  const verified = {
    nonce: genuine.nonce,
    message: { ...message, freshness: 'off-by-caller', replay: 'off-by-caller' },
  };
  return delivered(
    c,
    [genuine, genuine],
    'off',
    value({ answers: [verified, 'unknown-nonce'], unspent: c.issuedNonces.slice(1) }),
  );
}

export const inviteGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'invite',
    pkg,
    // The payload, the signed invite (the card and its signature) from the seed, and the
    // verified invite, the same card and signature, at the case's clock.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => {
        const invite = { ...c.card, sig: c.sig };
        return [
          step('invite.payload', { card: c.card }, value(textHex(c.invitePayload))),
          step('invite.sign', { card: c.card, seedHex: INVITE_SEED }, value(invite)),
          step('invite.verify', { invite, now: seconds(c.checkNow) }, value(invite)),
        ];
      }),
  },
  {
    file: 'wire_vectors.json',
    group: 'reject.invite',
    pkg,
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step('invite.verify', { invite: c.input, now: seconds(c.checkNow) }, refusal(c.code)),
      ]),
  },
  { file: 'wire_vectors.json', group: 'reject.claim', pkg, replay: claimCases },
];
