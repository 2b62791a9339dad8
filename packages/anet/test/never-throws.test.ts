import { MemoryKelPinStore } from '@agent-seam/anet-identity';
import { encode } from '@agent-seam/coredet-cbor';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { judged, received } from '../../../tools/received.ts';
import {
  ANET_CARD_CODES,
  BUCKET_CODES,
  DIR_ENTRY_CODES,
  encodeAnetObject,
  encodeBucket,
  LEDGER_CODES,
  MemoryRelayReplayWindow,
  OBJECT_CODES,
  openBucket,
  openDirEntry,
  POW_CODES,
  RELAY_CODES,
  RESULT_CODES,
  readTaskMessage,
  sealDirEntry,
  signHubRequest,
  signObject,
  TASK_MESSAGE_CODES,
  verifyAnetCard,
  verifyHubRequest,
  verifyLedger,
  verifyPow,
  verifyResult,
  verifySignedObject,
} from '../src/index.js';
import {
  AGENT,
  AGENT_KEL,
  agentWriter,
  cardBody,
  HOUR,
  HUB,
  keySetFor,
  NOW,
  noticeFor,
  OTHER,
  seed,
  signedCard,
  utf8,
} from './fixture.js';

/**
 * Every reader answers with a Verdict whatever it is given (values of the wrong type,
 * random bytes, a valid input with a bit flipped, cut, or a tail repeated) and never
 * throws; every refusal carries a code of its own list.
 */
const now = new Date(NOW);

const receipt = signObject(
  encodeAnetObject('receipt', 'v2', {
    interaction: 'ix',
    requester: OTHER,
    provider: AGENT,
    requestCid: 'x',
    resultCid: 'y',
    completedAt: NOW - HOUR,
  }),
  { signer: AGENT, ksn: 1 },
  seed('a1'),
);
const box = sealDirEntry(
  { aid: AGENT, hub: HUB, kel: AGENT_KEL, keys: keySetFor(agentWriter()), notice: noticeFor(agentWriter()) },
  new Uint8Array(12),
);
const card = signedCard(
  cardBody(AGENT, 'https://agentnetwork.org.cn/a2a/bindings/anet-relay/v2'),
  AGENT,
  seed('a1'),
  1,
);
const BODY = utf8('{"limit":50}');
const headers = signHubRequest(
  {
    action: 'poll',
    aid: AGENT,
    hub: HUB,
    seq: 1,
    tsMs: NOW,
    method: 'POST',
    target: '/relay/poll',
    body: BODY,
  },
  seed('a1'),
);
const relayOptions = () => ({
  action: 'poll' as const,
  hub: HUB,
  now,
  kels: () => AGENT_KEL,
  pins: new MemoryKelPinStore(),
  replay: new MemoryRelayReplayWindow(),
  signerClass: 'agent' as const,
});
const names = Object.keys(headers);

describe('the readers never throw on what a peer sends', () => {
  it('verifyHubRequest: the request, its headers, its body', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            method: fc.oneof(fc.constant('POST'), fc.anything()),
            url: fc.oneof(fc.constant('/relay/poll'), fc.string(), fc.anything()),
            headers: fc.oneof(
              fc.dictionary(
                fc.constantFrom(...names, 'x-anet-ts', 'X-ANET-SIG'),
                fc.oneof(fc.string(), fc.array(fc.string()), fc.anything()),
              ),
              fc.anything(),
            ),
            body: fc.oneof(
              fc.constant(BODY),
              fc.uint8Array({ maxLength: 64 }),
              fc.string(),
              fc.constant(null),
              fc.anything(),
            ),
          }),
        ),
        (request) => {
          try {
            return judged(verifyHubRequest(request, relayOptions()), RELAY_CODES);
          } catch (error) {
            // A stream body is the caller's choice of entry point, not the peer's bytes.
            return (error as { code?: string }).code === 'async-body';
          }
        },
      ),
    ));
  it('verifyPow', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            aid: fc.anything(),
            seed: received(new Uint8Array(32)),
            nonce: received(new Uint8Array(8)),
          }),
        ),
        (solution) => judged(verifyPow(solution, { hub: HUB, hour: 'off' }), POW_CODES),
      ),
    ));
  it('openDirEntry and openBucket', () =>
    fc.assert(
      fc.property(received(box.box), received(encodeBucket([box])), (entry, bucket) => {
        const options = { aid: AGENT, now, pins: 'off' as const, notices: { witnessKeys: {} } };
        return (
          judged(openDirEntry(entry, options), DIR_ENTRY_CODES) &&
          judged(openBucket(bucket, options), BUCKET_CODES)
        );
      }),
    ));
  it('verifySignedObject, verifyLedger, readTaskMessage, verifyResult', () =>
    fc.assert(
      fc.property(received(receipt), received(encode([receipt])), (wire, ledger) => {
        const options = { kel: AGENT_KEL, now, pins: 'off' as const };
        return (
          judged(verifySignedObject(wire, { ...options, kind: 'receipt' }), OBJECT_CODES) &&
          judged(verifyLedger(ledger, options), LEDGER_CODES) &&
          judged(readTaskMessage('message', wire), TASK_MESSAGE_CODES) &&
          judged(verifyResult(wire, { ...options, requestCid: 'off' }), [...RESULT_CODES, ...OBJECT_CODES])
        );
      }),
    ));
  it('verifyAnetCard', () =>
    fc.assert(
      fc.property(received(card), (bytes) =>
        judged(
          verifyAnetCard(bytes, { kel: AGENT_KEL, now, pins: 'off', variant: 'public' }),
          ANET_CARD_CODES,
        ),
      ),
    ));
});
