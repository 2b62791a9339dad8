import {
  CHECKPOINT_CODES,
  cosign,
  NOTE_CODES,
  NOTE_SHAPE_CODES,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  signNote,
  splitNote,
  VERIFIER_KEY_CODES,
} from '@agent-seam/tlog-note';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EntryPoint, holdVerdictShaped } from '../../../tools/wrong-types.ts';
import { body, log, logKey, w1, w1Key } from './fixture.ts';

// Judging functions return a Verdict for whatever they are handed; they never throw.
const verifiers = [logKey, w1Key];
const note = new TextEncoder().encode(cosign(signNote(body, [log]), w1, 1_700_000_000));
const isVerdict = (v: { ok: boolean }): void => {
  expect(typeof v.ok).toBe('boolean');
};

/**
 * Every entry point that judges wire input, fed any JavaScript value in place of its
 * wire argument (options stay the caller's valid configuration).
 */
const ENTRY_POINTS: EntryPoint[] = [
  ['openNote(note)', (x) => openNote(x as never, { verifiers, now: 1_700_000_100, maxAge: 60 }), NOTE_CODES],
  ['splitNote(bytes)', (x) => splitNote(x as never), NOTE_SHAPE_CODES],
  ['parseCheckpoint(body)', (x) => parseCheckpoint(x as never), CHECKPOINT_CODES],
  ['parseVerifierKey(vkey)', (x) => parseVerifierKey(x as never), VERIFIER_KEY_CODES],
];

describe('wire arguments of any JavaScript type are refused, never thrown on', () => {
  const anyValue = fc.oneof(fc.anything(), fc.uint8Array({ maxLength: 200 }), fc.string({ maxLength: 200 }));
  holdVerdictShaped(ENTRY_POINTS, anyValue, 500);

  it('the type checks refuse with not-bytes / not-a-string', () => {
    for (const value of [42, null, undefined, [1, 2], { length: 3 }, 1n])
      expect(openNote(value as never, { verifiers, now: 'off' })).toMatchObject({
        ok: false,
        code: 'not-bytes',
      });
    expect(splitNote('a string\n\n' as never)).toMatchObject({ ok: false, code: 'not-bytes' });
    expect(parseCheckpoint(new TextEncoder().encode(body) as never)).toMatchObject({ code: 'not-a-string' });
    expect(parseVerifierKey(['a+b+c'] as never)).toMatchObject({ ok: false, code: 'not-a-string' });
  });
});

describe('hostile input', () => {
  it('openNote on arbitrary bytes and strings', () =>
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ maxLength: 300 })), (input) => {
        isVerdict(openNote(input, { verifiers, now: 1_700_000_100, maxAge: 60 }));
      }),
      { numRuns: 500 },
    ));

  it('openNote on a genuine note with one byte changed', () =>
    fc.assert(
      fc.property(fc.nat(note.length - 1), fc.integer({ min: 1, max: 255 }), (at, x) => {
        const bytes = note.slice();
        bytes[at]! ^= x;
        const v = openNote(bytes, { verifiers, now: 'off' });
        // Any accepted mutation must still carry a verified line (it can only touch ignored bytes).
        if (v.ok) expect(v.value.verifiedBy.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    ));

  it('parseCheckpoint and parseVerifierKey on arbitrary strings', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        isVerdict(parseCheckpoint(text));
        isVerdict(parseVerifierKey(text));
      }),
      { numRuns: 1000 },
    ));
});
