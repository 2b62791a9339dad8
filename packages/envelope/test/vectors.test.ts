import { ledgerGroup, opGroup } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { envelopeOps } from '../../cli/src/conformance/ops/envelope.js';
import { inviteOps } from '../../cli/src/conformance/ops/invite.js';
import { relayOps } from '../../cli/src/conformance/ops/relay.js';
// Test helpers shared with the did package's vector tests (same upstream file, same rules).
import { wireVectorsBesideUpstream, withCodes } from '../../did/test/helpers.js';

const ops = { ...envelopeOps, ...relayOps, ...inviteOps };
const { ledger, ours, impl, upstream, bothFiles, reproduced } = wireVectorsBesideUpstream(
  '@agent-seam/envelope',
  ops,
);

describe('envelope (the six signed fields)', () => {
  bothFiles('envelope', (d) => d.envelope);
  reproduced('envelope', (d) => d.envelope);
});

describe('reject.message', () => {
  // Upstream cases carry no code of their own: these are the codes this package gives them.
  const upstreamCodes: Record<string, string> = {
    'from-not-signer': 'bad-signature',
    'bad-signature': 'small-order-r',
    'tampered-text': 'bad-signature',
    'tampered-timestamp': 'bad-signature',
    'missing-sig': 'missing-field',
    'wrong-recipient': 'wrong-recipient',
    'small-order-signer': 'small-order-key',
    'sig-not-canonical-base64': 'sig-not-canonical-base64',
    'wire-names-its-own-recipient': 'no-recipient-named',
  };
  bothFiles(
    'reject.message',
    (d) => d.reject.message,
    (list) => withCodes(list, upstreamCodes),
  );
});

describe('relay', () => {
  // Upstream has the deposits and the listen tokens; the refusals and fresh tokens are ours.
  bothFiles(
    'relay',
    (d) => d.relay,
    (g) => ({ ...g, reject: [], fresh: [] }),
  );
  reproduced('relay send', (d) => d.relay.send);
  reproduced('relay listen', (d) => d.relay.listen);
});

describe('envelope.freshness', () => {
  ledgerGroup(it, ledger, impl, opGroup('envelope.freshness'), ours['envelope.freshness'], {
    perStep: true,
  });
});

describe('invite', () => {
  // Upstream's invites carry no clock: they are judged at its refusals' clock.
  const upstreamNow = upstream?.reject.invite[0].checkNow as string;
  bothFiles(
    'invite',
    (d) => d.invite,
    (list) => list.map((c: any) => ({ ...c, checkNow: upstreamNow })),
  );
  reproduced('invite', (d) => d.invite);
  const upstreamCodes: Record<string, string> = {
    'expired-invite': 'expired',
    'forged-invite': 'bad-signature',
  };
  bothFiles(
    'reject.invite',
    (d) => d.reject.invite,
    (list) => withCodes(list, upstreamCodes),
  );
  reproduced('reject.invite', (d) => d.reject.invite);
});

describe('reject.claim', () => {
  // Upstream's unsigned claim gets its nonce issued, so only the signature check can refuse it.
  const upstreamIssued: Record<string, string[]> = {
    'claim-unsigned': ['whatever'],
    'claim-unknown-nonce': [],
  };
  const upstreamCodes: Record<string, string> = {
    'claim-unsigned': 'small-order-r',
    'claim-unknown-nonce': 'unknown-nonce',
  };
  bothFiles(
    'reject.claim',
    (d) => d.reject.claim,
    (list) =>
      withCodes(list, upstreamCodes).map((c: any) => ({ ...c, issuedNonces: upstreamIssued[c.name] })),
    // The accepting twin of an unknown nonce is a question of its own.
    { perStep: true },
  );
});
