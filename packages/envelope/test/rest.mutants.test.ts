import { withoutCodes } from '@agent-seam/canonical';
import { SIGNATURE_TEXT_CHECKS } from '@agent-seam/did';
import { ENVELOPE_CHECKS, MemoryReplayCache, type ReplayAnswer } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';

/**
 * Cases written against the survivors of a Stryker run over the files outside the verify
 * path (issue 15, `pnpm mutate --filter envelope --rest`): each `why` names the mutant(s)
 * the case kills. Thrown errors and check titles are compared whole.
 */

const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return {
      name: (error as Error).name,
      code: (error as { code?: string }).code,
      message: (error as Error).message,
    };
  }
  throw new Error('expected a throw');
};
const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

/** One sender 's' (key `1:s<id>`, 3 + id characters); every call at one `now`. */
const answer = (cache: MemoryReplayCache, id: string, timestamp: number, now = 20): ReplayAnswer =>
  cache.checkAndRemember('s', id, timestamp, now);

describe('the check list', () => {
  it('verifyEnvelope’s checks say what each one holds', () => {
    // why: checks.ts:13:12, 19:7, 22:29, 25:12, 27:12, 31:12, 36:12, 42:12 and 44:12 (each
    // title, and the `needs` of freshness and replay) → ""
    expect(ENVELOPE_CHECKS).toEqual([
      {
        id: 'recipient-named',
        title: 'you named the recipient (recipientDid); the message cannot name it',
        codes: ['no-recipient-named'],
      },
      {
        id: 'fields',
        title:
          'a JSON object: from, to, messageId, text strings, contextId string or null, integer timestamp, sig',
        codes: ['not-an-object', 'missing-field', 'not-integer-timestamp'],
      },
      { id: 'recipient', title: 'to is the recipient you named', codes: ['wrong-recipient'] },
      {
        id: 'freshness',
        title: 'timestamp within maxSkew (300 s) of now, either way',
        codes: ['stale', 'from-future'],
        needs: 'now',
      },
      {
        id: 'signer-key',
        title: 'from is an Ed25519 did:key whose key is not of small order',
        codes: ['from-not-did-key', 'small-order-key'],
      },
      {
        id: 'signed-bytes',
        title: 'the six fields have a canonical seam spelling (the bytes the signature covers)',
        codes: ['cannot-canonicalize'],
      },
      ...withoutCodes(SIGNATURE_TEXT_CHECKS, ['small-order-key']),
      {
        id: 'replay',
        title: 'the first delivery of this (from, messageId) the replay cache has seen',
        codes: ['replayed', 'replay-cache-full'],
        needs: 'replay',
      },
    ]);
  });
});

describe('MemoryReplayCache options', () => {
  it('a cap of 0 entries or characters is refused, naming the option', () => {
    // why: replay.ts:49:25 ('bad-options' → ""), 49:40 (the message → ''), 78:85
    // ('maxEntries' → "") and 79:79 ('maxChars' → "")
    expect(thrown(() => new MemoryReplayCache({ maxEntries: 0 }))).toEqual(
      seamError('bad-options', 'maxEntries must be a positive integer'),
    );
    expect(thrown(() => new MemoryReplayCache({ maxChars: 0 }))).toEqual(
      seamError('bad-options', 'maxChars must be a positive integer'),
    );
  });

  it('a window that is not a duration is refused, naming the option', () => {
    // why: replay.ts:76:7 ('MemoryReplayCache windowSeconds' → "")
    expect(thrown(() => new MemoryReplayCache({ windowSeconds: -1 }))).toEqual(
      seamError('bad-duration', 'MemoryReplayCache windowSeconds must be a non-negative number of seconds'),
    );
  });

  it('a cap of exactly 1 entry is allowed, and holds one message', () => {
    // why: replay.ts:48:39 (`value < 1` → `value <= 1`: a cap of 1 was refused)
    const cache = new MemoryReplayCache({ maxEntries: 1 });
    expect([answer(cache, 'a', 10), answer(cache, 'a', 10), answer(cache, 'b', 11), cache.size]).toEqual([
      'new',
      'seen',
      'new',
      1,
    ]);
  });
});

describe('MemoryReplayCache caps: the exact boundaries', () => {
  it('a key exactly maxChars long is remembered; one longer is forgotten', () => {
    // why: replay.ts:92:38 (`key.length > maxChars` → `>=`: a key of exactly the cap was
    // answered forgotten)
    const cache = new MemoryReplayCache({ maxChars: 4 });
    expect([answer(cache, 'xy', 10), answer(cache, 'x', 10), answer(cache, 'x', 10)]).toEqual([
      'forgotten',
      'new',
      'seen',
    ]);
  });

  it('when full, a message as old as the oldest one remembered is forgotten, not let in', () => {
    // why: replay.ts:95:11 (`timestamp <= oldest` → `<`: the oldest was forgotten to make
    // room, and the new message of the same age answered new)
    const cache = new MemoryReplayCache({ maxEntries: 1 });
    expect([answer(cache, 'a', 10), answer(cache, 'b', 10), answer(cache, 'a', 10), cache.size]).toEqual([
      'new',
      'forgotten',
      'seen',
      1,
    ]);
  });
});
