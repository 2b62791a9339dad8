import { didFromSeed } from '@agent-seam/did';
import {
  CLAIM_CODES,
  ENVELOPE_CODES,
  INVITE_CODES,
  inviteExpirySeconds,
  MemoryReplayCache,
  RELAY_CODES,
  signEnvelope,
  signListenToken,
  signRelaySend,
  verifyClaim,
  verifyEnvelope,
  verifyEnvelopeAsync,
  verifyInvite,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyInputOf,
  anyOrOneMemberReplaced,
  type EntryPoint,
  holdAsyncAsSync,
  holdVerdictShaped,
} from '../../../tools/wrong-types.ts';

/**
 * Every entry point of this package that judges received data, given arbitrary
 * JavaScript values in place of that data (the caller's own options stay honest): none
 * throws, and each answers with a Verdict whose code is in the exported list for it.
 */
const seed = new Uint8Array(32).fill(0x61);
const me = didFromSeed(new Uint8Array(32).fill(0x62));
const NOW = 1784273681;
const message = signEnvelope({ to: me, messageId: 'm', contextId: null, timestamp: NOW, text: 'hi' }, seed);
const send = { to: me, from: didFromSeed(seed), id: 'i', blob: 'eA==' };
const sendSig = signRelaySend(send, seed);
const listen = { did: didFromSeed(seed), minute: Math.floor(NOW / 60), relayUrl: 'https://relay.example' };
const token = signListenToken(listen, seed);
const replay = () => new MemoryReplayCache();
const claimCheck = () => ({ recipientDid: me, consumeNonce: () => true, now: NOW, replay: replay() });

const ENTRY_POINTS: EntryPoint[] = [
  [
    'verifyEnvelope',
    (x) => verifyEnvelope(x, { recipientDid: me, now: 'off', replay: 'off' }),
    ENVELOPE_CODES,
  ],
  [
    'verifyEnvelope (now, replay)',
    (x) => verifyEnvelope(x, { recipientDid: me, now: NOW, replay: replay() }),
    ENVELOPE_CODES,
  ],
  ['verifyRelaySend (fields)', (x) => verifyRelaySend(x, sendSig), RELAY_CODES],
  ['verifyRelaySend (signature)', (x) => verifyRelaySend(send, x), RELAY_CODES],
  ['verifyListenToken (token)', (x) => verifyListenToken(x, { ...listen, now: NOW }), RELAY_CODES],
  [
    'verifyListenToken (did)',
    (x) => verifyListenToken(token, { ...listen, did: x as string, now: 'off' }),
    RELAY_CODES,
  ],
  [
    'verifyListenToken (minute)',
    (x) => verifyListenToken(token, { ...listen, minute: x as number, now: 'off' }),
    RELAY_CODES,
  ],
  ['verifyInvite', (x) => verifyInvite(x, { now: NOW }), INVITE_CODES],
  ['verifyClaim', (x) => verifyClaim(x, claimCheck()), CLAIM_CODES],
  [
    'verifyClaim (message)',
    (x) => verifyClaim({ method: 'onboard/claim', nonce: 'n', message: x }, claimCheck()),
    CLAIM_CODES,
  ],
];

const anyInput = anyInputOf(80);
/** Anything, or a genuine message with one member replaced by anything. */
const inputs = anyOrOneMemberReplaced(message);

describe('inputs that never throw', () => {
  holdVerdictShaped(ENTRY_POINTS, inputs, 300);

  holdAsyncAsSync(
    'verifyEnvelopeAsync',
    inputs,
    {
      verifyAsync: (input) => verifyEnvelopeAsync(input, { recipientDid: me, now: NOW, replay: replay() }),
      verify: (input) => verifyEnvelope(input, { recipientDid: me, now: NOW, replay: replay() }),
    },
    ENVELOPE_CODES,
    200,
  );

  it('inviteExpirySeconds answers a number or null', () =>
    fc.assert(
      fc.property(anyInput, (input) => {
        const seconds = inviteExpirySeconds(input);
        expect(seconds === null || Number.isSafeInteger(seconds)).toBe(true);
      }),
    ));

  it('a message that is not an object is not-an-object, arrays included', () => {
    for (const wrong of ['{}', 7, null, undefined, [message], true])
      expect(verifyEnvelope(wrong, { recipientDid: me, now: 'off', replay: 'off' })).toMatchObject({
        ok: false,
        code: 'not-an-object',
      });
    expect(verifyEnvelope(message, { recipientDid: me, now: 'off', replay: 'off' }).ok).toBe(true);
  });

  it('the exported lists hold each code once', () => {
    for (const [, , codes] of ENTRY_POINTS) expect(new Set(codes).size).toBe(codes.length);
  });
});
