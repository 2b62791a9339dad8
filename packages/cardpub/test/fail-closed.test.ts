import * as cardpub from '@agent-seam/cardpub';
import {
  signCardEnvelope,
  signDomainLinkage,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
  verifyDomainLinkage,
} from '@agent-seam/cardpub';
import { didFromSeed } from '@agent-seam/did';
import { holdFailClosed } from '../../../tools/required-options.ts';

const seed = new Uint8Array(32).fill(0x0d);
const did = didFromSeed(seed);
const TS = 1784280000;
const envelope = signCardEnvelope({ did, name: 'Node' }, seed, TS);
const origin = 'https://node.example';
const linkage = signDomainLinkage(seed, { origin, nbf: TS - 60, exp: TS + 60 });

holdFailClosed(cardpub, {
  verifyCardEnvelope: {
    call: (o) => verifyCardEnvelope(envelope, o as never),
    given: () => ({ expectedDid: did }),
    required: () => ({ now: TS + 5 }),
    optOut: { now: ['freshness'] },
  },
  verifyCardEnvelopeAsync: {
    call: (o) => verifyCardEnvelopeAsync(envelope, o as never),
    given: () => ({ expectedDid: did }),
    required: () => ({ now: TS + 5 }),
    optOut: { now: ['freshness'] },
  },
  verifyDomainLinkage: {
    call: (o) => verifyDomainLinkage(linkage, o as never),
    given: () => ({ did, origin }),
    required: () => ({ now: TS }),
  },
  verifyA2ACard:
    'an A2A AgentCardSignature carries no time (no iat or exp in its protected header) and no once-only rule: a card is fetched and re-fetched; its freshness is the fetcher’s cache policy',
});
