import { base64Strict } from '@agent-seam/canonical';
import {
  type Card,
  cardEnvelopePayload,
  DEFAULT_CARD_MAX_DEPTH,
  signCardEnvelope,
  verifyCardEnvelope,
} from '@agent-seam/cardpub';
import { didFromSeed, signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';

/**
 * The card envelope's depth cap (issue 32): a parsed card value nested 100,000 deep cost
 * 12 times a benign card of the same size (the writer's deep-path bookkeeping). The cap
 * is checked before the card is written out, and the work before the refusal is counted
 * here, not timed: it reads at most the levels up to the cap, whatever the depth built.
 */
const SEED = new Uint8Array(32).fill(0x0d);
const did = didFromSeed(SEED);
const TS = 1784280000;

/** A card whose `deep` member nests `levels` arrays, each level counting the reads of its members. */
function countedCard(levels: number) {
  const reads = { count: 0 };
  let nested: unknown = [];
  for (let i = 1; i < levels; i++) {
    const inner = [nested];
    nested = new Proxy(inner, {
      ownKeys(target) {
        reads.count++;
        return Reflect.ownKeys(target);
      },
    });
  }
  return { card: { did, deep: nested } as Card, reads };
}

/** An envelope signed over its payload directly (the signer refuses a card past the cap). */
const signed = (card: Card) => ({
  v: 1,
  typ: 'agentcard',
  card,
  ts: TS,
  sig: base64Strict.encode(signEd25519(SEED, cardEnvelopePayload(card, TS))),
});

describe('the card depth cap', () => {
  it('a card nested 100,000 deep is too-deep after reading at most the levels up to the cap', () => {
    const { card, reads } = countedCard(100_000);
    const envelope = { v: 1, typ: 'agentcard', card, ts: TS, sig: 'A'.repeat(86) + '==' };
    expect(verifyCardEnvelope(envelope, { expectedDid: did, now: 'off' })).toEqual({
      ok: false,
      code: 'too-deep',
      detail: `the card nests deeper than ${DEFAULT_CARD_MAX_DEPTH} levels`,
    });
    // One ownKeys read per array level walked: the cap, not the 100,000 built.
    expect(reads.count).toBeLessThanOrEqual(DEFAULT_CARD_MAX_DEPTH);
  });

  it('the cap is exact: a card exactly maxDepth deep verifies, one level more is refused', () => {
    const chain = (depth: number): Card => {
      let nested: unknown = [];
      // The card is level 1 and its `deep` member level 2.
      for (let level = 3; level <= depth; level++) nested = [nested];
      return { did, deep: nested };
    };
    const options = { expectedDid: did, now: 'off' } as const;
    expect(verifyCardEnvelope(signed(chain(DEFAULT_CARD_MAX_DEPTH)), options).ok).toBe(true);
    expect(verifyCardEnvelope(signed(chain(DEFAULT_CARD_MAX_DEPTH + 1)), options)).toMatchObject({
      ok: false,
      code: 'too-deep',
    });
    expect(verifyCardEnvelope(signed(chain(10)), { ...options, maxDepth: 9 })).toMatchObject({
      code: 'too-deep',
    });
    expect(verifyCardEnvelope(signed(chain(10)), { ...options, maxDepth: 10 }).ok).toBe(true);
  });

  it('the writer refuses a card its reader refuses, and a bad maxDepth is a configuration error', () => {
    const { card } = countedCard(DEFAULT_CARD_MAX_DEPTH + 5);
    expect(thrownSeamError(() => signCardEnvelope(card, SEED, TS)).message).toContain(
      `too-deep: card nests deeper than ${DEFAULT_CARD_MAX_DEPTH} levels`,
    );
    for (const maxDepth of [0, 1.5, -1])
      expect(
        thrownSeamError(() => verifyCardEnvelope(signed({ did }), { expectedDid: did, now: 'off', maxDepth }))
          .message,
      ).toContain('bad-options: verifyCardEnvelope maxDepth must be a positive integer');
  });
});
