import { unwrap } from '@agent-seam/canonical';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judged, received } from '../../../tools/received.ts';
import {
  KEL_CODES,
  KEY_SET_CODES,
  MemoryKelPinStore,
  NOTICE_CODES,
  RESOLVER_CODES,
  replayKel,
  resolveSender,
  verifyKeySet,
  verifyNotice,
} from '../src/index.js';
import { AGENT, AID, agentQuery, keySet, NOW, noticeOf, witnessKeyRoots } from './fixture.js';

/**
 * Every reader answers with a Verdict whatever it is given (values of the wrong type, random
 * bytes, a valid input with bytes flipped, cut or repeated) and never throws; every refusal
 * carries a code of its own list. Entry points: replayKel (the log), verifyNotice (the
 * notice), verifyKeySet (the set), resolveSender (the query's kel, notices and keys).
 */
const now = new Date(NOW);
const kel = unwrap(replayKel(AGENT.bytes(), { now }));
const roots = witnessKeyRoots();

describe('the readers never throw on what a peer sends', () => {
  it('replayKel', () =>
    fc.assert(fc.property(received(AGENT.bytes()), (bytes) => judged(replayKel(bytes, { now }), KEL_CODES))));
  it('verifyNotice', () =>
    fc.assert(
      fc.property(received(noticeOf()), (bytes) =>
        judged(verifyNotice(bytes, { kel, now, ...roots }), NOTICE_CODES),
      ),
    ));
  it('verifyKeySet', () =>
    fc.assert(
      fc.property(received(keySet()), (bytes) => judged(verifyKeySet(bytes, { kel, now }), KEY_SET_CODES)),
    ));
  it('the resolver, whatever the history it is given', () =>
    fc.assert(
      fc.property(received(AGENT.bytes()), received(noticeOf()), received(keySet()), (k, n, s) => {
        const query = { from: AID, ksn: 2, tsMs: NOW, nowMs: NOW, kel: k, notices: [n], keys: s } as never;
        return judged(
          resolveSender(query, { ...roots, pins: new MemoryKelPinStore(), acceptedAtMs: NOW }),
          RESOLVER_CODES,
        );
      }),
      { numRuns: 200 },
    ));
  it('the honest history resolves (so the properties above reach past the first checks)', () =>
    expect(
      resolveSender(agentQuery(), { ...roots, pins: new MemoryKelPinStore(), acceptedAtMs: NOW }).ok,
    ).toBe(true));
});
