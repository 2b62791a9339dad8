import * as envelope from '@agent-seam/envelope';
import {
  listenMinute,
  MemoryReplayCache,
  signInvite,
  signListenToken,
  verifyClaim,
  verifyEnvelope,
  verifyEnvelopeAsync,
  verifyInvite,
  verifyListenToken,
} from '@agent-seam/envelope';
import { holdFailClosed } from '../../../tools/required-options.ts';
import { me, message, NOW, seed, sender } from './fixture.js';

const listen = { did: sender, minute: listenMinute(NOW), relayUrl: 'https://relay.example' };
const token = signListenToken(listen, seed);
const invite = signInvite({ v: 1, did: sender, nonce: 'n', exp: '2026-07-23T09:59:45Z' }, seed);
const clockAndStore = () => ({ now: NOW, replay: new MemoryReplayCache() });
const MESSAGE_OFF = { now: ['freshness'], replay: ['replay'] } as const;
/** A replay cache ages its entries by the clock: turning the clock off turns it off too. */
const STORE_NEEDS_CLOCK = { now: ['replay'] } as const;

/** The message door's options, the same for its synchronous and asynchronous forms. */
const messageDoor = {
  given: () => ({ recipientDid: me }),
  required: clockAndStore,
  optOut: MESSAGE_OFF,
  offTogether: STORE_NEEDS_CLOCK,
};

holdFailClosed(envelope, {
  verifyEnvelope: { call: (o) => verifyEnvelope(message, o as never), ...messageDoor },
  verifyEnvelopeAsync: { call: (o) => verifyEnvelopeAsync(message, o as never), ...messageDoor },
  verifyClaim: {
    call: (o) => verifyClaim({ method: 'onboard/claim', nonce: 'n', message }, o as never),
    given: () => ({ recipientDid: me, consumeNonce: () => true }),
    required: clockAndStore,
    optOut: { now: ['message.freshness'], replay: ['message.replay'] },
    offTogether: STORE_NEEDS_CLOCK,
  },
  verifyListenToken: {
    call: (o) => verifyListenToken(token, o as never),
    given: () => listen,
    required: () => ({ now: NOW }),
    optOut: { now: ['freshness'] },
  },
  verifyInvite: {
    call: (o) => verifyInvite(invite, o as never),
    required: () => ({ now: NOW }),
  },
  verifyRelaySend:
    'a deposit signs to|from|id|blob: no time, and what a relay does with a second deposit of one id is its storage, not this signature (spec/envelope.md, relay)',
});
