import { loadVectors } from '@agent-seam/conformance';
import {
  type EnvelopeFields,
  signEnvelope,
  signInvite,
  signingPayload,
  signRelaySend,
} from '@agent-seam/envelope';
import { holdWritersToReaders, type WriterCase } from '../../../tools/writers-sweep.ts';

/**
 * Writers refuse what readers refuse (issue 32). Every refusal case of this package's
 * vectors is either a value a writer could be asked to produce, and then the writer, asked
 * for it, throws a SeamError naming the field, or is listed with the reason no writer is
 * asked for it (a signature the door makes, a clock the writer does not have, a verifier's
 * own option). A new refusal case fails the sweep until it is put in one of the two lists.
 * (reject.claim has no writer here: a claim is the caller's own object around a message.)
 */
const vectors = loadVectors('wire_vectors.json');
/** The generator's sender seed (0xa1 repeated); the cases' `from` is its DID. */
const SENDER = new Uint8Array(32).fill(0xa1);
/** The relay group's seed A (bytes 0..31), whose DID signs the deposits. */
const SEED_A = Uint8Array.from({ length: 32 }, (_, i) => i);
const INVITER = new Uint8Array(32).fill(0x0b);

const six = (m: Record<string, unknown>) =>
  ({
    contextId: m.contextId,
    from: m.from,
    messageId: m.messageId,
    text: m.text,
    timestamp: m.timestamp,
    to: m.to,
  }) as EnvelopeFields;

type Case = WriterCase;
/** Per group: case name → the writer asked for that value and the field its error must name. */
const WRITTEN: Record<string, Record<string, [write: (c: Case) => unknown, field: RegExp]>> = {
  'reject.message': {
    'from-not-signer': [(c) => signEnvelope(six(c.input!), SENDER), /^from-not-signer: from /],
    'small-order-signer': [(c) => signEnvelope(six(c.input!), SENDER), /^from-not-signer: from /],
    'from-not-did-key': [(c) => signEnvelope(six(c.input!), SENDER), /^from-not-signer: from /],
    'float-timestamp': [(c) => signingPayload(six(c.input!)), /^not-integer-timestamp: timestamp /],
    'lone-surrogate-text': [(c) => signEnvelope(six(c.input!), SENDER), /^lone-surrogate: \$\.text /],
  },
  'reject.invite': {
    'exp-not-utc-seconds': [
      (c) => {
        const { sig: _sig, ...card } = c.input!;
        return signInvite(card as never, INVITER);
      },
      /^missing-field: exp /,
    ],
    'forged-invite': [
      (c) => {
        const { sig: _sig, ...card } = c.input!;
        return signInvite(card as never, SENDER);
      },
      /^from-not-signer: card\.did /,
    ],
  },
  relay: {
    'pipe-in-id': [(c) => signRelaySend(c as never, SEED_A), /^missing-field: id /],
    'send-signed-by-another-key': [
      (c) => signRelaySend(c as never, new Uint8Array(32).fill(0x07)),
      /^from-not-signer: from /,
    ],
  },
};

const SIGNATURE =
  'the signature bytes are the door signer’s: signEnvelope’s output verifies for any fields (envelope.test.ts)';
const NOT_WRITTEN: Record<string, Record<string, string>> = {
  'reject.message': {
    'bad-signature': SIGNATURE,
    'tampered-text': SIGNATURE,
    'tampered-timestamp': SIGNATURE,
    'torsion-cofactored-only': SIGNATURE,
    'small-order-r-honest-key': SIGNATURE,
    'sig-not-canonical-base64': SIGNATURE,
    'short-signature': SIGNATURE,
    'missing-sig': 'a writer always writes sig',
    'wrong-recipient': 'whom a message is for is the reader’s own name, not the writer’s',
    'wire-names-its-own-recipient': 'the refusal is of a caller that names nobody (a verifier option)',
    'message-is-a-string': 'a writer returns an object; the string is a transport mistake',
  },
  'reject.invite': {
    'expired-invite': 'a writer has no clock: an exp in the past is judged at the reader’s now',
    'invite-is-an-array': 'signInvite returns an object',
  },
  relay: {
    'listen-token-for-another-origin':
      'the relay the token is presented at is the reader’s, not the writer’s',
    'listen-token-for-another-minute': 'the minute is the reader’s request, not the writer’s',
    'listen-token-past-its-minute': 'a writer has no clock (listenMinute(now) names the current minute)',
    'listen-token-before-its-minute': 'a writer has no clock (listenMinute(now) names the current minute)',
    'send-is-not-an-object': 'relaySendMessage returns the text; the verifier is given its fields',
    'send-sig-not-a-string': 'signRelaySend returns a string',
    'listen-token-not-a-string': 'signListenToken returns a string',
  },
};

holdWritersToReaders(
  Object.fromEntries(
    Object.entries({
      'reject.message': vectors.reject.message,
      'reject.invite': vectors.reject.invite,
      relay: vectors.relay.reject,
    }).map(([group, cases]) => [group, { cases, throws: WRITTEN[group], notWritten: NOT_WRITTEN[group] }]),
  ),
);
